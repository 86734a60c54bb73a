import { describe, expect, it } from 'vitest';
import { lsnOf } from './read-router.ts';

describe('lsnOf', () => {
  it('orders WAL positions as PostgreSQL does, across the high word', () => {
    expect(lsnOf('0/3000000')).toBe(0x3000000n);
    expect(lsnOf('16/B374D848')! > lsnOf('15/FFFFFFFF')!).toBe(true);
    expect(lsnOf('1/0')! > lsnOf('0/FFFFFFFF')!).toBe(true);
  });
  it('answers null for no position (a server that is no standby)', () => {
    expect(lsnOf(null)).toBeNull();
    expect(lsnOf('')).toBeNull();
    expect(lsnOf('garbage')).toBeNull();
  });
});
