// newNumber: a made bill's own 企业内部编号 (issue 31: 撤单/退货 bills no longer reuse the inventory's).
import { describe, expect, it } from 'vitest';
import { newNumber } from './mapping.ts';

describe('newNumber', () => {
  const now = new Date('2026-03-25T07:40:08.123Z'); // 15:40:08.123 China time
  it('writes the prefix, China time to the millisecond and a 3-digit serial', () => {
    expect(newNumber('HZ', now, 1)).toBe('HZ20260325154008123001');
    expect(newNumber('TH', now, 7, 30)).toBe('TH20260325154008123007');
  });
  it('writes the year in two digits when the field is shorter (an import copNo: 20)', () => {
    expect(newNumber('CD', now, 1, 20)).toBe('CD260325154008123001');
    expect(newNumber('CD', now, 1, 20)).toHaveLength(20);
  });
});
