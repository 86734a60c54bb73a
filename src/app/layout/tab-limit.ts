/**
 * How many pages the tab strip keeps open (issue 31): the user's own choice, shown and changed in
 * the strip's menu, kept in localStorage per user (`cbec.prefs.<user>.tabLimit`) like the column
 * settings — a choice, not the session, so it outlives a logout. null: no limit.
 * A stored value that is not one of the choices counts as no choice (the default).
 */
import { userPrefKey } from '../../lib/session.ts';
import { MAX_TABS } from './tabs.ts';

export type TabLimit = number | null;

/** What the menu offers; 12 was the fixed cap before users could choose. */
export const TAB_LIMITS: readonly TabLimit[] = [8, MAX_TABS, 16, 20, null];
export const DEFAULT_TAB_LIMIT: TabLimit = MAX_TABS;

export const tabLimitKey = (user: string): string => userPrefKey(user, 'tabLimit');

/** 'none' stands for no limit: JSON has no Infinity, and null would read as "never chosen". */
const NONE = 'none';

export function readTabLimit(user: string | undefined, storage: Storage = localStorage): TabLimit {
  if (user === undefined) return DEFAULT_TAB_LIMIT;
  try {
    const text = storage.getItem(tabLimitKey(user));
    if (text === NONE) return null;
    const chosen = TAB_LIMITS.find((n) => n !== null && String(n) === text);
    return chosen === undefined ? DEFAULT_TAB_LIMIT : chosen;
  } catch {
    return DEFAULT_TAB_LIMIT;
  }
}

export function writeTabLimit(user: string | undefined, limit: TabLimit, storage: Storage = localStorage): void {
  if (user === undefined) return;
  try {
    storage.setItem(tabLimitKey(user), limit === null ? NONE : String(limit));
  } catch {
    // storage full or refused: the choice holds until the page is reloaded
  }
}
