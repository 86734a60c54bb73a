import { describe, expect, it } from 'vitest';
import { DEFAULT_TAB_LIMIT, readTabLimit, TAB_LIMITS, tabLimitKey, writeTabLimit } from './tab-limit.ts';

describe('the tab limit a user chose', () => {
  it('is 12 until chosen, kept per user, and 不限 (null) is a choice of its own', () => {
    expect(DEFAULT_TAB_LIMIT).toBe(12);
    expect(TAB_LIMITS).toEqual([8, 12, 16, 20, null]);
    expect(readTabLimit('alice')).toBe(12);
    writeTabLimit('alice', 20);
    writeTabLimit('bob', null);
    expect(readTabLimit('alice')).toBe(20);
    expect(readTabLimit('bob')).toBeNull();
    expect(localStorage.getItem(tabLimitKey('alice'))).toBe('20');
    expect(tabLimitKey('alice')).toBe('cbec.prefs.alice.tabLimit');
  });

  it('reads a stored value that is not a choice, or no user, as the default', () => {
    for (const bad of ['7', 'abc', '', '12.5', 'null']) {
      localStorage.setItem(tabLimitKey('carol'), bad);
      expect(readTabLimit('carol')).toBe(12);
    }
    expect(readTabLimit(undefined)).toBe(12);
  });
});
