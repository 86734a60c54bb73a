import { describe, expect, it } from 'vitest';
import { money, measure } from './fields.ts';
import { excelNumber, formatNumber } from './number-format.ts';
import type { FieldDef } from './types.ts';

const amount = money('goodsValue', '商品金额');
const qty = measure('qty', '数量');
const count: FieldDef = { name: 'packNo', label: '件数', kind: 'integer', digits: 9 };

describe('formatNumber', () => {
  it('reads money alike wherever it came from (422.5, 1835, "519.00000")', () => {
    expect(formatNumber(amount, 422.5, 'list')).toBe('422.50');
    expect(formatNumber(amount, 1835, 'list')).toBe('1,835.00');
    expect(formatNumber(amount, '519.00000', 'list')).toBe('519.00');
    expect(formatNumber(amount, '1234567.125', 'list')).toBe('1,234,567.13');
    expect(formatNumber(amount, '-0.005', 'list')).toBe('-0.01');
  });

  it('keeps the spec precision of money in the detail', () => {
    expect(formatNumber(amount, '519.00000', 'detail')).toBe('519.00');
    expect(formatNumber(amount, '0.12345', 'detail')).toBe('0.12345');
    expect(formatNumber(amount, 1835.5, 'detail')).toBe('1,835.50');
  });

  it('shows quantities with their own decimals only, and integers as they are', () => {
    expect(formatNumber(qty, '1200.00000', 'list')).toBe('1,200');
    expect(formatNumber(qty, 2.5, 'list')).toBe('2.5');
    expect(formatNumber(count, 12345, 'list')).toBe('12345');
  });

  it('leaves what is not a number as it is, and nothing as nothing', () => {
    expect(formatNumber(amount, '1.2.3', 'list')).toBe('1.2.3');
    expect(formatNumber(amount, null, 'list')).toBe('');
    expect(formatNumber({ kind: 'text' }, '00123', 'list')).toBe('00123');
  });
});

describe('excelNumber', () => {
  it('writes the number the list shows with a format that groups it the same way', () => {
    expect(excelNumber(amount, '1835.00000')).toEqual({ value: 1835, numFmt: '#,##0.00' });
    expect(excelNumber(amount, '0.125')).toEqual({ value: 0.13, numFmt: '#,##0.00' });
    expect(excelNumber(qty, '2.5')).toEqual({ value: 2.5, numFmt: '#,##0.0' });
    expect(excelNumber(qty, '1200.00000')).toEqual({ value: 1200, numFmt: '#,##0' });
    expect(excelNumber(count, 7)).toEqual({ value: 7, numFmt: '0' });
    expect(excelNumber(amount, 'x')).toBeUndefined();
  });
});
