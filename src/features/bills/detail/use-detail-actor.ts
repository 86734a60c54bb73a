/**
 * The page's bill-detail actor with the real effects: the definition's API calls and toasts.
 * Created once per page (the page stays mounted while its tab is open, accounts §2).
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise, type InspectionEvent } from 'xstate';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import {
  billDetailMachine, type BillRef, type LinesPage, type LoadedBill, type LoadInput, type SavedBill, type SavedLine, type SaveInput, type SaveLineInput,
} from '../../../../machines/bill-detail.ts';
import { useUserInfo } from '../../../lib/auth-context.tsx';
import type { Http } from '../../../lib/http.ts';
import { liveEvents, touchesBill } from '../../../lib/live-events.ts';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { createDetailApi } from './api.ts';
import { fieldDefaults } from './defaults.ts';

/** The definition has a bodySave action: the body form's 保存 saves a stored bill's row alone (saveLines). */
export const savesLinesAlone = (definition: BillDefinition): boolean =>
  definition.actions.some((a) => a.place === 'detail' && a.api === 'saveLines') && definition.api.saveLines !== undefined;

/** `inspect` sees every snapshot and event (developer tools, the model-based test). */
export function useDetailActor(definition: BillDefinition, bill: BillRef, client?: Http, inspect?: (event: InspectionEvent) => void) {
  const userInfo = useUserInfo();
  const [machine] = useState(() => {
    const api = createDetailApi(definition, () => fieldDefaults(definition.head, userInfo), client);
    return billDetailMachine.provide({
      actors: {
        load: fromPromise<LoadedBill, LoadInput>(({ input }) => api.load(input)),
        lines: fromPromise<LinesPage, LoadInput>(({ input }) => api.lines(input)),
        save: fromPromise<SavedBill, SaveInput>(({ input }) => api.save(input, 'save')),
        saveAndDeclare: fromPromise<SavedBill, SaveInput>(({ input }) => api.save(input, 'declare')),
        stash: fromPromise<SavedBill, SaveInput>(({ input }) => api.save(input, 'draft')),
        saveLine: fromPromise<SavedLine, SaveLineInput>(({ input }) => api.saveLine(input)),
      },
      actions: {
        notify: (_, { kind, message }) => (kind === 'success' ? notifySuccess(message) : notifyWarning(message)),
      },
    });
  });
  const input = {
    bill, paged: definition.lines?.paged === true, lineSave: savesLinesAlone(definition),
    ...(definition.lines?.sequenceField ? { sequenceField: definition.lines.sequenceField } : {}),
  };
  const actor = useActorRef(machine, { input, ...(inspect ? { inspect } : {}) });
  // this bill changed elsewhere (customs answered, a colleague saved): the machine decides what to
  // do (view: read it again quietly; edit: say so and keep the edits)
  useEffect(() => liveEvents.subscribe((event) => {
    const { id } = actor.getSnapshot().context.bill;
    if (id !== null && touchesBill(event, definition.mode, definition.key, id)) actor.send({ type: 'live.changed' });
  }), [actor, definition.mode, definition.key]);
  return actor;
}
