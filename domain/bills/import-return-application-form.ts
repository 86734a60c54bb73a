/**
 * 退货申请 (import) — CEB625 InvtRefund/InvtRefundHead/InvtRefundList, answered by CEB626
 * InvtRefundReturn (bills §3 "Refund (expu_refund and inventory refund)", ceb-messages §3.16).
 *
 * The spec's refund head names the enterprise number coElNo (CEB213's element); CEB625 and its
 * receipt call it copNo (C..20), and the receipt is matched by it, so this bill names it copNo.
 * invtNo is the original inventory's number (the XSD's 18, not the spec's 50). The spec marks
 * customsCode, the agent, ebc, ebp and logistics pairs and reason (1000 on the inventory refund)
 * R; the buyer block and the remaining keys the XSD demands are asked for when declaring.
 * Lines: the returned items, gnum = the original inventory's line number, all R (spec).
 */
import { appFields, customsCode, gnum, note, preNo, transferFields } from './fields.ts';
import { billActions, withoutCodes } from './actions.ts';
import { gcode, gname, qty, unit } from './goods.ts';
import { buyerFields, importCopNo, importInvtNo, inventoryParcel, inventoryRequestList } from './import-fields.ts';
import { agentCodeName } from './parties.ts';
import type { BillDefinition } from './types.ts';

const toDeclare = { requiredToDeclare: true } as const;

export const importReturnApplicationForm: BillDefinition = {
  key: 'returnApplicationForm',
  mode: 'import',
  label: '退货申请',
  states: { mode: 'INVT', billType: 'InvtRefundState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    ...appFields,
    { ...customsCode, required: true },
    // orderNo, ebpCode/Name, ebcCode/Name, logisticsNo, logisticsCode/Name: the enterprises at once
    // (the spec's R), the order and waybill numbers when declaring
    ...inventoryParcel(toDeclare, { required: true }),
    importCopNo,
    preNo,
    { ...importInvtNo, required: true },
    ...buyerFields(toDeclare),
    ...agentCodeName({ required: true, ownCompany: true }),
    { name: 'reason', label: '退货原因', kind: 'textarea', maxLength: 1000, required: true, span: 3 },
    note,
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 99,
    // no sequenceField: gnum names the original inventory's line, it is not renumbered
    fields: [
      gnum(5),
      { ...gcode, required: true },
      { ...gname, required: true },
      // at most the quantity of the original inventory line
      { ...qty, required: true },
      { ...unit, required: true },
      note,
    ],
  },
  list: inventoryRequestList,
  // The page seeds the declare set, export, 条件查询 and the head-and-body edit set, but no 新增:
  // refunds come from the import inventory's 申请退货 (its derive word), copNo the inventory's.
  actions: withoutCodes(billActions, 'add'),
  // bills §7 lists only the export refund (/expu_refund/{list, detail, save, list/list, apply,
  // exportData, sendReceipt}); the import refund mirrors those verbs under /invt_refund, the
  // prefix of /invt_cancel and /invt_payment, plus queryStateCount, saveAndApply, deleteByIds and
  // deleteList (body rows).
  api: {
    pageList: '/invt_refund/list',
    queryStateCount: '/invt_refund/queryStateCount',
    detail: '/invt_refund/detail',
    lines: '/invt_refund/list/list',
    save: '/invt_refund/save',
    saveAndApply: '/invt_refund/saveAndApply',
    deleteLines: '/invt_refund/deleteList',
    apply: '/invt_refund/apply',
    delete: '/invt_refund/deleteByIds',
    export: '/invt_refund/exportData',
    sendReceipt: '/invt_refund/sendReceipt',
  },
  message: {
    type: 'CEB625',
    root: 'CEB625Message',
    schema: 'import',
    body: 'InvtRefund',
    head: 'InvtRefundHead',
    line: 'InvtRefundList',
    receipt: { type: 'CEB626', root: 'CEB626Message', element: 'InvtRefundReturn', keys: ['copNo'] },
  },
};
