/**
 * The actions of a declarable bill (bills §2 detail buttons, §4 actions, §6 codes, §8 confirmations),
 * each tied to the bill-lifecycle event that decides in which states it is allowed.
 */
import type { ActionDef } from './types.ts';
import { billText } from '../texts/bills.ts';

export const billActions: readonly ActionDef[] = [
  { code: 'batchDeclare', label: '批量申报', place: 'list', kind: 'job', event: 'user.declare', confirm: billText.confirmBatchDeclare, api: 'apply', needsSelection: true },
  { code: 'sendReciept', label: '重新发送回执', place: 'list', kind: 'batch', event: 'user.resendReceipt', confirm: billText.confirmResendReceipt, api: 'sendReceipt', needsSelection: true },
  { code: 'export', label: '导出', place: 'list', kind: 'export', api: 'export' },
  { code: 'add', label: '新增', place: 'list', kind: 'add', api: 'save' },
  { code: 'batchDelete', label: '删除', place: 'list', kind: 'batch', event: 'user.delete', confirm: billText.confirmDelete, success: billText.deleted, api: 'delete', needsSelection: true },
  { code: 'edit', label: '编辑', place: 'detail', event: 'user.save', api: 'save' },
  { code: 'save', label: '保存', place: 'detail', event: 'user.save', confirm: billText.confirmSave, api: 'save' },
  { code: 'saveDeclare', label: '保存并申报', place: 'detail', event: 'user.declare', confirm: billText.confirmSaveDeclare, api: 'saveAndApply' },
  { code: 'temporary', label: '暂存', place: 'detail', event: 'user.save', api: 'save' },
  { code: 'delete', label: '删除', place: 'detail', event: 'user.save', confirm: billText.confirmDeleteLines, api: 'deleteLines' },
  { code: 'refresh', label: '刷新', place: 'detail', api: 'detail' },
];

/** A bill without body lines has no line deletion. */
export const headOnlyBillActions: readonly ActionDef[] = billActions.filter((a) => a.api !== 'deleteLines');
