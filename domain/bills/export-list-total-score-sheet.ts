/**
 * 清单总分单明细 (listTotalScoreSheet) — the inventories a summary result covers, one row per
 * CEB792 SummaryResultList (invtNo, logisticsNo, gseqno, gnum, gcode) with the numbers of its
 * result (sumNo, declSeqNo, entryId, decState): "which 清单 went into which 报关单". Issue 5 puts it
 * beside 汇总结果单 as customs-issued and read-only; the same CEB792 fills both (`issued` per line),
 * so the page works without a detail of its own beyond the row. Paths: the spec names none; they
 * follow 汇总结果单's (/expuListTotalScore/…).
 */
import { issuedBillActions } from './actions.ts';
import { readOnlyBillList } from './readonly-lists.ts';
import type { BillDefinition } from './types.ts';

const ro = { readOnly: true } as const;

export const exportListTotalScoreSheet: BillDefinition = {
  key: 'listTotalScoreSheet',
  mode: 'export',
  label: '清单总分单明细',
  states: { mode: 'EXPU', billType: 'ExpuSummaryResultState' },
  titleField: 'invtNo',
  issuedBy: 'customs',
  issued: [
    {
      message: 'CEB792', per: 'line', creates: true, identity: ['sumNo', 'declSeqNo', 'invtNo', 'gnum'], state: { fixed: 'ISSUED' },
      head: {
        invtNo: 'invtNo', logisticsNo: 'logisticsNo', gseqno: 'gseqno', gnum: 'gnum', gcode: 'gcode',
        sumNo: 'sumNo', declSeqNo: 'declSeqNo', entryId: 'entryId', decState: 'decState', opDate: { time: true },
        customsCode: 'customsCode', agentCode: 'agentCode', agentName: 'agentName', ebcCode: 'ebcCode', ebcName: 'ebcName',
      },
    },
  ],
  head: [
    { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20, column: 'invt_no', ...ro },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, column: 'logistics_no', ...ro },
    { name: 'gseqno', label: '汇总结果单顺序号', kind: 'integer', digits: 9, ...ro },
    { name: 'gnum', label: '商品序号', kind: 'integer', digits: 9, ...ro },
    { name: 'gcode', label: '商品编码', kind: 'text', maxLength: 10, ...ro },
    { name: 'sumNo', label: '汇总申请编号', kind: 'text', maxLength: 18, ...ro },
    { name: 'declSeqNo', label: '汇总统一编号', kind: 'text', maxLength: 18, column: 'pre_no', ...ro },
    { name: 'entryId', label: '报关单编号', kind: 'text', maxLength: 18, column: 'bill_no', ...ro },
    { name: 'decState', label: '报关单状态', kind: 'text', maxLength: 3, ...ro },
    { name: 'opDate', label: '汇总处理时间', kind: 'datetime', ...ro },
    { name: 'customsCode', label: '申报地海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, column: 'customs_code', ...ro },
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, column: 'agent_code', ...ro },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, column: 'agent_name', ...ro },
    { name: 'ebcCode', label: '收发货人代码', kind: 'text', maxLength: 18, column: 'ebc_code', ...ro },
    { name: 'ebcName', label: '收发货人名称', kind: 'text', maxLength: 100, column: 'ebc_name', ...ro },
  ],
  list: readOnlyBillList(
    [
      { field: 'invtNo', navigate: true, sortable: true, width: 190 },
      { field: 'logisticsNo', width: 170 },
      { field: 'gnum', width: 90 },
      { field: 'gcode', width: 120 },
      { field: 'sumNo', width: 190 },
      { field: 'declSeqNo', width: 190 },
      { field: 'entryId', width: 190 },
      { field: 'decState', width: 100 },
      { field: 'opDate', width: 170 },
    ],
    [
      { field: 'invtNo', termType: 'like' },
      { field: 'logisticsNo', termType: 'like' },
      { field: 'sumNo', termType: 'like' },
      { field: 'entryId', termType: 'like' },
    ],
  ),
  actions: issuedBillActions.filter((a) => a.code !== 'sendReciept'),
  api: {
    pageList: '/expuListTotalScore/queryPageList',
    detail: '/expuListTotalScore/queryById',
    export: '/expuListTotalScore/exportData',
  },
};
