import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../testing/auth.ts';
import { clearSession, loadSession, saveSession, storageKeys } from './session.ts';

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
    clearSession();
    expect(loadSession()).toBeNull();
    expect(sessionStorage.getItem('cbec.dict.bank_code')).toBeNull();
    expect(localStorage.getItem('other')).toBe('kept');
  });

  it('a broken stored value is no session', () => {
    saveSession(sessionFixture());
    localStorage.setItem(storageKeys.userInfo, '{oops');
    expect(loadSession()).toBeNull();
  });
});
