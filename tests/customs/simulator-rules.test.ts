/**
 * The simulated customs' verdicts (pure rules) and value formats the messages rely on.
 */
import { describe, expect, it } from 'vitest';
import { customsRules, decimalUnits, findCustomsRule, judge, receiptsOf, unitsText } from '../../server/customs/simulator/rules.ts';
import { displayReturnTime, formatDate8, formatDateTime14, formatDecimal, formatInteger, returnTimeOf } from '../../server/customs/xml/format.ts';
import { billDefinitions } from '../../domain/bills/index.ts';

const order = findCustomsRule('CEB303')!;
const head = {
  guid: '6F1C2B9E-4D7A-4C3B-9E21-7A5D0C8B3F14', appType: '1', appStatus: '2', orderType: 'E', orderNo: 'YX001',
  ebpCode: '3302960E8F', ebpName: '跨境购', ebcCode: '3302961A2B', ebcName: '优选', goodsValue: '309.3', freight: '0', currency: '142',
};
const lines = [
  { gnum: '1', itemNo: 'A', itemName: '龙井', unit: '140', currency: '142', qty: '2', price: '89.9', totalPrice: '179.8' },
  { gnum: '2', itemNo: 'B', itemName: '围巾', unit: '015', currency: '142', qty: '1', price: '129.5', totalPrice: '129.5' },
];
const ctx = { rejectRate: 0, random: () => 0.5 };

describe('judge', () => {
  it('accepts a consistent order: 2 申报中 then 120 入库', () => {
    const v = judge(order, { head, lines }, ctx);
    expect(v).toEqual({ kind: 'accepted' });
    expect(receiptsOf(order, v, head)).toEqual([
      { returnStatus: '2', returnInfo: `新增申报成功[${head.guid}]`, issues: [] },
      { returnStatus: '120', returnInfo: '海关入库成功', issues: [] },
    ]);
  });

  it('refuses an order whose goods value is not the sum of its lines (exact decimals)', () => {
    const v = judge(order, { head: { ...head, goodsValue: '300' }, lines }, ctx);
    expect(v).toEqual({ kind: 'rejected', reason: '商品金额（300）与表体各项商品总价之和（309.3）不一致' });
    expect(receiptsOf(order, v, head).map((r) => r.returnStatus)).toEqual(['2', '100']);
    expect(receiptsOf(order, v, head)[1]!.returnInfo).toMatch(/^海关退单：商品金额（300）/);
  });

  it('answers a duplicate new declaration with −301010 only', () => {
    const v = judge(order, { head, lines }, { ...ctx, held: { status: '120' } });
    expect(receiptsOf(order, v, head)).toEqual([{ returnStatus: '-301010', returnInfo: '订单编号已存在', issues: [] }]);
    // a change (appType 2) of a stored order is what customs expects
    const change = { ...head, appType: '2' };
    expect(receiptsOf(order, judge(order, { head: change, lines }, { ...ctx, held: { status: '120' } }), change)[0]!.returnInfo).toBe(`变更申报成功[${head.guid}]`);
  });

  it('refuses a blank business field with its name', () => {
    const v = judge(order, { head: { ...head, ebpName: '' }, lines }, ctx);
    expect(v).toEqual({ kind: 'rejected', reason: '电商平台名称[ebpName]不能为空' });
  });

  it('stores a draft (appStatus 1) without judging it', () => {
    expect(receiptsOf(order, judge(order, { head: { ...head, appStatus: '1', goodsValue: '1' }, lines }, ctx), head)).toEqual([
      { returnStatus: '1', returnInfo: `暂存成功[${head.guid}]`, issues: [] },
    ]);
  });

  it('refuses at the configured rate with a customs-worded reason', () => {
    const v = judge(order, { head, lines }, { ...ctx, rejectRate: 0.3, random: () => 0.1 });
    expect(v.kind).toBe('rejected');
    expect(judge(order, { head, lines }, { ...ctx, rejectRate: 0.3, random: () => 0.9 }).kind).toBe('accepted');
  });

  it('has a rule for every declaration the console sends', () => {
    for (const def of billDefinitions) {
      if (!def.message) continue;
      const rule = findCustomsRule(def.message.type);
      expect(rule, def.message.type).toBeDefined();
      expect(rule!.receipt).toBe(def.message.receipt.type);
      expect(rule!.body).toBe(def.message.body);
      expect(rule!.root).toBe(def.message.root);
    }
    // the final good answer of the companion documents is one their state dictionaries hold (waybills end at 399)
    expect(['CEB303', 'CEB403', 'CEB505'].map((t) => findCustomsRule(t)!.path.at(-1)!.status)).toEqual(['120', '120', '399']);
    expect(['CEB303', 'CEB403', 'CEB505'].map((t) => findCustomsRule(t)!.duplicate.status)).toEqual(['-301010', '-401010', '-504010']);
  });

  it('answers a change of a document customs does not hold with its negative code', () => {
    const change = { ...head, appType: '2' };
    expect(receiptsOf(order, judge(order, { head: change, lines }, ctx), change)).toEqual([
      { returnStatus: '-301009', returnInfo: '申报类型与已存在的订单不符', issues: [] },
    ]);
  });

  it('lets a draft at the e-port be declared under the same key', () => {
    expect(judge(order, { head, lines }, { ...ctx, held: { status: '1' } })).toEqual({ kind: 'accepted' });
  });
});

describe('formats', () => {
  it('decimals', () => {
    expect(formatDecimal(0.1 + 0.2, 5)).toBe('0.3');
    expect(formatDecimal(10, 5)).toBe('10');
    expect(formatDecimal(1e-7, 5)).toBe('0');
    expect(formatDecimal(-0.000001, 5)).toBe('0');
    expect(formatDecimal('0012.50000', 5)).toBe('12.5');
    expect(formatDecimal('9.999995', 5)).toBe('10');
    expect(formatDecimal(1.000005, 5)).toBe('1.00001');
    expect(formatDecimal('12345678912345.12345', 5)).toBe('12345678912345.12345');
    expect(formatDecimal('1e5', 5)).toBeUndefined();
    expect(formatDecimal('abc', 5)).toBeUndefined();
    expect(formatInteger(3)).toBe('3');
    expect(formatInteger(1.5)).toBeUndefined();
    expect(decimalUnits('179.8')! + decimalUnits('129.5')!).toBe(decimalUnits('309.3'));
    expect(unitsText(decimalUnits('0.30000')!)).toBe('0.3');
  });

  it('times in China time', () => {
    expect(formatDateTime14('2026-03-18 10:24:36')).toBe('20260318102436');
    expect(formatDateTime14(new Date('2026-03-17T16:00:00Z'))).toBe('20260318000000');
    expect(formatDateTime14('2026-03-18T02:24:36.000Z')).toBe('20260318102436');
    expect(formatDateTime14('18/03/2026')).toBeUndefined();
    expect(formatDate8('2026-03-18')).toBe('20260318');
    expect(returnTimeOf(new Date('2026-03-18T02:24:36.007Z'))).toBe('20260318102436007');
    expect(displayReturnTime('20260318102436007')).toBe('2026-03-18 10:24:36.007');
  });
});
