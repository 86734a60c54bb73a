/**
 * 出口运单 — CEB505 Logistics (flat), answered by CEB506 LogisticsReturn (bills §3 "Logistics
 * waybill", ceb-messages §3.3). No body lines.
 *
 * logisticsNo: the spec says 60 or 80, the XSD (since 2022) 32; customs enforces 32, so the form
 * does too. billNo, consignee* and orderNo are on the spec's form but CEB505 has no element for
 * them (xml: false). goodsInfo is optional on the form but the XSD demands it: asked when declaring.
 */
import { appFields, consignee, consigneeAddress, consigneeTelephone, currency, logisticsNo, measure, money, note, orderNo, packNo, transferFields } from './fields.ts';
import { headOnlyBillActions } from './actions.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { ebcCodeName, logisticsCodeName } from './parties.ts';
import { billNo } from './transport.ts';
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
    ...appFields,
    ...logisticsCodeName({ required: true }),
    { ...logisticsNo, maxLength: 32, required: true },
    money('freight', '运杂费', { required: true }),
    money('insuredFee', '保价费', { required: true, default: 0 }),
    currency,
    measure('grossWeight', '毛重（千克）', { required: true }),
    { ...packNo, required: true },
    { name: 'goodsInfo', label: '主要货物信息', kind: 'text', maxLength: 200, requiredToDeclare: true, span: 2 },
    ...ebcCodeName(),
    { name: 'ebcTelephone', label: '电商企业电话', kind: 'text', maxLength: 50 },
    // On the spec's form, not in CEB505.
    { ...billNo, required: true, xml: false },
    { ...consignee, required: true, xml: false },
    { ...consigneeTelephone, required: true, xml: false },
    { ...consigneeAddress, required: true, xml: false },
    { ...orderNo, required: true, xml: false },
    note,
    ...transferFields,
  ],
  list: declarableBillList(
    // bills §3: logisticsNo, logisticsCodeName, ebcCodeName, ebcTelephone, freight, grossWeight,
    // appTime, returnInfo; a code-and-name column is shown as its two fields.
    columns(['logisticsNo', 190], 'logisticsCode', 'logisticsName', 'ebcCode', 'ebcName', 'ebcTelephone', 'freight', 'grossWeight'),
    search({ logisticsNo: 'like', logisticsCode: 'eq', orderNo: 'like', billNo: 'like' }),
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
