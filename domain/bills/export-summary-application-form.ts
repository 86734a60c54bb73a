/**
 * 汇总申请 — CEB701 SummaryApply/SummaryApplyHead/SummaryApplyList, answered by CEB702
 * SummaryReturn (bills §3 "Summary application", ceb-messages §3.9): asks customs to consolidate
 * declared export inventories (the lines' invtNo, or a time window) into one customs declaration.
 *
 * Made from the inventory list (汇总申请 → declarationByInvrntory) or the page's 汇总 dialog
 * (declarationByCondition), never typed: no save. sumNo is issued by customs. summaryFlag is the
 * dialog's required 收发货人汇总标志, itemNameFlag its optional 按商品名汇总标志 (options below). The
 * XSD demands one character for itemNameFlag though its text says "leave empty to group by
 * classification name": the console sends 0 (否) for that.
 * Lines: CEB701 sends only invtNo; the inventory's order, parcel, carrier, platform, agent and date
 * are kept for the body table (bills §3) and gnum numbers the lines for storage.
 */
import { appFields, copNo, customsCode, gnum, loctNo, msgNumbers, note, preNo, transferFields } from './fields.ts';
import { billActions, customReturnAction, onlyCodes } from './actions.ts';
import type { DeriveDef } from './action-words.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { agentCodeName, declAgentCodeName, ebcCodeName } from './parties.ts';
import { billActionText, billText } from '../texts/bills.ts';
import type { ActionDef, BillDefinition, FieldDef } from './types.ts';

/**
 * The summary dialog's flags (bills §2): 收发货人汇总标志 required, 按商品名汇总标志 optional, both
 * offering 全部 2 / 是 1 / 否 0. Sent to customs as chosen (CEB701 names 1 按收发货人, 2 按收发货人和
 * 生产销售单位 — the 全部 of the dialog — and 1 for 按商品名; docs/decisions/customs-issued-bills-and-archive.md).
 */
const flagOptions = [
  { value: '2', label: billActionText.all },
  { value: '1', label: billActionText.yes },
  { value: '0', label: billActionText.no },
] as const;
export const summaryFlagField: FieldDef = { name: 'summaryFlag', label: '收发货人汇总标志', kind: 'select', maxLength: 1, required: true, options: flagOptions };
export const itemNameFlagField: FieldDef = { name: 'itemNameFlag', label: '按商品名汇总标志', kind: 'select', maxLength: 1, options: flagOptions };

/**
 * 汇总申请 made of export inventories customs released (or closed), one per customs office, declaring
 * agent and e-commerce company, and declared at once; each inventory is in one live application
 * only. The declaring agent files the customs declaration too (declAgent = agent).
 */
export const summaryFromInventories: DeriveDef = {
  target: 'summaryApplicationForm',
  event: 'user.summarize',
  verb: billActionText.verbs.summarize,
  groupBy: ['customsCode', 'agentCode', 'ebcCode'],
  head: {
    appType: { value: '1' },
    customsCode: { from: 'customsCode' },
    copNo: { number: 'HZ' },
    agentCode: { from: 'agentCode' },
    agentName: { from: 'agentName' },
    ebcCode: { from: 'ebcCode' },
    ebcName: { from: 'ebcName' },
    declAgentCode: { from: 'agentCode' },
    declAgentName: { from: 'agentName' },
    loctNo: { from: 'loctNo' },
    summaryFlag: { form: 'summaryFlag' },
    itemNameFlag: { form: 'itemNameFlag' },
  },
  lines: {
    per: 'source',
    fields: {
      invtNo: { from: 'invtNo' }, orderNo: { from: 'orderNo' }, logisticsNo: { from: 'logisticsNo' }, logisticsName: { from: 'logisticsName' },
      ebpName: { from: 'ebpName' }, agentName: { from: 'agentName' }, ieDate: { from: 'ieDate' },
    },
  },
  declare: true,
  onceBy: { source: 'invtNo', line: 'invtNo' },
};

/** 汇总申请编号, issued by customs for an application; its result and detail rows show it too. */
export const sumNo: FieldDef = { name: 'sumNo', label: '汇总申请编号', kind: 'text', maxLength: 18, readOnly: true };

/** The most inventories one 汇总 by condition takes (ours). */
const MAX_BY_CONDITION = 5000;

