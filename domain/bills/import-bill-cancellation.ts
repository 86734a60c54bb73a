/**
 * 撤销申请 (import) — CEB623 InvtCancel (flat), answered by CEB624 InvtCancelReturn (bills §3
 * "Cancellation (invt_cancel)", ceb-messages §3.15).
 *
 * A cancellation asks customs to withdraw a released inventory: invtNo is that inventory's number
 * (entered, required), reason the prompted 撤单原因 (1000, required). appType is 1 only (CEB623).
 * copNo is what CEB624 is matched by: required, unique, the title. preNo is the e-port's.
 * The page seeds no add/edit/save buttons (the spec gives list, queryState, apply, sendReceipt):
 * cancellations come from the import inventory's 申请撤单 (its derive word: the inventory's copNo,
 * parcel, buyer and invtNo, the prompted reason), declared at once, so this bill has no save path;
 * one refused by customs is declared again (批量申报) or deleted and asked for again.
 */
import { appTime, cancelReason, customsCode, note, preNo, transferFields } from './fields.ts';
import { billActions, onlyCodes } from './actions.ts';
import { buyerFields, importCopNo, importInvtNo, inventoryParcel, inventoryRequestList } from './import-fields.ts';
import { agentCodeName } from './parties.ts';
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
    // orderNo, ebpCode/Name, ebcCode/Name, logisticsNo, logisticsCode/Name
    ...inventoryParcel(toDeclare),
    importCopNo,
    preNo,
    { ...importInvtNo, required: true },
    ...buyerFields(toDeclare),
    ...agentCodeName({ ...toDeclare, ownCompany: true }),
    cancelReason,
    note,
    ...transferFields,
  ],
  list: inventoryRequestList,
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
  // customs concluding the cancellation (399, its last answer: ceb-messages §5.4) withdraws the
  // inventory it names (issue 31: it showed 放行 still)
  withdraws: { source: 'detailedList', by: { invtNo: 'invtNo' }, at: ['399'] },
  message: {
    type: 'CEB623',
    root: 'CEB623Message',
    schema: 'import',
    body: 'InvtCancel',
    receipt: { type: 'CEB624', root: 'CEB624Message', element: 'InvtCancelReturn', keys: ['copNo'] },
  },
};
