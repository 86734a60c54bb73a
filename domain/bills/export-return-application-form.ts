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
import { appFields, customsCode, gnum, ieFlag, invtNo, loctNo, logisticsNo, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, withoutCodes } from './actions.ts';
import { gcode, gmodel, gname, qty, qty1, qty2, unit, unit1, unit2 } from './goods.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { agentCodeName, ebcCodeName, ebpCodeName, logisticsCodeName } from './parties.ts';
import { billNo, trafName, voyageNo } from './transport.ts';
import type { BillDefinition, FieldDef } from './types.ts';

const declare = { requiredToDeclare: true } as const;
const note500: FieldDef = { ...note, maxLength: 500 };

export const exportReturnApplicationForm: BillDefinition = {
  key: 'returnApplicationForm',
  mode: 'export',
  label: '退货申请',
  states: { mode: 'EXPU', billType: 'ExpuRefundState' },
  titleField: 'coElNo',
  uniqueBy: ['coElNo'],
  head: [
    ...appFields,
    { ...customsCode, required: true },
    loctNo,
    ...ebpCodeName({ required: true }),
    ...ebcCodeName({ required: true, ownCompany: true }),
    { ...logisticsNo, required: true },
    ...logisticsCodeName({ required: true }),
    { name: 'coElNo', label: '企业内部编号', kind: 'text', maxLength: 30, required: true, column: 'cop_no' },
    preNo,
    { ...invtNo, label: '原出口清单编号', required: true },
    // 9661 一般出口退货 / 1261 特殊区域出口退货
    { name: 'tradeMode', label: '贸易方式', kind: 'select', codeTable: 'trade_mode', maxLength: 4, column: 'trade_mode' },
    ...agentCodeName({ required: true, ownCompany: true }),
    // the waybill number when there is no master bill
    { ...billNo, ...declare },
    ieFlag('I'),
    trafMode,
    { ...trafName, ...declare },
    { name: 'portCode', label: '口岸海关代码', kind: 'select', codeTable: 'declare_port', maxLength: 4, ...declare },
    { name: 'reason', label: '退货原因', kind: 'textarea', maxLength: 100, required: true, span: 3 },
    // where the goods come back from; never China
    { name: 'country', label: '起运国（地区）', kind: 'select', codeTable: 'country', maxLength: 3, ...declare },
    { ...voyageNo, ...declare },
    note500,
    ...transferFields,
  ],
  lines: {
    min: 1,
    max: 100,
    // no sequenceField: gnum names the original inventory's line, it is not renumbered
    fields: [
      // the item's number in the original inventory
      gnum(4),
      { ...gcode, required: true },
      { ...gname, required: true },
      { ...gmodel, ...declare },
      { ...qty, required: true },
      { ...qty1, ...declare },
      { ...unit, required: true },
      { ...unit1, ...declare },
      qty2,
      unit2,
      { ...note500, xml: 'note' },
    ],
  },
  list: declarableBillList(
    columns('coElNo', 'preNo', 'invtNo', 'logisticsNo', 'ebcName', 'agentName', 'customsCode', ['reason', 200]),
    search({ coElNo: 'like', invtNo: 'like', logisticsNo: 'like' }),
  ),
  // every common action but 新增 (domain/modules.ts gives the page no add)
  actions: withoutCodes(billActions, 'add'),
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
