/**
 * 出口清单 — CEB603 Inventory/InventoryHead/InventoryList, answered by CEB604 InventoryReturn
 * (bills §3 "Export inventory (expuInventry)", ceb-messages §3.6).
 *
 * Required: the spec marks copNo (common header) and pod; everything else the XSD demands is asked
 * for when declaring (requiredToDeclare), so a draft can be kept half filled. Lengths: the spec's
 * where it gives one, else the XSD's; logisticsNo is the XSD's 32 (the spec's 60 is refused by
 * customs, as on the waybill). API names follow the spec's spelling (pod, fcurrency, fflag,
 * icurrency, iflag), written as the XSD's elements (POD, fCurrency …). rmbGoodsValue is shown,
 * never typed, and not part of CEB603. preNo and invtNo are issued by the e-port and customs.
 * ieFlag is always E on an export inventory.
 */
import { appFields, copNo, customsCode, gnum, ieFlag, invtNo, lineNote, loctNo, logisticsNo, measure, money, note, orderNo, packNo, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, customReturnAction, leaveAction } from './actions.ts';
import { fromSource, fromSourceLine, type DeriveDef } from './action-words.ts';
import { departureHead } from './export-departure-form.ts';
import { barCode, gcode, gmodel, gname, itemName, itemNo, itemRecordNo, price, qty, qty1, qty2, totalPrice, unit, unit1, unit2 } from './goods.ts';
import { itemNameFlagField, summaryFlagField, summaryFromInventories } from './export-summary-application-form.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { agentCodeName, ebcCodeName, ebpCodeName, logisticsCodeName, operatorCodeName } from './parties.ts';
import { billNo, domesticTrafNo, totalPackageNo, trafName, voyageNo } from './transport.ts';
import { billActionText, billText } from '../texts/bills.ts';
import type { ActionDef, BillDefinition, FieldDef } from './types.ts';

const declare = { requiredToDeclare: true } as const;
const currency = (name: string, label: string, xml?: string): FieldDef =>
  ({ name, label, kind: 'select', codeTable: 'currency', maxLength: 3, default: '142', ...declare, ...(xml ? { xml } : {}) });
const feeFlag = (name: string, label: string, xml: string): FieldDef =>
  ({ name, label, kind: 'select', codeTable: 'fee_flag', maxLength: 1, default: '3', xml, ...declare });

/**
 * The inventory list's own actions (bills §4, §6): 改为退单, 申请撤单 and 申请退货 with a reason,
 * 批量离境 with leaveTime, 生成运抵单, 生成清单总分单 and 汇总申请 (the summary dialog), each allowed
 * in the states the lifecycle gives its event.
 */
const inventoryActions: readonly ActionDef[] = [
  customReturnAction,
  {
    code: 'batchCancellation', label: '申请撤单', place: 'list', kind: 'prompt', event: 'user.cancel', api: 'cancel', needsSelection: true,
    prompt: { field: 'reason', label: billActionText.cancelReason, requiredMessage: billText.cancelReasonRequired, maxLength: 1000 },
    success: billText.revoked,
  },
  {
    code: 'batchInvtRefund', label: '申请退货', place: 'list', kind: 'prompt', event: 'user.refund', api: 'refund', needsSelection: true,
    // the 退货申请's reason holds 100 (bills §3)
    prompt: { field: 'reason', label: billActionText.refundReason, requiredMessage: billText.refundReasonRequired, maxLength: 100 },
    success: billText.applied,
  },
  leaveAction,
  {
    code: 'exportDelivery', label: '生成运抵单', place: 'list', kind: 'dialog', dialog: 'form', event: 'user.deliver', api: 'delivery', needsSelection: true,
    // what the inventories do not know: the supervised site's operator and the domestic vehicle
    form: [...operatorCodeName({ required: true }), { ...domesticTrafNo, required: true }],
    success: billText.created,
  },
  {
    code: 'exportDeliveryReinsurance', label: '生成清单总分单', place: 'list', kind: 'dialog', dialog: 'form', event: 'user.deliver', api: 'reinsurance', needsSelection: true,
    // the voyage and master bill the inventories may have left to the 清单总分单 (ceb-messages §3.6);
    // empty: the inventories' own, and the 清单总分单 page can complete them
    form: [trafName, voyageNo, { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37 }, domesticTrafNo],
    success: billText.created,
  },
  {
    code: 'summary', label: '汇总申请', place: 'list', kind: 'dialog', dialog: 'form', event: 'user.summarize', api: 'summarize', needsSelection: true,
    idsKey: 'inventoryIds', form: [summaryFlagField, itemNameFlagField], success: billText.applied,
  },
];

