/**
 * State names of the bill state dictionaries (bills §4), read from state_dictionary once per
 * (mode, billType) and kept, so a list never joins it; a change of the table (another app server's
 * start-up seed, an administrator's SQL) drops what every server kept (server/db/table-caches.ts).
 */
import type { Db } from '../db/database.ts';
import type { TableCaches } from '../db/table-caches.ts';

export interface StateNames {
  /** the dictionary, in display order */
  states: readonly { state: string; stateName: string }[];
  /** the name of a state; an unknown state is shown as its code */
  name(state: string): string;
}

export type StateNamesLoader = (mode: string, billType: string) => Promise<StateNames>;

export function createStateNames(db: Db, caches: TableCaches): StateNamesLoader {
  const kept = caches.keep(['state_dictionary'], async (key) => {
    const [mode, billType] = JSON.parse(key) as [string, string];
    const states = await db.selectFrom('state_dictionary').select(['state', 'state_name as stateName'])
      .where('mode', '=', mode).where('bill_type', '=', billType).orderBy('sort_no').execute();
    const byState = new Map(states.map((s) => [s.state, s.stateName]));
    return { states, name: (state: string) => byState.get(state) ?? state };
  });
  return (mode, billType) => kept.get(JSON.stringify([mode, billType]));
}
