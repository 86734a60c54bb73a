/**
 * Customs' rule table: every judged row with a passing and a failing document, the table's own
 * shape (unique codes, a source each, rows for every message the console sends).
 */
import { describe, expect, it } from 'vitest';
import { billDefinitions } from '../../bills/index.ts';
import { breachesOf, findRule, firstBreach, rulesFor } from './evaluate.ts';
import { customsRuleText } from '../../texts/customs-rules.ts';
import { customsRules } from './table.ts';

const rule = (code: string) => [findRule(code)!];
const line = (gnum: number, extra: Record<string, unknown> = {}) => ({
  gnum: String(gnum), qty: '2', price: '89.9', totalPrice: '179.8', qty1: '0.5', unit1: '035', unit: '140', currency: '142', country: '142', ...extra,
});
const messages = (code: string, doc: { head?: Record<string, unknown>; lines?: Record<string, unknown>[] }, now?: Date) =>
  breachesOf(rule(code), { head: doc.head ?? {}, lines: doc.lines ?? [] }, now ? { now } : {}).map((b) => b.message);

describe('the table', () => {
  it('has one code per row, each with a title, an explanation, fields and customs publications as its basis', () => {
    expect(new Set(customsRules.map((r) => r.code)).size).toBe(customsRules.length);
    for (const r of customsRules) {
      expect(r.code).toMatch(/^R\d{3}$/);
      expect(r.title.length, r.code).toBeGreaterThan(4);
      expect(r.explanation.length, r.code).toBeGreaterThan(8);
      expect(r.fields.length, r.code).toBeGreaterThan(0);
      expect(r.basis.length, r.code).toBeGreaterThan(0);
      expect(r.messages.length, r.code).toBeGreaterThan(0);
    }
  });

  it('has rules for every message the console declares', () => {
    for (const def of billDefinitions) {
      if (!def.message || def.issuedBy) continue;
      expect(rulesFor(def.message.type).length, def.message.type).toBeGreaterThan(0);
    }
  });
});

describe('R101 line total = qty × price, to the cent', () => {
  it('passes exact and sub-cent products, refuses 200 × 10 = 12000', () => {
    expect(messages('R101', { lines: [line(1), line(2, { qty: 3, price: 3.333, totalPrice: 9.999 })] })).toEqual([]);
    expect(messages('R101', { lines: [line(1, { qty: 200, price: 10, totalPrice: 12000 })] })).toEqual(['第1项商品的总价（12000）与数量×单价（2000）不一致']);
  });
  it('puts the breach on the line\'s total', () => {
    const [b] = breachesOf(rule('R101'), { head: {}, lines: [line(1), line(2, { totalPrice: '179.7' })] });
    expect(b).toMatchObject({ element: 'totalPrice', line: 1 });
  });
});

describe('R102 goodsValue = Σ line totals', () => {
  it('passes the sum (exact decimals), refuses another value', () => {
    expect(messages('R102', { head: { goodsValue: '309.3' }, lines: [line(1), line(2, { totalPrice: '129.5' })] })).toEqual([]);
    expect(messages('R102', { head: { goodsValue: 310 }, lines: [line(1), line(2, { totalPrice: '129.5' })] }))
      .toEqual(['商品价格（310）与表体各项商品总价之和（309.3）不一致']);
  });
});

describe('R103 acturalPaid = goodsValue + freight + taxTotal − discount', () => {
  const head = { goodsValue: '200', freight: '10', taxTotal: '18.2', discount: '5', acturalPaid: '223.2' };
  it('passes the formula, refuses another amount', () => {
    expect(messages('R103', { head })).toEqual([]);
    expect(messages('R103', { head: { ...head, acturalPaid: 228.2 } })).toEqual(['实际支付金额（228.2）不等于商品价格+运杂费+代扣税款-非现金抵扣金额（223.2）']);
  });
});