/** The page's buttons (domain/modules.ts /bill/export/summaryApplicationForm) that an api key performs. */
const actions: readonly ActionDef[] = [
  // bills §2: 新增 goes to the export inventories, where 汇总申请 makes applications of the chosen
  // ones. It only opens that list: the api it names is a read.
  { code: 'addNew', label: '新增', place: 'list', kind: 'add', opens: '/bill/export/detailedList', api: 'pageList' },
  // 汇总: the summary dialog over the inventories that can be summarised, filtered or not
  {
    code: 'summary', label: '汇总', place: 'list', kind: 'dialog', dialog: 'form', needsSelection: false, api: 'summarizeByCondition',
    form: [summaryFlagField, itemNameFlagField], success: billText.applied,
    filter: {
      emptyConfirm: billText.noFilterSummary,
      fields: [
        { field: { name: 'appTimeFrom', label: '清单申报时间起', kind: 'datetime' }, column: 'app_time', termType: 'gte' },
        { field: { name: 'appTimeTo', label: '清单申报时间止', kind: 'datetime' }, column: 'app_time', termType: 'lte' },
        { field: { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18 }, column: 'ebc_code', termType: 'eq' },
      ],
    },
  },
  ...onlyCodes(billActions, 'batchDeclare', 'sendReciept', 'batchDelete', 'refresh'),
  customReturnAction,
];
const declare = { requiredToDeclare: true } as const;

export const exportSummaryApplicationForm: BillDefinition = {
  key: 'summaryApplicationForm',
  mode: 'export',
  label: '汇总申请',
  states: { mode: 'EXPU', billType: 'ExpuSummaryApplyState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    ...appFields,
    customsCode,
    copNo,
    // CEB701's preNo is C..18 where the other messages' is a fixed 18; the form checks the most alike
    preNo,
    sumNo,
    ...agentCodeName({ ...declare, ownCompany: true }),
    ...ebcCodeName({ ...declare, ownCompany: true }),
    ...declAgentCodeName(declare),
    // a pair; when given, customs ignores the lines
    { name: 'startTime', label: '汇总开始时间', kind: 'datetime' },
    { name: 'endTime', label: '汇总结束时间', kind: 'datetime' },
    loctNo,
    summaryFlagField,
    // the dialog may leave it empty: 否
    { ...itemNameFlagField, default: '0', ...declare },
    ...msgNumbers,
    note,
    ...transferFields,
  ],
  lines: {
    paged: true,
    sequenceField: 'gnum',
    fields: [
      { ...gnum(5), xml: false },
      { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20, required: true },
      { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, xml: false },
      { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, xml: false },
      { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, xml: false },
      { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, xml: false },
      { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, xml: false },
      { name: 'ieDate', label: '出口日期', kind: 'date', xml: false },
    ],
  },
  list: declarableBillList(
    columns('copNo', 'sumNo', 'preNo', 'agentName', 'ebcName', 'declAgentName', ['startTime', 170], ['endTime', 170], ['summaryFlag', 120]),
    search({ copNo: 'like', sumNo: 'like', declAgentCode: 'eq' }),
  ),
  actions,
  // bills §7 names /expuSummaryApply/declarationByCondition and declarationByInvrntory (making
  // applications; the latter is the inventory list's 汇总申请). The list, counts, head, lines,
  // declaration, deletion, resending and 改为退单 use the export inventory's verbs under /expuSummaryApply.
  api: {
    pageList: '/expuSummaryApply/queryPageList',
    queryStateCount: '/expuSummaryApply/queryStateCount',
    detail: '/expuSummaryApply/queryById',
    lines: '/expuSummaryApply/queryListByHeadId',
    apply: '/expuSummaryApply/declarationList',
    delete: '/expuSummaryApply/deleteById',
    sendReceipt: '/expuSummaryApply/sendReceipt',
    summarizeByCondition: '/expuSummaryApply/declarationByCondition',
    customReturn: '/expuSummaryApply/updateCustomReturn',
  },
  derive: { summarizeByCondition: { ...summaryFromInventories, source: 'detailedList', byCondition: { max: MAX_BY_CONDITION } } },
  message: {
    type: 'CEB701',
    root: 'CEB701Message',
    schema: 'export',
    body: 'SummaryApply',
    head: 'SummaryApplyHead',
    line: 'SummaryApplyList',
    // no source gives a per-message limit (the schema's lists are unbounded): ours, see docs/decisions/startup-request-cost-signing-split-messages.md
    split: { linesPerMessage: 1000, countField: 'msgCount', seqField: 'msgSeqNo' },
    receipt: { type: 'CEB702', root: 'CEB702Message', element: 'SummaryReturn', keys: ['copNo'] },
  },
};
