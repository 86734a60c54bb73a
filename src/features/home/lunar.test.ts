import { describe, expect, it } from 'vitest';
import { lunarDate, lunarLabel } from './lunar.ts';

describe('lunar dates', () => {
  it('names the lunar date of a day', () => {
    expect(lunarDate(2026, 11, 21)).toBe('农历丙午年十月十三');
    expect(lunarDate(2026, 2, 17)).toBe('农历丙午年正月初一');
  });

  it('labels cells with festivals, solar terms, month starts and lunar days', () => {
    expect(lunarLabel(2026, 2, 17)).toEqual({ text: '春节', special: true });
    expect(lunarLabel(2026, 10, 1)).toEqual({ text: '国庆节', special: true });
    expect(lunarLabel(2026, 11, 7)).toEqual({ text: '立冬', special: true });
    expect(lunarLabel(2026, 11, 9)).toEqual({ text: '十月', special: false });
    expect(lunarLabel(2026, 11, 21)).toEqual({ text: '十三', special: false });
  });
});
