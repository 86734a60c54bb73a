/**
 * The stored session. localStorage, not sessionStorage: a login survives reloads and new tabs of
 * the same browser, as the original console did ("stored locally", accounts §3). Session-scoped
 * caches (dictionaries, state lists) live in sessionStorage under the same prefix and are dropped
 * together with the session.
 */
import type { MenuModule, Session, UserInfo } from '../../machines/auth.ts';

export const STORAGE_PREFIX = 'cbec.';
/**
 * A user's own choices in this browser (column settings, hints dismissed), keyed by the user: they
 * are not the session, so logging out keeps them for that user's next login.
 */
export const USER_PREFS_PREFIX = `${STORAGE_PREFIX}prefs.`;
export const userPrefKey = (user: string, name: string): string => `${USER_PREFS_PREFIX}${user}.${name}`;
export const storageKeys = {
  token: `${STORAGE_PREFIX}token`,
  refreshToken: `${STORAGE_PREFIX}refreshToken`,
  userInfo: `${STORAGE_PREFIX}userInfo`,
  modules: `${STORAGE_PREFIX}modules`,
  /** when a tab last stored refreshed tokens (Date.now()): other tabs take them while recent */
  refreshedAt: `${STORAGE_PREFIX}refreshedAt`,
} as const;

function parse<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function loadSession(storage: Storage = localStorage): Session | null {
  const token = storage.getItem(storageKeys.token);
  const refreshToken = storage.getItem(storageKeys.refreshToken);
  const userInfo = parse<UserInfo>(storage.getItem(storageKeys.userInfo));
  const modules = parse<MenuModule[]>(storage.getItem(storageKeys.modules));
  if (!token || !refreshToken || !userInfo || !Array.isArray(modules)) return null;
  return { token, refreshToken, userInfo, modules };
}

export function saveSession(session: Session, storage: Storage = localStorage): void {
  storage.setItem(storageKeys.token, session.token);
  storage.setItem(storageKeys.refreshToken, session.refreshToken);
  storage.setItem(storageKeys.userInfo, JSON.stringify(session.userInfo));
  storage.setItem(storageKeys.modules, JSON.stringify(session.modules));
}

/**
 * Saves what a session knows of its user (userInfo, modules), not its tokens: a refreshed tab's
 * tokens are stored by refresh-in-turn.ts under its lock, and a tab saving its own, older ones later
 * would hand another tab a refresh token already used.
 */
export function saveSessionData(session: Session, storage: Storage = localStorage): void {
  storage.setItem(storageKeys.userInfo, JSON.stringify(session.userInfo));
  storage.setItem(storageKeys.modules, JSON.stringify(session.modules));
}

function removePrefixed(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(STORAGE_PREFIX) && !key.startsWith(USER_PREFS_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Drops the session and the session-scoped caches (the users' own choices stay). */
export function clearSession(storage: Storage = localStorage, cache: Storage = sessionStorage): void {
  removePrefixed(storage);
  removePrefixed(cache);
}
