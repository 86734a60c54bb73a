import { describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../../domain/bills/export-order.ts';
import { billText } from '../../../../../domain/texts/bills.ts';
import { summaryPath, summaryText, summaryValue } from './summary.ts';

describe('list summary', () => {
  it('asks the BillApi key’s path, or a path of its own, under /api/enterprise', () => {
    const taxed = { ...exportOrder, api: { ...exportOrder.api, summary: '/invtTax/queryTotalTax' } };
    expect(summaryPath(taxed, { api: 'summary', label: billText.taxTotalLabel })).toBe('/api/enterprise/invtTax/queryTotalTax');
    expect(summaryPath(exportOrder, { api: '/expu/order/total', label: '{value}' })).toBe('/api/enterprise/expu/order/total');
    expect(() => summaryPath(exportOrder, { api: 'summary', label: '{value}' })).toThrow(/api.summary/);
  });

  it('reads the figure: a number, a numeric string, or an object’s first field; nothing is 0', () => {
    expect(summaryValue(1234.5)).toBe('1234.5');
    expect(summaryValue('88.00')).toBe('88.00');
    expect(summaryValue({ taxTotal: 12 })).toBe('12');
    expect(summaryValue(null)).toBe('0');
  });

  it('puts the figure into the label: 税款总额 … 元 人民币', () => {
    expect(summaryText(billText.taxTotalLabel, '1234.5')).toBe('税款总额 1234.5 元 人民币');
    expect(summaryText(billText.taxTotalLabel, '9')).toBe(billText.taxTotal('9'));
  });
});
