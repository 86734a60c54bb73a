/**
 * Refusals of the checks a bill passes before it is declared (进口清单: 三单比对 against the order,
 * payment and waybill, the payment formula, the single-transaction limit; ceb-messages §10), and the
 * tax estimate shown before declaring. The spec gives none of these words; they are ours, worded as
 * customs words its own refusals.
 */
export const declareCheckText = {
  /** `三单比对未通过：未找到 订单编号=SO1、电商平台代码=P1 的进口订单` */
  missing: (billLabel: string, keys: string) => `三单比对未通过：未找到 ${keys} 的${billLabel}`,
  /** `三单比对未通过：进口订单 SO1 当前状态为申报中，海关尚未入库` */
  notTaken: (billLabel: string, title: string, stateName: string) => `三单比对未通过：${billLabel} ${title} 当前状态为${stateName}，海关尚未入库`,
  /** `三单比对未通过：订购人姓名 与进口订单不一致（本单：张三，进口订单：李四）` */
  differs: (fieldLabel: string, billLabel: string, mine: string, theirs: string) =>
    `三单比对未通过：${fieldLabel} 与${billLabel}不一致（本单：${mine || '空'}，${billLabel}：${theirs || '空'}）`,
  /** `三单比对未通过：支付单的支付金额（100）与进口订单的实际支付金额（120）不一致` */
  across: (aBill: string, aField: string, aValue: string, bBill: string, bField: string, bValue: string) =>
    `三单比对未通过：${aBill}的${aField}（${aValue || '空'}）与${bBill}的${bField}（${bValue || '空'}）不一致`,
  paidFormula: (billLabel: string, paid: string, expected: string) =>
    `${billLabel}实际支付金额${paid || '空'}与“商品价格+运杂费+代扣税款-非现金抵扣金额”（${expected}）不符`,
  taxTitle: '税费预估',
  taxNote: '跨境电商零售进口：关税税率0%，进口环节增值税、消费税按法定应纳税额的70%征收；以海关电子税单为准。',
  taxColumns: { gnum: '序号', gname: '商品名称', gcode: '商品编码', taxPrice: '完税价格', vatRate: '增值税率%', exciseRate: '消费税率%', customsTax: '关税', valueAddedTax: '增值税', consumptionTax: '消费税', total: '税额合计' },
  taxTotal: (total: string) => `预估税款合计 ${total} 元`,
  taxOverLimit: (total: string, limit: number) => `商品总价${total}元超过单次交易限值${limit}元，海关将不予放行`,
  taxNoLines: '暂无表体，无法预估',
} as const;
