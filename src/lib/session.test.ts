import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../testing/auth.ts';
import { clearSession, loadSession, saveSession, saveSessionData, storageKeys, userPrefKey } from './session.ts';

describe('stored session', () => {
  it('saves to localStorage and loads back', () => {
    const session = sessionFixture();
    saveSession(session);
    expect(localStorage.getItem(storageKeys.token)).toBe('access-1');
    expect(loadSession()).toEqual(session);
  });

  it('clear drops the session and the session-scoped caches, nothing else', () => {
    saveSession(sessionFixture());
    sessionStorage.setItem('cbec.dict.bank_code', '[]');
    localStorage.setItem('other', 'kept');
    localStorage.setItem(userPrefKey('admin', 'hints.appType'), '1');
    clearSession();
    expect(loadSession()).toBeNull();
    expect(sessionStorage.getItem('cbec.dict.bank_code')).toBeNull();
    expect(localStorage.getItem('other')).toBe('kept');
    // a user's own choices are not the session: the next login of that user finds them
    expect(localStorage.getItem('cbec.prefs.admin.hints.appType')).toBe('1');
  });

  it('saving the user data leaves the stored tokens alone (another tab may have refreshed them)', () => {
    saveSession(sessionFixture());
    localStorage.setItem(storageKeys.refreshToken, 'newer-refresh');
    const changed = { ...sessionFixture(), modules: [] };
    saveSessionData(changed);
    expect(loadSession()).toEqual({ ...changed, refreshToken: 'newer-refresh' });
  });

  it('a broken stored value is no session', () => {
    saveSession(sessionFixture());
    localStorage.setItem(storageKeys.userInfo, '{oops');
    expect(loadSession()).toBeNull();
  });
});
