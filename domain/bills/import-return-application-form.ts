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
import { appTime, appType, company, customsCode, money, note, preNo, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { buyerFields, importCopNo, withoutCodes } from './import-fields.ts';
import { declarableBillList } from './lists.ts';
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
    appType,
    appTime,
    { ...customsCode, required: true },
    { name: 'orderNo', label: '订单编号', kind: 'text', maxLength: 60, column: 'order_no', ...toDeclare },
    { name: 'ebpCode', label: '电商平台代码', kind: 'text', maxLength: 18, required: true, column: 'ebp_code' },
    { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, required: true, column: 'ebp_name' },
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, required: true, column: 'ebc_code' },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, required: true, column: 'ebc_name' },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, column: 'logistics_no', ...toDeclare },
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, required: true, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, required: true, column: 'logistics_name' },
    importCopNo,
    preNo,
    { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 18, required: true, column: 'invt_no' },
    ...buyerFields(toDeclare),
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, required: true, default: company.code, column: 'agent_code' },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, required: true, default: company.name, column: 'agent_name' },
    { name: 'reason', label: '退货原因', kind: 'textarea', maxLength: 1000, required: true, span: 3 },
    note,
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 99,
    // no sequenceField: gnum names the original inventory's line, it is not renumbered
    fields: [
      { name: 'gnum', label: '序号', kind: 'integer', digits: 5, required: true },
      { name: 'gcode', label: '商品编码', kind: 'text', maxLength: 10, required: true },
      { name: 'gname', label: '商品名称', kind: 'text', maxLength: 250, required: true },
      // at most the quantity of the original inventory line
      money('qty', '数量', { required: true }),
      { name: 'unit', label: '计量单位', kind: 'select', codeTable: 'unit', maxLength: 3, required: true },
      note,
    ],
  },
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
  // The page seeds the declare set, export, 条件查询 and the head-and-body edit set, but no 新增:
  // refunds are meant to come from the import inventory's 申请退货 (see the report).
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
