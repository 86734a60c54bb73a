/**
 * 撤销申请 (import) — CEB623 InvtCancel (flat), answered by CEB624 InvtCancelReturn (bills §3
 * "Cancellation (invt_cancel)", ceb-messages §3.15).
 *
 * A cancellation asks customs to withdraw a released inventory: invtNo is that inventory's number
 * (entered, required), reason the prompted 撤单原因 (1000, required). appType is 1 only (CEB623).
 * copNo is what CEB624 is matched by: required, unique, the title. preNo is the e-port's.
 * The page seeds no add/edit/save buttons (the spec gives list, queryState, apply, sendReceipt):
 * cancellations are meant to come from the import inventory's 申请撤单, which the definition format
 * cannot express yet (see the report), so this bill has no save path.
 */
import { appTime, company, customsCode, note, preNo, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { buyerFields, importCopNo, onlyCodes } from './import-fields.ts';
import { declarableBillList } from './lists.ts';
import type { BillDefinition } from './types.ts';

const toDeclare = { requiredToDeclare: true } as const;

export const importBillCancellation: BillDefinition = {
  key: 'billCancellation',
  mode: 'import',
  label: '撤销申请',
  states: { mode: 'INVT', billType: 'InvtCancelState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    { name: 'appType', label: '报送类型', kind: 'select', options: [{ value: '1', label: '新增' }], maxLength: 1, required: true, default: '1', column: 'app_type' },
    appTime,
    customsCode,
    { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, column: 'order_no', ...toDeclare },
    { name: 'ebpCode', label: '电商平台代码', kind: 'text', maxLength: 18, column: 'ebp_code', ...toDeclare },
    { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, column: 'ebp_name', ...toDeclare },
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, column: 'ebc_code', ...toDeclare },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, column: 'ebc_name', ...toDeclare },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, column: 'logistics_no', ...toDeclare },
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, column: 'logistics_code', ...toDeclare },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, column: 'logistics_name', ...toDeclare },
    importCopNo,
    preNo,
    { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 18, required: true, column: 'invt_no' },
    ...buyerFields(toDeclare),
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, default: company.code, column: 'agent_code', ...toDeclare },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, default: company.name, column: 'agent_name', ...toDeclare },
    { name: 'reason', label: '撤单原因', kind: 'textarea', maxLength: 1000, required: true, span: 3 },
    note,
    ...transferFields,
  ],
  list: declarableBillList(
    [
      { field: 'copNo', navigate: true, sortable: true, width: 170 },
      { field: 'invtNo', width: 170 },
      { field: 'preNo', width: 170 },
      { field: 'orderNo', width: 190 },
      { field: 'logisticsNo', width: 170 },
      { field: 'agentName', width: 200 },
      { field: 'ebcName', width: 200 },
      { field: 'customsCode', width: 110 },
      { field: 'reason', width: 220 },
    ],
    [
      { field: 'copNo', termType: 'like' },
      { field: 'invtNo', termType: 'like' },
      { field: 'orderNo', termType: 'like' },
      { field: 'logisticsNo', termType: 'like' },
    ],
  ),
  // The page seeds 申报/批量申报, 重新发送回执, 批量删除, 条件查询 and 刷新 only.
  actions: onlyCodes(billActions, 'batchDeclare', 'sendReciept', 'batchDelete', 'refresh'),
  // bills §7: list, queryState, apply, sendReceipt; the engine also needs a detail (→ detail, the
  // /invt_payment verb) and the seeded batchDelete a delete (→ deleteByIds).
  api: {
    pageList: '/invt_cancel/list',
    queryStateCount: '/invt_cancel/queryState',
    detail: '/invt_cancel/detail',
    apply: '/invt_cancel/apply',
    delete: '/invt_cancel/deleteByIds',
    sendReceipt: '/invt_cancel/sendReceipt',
  },
  message: {
    type: 'CEB623',
    root: 'CEB623Message',
    schema: 'import',
    body: 'InvtCancel',
    receipt: { type: 'CEB624', root: 'CEB624Message', element: 'InvtCancelReturn', keys: ['copNo'] },
  },
};
