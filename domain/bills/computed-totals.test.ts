import { describe, expect, it } from 'vitest';
import { customsRuleErrors } from './customs-rule-errors.ts';
import { blankSums, computedTotals, followedSums, lineProduct, linesSum } from './computed-totals.ts';
import { exportDeclarationForm } from './export-declaration-form.ts';
import { exportOrder } from './export-order.ts';
import { exportReceipt } from './export-receipt.ts';
import { importOrder } from './import-order.ts';

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

describe('followedSums and blankSums (商品金额 follows Σ 总价 until typed over)', () => {
  const a = { totalPrice: 39.8 }, b = { totalPrice: 30 }, c = { totalPrice: '5' };
  it('a blank or still derived head amount takes the new sum; a typed one stays', () => {
    expect(followedSums(exportOrder, { goodsValue: null }, [], [a])).toEqual({ goodsValue: 39.8 });
    expect(followedSums(exportOrder, { goodsValue: 39.8 }, [a], [a, b])).toEqual({ goodsValue: 69.8 });
    expect(followedSums(exportOrder, { goodsValue: '69.80' }, [a, b], [a, b, c])).toEqual({ goodsValue: 74.8 });
    expect(followedSums(exportOrder, { goodsValue: 75 }, [a, b], [a, b, c])).toEqual({});
    // typed before any line: the user's
    expect(followedSums(exportOrder, { goodsValue: 50 }, [], [a])).toEqual({});
  });
  it('no lines left, a line that is not a number, a bill without the rule: nothing', () => {
    expect(followedSums(exportOrder, { goodsValue: 39.8 }, [a], [])).toEqual({});
    expect(followedSums(exportOrder, { goodsValue: 39.8 }, [a], [a, { totalPrice: 'x' }])).toEqual({});
    expect(followedSums(exportReceipt, {}, [], [a])).toEqual({});
  });
  it('every bill type with a head 商品金额 and line 总价 (the orders, R102) follows; their 序号 are numbered', () => {
    expect(followedSums(importOrder, { goodsValue: null }, [], [a, b])).toEqual({ goodsValue: 69.8 });
    expect([exportOrder, importOrder].map((d) => d.lines?.sequenceField)).toEqual(['gnum', 'gnum']);
  });
  it('a cleared field takes the sum back; a filled one keeps its value', () => {
    expect(blankSums(exportOrder, { goodsValue: '' }, [a, b])).toEqual({ goodsValue: 69.8 });
    expect(blankSums(exportOrder, { goodsValue: 1 }, [a, b])).toEqual({});
    expect(blankSums(exportOrder, { goodsValue: null }, [])).toEqual({});
  });
});
