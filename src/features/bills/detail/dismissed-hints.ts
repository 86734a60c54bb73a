/**
 * The field notes a user closed for good (知道了，不再提示): one localStorage entry per user and
 * field (`cbec.prefs.<user>.hints.<field>`), kept across logouts (a user's own choice, not the
 * session). Storage refused or full: the note is closed for this page only.
 */
import { userPrefKey } from '../../../lib/session.ts';

export const dismissedHintKey = (user: string, field: string): string => userPrefKey(user, `hints.${field}`);

export function isHintDismissed(user: string, field: string, storage: Storage = localStorage): boolean {
  try {
    return storage.getItem(dismissedHintKey(user, field)) === '1';
  } catch {
    return false;
  }
}

export function dismissHint(user: string, field: string, storage: Storage = localStorage): void {
  try {
    storage.setItem(dismissedHintKey(user, field), '1');
  } catch {
    // refused: closed until the page is left
  }
}
