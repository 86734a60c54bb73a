import { describe, expect, it } from 'vitest';
import { billRedirect } from './bill-redirect.ts';

describe('bill address redirects (bills §2)', () => {
  it('a list address with an id is the detail, query kept', () => {
    expect(billRedirect('bill', 'export', 'order', '?id=7&startTime=2028-01-01')).toBe('/details/export/order?id=7&startTime=2028-01-01');
  });

  it('a list address without an id stays the list', () => {
    expect(billRedirect('bill', 'export', 'order', '')).toBeNull();
    expect(billRedirect('bill', 'export', 'order', '?id=')).toBeNull();
    expect(billRedirect('details', 'export', 'order', '?id=7')).toBeNull();
  });

  it('the old payment key leads to receipt, list and detail alike', () => {
    expect(billRedirect('bill', 'import', 'payment', '')).toBe('/bill/import/receipt');
    expect(billRedirect('details', 'import', 'payment', '?id=3')).toBe('/details/import/receipt?id=3');
  });

  it('unknown and not-applicable bills are left to their pages', () => {
    expect(billRedirect('bill', 'export', 'taxbill', '?id=1')).toBeNull();
    expect(billRedirect('bill', 'export', 'nothing', '?id=1')).toBeNull();
  });
});
