/**
 * The actions of a declarable bill (bills §2 detail buttons, §4 actions, §6 codes, §8 confirmations),
 * each tied to the bill-lifecycle event that decides in which states it is allowed.
 */
import type { ActionDef, FieldDef } from './types.ts';
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
  { code: 'delete', label: '删除', place: 'detail', event: 'user.save', confirm: billText.confirmDeleteRecord, api: 'deleteLines' },
  { code: 'refresh', label: '刷新', place: 'detail', api: 'detail' },
];

/** The actions of a bill page among the buttons its module seeds (domain/modules.ts). */
export const onlyCodes = (actions: readonly ActionDef[], ...codes: string[]): ActionDef[] =>
  actions.filter((a) => codes.includes(a.code));

/** The actions of a bill page without the buttons its module does not seed (domain/modules.ts). */
export const withoutCodes = (actions: readonly ActionDef[], ...codes: string[]): ActionDef[] =>
  actions.filter((a) => !codes.includes(a.code));

/** A bill without body lines has no line deletion. */
export const headOnlyBillActions: readonly ActionDef[] = billActions.filter((a) => a.api !== 'deleteLines');

/** A bill customs issues (税单, 汇总结果单): read-only, exported, its latest customs message applied again. */
export const issuedBillActions: readonly ActionDef[] = onlyCodes(billActions, 'sendReciept', 'export', 'refresh');

/** 改为退单 (bills §4: inventory and summary application): customs refused it outside the receipts. */
export const customReturnAction: ActionDef = {
  code: 'updateCustomReturn', label: '改为退单', place: 'list', kind: 'batch', event: 'user.markReturned',
  confirm: billText.confirmCustomReturn, api: 'customReturn', needsSelection: true,
};

/** Bills made by uploading the page's data template (运抵单, 理货明细单): 下载数据模板 and 上传Excel. */
export const uploadActions: readonly ActionDef[] = [
  { code: 'downDataTemplate', label: '下载数据模板', place: 'list', kind: 'download', api: 'downloadUploadTemplate' },
  { code: 'upExcel', label: '上传Excel', place: 'list', kind: 'upload', api: 'uploadTemplate', success: billText.uploaded },
];

/** 离境时间 asked by 批量离境 (bills §4, §5: batch departure needs leaveTime). */
export const leaveTimeField: FieldDef = { name: 'leaveTime', label: '离境时间', kind: 'datetime', required: true };

/** 批量离境 of the selected bills (出口清单, 清单总分单): 离境单 made and declared with the leaveTime asked. */
export const leaveAction: ActionDef = {
  code: 'bulkDeparture', label: '批量离境', place: 'list', kind: 'dialog', dialog: 'form', form: [leaveTimeField],
  event: 'user.depart', api: 'leave', needsSelection: true,
};
