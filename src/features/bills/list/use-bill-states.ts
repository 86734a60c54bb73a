/**
 * The bill's state dictionary (bills §4: mode + billType), for the state filter's tabs before and
 * besides the counts. Cached for the session by src/lib/dictionaries.ts.
 */
import { useEffect, useState } from 'react';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import { getStates, type BillStateItem } from '../../../lib/dictionaries.ts';
import type { Http } from '../../../lib/http.ts';

const none: readonly BillStateItem[] = [];

export function useBillStates(definition: BillDefinition, client: Http): readonly BillStateItem[] {
  const [states, setStates] = useState<readonly BillStateItem[]>(none);
  const { mode, billType } = definition.states;
  useEffect(() => {
    let live = true;
    // without the dictionary the tabs come from the counts alone: nothing to tell the user
    getStates(mode, billType, client).then((items) => live && setStates(items ?? none), () => {});
    return () => {
      live = false;
    };
  }, [mode, billType, client]);
  return states;
}
