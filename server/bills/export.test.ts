import { describe, expect, it } from 'vitest';
import { parseIdList } from './export.ts';

describe('parseIdList', () => {
  it('reads a comma-joined id list in order', () => {
    expect(Array.from(parseIdList('12,7,2147483647,1'))).toEqual([12, 7, 2147483647, 1]);
    expect(Array.from(parseIdList('5'))).toEqual([5]);
  });

  it('reads nothing as no ids', () => {
    expect(parseIdList(null)).toHaveLength(0);
    expect(parseIdList('')).toHaveLength(0);
  });
});
