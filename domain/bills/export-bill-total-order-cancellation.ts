/**
 * 总分单撤销 — the cancellation of a 清单总分单: the same CEB607 WayBill sent again with appType 3
 * (删除), answered by CEB608 WayBillReturn (bills §2 billTotalOrderCancellation, §3 "Inventory
 * reinsurance and its cancellation", §4: cancel with a note reason; docs/decisions/bill-states-dictionaries-codes-do-not-cover.md "Bill states").
 *
 * Made by 撤销 on the 清单总分单 list (the reason becomes the note) and declared there, so this page
 * lists, deletes and resends receipts only (domain/modules.ts: sendReciept, delete, refresh). Fields,
 * lengths and lines are the 清单总分单's; appType can only be 3. One cancellation per 清单总分单
 * (copNo).
 */
import { billActions, onlyCodes } from './actions.ts';
import { exportBillOfLading } from './export-bill-of-lading.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { billText } from '../texts/bills.ts';
import type { ActionDef, BillDefinition, FieldDef } from './types.ts';

const actions: readonly ActionDef[] = [
  ...onlyCodes(billActions, 'sendReciept', 'refresh'),
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
  // the 清单总分单's fields: appType can only be 3, and the note holds the reason
  head: exportBillOfLading.head.map((f): FieldDef => (
    f.name === 'appType' ? { ...f, codeTable: undefined, options: [{ value: '3', label: '3 删除' }], default: '3' }
      : f.name === 'note' ? { ...f, label: '撤销原因' } : f)),
  lines: { ...exportBillOfLading.lines!, min: undefined, paged: true },
  list: declarableBillList(
    columns('copNo', 'preNo', 'billNo', 'voyageNo', 'agentName', 'logisticsName', ['note', 220]),
    search({ copNo: 'like', billNo: 'like', voyageNo: 'like' }),
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
  message: exportBillOfLading.message,
};
