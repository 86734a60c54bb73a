/**
 * The simulated customs' document checks, 三单比对 and issued numbers (pure).
 */
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../server/customs/simulator/checks.ts';
import { findCustomsDocType } from '../../server/customs/simulator/doc-types.ts';
import { judgeImportTrio, judgeMatch, matchQuery, type HeldDocument } from '../../server/customs/simulator/matching.ts';
import { issueNumber } from '../../server/customs/simulator/numbers.ts';
import { judge, receiptsOf } from '../../server/customs/simulator/rules.ts';

const line = (gnum: number, extra: Record<string, string> = {}) => ({
  gnum: String(gnum), gcode: '0902101000', gname: '绿茶', unit: '140', qty: '2', price: '89.9', totalPrice: '179.8',
  qty1: '0.5', unit1: '035', country: '142', currency: '142', ...extra,
});

describe('document checks', () => {
  it('line totals are qty × price to the cent', () => {
    expect(runChecks(['linePrice'], { head: {}, lines: [line(1)] })).toBeUndefined();
    expect(runChecks(['linePrice'], { head: {}, lines: [line(1, { price: '3.333', qty: '3', totalPrice: '9.999' })] })).toBeUndefined();
    expect(runChecks(['linePrice'], { head: {}, lines: [line(2, { totalPrice: '179.7' })] }))
      .toEqual({ reason: '第2项商品的总价（179.7）与数量×单价（179.8）不一致' });
  });

  it('net weight never above gross weight', () => {
    expect(runChecks(['netGross'], { head: { netWeight: '1.2', grossWeight: '1.5' }, lines: [] })).toBeUndefined();
    expect(runChecks(['netGross'], { head: { netWeight: '1.50001', grossWeight: '1.5' }, lines: [] }))
      .toEqual({ reason: '净重（1.50001）不能大于毛重（1.5）' });
  });

  it('second quantity and unit come together, and positive', () => {
    expect(runChecks(['quantityPairs'], { head: {}, lines: [line(1, { qty2: '1', unit2: '007' })] })).toBeUndefined();
    expect(runChecks(['quantityPairs'], { head: {}, lines: [line(3, { qty2: '1' })] }))
      .toEqual({ reason: '第3项商品的第二数量与第二计量单位必须同时填写或同时为空' });
    expect(runChecks(['quantityPairs'], { head: {}, lines: [line(1, { qty2: '0', unit2: '007' })] }))
      .toEqual({ reason: '第1项商品的第二数量必须大于0' });
  });

  it('codes come from the customs code tables', () => {
    expect(runChecks(['codeTables'], { head: { currency: '142', customsCode: '3100' }, lines: [line(1)] })).toBeUndefined();
    expect(runChecks(['codeTables'], { head: { currency: 'CNY' }, lines: [] })).toEqual({ reason: '币制（CNY）不在海关参数代码表中' });
    expect(runChecks(['codeTables'], { head: {}, lines: [line(4, { unit: '999' })] })).toEqual({ reason: '第4项商品的计量单位（999）不在海关参数代码表中' });
  });

  it('import orders: acturalPaid = goodsValue + freight + taxTotal − discount', () => {
    const head = { goodsValue: '200', freight: '10', taxTotal: '18.2', discount: '5', acturalPaid: '223.2' };
    expect(runChecks(['importPaid'], { head, lines: [] })).toBeUndefined();
    expect(runChecks(['importPaid'], { head: { ...head, acturalPaid: '228.2' }, lines: [] }))
      .toEqual({ reason: '实际支付金额（228.2）不等于商品价格+运杂费+代扣税款-非现金抵扣金额（223.2）' });
  });

  it('the single-transaction limit answers −621005', () => {
    expect(runChecks(['singleLimit'], { head: {}, lines: [line(1, { totalPrice: '5000' })] })).toBeUndefined();
    expect(runChecks(['singleLimit'], { head: {}, lines: [line(1, { totalPrice: '4000' }), line(2, { totalPrice: '1000.01' })] }))
      .toEqual({ status: '-621005', reason: '订购人单次交易金额（表体商品总价合计5000.01元）超过单次交易限值5000元' });
  });
});

