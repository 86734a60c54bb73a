import { describe, expect, it } from 'vitest';
import { dictionaryItems } from '../dictionaries.ts';
import { rankOptions } from './option-rank.ts';

const countries = (dictionaryItems('country') ?? []).map((i) => ({ value: i.value, label: `${i.value} ${i.name}` }));

describe('rankOptions', () => {
  it('offers the exact name first: 中国 before 中国香港 (原产国)', () => {
    const found = rankOptions(countries, '中国');
    expect(found[0]?.label).toBe('142 中国');
    expect(found.map((o) => o.label)).toContain('110 中国香港');
  });

  it('offers the exact code first, then codes starting with the text', () => {
    const found = rankOptions(countries, '11');
    expect(found.slice(0, 2).map((o) => o.value)).toEqual(['110', '111']);
    const byCode = rankOptions(countries, '142');
    expect(byCode[0]?.label).toBe('142 中国');
  });

  it('keeps the table order within a rank, and every option for a blank text', () => {
    const options = [{ value: 'B', label: 'B 乙甲' }, { value: 'A', label: 'A 甲乙' }, { value: 'C', label: 'C 甲' }];
    expect(rankOptions(options, '甲').map((o) => o.value)).toEqual(['C', 'A', 'B']);
    expect(rankOptions(options, ' ')).toHaveLength(3);
    expect(rankOptions(options, '丙')).toEqual([]);
  });
});