/** The parcels of the inventories as lines of a logistics bill (运抵单, 离境单, 清单总分单). */
const parcelLines = { per: 'source', fields: { logisticsNo: { from: 'logisticsNo' }, totalPackageNo: { from: 'totalPackageNo' } } } as const;

/** What each of those actions makes (action-words.ts). */
const inventoryDerive: Partial<Record<'refund' | 'cancel' | 'leave' | 'delivery' | 'reinsurance' | 'summarize', DeriveDef>> = {
  // one 退货申请 per inventory, its goods lines, declared, with its own 企业内部编号 (TH…, issue 31);
  // one live refund per inventory (oncePer invtNo)
  refund: {
    target: 'returnApplicationForm', event: 'user.refund', verb: billActionText.verbs.refund, declare: true, oncePer: ['invtNo'],
    head: {
      appType: { value: '1' }, coElNo: { number: 'TH' },
      ...fromSource('customsCode', 'loctNo', 'ebpCode', 'ebpName', 'ebcCode', 'ebcName', 'logisticsNo', 'logisticsCode', 'logisticsName', 'invtNo',
        'agentCode', 'agentName', 'billNo', 'trafMode', 'trafName', 'portCode', 'voyageNo'),
      // the return's own customs procedure: 9661 一般出口退货, 1261 特殊区域出口退货
      tradeMode: { from: 'tradeMode', map: { '9610': '9661', '1210': '1261' } },
      // where the goods come back from: the country they were exported to
      country: { from: 'country' },
      reason: { form: 'reason' },
    },
    lines: {
      per: 'sourceLine',
      fields: fromSourceLine('gnum', 'gcode', 'gname', 'gmodel', 'qty', 'qty1', 'unit', 'unit1', 'qty2', 'unit2'),
    },
  },
  // one 撤销申请 per inventory, declared, with its own 企业内部编号 (CD…, issue 31); one live
  // cancellation per inventory (invtNo, its uniqueBy)
  cancel: {
    target: 'billCancellation', event: 'user.cancel', verb: billActionText.verbs.cancel, declare: true,
    head: {
      appType: { value: '1' }, copNo: { number: 'CD' },
      ...fromSource('customsCode', 'invtNo', 'agentCode', 'agentName', 'ebcCode', 'ebcName', 'orderNo', 'logisticsNo', 'ebpCode', 'ebpName',
        'logisticsCode', 'logisticsName'),
      reason: { form: 'reason' },
    },
  },
  // one 离境单 per carrier, vehicle and master bill, declared with the leaveTime asked
  leave: {
    target: 'departureForm', event: 'user.depart', verb: billActionText.verbs.leave, declare: true,
    groupBy: ['customsCode', 'logisticsCode', 'trafMode', 'trafName', 'voyageNo', 'billNo'],
    head: departureHead,
    lines: parcelLines,
  },
  // one 运抵单 per carrier and master bill, a draft the 运抵单 page declares
  delivery: {
    target: 'arrivalNote', event: 'user.deliver', verb: billActionText.verbs.delivery,
    groupBy: ['customsCode', 'logisticsCode', 'trafMode', 'billNo', 'loctNo'],
    head: {
      appType: { value: '1' }, copNo: { number: 'YD' },
      ...fromSource('customsCode', 'loctNo', 'trafMode', 'billNo', 'logisticsCode', 'logisticsName'),
      operatorCode: { form: 'operatorCode' }, operatorName: { form: 'operatorName' }, domesticTrafNo: { form: 'domesticTrafNo' },
    },
    lines: parcelLines,
  },
  // one 清单总分单 per carrier, a draft the 清单总分单 page completes and declares; its gross weight
  // is the inventories'
  reinsurance: {
    target: 'billOfLading', event: 'user.deliver', verb: billActionText.verbs.reinsurance,
    groupBy: ['customsCode', 'agentCode', 'logisticsCode', 'trafMode', 'loctNo'],
    head: {
      appType: { value: '1' }, copNo: { number: 'ZF' },
      ...fromSource('customsCode', 'agentCode', 'agentName', 'loctNo', 'trafMode', 'logisticsCode', 'logisticsName'),
      trafName: { form: 'trafName', from: 'trafName' }, voyageNo: { form: 'voyageNo', from: 'voyageNo' }, billNo: { form: 'billNo', from: 'billNo' },
      domesticTrafNo: { form: 'domesticTrafNo' },
      grossWeight: { sum: 'grossWeight' },
    },
    lines: { per: 'source', fields: { ...parcelLines.fields, invtNo: { from: 'invtNo' } } },
  },
  summarize: summaryFromInventories,
};

