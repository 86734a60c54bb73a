import { describe, expect, it } from 'vitest';
import { filterTerms } from './terms.ts';

describe('operation log filters', () => {
  it('turns the window and the filled filters into list terms, leaving out the empty ones', () => {
    expect(filterTerms({ range: ['2026-11-20', '2026-11-26'], account: ' user@admin ', module: '', action: '保存', outcome: '失败', billNo: 'SO1' })).toEqual([
      { column: 'create_time', termType: 'btw', value: ['2026-11-20 00:00:00', '2026-11-26 23:59:59'] },
      { column: 'account', termType: 'eq', value: 'user@admin' },
      { column: 'action', termType: 'like', value: '保存' },
      { column: 'outcome', termType: 'eq', value: '失败' },
      { column: 'bill_no', termType: 'eq', value: 'SO1' },
    ]);
    expect(filterTerms({ range: [null, null], account: '', module: '', action: '', outcome: '', billNo: '' })).toEqual([]);
  });
});
