// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LIMITS, slowdownAfter } from './login-limits.ts';

describe('the account slowdown', () => {
  it('waits nothing before the fifth failure, then 1 s doubling to at most 8 s — and never refuses', () => {
    expect(LIMITS.account.after).toBe(5);
    expect([0, 1, 4, 5, 6, 7, 8, 9, 20, 1000].map(slowdownAfter)).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  });

  it('the only hard lock is the IP+account pair\'s', () => {
    expect(Object.keys(LIMITS)).toEqual(['pair', 'account']);
    expect('lockMs' in LIMITS.account).toBe(false);
  });
});
