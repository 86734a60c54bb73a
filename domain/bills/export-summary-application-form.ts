/**
 * 汇总申请 — CEB701 SummaryApply/SummaryApplyHead/SummaryApplyList, answered by CEB702
 * SummaryReturn (bills §3 "Summary application", ceb-messages §3.9): asks customs to consolidate
 * declared export inventories (the lines' invtNo, or a time window) into one customs declaration.
 *
 * Made from the inventory list (汇总申请) or the page's 汇总 dialog (declarationByCondition /
 * declarationByInvrntory), never typed: no save. sumNo is issued by customs. summaryFlag is the
 * dialog's required 收发货人汇总标志 (1 by consignor, 2 by consignor and producer). itemNameFlag: the
 * XSD demands one character though its text says "leave empty to group by classification name";
 * the console sends 0 for that (the spec's filter values: 1 是, 0 否).
 * Lines: CEB701 sends only invtNo; the inventory's order, parcel, carrier, platform, agent and date
 * are kept for the body table (bills §3) and gnum numbers the lines for storage.
 */
import { appTime, appType, company, copNo, customsCode, loctNo, msgCount, msgSeqNo, note, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { declarableBillList } from './lists.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/** The page's buttons (domain/modules.ts /bill/export/summaryApplicationForm) that an api key performs. */
const codes = new Set(['batchDeclare', 'sendReciept', 'batchDelete', 'refresh']);
const actions: readonly ActionDef[] = [
  // bills §2: 新增 goes to the export inventories, where 汇总申请 makes applications of the chosen
  // ones. It only opens that list: the api it names is a read.
  { code: 'addNew', label: '新增', place: 'list', kind: 'add', opens: '/bill/export/detailedList', api: 'pageList' },
  ...billActions.filter((a) => codes.has(a.code)),
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
    appType,
    appTime,
    customsCode,
    copNo,
    // CEB701's preNo is C..18, not the fixed 18 of the other messages
    { name: 'preNo', label: '预录入编号', kind: 'text', maxLength: 18, readOnly: true, column: 'pre_no' },
    { name: 'sumNo', label: '汇总申请编号', kind: 'text', maxLength: 18, readOnly: true },
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, default: company.code, ...declare, column: 'agent_code' },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, default: company.name, ...declare, column: 'agent_name' },
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, default: company.code, ...declare, column: 'ebc_code' },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, default: company.name, ...declare, column: 'ebc_name' },
    { name: 'declAgentCode', label: '报关单位代码', kind: 'text', maxLength: 18, ...declare },
    { name: 'declAgentName', label: '报关单位名称', kind: 'text', maxLength: 100, ...declare },
    // a pair; when given, customs ignores the lines
    { name: 'startTime', label: '汇总开始时间', kind: 'datetime' },
    { name: 'endTime', label: '汇总结束时间', kind: 'datetime' },
    loctNo,
    {
      name: 'summaryFlag', label: '收发货人汇总标志', kind: 'select', maxLength: 1, required: true,
      options: [{ value: '1', label: '1 按收发货人汇总' }, { value: '2', label: '2 按收发货人和生产销售单位汇总' }],
    },
    {
      name: 'itemNameFlag', label: '按商品名汇总标志', kind: 'select', maxLength: 1, default: '0', ...declare,
      options: [{ value: '1', label: '1 是' }, { value: '0', label: '0 否' }],
    },
    msgCount,
    msgSeqNo,
    note,
    ...transferFields,
  ],
  lines: {
    paged: true,
    sequenceField: 'gnum',
    fields: [
      { name: 'gnum', label: '序号', kind: 'integer', digits: 5, required: true, xml: false },
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
    [
      { field: 'copNo', navigate: true, sortable: true, width: 190 },
      { field: 'sumNo', width: 170 },
      { field: 'preNo', width: 170 },
      { field: 'agentName', width: 200 },
      { field: 'ebcName', width: 200 },
      { field: 'declAgentName', width: 200 },
      { field: 'startTime', width: 170 },
      { field: 'endTime', width: 170 },
      { field: 'summaryFlag', width: 120 },
    ],
    [
      { field: 'copNo', termType: 'like' },
      { field: 'sumNo', termType: 'like' },
      { field: 'declAgentCode', termType: 'eq' },
    ],
  ),
  actions,
  // bills §7 names only /expuSummaryApply/declarationByCondition and declarationByInvrntory (making
  // applications, no api key yet). The list, counts, head, lines, declaration, deletion and resending
  // use the export inventory's verbs under /expuSummaryApply.
  api: {
    pageList: '/expuSummaryApply/queryPageList',
    queryStateCount: '/expuSummaryApply/queryStateCount',
    detail: '/expuSummaryApply/queryById',
    lines: '/expuSummaryApply/queryListByHeadId',
    apply: '/expuSummaryApply/declarationList',
    delete: '/expuSummaryApply/deleteById',
    sendReceipt: '/expuSummaryApply/sendReceipt',
  },
  message: {
    type: 'CEB701',
    root: 'CEB701Message',
    schema: 'export',
    body: 'SummaryApply',
    head: 'SummaryApplyHead',
    line: 'SummaryApplyList',
    receipt: { type: 'CEB702', root: 'CEB702Message', element: 'SummaryReturn', keys: ['copNo'] },
  },
};
