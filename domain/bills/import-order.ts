/**
 * 进口订单 — CEB311 Order/OrderHead/OrderList, answered by CEB312 OrderReturn (bills §3 "Order",
 * its import extras; ceb-messages §3.11).
 *
 * Required: what the spec marks R; the rest the XSD demands (discount, taxTotal, acturalPaid, the
 * buyer and consignee blocks, the line's gmodel and country) is asked for when declaring. Names are
 * the spec's, spelling included (buyeridType, buyeridNumber, consigneeDitrict); `xml` gives the
 * element the XSD spells differently.
 */
import { appFields, consignee, consigneeAddress, consigneeTelephone, gnum, money, note, orderNo, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { barCode, gmodel, itemDescribe, itemName, itemNo, price, qty, totalPrice, unit } from './goods.ts';
import { rmb } from './import-fields.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { ebcCodeName, ebpCodeName, payCodeName } from './parties.ts';
import type { BillDefinition } from './types.ts';

const toDeclare = { requiredToDeclare: true } as const;

export const importOrder: BillDefinition = {
  key: 'order',
  mode: 'import',
  label: '进口订单',
  states: { mode: 'INVT', billType: 'InvtOrderState' },
  titleField: 'orderNo',
  // Customs keys orders by platform and number (the CEB312 keys): the pair, not the number alone.
  uniqueBy: ['ebpCode', 'orderNo'],
  head: [
    ...appFields,
    { name: 'orderType', label: '订单类型', kind: 'select', maxLength: 1, required: true, default: 'I', options: [{ value: 'I', label: 'I 进口' }] },
    { ...orderNo, required: true },
    ...ebpCodeName({ required: true }),
    ...ebcCodeName({ required: true, ownCompany: true }),
    money('goodsValue', '商品金额', { required: true }),
    money('freight', '运杂费', { required: true, default: 0 }),
    money('discount', '非现金抵扣金额', { ...toDeclare, default: 0 }),
    money('taxTotal', '代扣税款', { ...toDeclare, default: 0 }),
    // goodsValue + freight + taxTotal − discount; must equal the payment's amountPaid (ceb-messages §10)
    money('acturalPaid', '实际支付金额', toDeclare),
    rmb,
    { name: 'buyerRegNo', label: '订购人注册号', kind: 'text', maxLength: 60, ...toDeclare },
    { name: 'buyerName', label: '订购人姓名', kind: 'text', maxLength: 60, ...toDeclare },
    { name: 'buyerTelephone', label: '订购人电话', kind: 'text', maxLength: 30, ...toDeclare },
    { name: 'buyeridType', label: '订购人证件类型', kind: 'select', codeTable: 'id_type', maxLength: 1, default: '1', xml: 'buyerIdType', ...toDeclare },
    { name: 'buyeridNumber', label: '订购人证件号码', kind: 'text', maxLength: 60, xml: 'buyerIdNumber', ...toDeclare },
    ...payCodeName(),
    { name: 'payTransactionId', label: '支付交易编号', kind: 'text', maxLength: 60 },
    { name: 'batchNumbers', label: '商品批次号', kind: 'text', maxLength: 100 },
    // The consignee must read as on the waybill (CEB511).
    { ...consignee, ...toDeclare },
    { ...consigneeTelephone, ...toDeclare },
    { ...consigneeAddress, ...toDeclare },
    { name: 'consigneeDitrict', label: '收货地址行政区划代码', kind: 'text', maxLength: 6, xml: 'consigneeDistrict' },
    note,
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 99,
    sequenceField: 'gnum',
    fields: [
      gnum(4),
      itemNo,
      { ...itemName, required: true },
      { ...gmodel, maxLength: 510, ...toDeclare },
      itemDescribe,
      barCode,
      { ...unit, required: true },
      { ...qty, required: true },
      { ...price, required: true },
      { ...totalPrice, required: true },
      rmb,
      { name: 'country', label: '原产国', kind: 'select', codeTable: 'country', maxLength: 3, ...toDeclare },
      note,
    ],
  },
  list: declarableBillList(
    columns('orderNo', 'ebpName', 'ebcName', 'buyerName', 'goodsValue', ['acturalPaid', 120]),
    search({ orderNo: 'like', ebpCode: 'eq', ebcName: 'like', buyerName: 'like' }),
  ),
  actions: billActions,
  // bills §7 lists pageList … downloadQueryTemplate; the body and delete verbs mirror the export
  // order's (saveOrderList, deleteOrderList, deleteByIds), since the page seeds bodySave/delete/batchDelete.
  api: {
    pageList: '/invt/order/pageList',
    queryStateCount: '/invt/order/queryStateCount',
    detail: '/invt/order/findHeadById',
    lines: '/invt/order/findListByHeadId',
    save: '/invt/order/save',
    saveAndApply: '/invt/order/saveAndApply',
    saveLines: '/invt/order/saveOrderList',
    deleteLines: '/invt/order/deleteOrderList',
    apply: '/invt/order/applyByIds',
    delete: '/invt/order/deleteByIds',
    export: '/invt/order/exportOrderData',
    sendReceipt: '/invt/order/sendReceipt',
    downloadQueryTemplate: '/invt/order/downloadQueryTemplate',
  },
  message: {
    type: 'CEB311',
    root: 'CEB311Message',
    schema: 'import',
    body: 'Order',
    head: 'OrderHead',
    line: 'OrderList',
    receipt: { type: 'CEB312', root: 'CEB312Message', element: 'OrderReturn', keys: ['ebpCode', 'orderNo'] },
  },
};