describe('三单比对', () => {
  const inventory = findCustomsDocType('CEB621')!;
  const head = {
    guid: 'A', appType: '1', appStatus: '2', orderNo: 'SO1', ebpCode: 'EBP1', ebcCode: 'EBC1', logisticsCode: 'LG1', logisticsNo: 'W1',
    buyerIdNumber: '330102199001011234', buyerName: '张三', agentCode: 'AG1', copNo: 'C1', customsCode: '3100', assureCode: 'EBC1',
    buyerIdType: '1', tradeMode: '1210', grossWeight: '1.5', netWeight: '1.2',
  };
  const order: HeldDocument = { type: 'CEB311', status: '120', head: { ebpCode: 'EBP1', orderNo: 'SO1', ebcCode: 'EBC1', buyerIdNumber: '330102199001011234', buyerName: '张三', acturalPaid: '223.2', consignee: '张三', consigneeTelephone: '13800000000', consigneeAddress: '杭州' } };
  const payment: HeldDocument = { type: 'CEB411', status: '120', head: { orderNo: 'SO1', ebpCode: 'EBP1', amountPaid: '223.2' } };
  const waybill: HeldDocument = { type: 'CEB511', status: '120', head: { logisticsCode: 'LG1', logisticsNo: 'W1', orderNo: 'SO1', consignee: '张三', consigneeTelephone: '13800000000', consigneeAddress: '杭州' } };
  const lines = [line(1)];
  const ctx = { rejectRate: 0, random: () => 0.5 };

  it('looks the referred documents up by the inventory\'s own values', () => {
    expect(matchQuery(inventory.matches![0]!, head)).toEqual({ ebpCode: 'EBP1', orderNo: 'SO1' });
    expect(matchQuery(inventory.matches![2]!, { ...head, logisticsNo: '' })).toBeUndefined();
  });

  it('passes when order, payment and waybill are held and line up', () => {
    expect(judge(inventory, { head, lines }, { ...ctx, matched: [order, payment, waybill] })).toEqual({ kind: 'accepted' });
  });

  it('refuses a missing or not yet taken companion document', () => {
    expect(judge(inventory, { head, lines }, { ...ctx, matched: [order, undefined, waybill] }))
      .toEqual({ kind: 'rejected', reason: '[三单比对]支付单不存在或未入库(ebpCode=EBP1,orderNo=SO1)' });
    expect(judgeMatch(inventory.matches![0]!, head, { ...order, status: '100' })).toBe('[三单比对]电子订单不存在或未入库(ebpCode=EBP1,orderNo=SO1)');
  });

  it('refuses fields that differ between the documents', () => {
    expect(judge(inventory, { head: { ...head, buyerName: '李四' }, lines }, { ...ctx, matched: [order, payment, waybill] }))
      .toEqual({ kind: 'rejected', reason: '[三单比对]订购人姓名[buyerName]不一致：本单李四，对应单据张三' });
    expect(judgeImportTrio(order, { ...payment, head: { ...payment.head, amountPaid: '200' } }, waybill))
      .toBe('[三单比对]支付单支付金额[amountPaid=200]与订单实际支付金额[acturalPaid=223.2]不一致');
    expect(judgeImportTrio(order, payment, { ...waybill, head: { ...waybill.head, consigneeAddress: '宁波' } }))
      .toBe('[三单比对]订单与运单的收货地址[consigneeAddress]不一致');
  });

  it('a cancellation needs its inventory held in a state that allows it', () => {
    const cancel = findCustomsDocType('CEB623')!;
    const c = { guid: 'B', appType: '1', appStatus: '2', customsCode: '3100', orderNo: 'SO1', invtNo: '31002026I000000001', reason: '买家取消', agentCode: 'AG1' };
    expect(judge(cancel, { head: c, lines: [] }, { ...ctx, matched: [{ type: 'CEB621', status: '800', head: {} }] })).toEqual({ kind: 'accepted' });
    // released only: not before (120, 399), not once closed (899), not twice
    for (const status of ['120', '399', '899', 'cancelled']) {
      expect(judge(cancel, { head: c, lines: [] }, { ...ctx, matched: [{ type: 'CEB621', status, head: {} }] }), status)
        .toEqual({ kind: 'rejected', reason: '原清单不存在或当前状态不允许此操作(invtNo=31002026I000000001)' });
    }
  });

  it('an inventory goes 2 → 120 → 399 → 800, with preNo at 2 and invtNo at 120', () => {
    const replies = receiptsOf(inventory, { kind: 'accepted' }, head);
    expect(replies.map((r) => [r.returnStatus, r.returnInfo, r.issues])).toEqual([
      ['2', '新增申报成功[A]', ['preNo']], ['120', '海关入库成功', ['invtNo']], ['399', '海关审结', []], ['800', '海关放行', []],
    ]);
  });
});

describe('issued numbers', () => {
  it('have the lengths and shapes of ceb-messages §6', () => {
    const ctx = { serial: 42, date: '20261121', customsCode: '3100', ieFlag: 'I' as const };
    expect(issueNumber('preNo', ctx)).toBe('B20261121000000042');
    expect(issueNumber('invtNo', ctx)).toBe('31002026I000000042');
    expect(issueNumber('invtNo', { ...ctx, customsCode: undefined, ieFlag: 'E' })).toBe('00002026E000000042');
    for (const kind of ['preNo', 'invtNo', 'sumNo', 'rkdNo'] as const) expect(issueNumber(kind, ctx)).toHaveLength(18);
  });
});
