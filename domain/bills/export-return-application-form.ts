/**
 * 退货申请 — CEB213 InvtRefund/InvtRefundHead/InvtRefundList, answered by CEB214 RefundReturn
 * (bills §3 "Refund (expu_refund …)", ceb-messages §3.10): goods of a declared export inventory
 * (invtNo) come back.
 *
 * Required: the spec's "(all R)" list — coElNo, invtNo, logisticsNo, customsCode, the agent,
 * e-commerce, platform and carrier pairs — and the reason; the line's gnum, gname, gcode, qty and
 * unit. The rest the XSD demands is asked for when declaring. Lengths: the spec's where stricter
 * (reason 100, logisticsNo 60), the XSD's where the spec allows more than customs takes (invtNo 20,
 * line gnum 4 digits, note 500). ieFlag is I: a return enters the country. The spec's buyer fields
 * belong to the import refund (CEB625). No 新增 on the page: refunds are made from the inventory
 * list (申请退货) and edited here.
 */
import { appTime, appType, company, customsCode, ieFlag, loctNo, money, preNo, trafMode, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { declarableBillList } from './lists.ts';
import type { BillDefinition, FieldDef } from './types.ts';

const declare = { requiredToDeclare: true } as const;
const unit = (name: string, label: string, extra: Partial<FieldDef>): FieldDef =>
  ({ name, label, kind: 'select', codeTable: 'unit', maxLength: 3, ...extra });
const note500: FieldDef = { name: 'note', label: '备注', kind: 'textarea', maxLength: 500, span: 3 };

export const exportReturnApplicationForm: BillDefinition = {
  key: 'returnApplicationForm',
  mode: 'export',
  label: '退货申请',
  states: { mode: 'EXPU', billType: 'ExpuRefundState' },
  titleField: 'coElNo',
  uniqueBy: ['coElNo'],
  head: [
    appType,
    appTime,
    { ...customsCode, required: true },
    loctNo,
    { name: 'ebpCode', label: '电商平台代码', kind: 'text', maxLength: 18, required: true, column: 'ebp_code' },
    { name: 'ebpName', label: '电商平台名称', kind: 'text', maxLength: 100, required: true, column: 'ebp_name' },
    { name: 'ebcCode', label: '电商企业代码', kind: 'text', maxLength: 18, required: true, default: company.code, column: 'ebc_code' },
    { name: 'ebcName', label: '电商企业名称', kind: 'text', maxLength: 100, required: true, default: company.name, column: 'ebc_name' },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, required: true, column: 'logistics_no' },
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, required: true, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, required: true, column: 'logistics_name' },
    { name: 'coElNo', label: '企业内部编号', kind: 'text', maxLength: 30, required: true, column: 'cop_no' },
    preNo,
    { name: 'invtNo', label: '原出口清单编号', kind: 'text', maxLength: 20, required: true, column: 'invt_no' },
    // 9661 一般出口退货 / 1261 特殊区域出口退货
    { name: 'tradeMode', label: '贸易方式', kind: 'select', codeTable: 'trade_mode', maxLength: 4, column: 'trade_mode' },
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, required: true, default: company.code, column: 'agent_code' },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, required: true, default: company.name, column: 'agent_name' },
    // the waybill number when there is no master bill
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, ...declare, column: 'bill_no' },
    ieFlag('I'),
    trafMode,
    { name: 'trafName', label: '运输工具名称', kind: 'text', maxLength: 100, ...declare },
    { name: 'portCode', label: '口岸海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, ...declare },
    { name: 'reason', label: '退货原因', kind: 'textarea', maxLength: 100, required: true, span: 3 },
    // where the goods come back from; never China
    { name: 'country', label: '起运国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...declare },
    { name: 'voyageNo', label: '航班航次号', kind: 'text', maxLength: 32, ...declare },
    note500,
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 100,
    fields: [
      // the item's number in the original inventory
      { name: 'gnum', label: '序号', kind: 'integer', digits: 4, required: true },
      { name: 'gcode', label: '商品编码', kind: 'text', maxLength: 10, required: true },
      { name: 'gname', label: '商品名称', kind: 'text', maxLength: 250, required: true },
      { name: 'gmodel', label: '规格型号', kind: 'text', maxLength: 250, ...declare },
      money('qty', '数量', { required: true }),
      money('qty1', '法定数量', declare),
      unit('unit', '计量单位', { required: true }),
      unit('unit1', '法定计量单位', declare),
      money('qty2', '第二数量'),
      unit('unit2', '第二计量单位', {}),
      { ...note500, xml: 'note' },
    ],
  },
  list: declarableBillList(
    [
      { field: 'coElNo', navigate: true, sortable: true, width: 190 },
      { field: 'preNo', width: 170 },
      { field: 'invtNo', width: 180 },
      { field: 'logisticsNo', width: 170 },
      { field: 'ebcName', width: 200 },
      { field: 'agentName', width: 200 },
      { field: 'customsCode', width: 120 },
      { field: 'reason', width: 200 },
    ],
    [
      { field: 'coElNo', termType: 'like' },
      { field: 'invtNo', termType: 'like' },
      { field: 'logisticsNo', termType: 'like' },
    ],
  ),
  // every common action but 新增 (domain/modules.ts gives the page no add)
  actions: billActions.filter((a) => a.code !== 'add'),
  // bills §7 Refund: /expu_refund/{list, detail, save, list/list, apply, exportData, sendReceipt}.
  // Derived: queryStateCount; saveAndApply (the import family's spelling); delete → deleteByIds
  // (the order's verb); the body's save and delete beside list/list as list/save and list/delete.
  api: {
    pageList: '/expu_refund/list',
    queryStateCount: '/expu_refund/queryStateCount',
    detail: '/expu_refund/detail',
    lines: '/expu_refund/list/list',
    save: '/expu_refund/save',
    saveAndApply: '/expu_refund/saveAndApply',
    saveLines: '/expu_refund/list/save',
    deleteLines: '/expu_refund/list/delete',
    apply: '/expu_refund/apply',
    delete: '/expu_refund/deleteByIds',
    export: '/expu_refund/exportData',
    sendReceipt: '/expu_refund/sendReceipt',
  },
  message: {
    type: 'CEB213',
    root: 'CEB213Message',
    schema: 'export',
    body: 'InvtRefund',
    head: 'InvtRefundHead',
    line: 'InvtRefundList',
    receipt: { type: 'CEB214', root: 'CEB214Message', element: 'RefundReturn', keys: ['coElNo'] },
  },
};
