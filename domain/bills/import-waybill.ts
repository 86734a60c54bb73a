/**
 * 进口运单 — CEB511 Logistics/LogisticsHead, answered by CEB512 LogisticsReturn (bills §3
 * "Logistics waybill", ceb-messages §3.13). No body lines.
 *
 * logisticsNo is 60 characters (the import XSD; the spec's "60 or 80"). The spec marks billNo,
 * freight and insuredFee R though CEB511 makes them optional: the form follows the spec. The
 * weight is the XSD's `weight` (毛重). ebcCode/ebcName/ebcTelephone are on the spec's form and list
 * but CEB511 has no element for them (xml: false). packNo defaults to 1 (one parcel per waybill).
 */
import { appFields, consignee, consigneeAddress, consigneeTelephone, logisticsNo, measure, money, note, orderNo, packNo, transferFields } from './fields.ts';
import { headOnlyBillActions, withoutCodes } from './actions.ts';
import { rmb } from './import-fields.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { ebcCodeName, logisticsCodeName } from './parties.ts';
import { billNo } from './transport.ts';
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
    ...appFields,
    ...logisticsCodeName({ required: true }),
    { ...logisticsNo, required: true },
    { ...billNo, required: true },
    { ...orderNo, required: true },
    money('freight', '运杂费', { required: true, default: 0 }),
    money('insuredFee', '保价费', { required: true, default: 0 }),
    rmb,
    measure('weight', '毛重（千克）', { required: true }),
    { ...packNo, required: true, default: 1 },
    { name: 'goodsInfo', label: '主要货物信息', kind: 'text', maxLength: 200, span: 2 },
    // The consignee must read as on the order (CEB311).
    { ...consignee, required: true },
    { ...consigneeAddress, required: true },
    { ...consigneeTelephone, required: true },
    note,
    // On the spec's form and list, not in CEB511.
    ...ebcCodeName({ xml: false }),
    { name: 'ebcTelephone', label: '电商企业电话', kind: 'text', maxLength: 50, xml: false },
    ...transferFields,
  ],
  list: declarableBillList(
    // bills §3: logisticsNo, logisticsCodeName, ebcCodeName, ebcTelephone, freight, grossWeight
    // (here `weight`); a code-and-name column is shown as its two fields.
    columns(['logisticsNo', 190], 'logisticsCode', 'logisticsName', 'ebcCode', 'ebcName', 'ebcTelephone', 'freight', ['weight', 120]),
    search({ logisticsNo: 'like', logisticsCode: 'eq', orderNo: 'like', billNo: 'like' }),
  ),
  actions: withoutCodes(headOnlyBillActions, 'temporary'),
  // bills §7; delete → deleteByIds as for /expu/logistics (docs/decisions/bill-type-definitions-beyond-first-slice.md).
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
