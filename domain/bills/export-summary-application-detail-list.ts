/**
 * 汇总申请明细 — the inventories inside summary applications (bills §2 summaryApplicationDetailList,
 * §3 "Summary application": lines invtNo, orderNo, logisticsNo, logisticsName, ebpName, agentName,
 * ieDate, stateName). Not a bill of its own: each row is a line of a 汇总申请 (linesOf), shown with
 * that application's number, state and declaration time; read-only, exported (domain/modules.ts:
 * export, conditionalQuery, refresh). It uses the summary application's state dictionary.
 */
import { billActions, onlyCodes } from './actions.ts';
import { sumNo } from './export-summary-application-form.ts';
import { columns, declarableBillList, search } from './lists.ts';
import type { ActionDef, BillDefinition } from './types.ts';

const actions: readonly ActionDef[] = onlyCodes(billActions, 'export', 'refresh');

export const exportSummaryApplicationDetailList: BillDefinition = {
  key: 'summaryApplicationDetailList',
  mode: 'export',
  label: '汇总申请明细',
  states: { mode: 'EXPU', billType: 'ExpuSummaryApplyState' },
  titleField: 'invtNo',
  linesOf: { bill: 'summaryApplicationForm', headFields: ['copNo', 'sumNo', 'customsCode', 'ebcName'] },
  head: [
    // the application's
    { name: 'copNo', label: '汇总申请企业内部编号', kind: 'text', maxLength: 30, readOnly: true },
    sumNo,
    { name: 'customsCode', label: '申报地海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, readOnly: true },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, readOnly: true },
    // the line's
    { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20, readOnly: true },
    { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, readOnly: true },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, readOnly: true },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, readOnly: true },
    { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, readOnly: true },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, readOnly: true },
    { name: 'ieDate', label: '出口日期', kind: 'date', readOnly: true },
  ],
  list: declarableBillList(
    columns(['invtNo', 190], 'orderNo', 'logisticsNo', 'logisticsName', 'ebpName', 'agentName', { field: 'ieDate', sortable: true, width: 120 }, 'copNo', 'sumNo'),
    search({ invtNo: 'like', orderNo: 'like', logisticsNo: 'like', copNo: 'like', sumNo: 'like' }),
  ),
  actions,
  // bills §7 lists no paths: the summary application's family, for its details
  api: {
    pageList: '/expuSummaryApply/queryDetailPageList',
    queryStateCount: '/expuSummaryApply/queryDetailStateCount',
    detail: '/expuSummaryApply/queryDetailById',
    export: '/expuSummaryApply/exportDetailData',
  },
};
