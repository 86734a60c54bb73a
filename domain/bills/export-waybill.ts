/**
 * 出口运单 — CEB505 Logistics (flat), answered by CEB506 LogisticsReturn (bills §3 "Logistics
 * waybill", ceb-messages §3.3). No body lines.
 *
 * logisticsNo: the spec says 60 or 80, the XSD (since 2022) 32; customs enforces 32, so the form
 * does too. billNo, consignee* and orderNo are on the spec's form but CEB505 has no element for
 * them (xml: false). goodsInfo is optional on the form but the XSD demands it: asked when declaring.
 */
import { appTime, appType, money, note, transferFields } from './fields.ts';
import { headOnlyBillActions } from './actions.ts';
import { declarableBillList } from './lists.ts';
import type { BillDefinition } from './types.ts';

export const exportWaybill: BillDefinition = {
  key: 'waybill',
  mode: 'export',
  label: '出口运单',
  states: { mode: 'EXPU', billType: 'ExpuLogisticsState' },
  titleField: 'logisticsNo',
  // A waybill number is unique per logistics company (ceb-messages §3.3): the pair, not the number alone.
  uniqueBy: ['logisticsCode', 'logisticsNo'],
  head: [
    appType,
    appTime,
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, required: true, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, required: true, column: 'logistics_name' },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, required: true, column: 'logistics_no' },
    money('freight', '运杂费', { required: true }),
    money('insuredFee', '保价费', { required: true, default: 0 }),
    { name: 'currency', label: '币制', kind: 'select', codeTable: 'currency', maxLength: 3, required: true, default: '142' },
    money('grossWeight', '毛重（千克）', { required: true }),
    { name: 'packNo', label: '件数', kind: 'integer', digits: 9, required: true },
    { name: 'goodsInfo', label: '主要货物信息', kind: 'text', maxLength: 200, requiredToDeclare: true, span: 2 },
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, column: 'ebc_code' },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, column: 'ebc_name' },
    { name: 'ebcTelephone', label: '电商企业电话', kind: 'text', maxLength: 50 },
    // On the spec's form, not in CEB505.
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, required: true, xml: false, column: 'bill_no' },
    { name: 'consignee', label: '收货人姓名', kind: 'text', maxLength: 100, required: true, xml: false },
    { name: 'consigneeTelephone', label: '收货人电话', kind: 'text', maxLength: 50, required: true, xml: false },
    { name: 'consigneeAddress', label: '收货地址', kind: 'text', maxLength: 200, required: true, xml: false, span: 2 },
    { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, required: true, xml: false, column: 'order_no' },
    note,
    ...transferFields,
  ],
  list: declarableBillList(
    // bills §3: logisticsNo, logisticsCodeName, ebcCodeName, ebcTelephone, freight, grossWeight,
    // appTime, returnInfo; a code-and-name column is shown as its two fields.
    [
      { field: 'logisticsNo', navigate: true, sortable: true, width: 190 },
      { field: 'logisticsCode', width: 130 },
      { field: 'logisticsName', width: 200 },
      { field: 'ebcCode', width: 130 },
      { field: 'ebcName', width: 200 },
      { field: 'ebcTelephone', width: 130 },
      { field: 'freight', width: 110 },
      { field: 'grossWeight', width: 120 },
    ],
    [
      { field: 'logisticsNo', termType: 'like' },
      { field: 'logisticsCode', termType: 'eq' },
      { field: 'orderNo', termType: 'like' },
      { field: 'billNo', termType: 'like' },
    ],
  ),
  actions: headOnlyBillActions,
  api: {
    pageList: '/expu/logistics/pageList',
    queryStateCount: '/expu/logistics/queryStateCount',
    detail: '/expu/logistics/findById',
    save: '/expu/logistics/save',
    saveAndApply: '/expu/logistics/saveAndApply',
    apply: '/expu/logistics/applyByIds',
    delete: '/expu/logistics/deleteByIds',
    export: '/expu/logistics/exportLogisticsData',
    sendReceipt: '/expu/logistics/sendReceipt',
    downloadQueryTemplate: '/expu/logistics/downloadQueryTemplate',
  },
  message: {
    type: 'CEB505',
    root: 'CEB505Message',
    schema: 'export',
    body: 'Logistics',
    receipt: { type: 'CEB506', root: 'CEB506Message', element: 'LogisticsReturn', keys: ['logisticsCode', 'logisticsNo'] },
  },
};
