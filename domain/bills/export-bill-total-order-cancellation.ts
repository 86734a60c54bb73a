/**
 * 总分单撤销 — the cancellation of a 清单总分单: the same CEB607 WayBill sent again with appType 3
 * (删除), answered by CEB608 WayBillReturn (bills §2 billTotalOrderCancellation, §3 "Inventory
 * reinsurance and its cancellation", §4: cancel with a note reason; docs/decisions.md "Bill states").
 *
 * Made by 撤销 on the 清单总分单 list (the reason becomes the note) and declared there, so this page
 * lists, deletes and resends receipts only (domain/modules.ts: sendReciept, delete, refresh). Fields,
 * lengths and lines are the 清单总分单's; appType can only be 3. One cancellation per 清单总分单
 * (copNo).
 */
import { appTime, appType, copNo, customsCode, loctNo, money, msgCount, msgSeqNo, note, preNo, trafMode, transferFields, company } from './fields.ts';
import { billActions } from './actions.ts';
import { declarableBillList } from './lists.ts';
import { billText } from '../texts/bills.ts';
import type { ActionDef, BillDefinition } from './types.ts';

const actions: readonly ActionDef[] = [
  ...billActions.filter((a) => a.code === 'sendReciept' || a.code === 'refresh'),
  // the page's 删除 (code delete): a cancellation not with customs, on the selected rows
  { code: 'delete', label: '删除', place: 'list', kind: 'batch', event: 'user.delete', confirm: billText.confirmDelete, success: billText.deleted, api: 'delete', needsSelection: true },
];

export const exportBillTotalOrderCancellation: BillDefinition = {
  key: 'billTotalOrderCancellation',
  mode: 'export',
  label: '总分单撤销',
  states: { mode: 'EXPU', billType: 'ExpuInventoryReinsuranceDelState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    { ...appType, codeTable: undefined, options: [{ value: '3', label: '3 删除' }], default: '3' },
    appTime,
    customsCode,
    copNo,
    preNo,
    { name: 'agentCode', label: '申报企业代码', kind: 'text', maxLength: 18, default: company.code, requiredToDeclare: true, column: 'agent_code' },
    { name: 'agentName', label: '申报企业名称', kind: 'text', maxLength: 100, default: company.name, requiredToDeclare: true, column: 'agent_name' },
    loctNo,
    trafMode,
    { name: 'trafName', label: '运输工具名称', kind: 'text', maxLength: 100, requiredToDeclare: true },
    { name: 'voyageNo', label: '航班航次号', kind: 'text', maxLength: 32, requiredToDeclare: true },
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, requiredToDeclare: true, column: 'bill_no' },
    { name: 'domesticTrafNo', label: '境内运输工具编号', kind: 'text', maxLength: 37 },
    money('grossWeight', '毛重（千克）', { requiredToDeclare: true }),
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, requiredToDeclare: true, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, requiredToDeclare: true, column: 'logistics_name' },
    msgCount,
    msgSeqNo,
    // the reason for the cancellation (bills §4: cancel with a note reason)
    { ...note, label: '撤销原因' },
    ...transferFields,
  ],
  lines: {
    paged: true,
    sequenceField: 'gnum',
    fields: [
      { name: 'gnum', label: '序号', kind: 'integer', digits: 5, required: true },
      { name: 'totalPackageNo', label: '总包号', kind: 'text', maxLength: 60 },
      { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, required: true },
      { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20 },
      { ...note, xml: 'note' },
    ],
  },
  list: declarableBillList(
    [
      { field: 'copNo', navigate: true, sortable: true, width: 190 },
      { field: 'preNo', width: 170 },
      { field: 'billNo', width: 160 },
      { field: 'voyageNo', width: 120 },
      { field: 'agentName', width: 200 },
      { field: 'logisticsName', width: 200 },
      { field: 'note', width: 220 },
    ],
    [
      { field: 'copNo', termType: 'like' },
      { field: 'billNo', termType: 'like' },
      { field: 'voyageNo', termType: 'like' },
    ],
  ),
  actions,
  // bills §7 Reinsurance cancellation: /expuInventryReinsuranceCancel/{queryPageList, queryById,
  // queryListByHeadId, deleteById, sendReceipt}; the state counts are queryStateCount, the family's verb.
  api: {
    pageList: '/expuInventryReinsuranceCancel/queryPageList',
    queryStateCount: '/expuInventryReinsuranceCancel/queryStateCount',
    detail: '/expuInventryReinsuranceCancel/queryById',
    lines: '/expuInventryReinsuranceCancel/queryListByHeadId',
    delete: '/expuInventryReinsuranceCancel/deleteById',
    sendReceipt: '/expuInventryReinsuranceCancel/sendReceipt',
  },
  message: {
    type: 'CEB607',
    root: 'CEB607Message',
    schema: 'export',
    body: 'WayBill',
    head: 'WayBillHead',
    line: 'WayBillList',
    split: { linesPerMessage: 1000, countField: 'msgCount', seqField: 'msgSeqNo' },
    receipt: { type: 'CEB608', root: 'CEB608Message', element: 'WayBillReturn', keys: ['copNo', 'msgSeqNo'] },
  },
};
