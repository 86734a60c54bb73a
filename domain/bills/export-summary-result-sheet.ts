/**
 * 汇总结果单 — what customs makes of a summary application (CEB792 SummaryResult, bills §3 "Summary
 * application and summary result", ceb-messages §4): the unified number (declSeqNo) tying the
 * summarised inventories to one customs declaration, and later the declaration's numbers
 * (decTmpNo, decPreNo, entryId) and state (decState). Read-only, filled by the receipt pipeline
 * through `issued`; a later CEB792 of the same result (sumNo + declSeqNo + msgSeqNo) updates it.
 * decState is shown as customs sends it (a field): its values are customs' own (the XSD: 具体返回值
 * 由海关确定), so the bill's state is one, ISSUED 海关已下发 (docs/decisions/bill-states-added-dictionary.md).
 */
import { issuedBillActions } from './actions.ts';
import { measure, money, note } from './fields.ts';
import { sumNo } from './export-summary-application-form.ts';
import { gcode } from './goods.ts';
import { agentCodeName, declAgentCodeName } from './parties.ts';
import { search } from './lists.ts';
import { readOnlyBillList } from './readonly-lists.ts';
import type { BillDefinition, FieldDef } from './types.ts';

const ro = { readOnly: true } as const;

// CEB792's fields, read-only; 清单总分单明细 (one row per inventory of a result) shows some of them too
export const declSeqNo: FieldDef = { name: 'declSeqNo', label: '汇总统一编号', kind: 'text', maxLength: 18, column: 'pre_no', ...ro };
export const entryId: FieldDef = { name: 'entryId', label: '报关单编号', kind: 'text', maxLength: 18, column: 'bill_no', ...ro };
export const decState: FieldDef = { name: 'decState', label: '报关单状态', kind: 'text', maxLength: 3, ...ro };
export const opDate: FieldDef = { name: 'opDate', label: '汇总处理时间', kind: 'datetime', ...ro };
/** Where and by whom the inventories were declared; CEB792 calls the e-commerce company 收发货人. */
export const resultParties: readonly FieldDef[] = [
  { name: 'customsCode', label: '申报地海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, column: 'customs_code', ...ro },
  ...agentCodeName(ro),
  { name: 'ebcCode', label: '收发货人代码', kind: 'text', maxLength: 18, column: 'ebc_code', ...ro },
  { name: 'ebcName', label: '收发货人名称', kind: 'text', maxLength: 100, column: 'ebc_name', ...ro },
];

export const exportSummaryResultSheet: BillDefinition = {
  key: 'summaryResultSheet',
  mode: 'export',
  label: '汇总结果单',
  states: { mode: 'EXPU', billType: 'ExpuSummaryResultState' },
  titleField: 'sumNo',
  issuedBy: 'customs',
  issued: [
    {
      message: 'CEB792', per: 'element', creates: true, identity: ['sumNo', 'declSeqNo', 'msgSeqNo'], state: { fixed: 'ISSUED' },
      head: {
        sumNo: 'sumNo', declSeqNo: 'declSeqNo', decTmpNo: 'decTmpNo', decPreNo: 'decPreNo', entryId: 'entryId',
        decState: 'decState', opDate: { time: true }, customsCode: 'customsCode',
        agentCode: 'agentCode', agentName: 'agentName', ebcCode: 'ebcCode', ebcName: 'ebcName',
        declAgentCode: 'declAgentCode', declAgentName: 'declAgentName',
        grossWeight: 'grossWeight', netWeight: 'netWeight', msgCount: 'msgCount', msgSeqNo: 'msgSeqNo', note: 'note',
      },
      lines: { invtNo: 'invtNo', logisticsNo: 'logisticsNo', gseqno: 'gseqno', gnum: 'gnum', gcode: 'gcode' },
    },
  ],
  head: [
    sumNo,
    declSeqNo,
    { name: 'decTmpNo', label: '报关单暂存编号', kind: 'text', maxLength: 18, ...ro },
    { name: 'decPreNo', label: '报关单预录入编号', kind: 'text', maxLength: 18, ...ro },
    entryId,
    decState,
    opDate,
    ...resultParties,
    ...declAgentCodeName(ro),
    measure('grossWeight', '毛重（千克）', ro),
    measure('netWeight', '净重（千克）', ro),
    { name: 'msgCount', label: '报文总数', kind: 'integer', digits: 9, ...ro },
    { name: 'msgSeqNo', label: '报文序号', kind: 'integer', digits: 9, ...ro },
    { ...note, ...ro },
  ],
  lines: {
    paged: true,
    fields: [
      { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20, ...ro },
      { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, ...ro },
      { name: 'gseqno', label: '汇总结果单顺序号', kind: 'integer', digits: 9, ...ro },
      { name: 'gnum', label: '商品序号', kind: 'integer', digits: 9, ...ro },
      { ...gcode, ...ro },
    ],
  },
  list: readOnlyBillList(
    [
      { field: 'sumNo', navigate: true, width: 190 },
      { field: 'declSeqNo', width: 190 },
      { field: 'entryId', width: 190 },
      { field: 'agentName', label: '申报企业', width: 200 },
      { field: 'ebcName', label: '收发货人', width: 200 },
      { field: 'declAgentName', label: '报关单位', width: 200 },
      { field: 'grossWeight', width: 110 },
      { field: 'netWeight', width: 110 },
      { field: 'decState', width: 100 },
      { field: 'opDate', width: 170 },
    ],
    search({ sumNo: 'like', declSeqNo: 'like', entryId: 'like' }, { field: 'appTime', termType: 'btw', label: '汇总处理时间' }),
  ),
  actions: issuedBillActions,
  // bills §7: queryPageList, queryById, queryListPageByHeadId (paged body), sendReceipt; the page's
  // 导出 button (module seed) needs an export path: exportData, as the other bills' exports.
  api: {
    pageList: '/expuSummaryResult/queryPageList',
    detail: '/expuSummaryResult/queryById',
    lines: '/expuSummaryResult/queryListPageByHeadId',
    export: '/expuSummaryResult/exportData',
    sendReceipt: '/expuSummaryResult/sendReceipt',
  },
};
