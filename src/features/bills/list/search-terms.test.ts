import { describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import { countConditions, daysWindow, searchTerms, windowDays } from './search-terms.ts';

const search = exportOrder.list.search;

describe('searchTerms', () => {
  it('turns text into like/eq terms on the snake_case column, trimmed; empty fields add nothing', () => {
    expect(searchTerms(search, { orderNo: ' SO1 ', ebpCode: '3301960002', ebcName: '  ', appTime: null })).toEqual([
      { column: 'order_no', termType: 'like', value: 'SO1' },
      { column: 'ebp_code', termType: 'eq', value: '3301960002' },
    ]);
  });

  it('sends a date range from 00:00:00 to 23:59:59, either end open', () => {
    expect(searchTerms(search, { appTime: ['2026-11-01', '2026-11-21'] })).toEqual([
      { column: 'app_time', termType: 'btw', value: ['2026-11-01 00:00:00', '2026-11-21 23:59:59'] },
    ]);
    expect(searchTerms(search, { appTime: [null, '2026-11-21'] })[0]?.value).toEqual([null, '2026-11-21 23:59:59']);
    expect(searchTerms(search, { appTime: [null, null] })).toEqual([]);
    expect(countConditions(search, { orderNo: 'x', appTime: ['2026-11-01', null] })).toBe(2);
  });

  it('converts the create window to the picker’s days and back', () => {
    expect(windowDays(['2025-11-21 00:00:00', '2026-11-21 23:59:59'])).toEqual(['2025-11-21', '2026-11-21']);
    expect(daysWindow(['2026-02-01', '2026-02-10'])).toEqual(['2026-02-01 00:00:00', '2026-02-10 23:59:59']);
    expect(daysWindow(['2026-02-01', null])).toBeNull();
  });
});