describe('R104 single-transaction limit', () => {
  it('passes 5000, refuses 5000.01 with −621005', () => {
    expect(messages('R104', { lines: [line(1, { totalPrice: '5000' })] })).toEqual([]);
    const b = firstBreach(rule('R104'), { head: {}, lines: [line(1, { totalPrice: 4000 }), line(2, { totalPrice: 1000.01 })] });
    expect(b?.message).toBe('订购人单次交易金额（表体商品总价合计5000.01元）超过单次交易限值5000元');
    expect(b?.element).toBeUndefined();
    expect(b?.rule.status).toBe('-621005');
  });
});

describe('R201 / R211 net ≤ gross', () => {
  it('passes equal weights, refuses a heavier net weight', () => {
    expect(messages('R201', { head: { netWeight: '1.5', grossWeight: '1.5' } })).toEqual([]);
    expect(messages('R201', { head: { netWeight: '1.50001', grossWeight: '1.5' } })).toEqual(['净重（1.50001）不能大于毛重（1.5）']);
    expect(messages('R211', { head: { NetWt: '2', GrossWet: '1' } })).toEqual(['净重（2）不能大于毛重（1）']);
  });
});

describe('R111 报关单 line total', () => {
  it('passes and refuses', () => {
    expect(messages('R111', { lines: [{ GNo: '1', GQty: '10', DeclPrice: '2.5', DeclTotal: '25' }] })).toEqual([]);
    expect(messages('R111', { lines: [{ GNo: '1', GQty: '10', DeclPrice: '2.5', DeclTotal: '26' }] })).toEqual(['第1项商品的总价（26）与成交数量×单价（25）不一致']);
  });
});

describe('R202 quantity pairs', () => {
  it('passes pairs, refuses a lone quantity or a zero', () => {
    expect(messages('R202', { lines: [line(1, { qty2: '1', unit2: '007' })] })).toEqual([]);
    expect(messages('R202', { lines: [line(3, { qty2: '1' })] })).toEqual(['第3项商品的第二数量与第二计量单位必须同时填写或同时为空']);
    expect(messages('R202', { lines: [line(1, { qty2: '0', unit2: '007' })] })).toEqual(['第1项商品的第二数量必须大于0']);
  });
});

describe('R301 / R311 code tables', () => {
  it('passes customs codes, refuses others', () => {
    expect(messages('R301', { head: { currency: '142', customsCode: '3105', tradeMode: '1210' }, lines: [line(1)] })).toEqual([]);
    expect(messages('R301', { head: { currency: 'CNY' }, lines: [line(4, { unit: '999' })] }))
      .toEqual(['币制（CNY）不在海关参数代码表中', '第4项商品的计量单位（999）不在海关参数代码表中']);
    expect(messages('R311', { head: { CustomMaster: '3105' }, lines: [{ GNo: '1', GUnit: '007' }] })).toEqual([]);
    expect(messages('R311', { head: { TradeCurr: 'USD' } })).toEqual(['成交币制（USD）不在海关参数代码表中']);
  });
});

