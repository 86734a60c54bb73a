/**
 * 清单总分单 — CEB607 WayBill/WayBillHead/WayBillList, answered by CEB608 WayBillReturn (bills §3
 * "Inventory reinsurance", ceb-messages §3.8): ties the parcels (logisticsNo) of declared
 * inventories to one master bill, flight or voyage.
 *
 * Made from inventories (生成清单总分单), then edited and declared here: the page has edit and save
 * but no 新增 or 暂存 (domain/modules.ts). 批量离境 makes a declared 离境单 of each chosen bill's
 * parcels with the leaveTime asked; 撤销 (with its reason as the note) declares a 总分单撤销 — the
 * same bill sent again as CEB607 appType 3 — listed on its own page (billTotalOrderCancellation).
 * Lines: logisticsNo is R in the spec (80) and 32 in the XSD; invtNo the XSD's 20 (spec 80).
 * domesticTrafNo: the spec's 37. trafName, voyageNo and billNo are XSD-required here (unlike CEB603).
 */
import { appTime, appType, company, copNo, customsCode, loctNo, money, msgCount, msgSeqNo, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, leaveAction } from './actions.ts';
import type { DeriveDef } from './action-words.ts';
import { declarableBillList } from './lists.ts';
import { billActionText, billText } from '../texts/bills.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/** The page's buttons (domain/modules.ts /bill/export/billOfLading) that an api key performs. */
const codes = new Set(['batchDeclare', 'sendReciept', 'batchDelete', 'edit', 'save', 'refresh']);
const actions: readonly ActionDef[] = [
  ...billActions.filter((a) => codes.has(a.code)),
  leaveAction,
  {
    code: 'cancel', label: '撤销', place: 'list', kind: 'prompt', event: 'user.cancel', api: 'cancel', needsSelection: true,
    prompt: { field: 'note', label: billActionText.cancelNote, requiredMessage: billActionText.cancelNoteRequired, maxLength: 1000 },
    success: billText.revoked,
  },
];

const same = (...names: string[]) => Object.fromEntries(names.map((n) => [n, { from: n }]));
const headFields = ['customsCode', 'copNo', 'agentCode', 'agentName', 'loctNo', 'trafMode', 'trafName', 'voyageNo', 'billNo', 'domesticTrafNo',
  'grossWeight', 'logisticsCode', 'logisticsName'] as const;

/** 批量离境 and 撤销 (bills §4: batch departure with leaveTime, cancel with a note reason). */
const derive: Partial<Record<'leave' | 'cancel', DeriveDef>> = {
  // one 离境单 per 清单总分单, of its parcels, declared
  leave: {
    target: 'departureForm', event: 'user.depart', verb: billActionText.verbs.leave, declare: true,
    head: {
      appType: { value: '1' }, copNo: { number: 'LJ' },
      ...same('customsCode', 'logisticsCode', 'logisticsName', 'trafMode', 'trafName', 'voyageNo', 'billNo'),
      leaveTime: { form: 'leaveTime' },
    },
    lines: { per: 'sourceLine', fields: { totalPackageNo: { line: 'totalPackageNo' }, logisticsNo: { line: 'logisticsNo' } } },
  },
  // the bill itself as a deletion (appType 3), the reason as its note, declared; once per bill (copNo)
  cancel: {
    target: 'billTotalOrderCancellation', event: 'user.cancel', verb: billActionText.verbs.cancelMaster, declare: true,
    head: { ...same(...headFields), appType: { value: '3' }, note: { form: 'note' } },
    lines: { per: 'sourceLine', fields: Object.fromEntries(['gnum', 'totalPackageNo', 'logisticsNo', 'invtNo', 'note'].map((n) => [n, { line: n }])) },
  },
};

export const exportBillOfLading: BillDefinition = {
  key: 'billOfLading',
  mode: 'export',
  label: '清单总分单',
  states: { mode: 'EXPU', billType: 'ExpuInventoryReinsuranceState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    appType,
    appTime,
    customsCode,
    copNo,
    preNo,
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, default: company.code, requiredToDeclare: true, column: 'agent_code' },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, default: company.name, requiredToDeclare: true, column: 'agent_name' },
    loctNo,
    trafMode,
    { name: 'trafName', label: '运输工具名称', kind: 'text', maxLength: 100, requiredToDeclare: true },
    { name: 'voyageNo', label: '航班航次号', kind: 'text', maxLength: 32, requiredToDeclare: true },
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, requiredToDeclare: true, column: 'bill_no' },
    { name: 'domesticTrafNo', label: '境内运输工具编号', kind: 'text', maxLength: 37 },
    money('grossWeight', '毛重（千克）', { requiredToDeclare: true }),
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, requiredToDeclare: true, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, requiredToDeclare: true, column: 'logistics_name' },
    msgCount,
    msgSeqNo,
    note,
    ...transferFields,
  ],
  lines: {
    // edited with the head (save sends the lines), so the body is not paged
    min: 1,
    sequenceField: 'gnum',
    fields: [
      { name: 'gnum', label: '序号', kind: 'integer', digits: 5, required: true },
      { name: 'totalPackageNo', label: '总包号', kind: 'text', maxLength: 60 },
      { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, required: true },
      { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20 },
      { ...note, xml: 'note' },
    ],
  },
  list: declarableBillList(
    [
      { field: 'copNo', navigate: true, sortable: true, width: 190 },
      { field: 'preNo', width: 170 },
      { field: 'billNo', width: 160 },
      { field: 'voyageNo', width: 120 },
      { field: 'trafName', width: 140 },
      { field: 'agentName', width: 200 },
      { field: 'logisticsName', width: 200 },
      { field: 'grossWeight', width: 120 },
    ],
    [
      { field: 'copNo', termType: 'like' },
      { field: 'billNo', termType: 'like' },
      { field: 'voyageNo', termType: 'like' },
      { field: 'logisticsCode', termType: 'eq' },
    ],
  ),
  actions,
  derive,
  // bills §7 lists no paths for the bill itself, only for its cancellation
  // (/expuInventryReinsuranceCancel/{queryPageList, queryById, queryListByHeadId, deleteById,
  // sendReceipt}). The same verbs under /expuInventryReinsurance, plus the inventory family's
  // queryStateCount, saveData, declarationList and declarationLeave; 撤销 is declarationCancel.
  api: {
    pageList: '/expuInventryReinsurance/queryPageList',
    queryStateCount: '/expuInventryReinsurance/queryStateCount',
    detail: '/expuInventryReinsurance/queryById',
    lines: '/expuInventryReinsurance/queryListByHeadId',
    save: '/expuInventryReinsurance/saveData',
    apply: '/expuInventryReinsurance/declarationList',
    delete: '/expuInventryReinsurance/deleteById',
    sendReceipt: '/expuInventryReinsurance/sendReceipt',
    leave: '/expuInventryReinsurance/declarationLeave',
    cancel: '/expuInventryReinsurance/declarationCancel',
  },
  message: {
    type: 'CEB607',
    root: 'CEB607Message',
    schema: 'export',
    body: 'WayBill',
    head: 'WayBillHead',
    line: 'WayBillList',
    // no source gives a per-message limit (the schema's lists are unbounded): ours, see docs/decisions.md
    split: { linesPerMessage: 1000, countField: 'msgCount', seqField: 'msgSeqNo' },
    receipt: { type: 'CEB608', root: 'CEB608Message', element: 'WayBillReturn', keys: ['copNo', 'msgSeqNo'] },
  },
};
