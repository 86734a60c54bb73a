/**
 * 进口清单 — CEB621 Inventory/InventoryHead/InventoryList, answered by CEB622 InventoryReturn
 * (bills §3 "Inventory (invtInventory)", ceb-messages §3.14).
 *
 * copNo (企业内部编号, 20 on import) is the spec's R and what CEB622 is matched by: required, unique,
 * the bill's title. preNo and invtNo are issued by the e-port and customs (read-only). The spec
 * marks nothing else R, so every other element the XSD demands is asked for when declaring.
 * The declaring company (agent) defaults to the logged-in one. tradeMode is 9610 直购进口 or 1210
 * 保税进口, the only modes of an import inventory (the spec's trade_mode filter). Line itemNo is 20
 * characters: the XSD's InventoryList says 20 (the spec 30) and customs enforces the XSD.
 *
 * The list's own actions (bills §4, §6 codes batchCustomReturn, batchCancellation, batchInvtRefund):
 * 批量改为退单, and 申请撤单 / 申请退货 with a prompted reason, which make and declare one 撤销申请
 * (CEB623) or 退货申请 (CEB625) per inventory through the derive words (action-words.ts), as the
 * export inventory does.
 */
import { appFields, consigneeAddress, customsCode, gnum, ieFlag, loctNo, measure, money, note, packNo, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, customReturnAction } from './actions.ts';
import { fromSource, fromSourceLine, type DeriveDef } from './action-words.ts';
import { barCode, gcode, gmodel, gname, itemName, itemNo, itemRecordNo, price, qty, qty1, qty2, totalPrice, unit, unit1, unit2 } from './goods.ts';
import { buyerFields, importCopNo, importInvtNo, inventoryParcel, rmb } from './import-fields.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { agentCodeName } from './parties.ts';
import { billNo, trafNo, voyageNo } from './transport.ts';
import { billActionText, billText } from '../texts/bills.ts';
import type { ActionDef, BillDefinition } from './types.ts';

const toDeclare = { requiredToDeclare: true } as const;
/** States of a companion bill customs has taken (入库, 审结, 放行, 结关). */
const TAKEN = ['120', '399', '800', '899'] as const;

/**
 * 批量改为退单 (before customs decided), 申请撤单 (released, not closed: user.cancelReleased) and
 * 申请退货 (released or closed), each with its reason; docs/decisions/import-invt-which-states-allow-what.md "Import inventory actions".
 */
const inventoryActions: readonly ActionDef[] = [
  { ...customReturnAction, code: 'batchCustomReturn', label: '批量改为退单' },
  {
    code: 'batchCancellation', label: '申请撤单', place: 'list', kind: 'prompt', event: 'user.cancelReleased', api: 'cancel', needsSelection: true,
    prompt: { field: 'reason', label: billActionText.cancelReason, requiredMessage: billText.cancelReasonRequired, maxLength: 1000 },
    success: billText.revoked,
  },
  {
    code: 'batchInvtRefund', label: '申请退货', place: 'list', kind: 'prompt', event: 'user.refund', api: 'refund', needsSelection: true,
    // the inventory refund's reason holds 1000 (bills §3; CEB625 reason C..1000)
    prompt: { field: 'reason', label: billActionText.refundReason, requiredMessage: billText.refundReasonRequired, maxLength: 1000 },
    success: billText.applied,
  },
];

/** The inventory's parcel, parties and buyer, as CEB623 and CEB625 repeat them. */
const requestHead = fromSource(
  'customsCode', 'orderNo', 'ebpCode', 'ebpName', 'ebcCode', 'ebcName', 'logisticsNo', 'logisticsCode', 'logisticsName',
  'invtNo', 'buyerIdType', 'buyerIdNumber', 'buyerName', 'buyerTelephone', 'agentCode', 'agentName',
);

/**
 * What 申请撤单 and 申请退货 make: one bill per inventory, declared at once, with its own 企业内部编号
 * (CD… 撤单, TH… 退货, as the seeded ones have theirs; issue 31) by which customs and its receipt
 * (CEB624/CEB626 InvtCancelReturn/InvtRefundReturn) know it; one live request of each kind per
 * inventory (oncePer: the inventory's invtNo).
 */
