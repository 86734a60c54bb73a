import { describe, expect, it } from 'vitest';
import { fitItems } from './fit-items.ts';

describe('fitItems', () => {
  it('shows everything that fits, with no 更多', () => {
    expect(fitItems({ widths: [50, 60, 70], available: 190, moreWidth: 40, gap: 5 })).toEqual({ shown: [0, 1, 2], hidden: [] });
  });

  it('keeps the leading items that fit beside 更多 and hides the rest in order', () => {
    // 50 + 5 + 60 = 115 ≤ 189 - 40 - 5 = 144; adding 70 (+5) would be 190
    expect(fitItems({ widths: [50, 60, 70, 30], available: 189, moreWidth: 40, gap: 5 })).toEqual({ shown: [0, 1], hidden: [2, 3] });
  });

  it('does not skip an item to show a later narrower one (the order stays)', () => {
    expect(fitItems({ widths: [50, 200, 10], available: 120, moreWidth: 40, gap: 0 }).shown).toEqual([0]);
  });

  it('keeps the chosen item in the row, the ones before it giving way from the last', () => {
    const widths = [40, 60, 60, 60, 60, 80];
    const { shown, hidden } = fitItems({ widths, available: 250, moreWidth: 40, gap: 0, keep: 5 });
    expect(shown).toEqual([0, 1, 5]);
    expect(hidden).toEqual([2, 3, 4]);
    expect(shown.reduce((s, i) => s + widths[i]!, 0) + 40).toBeLessThanOrEqual(250);
  });

  it('a chosen item already in the row changes nothing', () => {
    expect(fitItems({ widths: [40, 60, 60, 60], available: 150, moreWidth: 40, gap: 0, keep: 1 })).toEqual({ shown: [0, 1], hidden: [2, 3] });
  });

  it('with no room at all only the chosen item (or nothing) stays', () => {
    expect(fitItems({ widths: [100, 100], available: 50, moreWidth: 40, gap: 0 })).toEqual({ shown: [], hidden: [0, 1] });
    expect(fitItems({ widths: [100, 100], available: 50, moreWidth: 40, gap: 0, keep: 1 })).toEqual({ shown: [1], hidden: [0] });
  });
});
