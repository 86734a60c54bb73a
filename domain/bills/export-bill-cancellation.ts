/**
 * 撤销申请 — CEB605 InvtCancel (flat), answered by CEB606 InvtCancelReturn (bills §3
 * "Cancellation", ceb-messages §3.7): asks customs to cancel a declared export inventory (invtNo),
 * with a reason.
 *
 * Cancellations are made from the inventory list (申请撤单 with 请输入撤单原因); their own page only
 * lists them and resends receipts (domain/modules.ts), so the definition has no save and no
 * declaration path of its own. orderNo, logisticsNo and the platform and carrier of the spec's
 * shared cancellation entity are kept for the list (copied from the inventory) but are not CEB605
 * elements; its buyer fields belong to the import cancellation (CEB623) and are left out.
 * reason: the XSD's 1000, required (bills §5). invtNo names the cancelled inventory: required and
 * the title; one live cancellation per inventory.
 */
import { appTime, appType, company, copNo, customsCode, note, preNo, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { declarableBillList } from './lists.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/** The page's buttons (domain/modules.ts /bill/export/billCancellation): resend receipts, refresh. */
const codes = new Set(['sendReciept', 'refresh']);
const actions: readonly ActionDef[] = billActions.filter((a) => codes.has(a.code));

export const exportBillCancellation: BillDefinition = {
  key: 'billCancellation',
  mode: 'export',
  label: '撤销申请',
  states: { mode: 'EXPU', billType: 'ExpuCancelState' },
  titleField: 'invtNo',
  uniqueBy: ['invtNo'],
  head: [
    appType,
    appTime,
    customsCode,
    copNo,
    preNo,
    { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20, required: true, column: 'invt_no' },
    { name: 'reason', label: '撤单原因', kind: 'textarea', maxLength: 1000, required: true, span: 3 },
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, default: company.code, requiredToDeclare: true, column: 'agent_code' },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, default: company.name, requiredToDeclare: true, column: 'agent_name' },
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, default: company.code, requiredToDeclare: true, column: 'ebc_code' },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, default: company.name, requiredToDeclare: true, column: 'ebc_name' },
    note,
    // The cancelled inventory's order, parcel, platform and carrier, for the list; not in CEB605.
    { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, xml: false, column: 'order_no' },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, xml: false, column: 'logistics_no' },
    { name: 'ebpCode', label: '电商平台代码', kind: 'text', maxLength: 18, xml: false, column: 'ebp_code' },
    { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, xml: false, column: 'ebp_name' },
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, xml: false, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, xml: false, column: 'logistics_name' },
    ...transferFields,
  ],
  list: declarableBillList(
    [
      { field: 'invtNo', navigate: true, sortable: true, width: 190 },
      { field: 'copNo', width: 190 },
      { field: 'preNo', width: 170 },
      { field: 'orderNo', width: 190 },
      { field: 'logisticsNo', width: 170 },
      { field: 'agentName', width: 200 },
      { field: 'ebcName', width: 200 },
      { field: 'reason', width: 220 },
    ],
    [
      { field: 'invtNo', termType: 'like' },
      { field: 'copNo', termType: 'like' },
      { field: 'orderNo', termType: 'like' },
      { field: 'logisticsNo', termType: 'like' },
    ],
  ),
  actions,
  // bills §7: /expu_cancel/list only (the import family has /invt_cancel/{list, queryState, apply,
  // sendReceipt}). The state counts, head and resending mirror the import verbs under /expu_cancel
  // (queryState, sendReceipt); the head is `detail` as on /expu_refund. No apply: the page has no
  // declare button (declaring happens where the cancellation is made).
  api: {
    pageList: '/expu_cancel/list',
    queryStateCount: '/expu_cancel/queryState',
    detail: '/expu_cancel/detail',
    sendReceipt: '/expu_cancel/sendReceipt',
  },
  message: {
    type: 'CEB605',
    root: 'CEB605Message',
    schema: 'export',
    body: 'InvtCancel',
    receipt: { type: 'CEB606', root: 'CEB606Message', element: 'InvtCancelReturn', keys: ['copNo'] },
  },
};
