/**
 * 进口运单 — CEB511 Logistics/LogisticsHead, answered by CEB512 LogisticsReturn (bills §3
 * "Logistics waybill", ceb-messages §3.13). No body lines.
 *
 * logisticsNo is 60 characters (the import XSD; the spec's "60 or 80"). The spec marks billNo,
 * freight and insuredFee R though CEB511 makes them optional: the form follows the spec. The
 * weight is the XSD's `weight` (毛重). ebcCode/ebcName/ebcTelephone are on the spec's form and list
 * but CEB511 has no element for them (xml: false). packNo defaults to 1 (one parcel per waybill).
 */
import { appTime, appType, money, note, transferFields } from './fields.ts';
import { headOnlyBillActions } from './actions.ts';
import { rmb, withoutCodes } from './import-fields.ts';
import { declarableBillList } from './lists.ts';
import type { BillDefinition } from './types.ts';

export const importWaybill: BillDefinition = {
  key: 'waybill',
  mode: 'import',
  label: '进口运单',
  states: { mode: 'INVT', billType: 'InvtLogisticsState' },
  titleField: 'logisticsNo',
  // unique per logistics company within six months (ceb-messages §10): the pair, as on CEB512
  uniqueBy: ['logisticsCode', 'logisticsNo'],
  head: [
    appType,
    appTime,
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, required: true, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, required: true, column: 'logistics_name' },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, required: true, column: 'logistics_no' },
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, required: true, column: 'bill_no' },
    { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, required: true, column: 'order_no' },
    money('freight', '运杂费', { required: true, default: 0 }),
    money('insuredFee', '保价费', { required: true, default: 0 }),
    rmb,
    money('weight', '毛重（千克）', { required: true }),
    { name: 'packNo', label: '件数', kind: 'integer', digits: 9, required: true, default: 1 },
    { name: 'goodsInfo', label: '主要货物信息', kind: 'text', maxLength: 200, span: 2 },
    // The consignee must read as on the order (CEB311).
    { name: 'consignee', label: '收货人姓名', kind: 'text', maxLength: 100, required: true },
    { name: 'consigneeAddress', label: '收货地址', kind: 'text', maxLength: 200, required: true, span: 2 },
    { name: 'consigneeTelephone', label: '收货人电话', kind: 'text', maxLength: 50, required: true },
    note,
    // On the spec's form and list, not in CEB511.
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, xml: false, column: 'ebc_code' },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, xml: false, column: 'ebc_name' },
    { name: 'ebcTelephone', label: '电商企业电话', kind: 'text', maxLength: 50, xml: false },
    ...transferFields,
  ],
  list: declarableBillList(
    // bills §3: logisticsNo, logisticsCodeName, ebcCodeName, ebcTelephone, freight, grossWeight
    // (here `weight`); a code-and-name column is shown as its two fields.
    [
      { field: 'logisticsNo', navigate: true, sortable: true, width: 190 },
      { field: 'logisticsCode', width: 130 },
      { field: 'logisticsName', width: 200 },
      { field: 'ebcCode', width: 130 },
      { field: 'ebcName', width: 200 },
      { field: 'ebcTelephone', width: 130 },
      { field: 'freight', width: 110 },
      { field: 'weight', width: 120 },
    ],
    [
      { field: 'logisticsNo', termType: 'like' },
      { field: 'logisticsCode', termType: 'eq' },
      { field: 'orderNo', termType: 'like' },
      { field: 'billNo', termType: 'like' },
    ],
  ),
  actions: withoutCodes(headOnlyBillActions, 'temporary'),
  // bills §7; delete → deleteByIds as for /expu/logistics (docs/decisions.md).
  api: {
    pageList: '/invt/logistics/pageList',
    queryStateCount: '/invt/logistics/queryStateCount',
    detail: '/invt/logistics/findById',
    save: '/invt/logistics/save',
    saveAndApply: '/invt/logistics/saveAndApply',
    apply: '/invt/logistics/applyByIds',
    delete: '/invt/logistics/deleteByIds',
    export: '/invt/logistics/exportLogisticsData',
    sendReceipt: '/invt/logistics/sendReceipt',
    downloadQueryTemplate: '/invt/logistics/downloadQueryTemplate',
  },
  message: {
    type: 'CEB511',
    root: 'CEB511Message',
    schema: 'import',
    body: 'Logistics',
    head: 'LogisticsHead',
    receipt: { type: 'CEB512', root: 'CEB512Message', element: 'LogisticsReturn', keys: ['logisticsCode', 'logisticsNo'] },
  },
};