describe('R401–R408 number formats', () => {
  it('import invtNo: 18 characters, customs + year + I + serial', () => {
    expect(messages('R401', { head: { invtNo: '31052026I000000001' } })).toEqual([]);
    expect(messages('R401', { head: { invtNo: '31052026I00000001' } })).toEqual(['清单编号（31052026I00000001）格式不正确，应为18位：4位关区+4位年份+I+9位流水号']);
    expect(messages('R401', { head: { invtNo: '31052026I0000000012' } })).toEqual(['清单编号（31052026I0000000012）长度超过18个字符']);
  });
  it('export invtNo: 18 to 20 characters with E, in the head or the lines', () => {
    expect(messages('R402', { head: { invtNo: '31052026E00000000123' }, lines: [{ invtNo: '31052026E000000001' }] })).toEqual([]);
    expect(messages('R402', { lines: [{ invtNo: 'DEMOE0001' }] })).toEqual(['清单编号（DEMOE0001）格式不正确，应为18至20位：4位关区+4位年份+E+9至11位流水号']);
  });
  it('copNo, orderNo and logisticsNo within the XSD lengths', () => {
    expect(messages('R403', { head: { copNo: 'A'.repeat(20) } })).toEqual([]);
    expect(messages('R403', { head: { copNo: 'A'.repeat(21) } })).toEqual([`企业内部编号（${'A'.repeat(21)}）长度超过20个字符`]);
    expect(messages('R404', { head: { copNo: 'A'.repeat(30) } })).toEqual([]);
    expect(messages('R404', { head: { copNo: 'A'.repeat(31) } })).toHaveLength(1);
    expect(messages('R405', { head: { orderNo: '订'.repeat(60) } })).toEqual([]);
    expect(messages('R405', { head: { orderNo: '订'.repeat(61) } })).toHaveLength(1);
    expect(messages('R406', { lines: [{ logisticsNo: 'S'.repeat(32) }] })).toEqual([]);
    expect(messages('R406', { lines: [{ logisticsNo: 'S'.repeat(33) }] })).toHaveLength(1);
    expect(messages('R407', { head: { logisticsNo: 'S'.repeat(60) } })).toEqual([]);
    expect(messages('R407', { head: { logisticsNo: 'S'.repeat(61) } })).toHaveLength(1);
    expect(messages('R408', { head: { logisticsNo: 'S'.repeat(80) } })).toEqual([]);
    expect(messages('R408', { head: { logisticsNo: 'S'.repeat(81) } })).toHaveLength(1);
  });
});

describe('R501 dates not in the future', () => {
  // 2026-11-26 10:00:00 in China
  const now = new Date('2026-11-26T02:00:00Z');
  it('passes past times and today, in both the API and the message format', () => {
    expect(messages('R501', { head: { payTime: '2026-11-26 09:59:00', ieDate: '20261126', accountingDate: '20261125235959' } }, now)).toEqual([]);
    // a clock a few minutes ahead is not the future
    expect(messages('R501', { head: { payTime: '2026-11-26 10:05:00' } }, now)).toEqual([]);
  });
  it('refuses tomorrow and later today', () => {
    expect(messages('R501', { head: { ieDate: '20261127', logisticsTime: '2026-11-26 12:00:00' } }, now))
      .toEqual(['物流状态时间（2026-11-26 12:00:00）晚于海关当前时间', '进口日期（20261127）晚于海关当前时间']);
  });
  it('is not judged without a clock', () => {
    expect(messages('R501', { head: { ieDate: '20991231' } })).toEqual([]);
  });
});

describe('三单比对 rows', () => {
  it('are listed for the messages that refer to other documents, judged where those are found', () => {
    expect(rulesFor('CEB621').map((r) => r.code)).toContain('R601');
    expect(messages('R601', { head: { orderNo: 'SO1' } })).toEqual([]);
  });
});

describe('a refusal names no element: the labels given, else the specification\'s names', () => {
  it('reads the labels of the caller (a bill definition) for every element it names', () => {
    const label = (element: string, inLine: boolean) => ({ goodsValue: '商品金额', totalPrice: inLine ? '总价' : undefined, currency: '币制' } as Record<string, string | undefined>)[element];
    const doc = { head: { goodsValue: 999, currency: 'ABC' }, lines: [line(1, { totalPrice: 400 })] };
    expect(breachesOf([findRule('R102')!, findRule('R301')!], doc, { label }).map((b) => b.message))
      .toEqual(['商品金额（999）与表体各项商品总价之和（400）不一致', '币制（ABC）不在海关参数代码表中']);
  });
  it('never writes a raw element name for any element a rule reads', () => {
    for (const r of customsRules) {
      for (const f of r.fields) if (f !== '*') expect(customsRuleText.labels[f], `${r.code} ${f}`).toBeTruthy();
    }
  });
});
