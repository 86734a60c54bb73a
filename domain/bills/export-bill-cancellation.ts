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
import { appFields, cancelReason, copNo, customsCode, invtNo, logisticsNo, note, orderNo, preNo, transferFields } from './fields.ts';
import { billActions, onlyCodes } from './actions.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { agentCodeName, ebcCodeName, ebpCodeName, logisticsCodeName } from './parties.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/** The page's buttons (domain/modules.ts /bill/export/billCancellation): resend receipts, refresh. */
const actions: readonly ActionDef[] = onlyCodes(billActions, 'sendReciept', 'refresh');

export const exportBillCancellation: BillDefinition = {
  key: 'billCancellation',
  mode: 'export',
  label: '撤销申请',
  states: { mode: 'EXPU', billType: 'ExpuCancelState' },
  titleField: 'invtNo',
  uniqueBy: ['invtNo'],
  head: [
    ...appFields,
    customsCode,
    copNo,
    preNo,
    { ...invtNo, required: true },
    cancelReason,
    ...agentCodeName({ requiredToDeclare: true, ownCompany: true }),
    ...ebcCodeName({ requiredToDeclare: true, ownCompany: true }),
    note,
    // The cancelled inventory's order, parcel, platform and carrier, for the list; not in CEB605.
    { ...orderNo, xml: false },
    { ...logisticsNo, maxLength: 32, xml: false },
    ...ebpCodeName({ xml: false }),
    ...logisticsCodeName({ xml: false }),
    ...transferFields,
  ],
  list: declarableBillList(
    columns(['invtNo', 190], 'copNo', 'preNo', 'orderNo', 'logisticsNo', 'agentName', 'ebcName', 'reason'),
    search({ invtNo: 'like', copNo: 'like', orderNo: 'like', logisticsNo: 'like' }),
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
  // customs concluding the cancellation (399, its last answer: ceb-messages §5.4) withdraws the
  // inventory it names (issue 31: it showed 放行 still)
  withdraws: { source: 'detailedList', by: { invtNo: 'invtNo' }, at: ['399'] },
  message: {
    type: 'CEB605',
    root: 'CEB605Message',
    schema: 'export',
    body: 'InvtCancel',
    receipt: { type: 'CEB606', root: 'CEB606Message', element: 'InvtCancelReturn', keys: ['copNo'] },
  },
};
