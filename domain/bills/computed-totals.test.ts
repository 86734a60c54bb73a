import { describe, expect, it } from 'vitest';
import { customsRuleErrors } from './customs-rule-errors.ts';
import { computedTotals, lineProduct, linesSum } from './computed-totals.ts';
import { exportDeclarationForm } from './export-declaration-form.ts';
import { exportOrder } from './export-order.ts';
import { exportReceipt } from './export-receipt.ts';

describe('computedTotals', () => {
  it('reads the totals from customs rules of the bill message: 出口订单 总价 (R101) and 商品金额 (R102)', () => {
    expect(computedTotals(exportOrder)).toEqual({
      lineProducts: [{ qty: 'qty', price: 'price', total: 'totalPrice', rule: 'R101' }],
      lineSums: [{ head: 'goodsValue', line: 'totalPrice', rule: 'R102' }],
    });
  });

  it('maps element names onto fields (报关单: GQty × DeclPrice = DeclTotal)', () => {
    expect(computedTotals(exportDeclarationForm).lineProducts).toEqual([{ qty: 'gqty', price: 'declPrice', total: 'declTotal', rule: expect.any(String) }]);
  });

  it('a bill without lines computes nothing', () => {
    expect(computedTotals(exportReceipt)).toEqual({ lineProducts: [], lineSums: [] });
  });
});

describe('lineProduct and linesSum', () => {
  it('computes the total to the cent, exactly (no float error)', () => {
    expect(lineProduct(3, 19.9)).toBe(59.7);
    expect(lineProduct('0.333', '3')).toBe(1);
    expect(lineProduct(2, '0.125')).toBe(0.25);
    expect(lineProduct('', 3)).toBeUndefined();
    expect(lineProduct('x', 3)).toBeUndefined();
  });

  it('a total computed here passes the customs pre-check', () => {
    const qty = 7, price = 13.33;
    const line = { gnum: 1, itemName: 'x', qty, price, totalPrice: lineProduct(qty, price) };
    const errors = customsRuleErrors(exportOrder, { goodsValue: linesSum([line], 'totalPrice') }, [line], new Date());
    expect(errors.filter((e) => /R10[12]/.test(e.message))).toEqual([]);
  });

  it('sums a line field, blanks as 0', () => {
    expect(linesSum([{ totalPrice: 0.1 }, { totalPrice: '0.2' }, { totalPrice: null }], 'totalPrice')).toBe(0.3);
    expect(linesSum([{ totalPrice: 'x' }], 'totalPrice')).toBeUndefined();
  });
});