const inventoryDerive: Partial<Record<'refund' | 'cancel', DeriveDef>> = {
  cancel: {
    target: 'billCancellation', event: 'user.cancelReleased', verb: billActionText.verbs.cancel, declare: true, oncePer: ['invtNo'],
    head: { appType: { value: '1' }, copNo: { number: 'CD' }, ...requestHead, reason: { form: 'reason' } },
  },
  // all the inventory's goods; a partial return is the refund page's edit after customs refuses it
  refund: {
    target: 'returnApplicationForm', event: 'user.refund', verb: billActionText.verbs.refund, declare: true, oncePer: ['invtNo'],
    head: { appType: { value: '1' }, copNo: { number: 'TH' }, ...requestHead, reason: { form: 'reason' } },
    lines: { per: 'sourceLine', fields: fromSourceLine('gnum', 'gcode', 'gname', 'qty', 'unit') },
  },
};

export const importDetailedList: BillDefinition = {
  key: 'detailedList',
  mode: 'import',
  label: '进口清单',
  states: { mode: 'INVT', billType: 'InvtInventoryState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    ...appFields,
    // orderNo, ebpCode/Name, ebcCode/Name, logisticsNo, logisticsCode/Name
    ...inventoryParcel(toDeclare),
    importCopNo,
    preNo,
    // the platform, the e-commerce company or the logistics company guaranteeing the tax
    { name: 'assureCode', label: '担保企业编号', kind: 'text', maxLength: 30, ...toDeclare },
    { name: 'emsNo', label: '账册编号', kind: 'text', maxLength: 30 },
    { ...importInvtNo, readOnly: true },
    ieFlag('I'),
    { name: 'declTime', label: '申报日期', kind: 'date', ...toDeclare },
    customsCode,
    { name: 'portCode', label: '口岸海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, ...toDeclare },
    { name: 'ieDate', label: '进口日期', kind: 'date' },
    ...buyerFields(toDeclare),
    { ...consigneeAddress, ...toDeclare },
    ...agentCodeName({ ...toDeclare, ownCompany: true }),
    { name: 'areaCode', label: '区内企业代码', kind: 'text', maxLength: 18 },
    { name: 'areaName', label: '区内企业名称', kind: 'text', maxLength: 100 },
    { name: 'tradeMode', label: '贸易方式', kind: 'select', maxLength: 4, column: 'trade_mode', ...toDeclare,
      options: [{ value: '9610', label: '9610 直购进口' }, { value: '1210', label: '1210 保税进口' }] },
    trafMode,
    // trafNo, voyageNo and billNo: required for 9610 direct purchase, left empty for 1210 bonded
    trafNo,
    voyageNo,
    billNo,
    loctNo,
    { name: 'licenseNo', label: '许可证号', kind: 'text', maxLength: 19 },
    { name: 'country', label: '起运国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...toDeclare },
    money('freight', '运杂费', { ...toDeclare, default: 0 }),
    money('insuredFee', '保价费', { ...toDeclare, default: 0 }),
    rmb,
    { name: 'wrapType', label: '包装种类', kind: 'select', codeTable: 'wrap_type', maxLength: 1 },
    { ...packNo, default: 1, ...toDeclare },
    measure('grossWeight', '毛重（千克）', toDeclare),
    measure('netWeight', '净重（千克）', toDeclare),
    note,
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 99,
    sequenceField: 'gnum',
    fields: [
      // one-to-one with the order's line numbers
      gnum(4),
      itemRecordNo,
      { ...itemNo, maxLength: 20 },
      itemName,
      { ...gcode, ...toDeclare },
      { ...gname, ...toDeclare },
      { ...gmodel, maxLength: 510, ...toDeclare },
      barCode,
      { name: 'country', label: '原产国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...toDeclare },
      { name: 'tradeCountry', label: '贸易国（地区）', kind: 'select', codeTable: 'country', maxLength: 3 },
      rmb,
      { ...qty, ...toDeclare },
      { ...unit, ...toDeclare },
      { ...qty1, ...toDeclare },
      { ...unit1, ...toDeclare },
      qty2,
      unit2,
      { ...price, ...toDeclare },
      { ...totalPrice, ...toDeclare },
      note,
    ],
  },
  list: declarableBillList(
    // bills §3 common list columns: copNo, agentCodeName, ebcCodeName, customsCodeName, preNo, invtNo
    columns(['copNo', 170], 'preNo', ['invtNo', 170], 'orderNo', 'logisticsNo', 'agentName', 'ebcName', ['customsCode', 110], 'tradeMode'),
    search({ copNo: 'like', orderNo: 'like', logisticsNo: 'like', invtNo: 'like', tradeMode: 'eq' }),
  ),
  actions: [...billActions, ...inventoryActions],
  derive: inventoryDerive,
  // 三单比对 before declaring (ceb-messages §10): the order, payment and waybill customs already took
  // (120 入库 …), the fields that must line up, the payment formula and the 5,000 CNY limit; the
  // simulator refuses the same cases. The estimate of the 70 % retail tax shows under the body.
  declareChecks: {
    companions: [
      {
        name: 'order', bill: { mode: 'import', key: 'order' }, by: { ebpCode: 'ebpCode', orderNo: 'orderNo' }, states: TAKEN,
        equal: [['ebcCode', 'ebcCode'], ['buyerIdNumber', 'buyeridNumber'], ['buyerName', 'buyerName'], ['buyerTelephone', 'buyerTelephone']],
      },
      { name: 'payment', bill: { mode: 'import', key: 'receipt' }, by: { ebpCode: 'ebpCode', orderNo: 'orderNo' }, states: TAKEN },
      {
        name: 'waybill', bill: { mode: 'import', key: 'waybill' }, by: { logisticsCode: 'logisticsCode', logisticsNo: 'logisticsNo' }, states: TAKEN,
        equal: [['orderNo', 'orderNo']],
      },
    ],
    across: [
      ['payment.amountPaid', 'order.acturalPaid'],
      ['payment.payCode', 'order.payCode', 'ifSet'],
      ['payment.payTransactionId', 'order.payTransactionId', 'ifSet'],
      ['waybill.consignee', 'order.consignee'],
      ['waybill.consigneeTelephone', 'order.consigneeTelephone'],
      ['waybill.consigneeAddress', 'order.consigneeAddress'],
    ],
    // the single-transaction limit is customs' rule R104 of CEB621 (domain/customs/rules)
    rules: ['paidFormula'],
  },
  detailSections: ['importTaxEstimate'],
  // bills §7 gives /invtInventory/queryPageList only; the rest mirror the export inventory's verbs
  // (/expuInventry/…): queryById, queryListByHeadId, saveData, saveDataAndDeclaration, saveDataList,
  // declarationList, queryStateCount, sendReceipt, downloadQueryTemplate, updateCustomReturn, and
  // declarationExpuRefund / declarationExpuInvtCancel with Invt for Expu; plus deleteByIds (the
  // bills' delete verb), deleteDataList (body rows) and exportData (as sign records and refunds).
  api: {
    pageList: '/invtInventory/queryPageList',
    queryStateCount: '/invtInventory/queryStateCount',
    detail: '/invtInventory/queryById',
    lines: '/invtInventory/queryListByHeadId',
    save: '/invtInventory/saveData',
    saveAndApply: '/invtInventory/saveDataAndDeclaration',
    saveLines: '/invtInventory/saveDataList',
    deleteLines: '/invtInventory/deleteDataList',
    apply: '/invtInventory/declarationList',
    delete: '/invtInventory/deleteByIds',
    export: '/invtInventory/exportData',
    sendReceipt: '/invtInventory/sendReceipt',
    downloadQueryTemplate: '/invtInventory/downloadQueryTemplate',
    refund: '/invtInventory/declarationInvtRefund',
    cancel: '/invtInventory/declarationInvtCancel',
    customReturn: '/invtInventory/updateCustomReturn',
  },
  message: {
    type: 'CEB621',
    root: 'CEB621Message',
    schema: 'import',
    body: 'Inventory',
    head: 'InventoryHead',
    line: 'InventoryList',
    receipt: { type: 'CEB622', root: 'CEB622Message', element: 'InventoryReturn', keys: ['copNo'] },
  },
};
