/**
 * State names of the bill state dictionaries (bills §4), read from state_dictionary once per
 * (mode, billType) and kept: the table is rewritten only at start, so a list never joins it.
 */
import type { Db } from '../db/database.ts';

export interface StateNames {
  /** the dictionary, in display order */
  states: readonly { state: string; stateName: string }[];
  /** the name of a state; an unknown state is shown as its code */
  name(state: string): string;
}

export type StateNamesLoader = (mode: string, billType: string) => Promise<StateNames>;

export function createStateNames(db: Db): StateNamesLoader {
  const cache = new Map<string, Promise<StateNames>>();
  return (mode, billType) => {
    const key = `${mode}/${billType}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = db.selectFrom('state_dictionary').select(['state', 'state_name as stateName'])
        .where('mode', '=', mode).where('bill_type', '=', billType).orderBy('sort_no').execute()
        .then((states) => {
          const byState = new Map(states.map((s) => [s.state, s.stateName]));
          return { states, name: (state: string) => byState.get(state) ?? state };
        });
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  };
}
