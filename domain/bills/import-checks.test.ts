import { describe, expect, it } from 'vitest';
import { importDetailedList } from './import-detailed-list.ts';
import { importOrder } from './import-order.ts';
import { importPayment } from './import-payment.ts';
import { importWaybill } from './import-waybill.ts';
import { companionQuery, judgeBeforeDeclare, labelsOf, type FoundCompanion } from './import-checks.ts';

const checks = importDetailedList.declareChecks!;
const head = { orderNo: 'SO1', ebpCode: 'P1', ebcCode: 'E1', logisticsNo: 'L1', logisticsCode: 'W1', buyerIdNumber: '330203199001011234', buyerName: '张伟', buyerTelephone: '13800000000' };
const lines = [{ gnum: 1, totalPrice: 300 }];
const order: FoundCompanion = {
  state: '120', stateName: '海关入库',
  head: { orderNo: 'SO1', ebpCode: 'P1', ebcCode: 'E1', buyeridNumber: '330203199001011234', buyerName: '张伟', buyerTelephone: '13800000000',
    goodsValue: 300, freight: 10, taxTotal: 28.21, discount: 5, acturalPaid: 333.21, consignee: '张伟', consigneeTelephone: '13800000000', consigneeAddress: '宁波市鄞州区1号', payCode: 'PAY1' },
};
const payment: FoundCompanion = { state: '120', stateName: '海关入库', head: { payCode: 'PAY1', payTransactionId: 'T1', amountPaid: '333.21', orderNo: 'SO1', ebpCode: 'P1' } };
const waybill: FoundCompanion = { state: '120', stateName: '海关入库', head: { logisticsNo: 'L1', logisticsCode: 'W1', orderNo: 'SO1', consignee: '张伟', consigneeTelephone: '13800000000', consigneeAddress: '宁波市鄞州区1号' } };
const theirs = { order: labelsOf(importOrder), payment: labelsOf(importPayment), waybill: labelsOf(importWaybill) };
const judge = (found: Record<string, FoundCompanion | undefined>, h: Record<string, unknown> = head, l = lines) =>
  judgeBeforeDeclare(checks, { head: h, lines: l, found, mine: labelsOf(importDetailedList), theirs });

describe('三单比对 before an import inventory is declared', () => {
  it('passes when the order, payment and waybill are held by customs and line up', () => {
    expect(judge({ order, payment, waybill })).toBeUndefined();
  });

  it('names the missing or untaken document', () => {
    expect(judge({ order, waybill })).toBe('三单比对未通过：未找到 电商平台代码=P1、订单编号=SO1 的支付单');
    expect(judge({ order: { ...order, state: 'DECLARING', stateName: '申报中' }, payment, waybill })).toBe('三单比对未通过：进口订单 SO1 当前状态为申报中，海关尚未入库');
  });

  it('refuses fields that do not line up, across the three documents too', () => {
    expect(judge({ order, payment, waybill }, { ...head, buyerName: '李四' })).toBe('三单比对未通过：订购人姓名 与进口订单不一致（本单：李四，进口订单：张伟）');
    expect(judge({ order, payment: { ...payment, head: { ...payment.head, amountPaid: 300 } }, waybill }))
      .toBe('三单比对未通过：支付单的支付金额（300）与进口订单的实际支付金额（333.21）不一致');
    expect(judge({ order, payment, waybill: { ...waybill, head: { ...waybill.head, consigneeAddress: '杭州' } } })).toContain('收货地址');
    // the order's optional payCode is compared only when the order names one
    expect(judge({ order: { ...order, head: { ...order.head, payCode: '' } }, payment: { ...payment, head: { ...payment.head, payCode: 'OTHER' } }, waybill })).toBeUndefined();
  });

  it('checks the payment formula (the single-transaction limit is customs\' rule R104)', () => {
    const paid = { ...order, head: { ...order.head, acturalPaid: 333.2 } };
    const pay = { ...payment, head: { ...payment.head, amountPaid: 333.2 } };
    expect(judge({ order: paid, payment: pay, waybill })).toBe('进口订单实际支付金额333.2与“商品价格+运杂费+代扣税款-非现金抵扣金额”（333.21）不符');
  });

  it('looks companions up by my fields, or not at all when one is blank', () => {
    expect(companionQuery(checks.companions[0]!, head)).toEqual({ ebpCode: 'P1', orderNo: 'SO1' });
    expect(companionQuery(checks.companions[0]!, { ...head, orderNo: ' ' })).toBeUndefined();
  });
});