export const exportDetailedList: BillDefinition = {
  key: 'detailedList',
  mode: 'export',
  label: '出口清单',
  states: { mode: 'EXPU', billType: 'ExpuInventoryState' },
  titleField: 'copNo',
  // customs keys an inventory by the enterprise's number (InventoryReturn echoes agentCode + copNo)
  uniqueBy: ['copNo'],
  head: [
    ...appFields,
    customsCode,
    ...ebpCodeName(declare),
    { ...orderNo, ...declare },
    ...logisticsCodeName(declare),
    { ...logisticsNo, maxLength: 32, ...declare },
    copNo,
    preNo,
    { ...invtNo, readOnly: true },
    ieFlag('E'),
    { name: 'portCode', label: '出口口岸代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, ...declare },
    { name: 'ieDate', label: '出口日期', kind: 'date', ...declare },
    { name: 'statisticsFlag', label: '申报业务类型', kind: 'select', codeTable: 'statistics_flag', maxLength: 1, ...declare },
    ...agentCodeName({ ...declare, ownCompany: true }),
    ...ebcCodeName({ ...declare, ownCompany: true }),
    { name: 'ownerCode', label: '生产销售单位代码', kind: 'text', maxLength: 18, ...declare },
    { name: 'ownerName', label: '生产销售单位名称', kind: 'text', maxLength: 100, ...declare },
    // special-zone export (1210) only
    { name: 'iacCode', label: '区内企业代码', kind: 'text', maxLength: 18 },
    { name: 'iacName', label: '区内企业名称', kind: 'text', maxLength: 100 },
    { name: 'emsNo', label: '账册编号', kind: 'text', maxLength: 30 },
    { name: 'tradeMode', label: '贸易方式', kind: 'select', codeTable: 'trade_mode', maxLength: 4, default: '9610', ...declare, column: 'trade_mode' },
    trafMode,
    // voyage, bill, package: may follow later in the 清单总分单 where the customs office allows it
    trafName,
    voyageNo,
    billNo,
    totalPackageNo,
    loctNo,
    { name: 'licenseNo', label: '许可证号', kind: 'text', maxLength: 19 },
    { name: 'country', label: '运抵国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...declare },
    { name: 'pod', label: '指运港代码', kind: 'select', codeTable: 'port', maxLength: 4, required: true, xml: 'POD' },
    money('freight', '运费', declare),
    currency('fcurrency', '运费币制', 'fCurrency'),
    feeFlag('fflag', '运费标志', 'fFlag'),
    money('insuredFee', '保费', { ...declare, default: 0 }),
    currency('icurrency', '保费币制', 'iCurrency'),
    feeFlag('iflag', '保费标志', 'iFlag'),
    { name: 'wrapType', label: '包装种类代码', kind: 'select', codeTable: 'wrap_type', maxLength: 1, ...declare },
    { ...packNo, ...declare },
    measure('grossWeight', '毛重（千克）', declare),
    measure('netWeight', '净重（千克）', declare),
    note,
    money('rmbGoodsValue', '人民币货值', { readOnly: true, xml: false }),
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 100,
    sequenceField: 'gnum',
    fields: [
      gnum(5),
      { ...itemNo, maxLength: 20, ...declare },
      itemRecordNo,
      itemName,
      { ...gcode, ...declare },
      { ...gname, ...declare },
      { ...gmodel, ...declare },
      // customs wants 无 when the goods have no bar code
      { ...barCode, default: '无', ...declare },
      { name: 'country', label: '最终目的国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...declare },
      currency('currency', '币制'),
      { ...qty, ...declare },
      { ...qty1, ...declare },
      qty2,
      { ...unit, ...declare },
      { ...unit1, ...declare },
      unit2,
      { ...price, ...declare },
      { ...totalPrice, ...declare },
      lineNote,
    ],
  },
  list: declarableBillList(
    columns('copNo', 'preNo', 'invtNo', 'orderNo', 'logisticsNo', 'agentName', 'ebcName', 'customsCode', 'tradeMode'),
    search(
      { copNo: 'like', orderNo: 'like', logisticsNo: 'like', invtNo: 'like' },
      // bills §3: the trade_mode filter, one choice of 9610 / 1210 with the direction (export here)
      { field: 'tradeMode', termType: 'eq', options: [{ value: '9610', label: '出口9610' }, { value: '1210', label: '出口1210' }] },
    ),
  ),
  actions: [...billActions, ...inventoryActions],
  derive: inventoryDerive,
  // bills §7 Export inventory. Not listed there, derived from the same family: delete → deleteById
  // (the verb of /expuDeclaration and /expuTallying), deleteLines → deleteDataList (beside
  // saveDataList), export → exportData (/expu_refund's verb; exportDelivery is 生成运抵单).
  api: {
    pageList: '/expuInventry/queryPageList',
    queryStateCount: '/expuInventry/queryStateCount',
    detail: '/expuInventry/queryById',
    lines: '/expuInventry/queryListByHeadId',
    save: '/expuInventry/saveData',
    saveAndApply: '/expuInventry/saveDataAndDeclaration',
    saveLines: '/expuInventry/saveDataList',
    deleteLines: '/expuInventry/deleteDataList',
    apply: '/expuInventry/declarationList',
    delete: '/expuInventry/deleteById',
    export: '/expuInventry/exportData',
    sendReceipt: '/expuInventry/sendReceipt',
    downloadQueryTemplate: '/expuInventry/downloadQueryTemplate',
    refund: '/expuInventry/declarationExpuRefund',
    cancel: '/expuInventry/declarationExpuInvtCancel',
    customReturn: '/expuInventry/updateCustomReturn',
    leave: '/expuInventry/declarationLeave',
    delivery: '/expuInventry/exportDelivery',
    reinsurance: '/expuInventry/exportInventoryReinsurance',
    // the summary application's path (bills §7), called from this list with the chosen inventoryIds
    summarize: '/expuSummaryApply/declarationByInvrntory',
  },
  message: {
    type: 'CEB603',
    root: 'CEB603Message',
    schema: 'export',
    body: 'Inventory',
    head: 'InventoryHead',
    line: 'InventoryList',
    receipt: { type: 'CEB604', root: 'CEB604Message', element: 'InventoryReturn', keys: ['copNo'] },
  },
};
