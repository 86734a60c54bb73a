/**
 * 清单总分单 — CEB607 WayBill/WayBillHead/WayBillList, answered by CEB608 WayBillReturn (bills §3
 * "Inventory reinsurance", ceb-messages §3.8): ties the parcels (logisticsNo) of declared
 * inventories to one master bill, flight or voyage.
 *
 * Made from inventories (生成清单总分单), then edited and declared here: the page has edit and save
 * but no 新增 or 暂存 (domain/modules.ts). 批量离境 makes a declared 离境单 of each chosen bill's
 * parcels with the leaveTime asked; 撤销 (with its reason as the note) declares a 总分单撤销 — the
 * same bill sent again as CEB607 appType 3 — listed on its own page (billTotalOrderCancellation).
 * Lines: logisticsNo is R in the spec (80) and 32 in the XSD; invtNo the XSD's 20 (spec 80).
 * domesticTrafNo: the spec's 37. trafName, voyageNo and billNo are XSD-required here (unlike CEB603).
 */
import { appFields, copNo, customsCode, gnum, lineNote, loctNo, measure, money, msgNumbers, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, leaveAction, onlyCodes } from './actions.ts';
import { fromSource, fromSourceLine, type DeriveDef } from './action-words.ts';
import { departureHead } from './export-departure-form.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { agentCodeName, logisticsCodeName } from './parties.ts';
import { billNo, domesticTrafNo, parcelLogisticsNo, totalPackageNo, trafName, voyageNo } from './transport.ts';
import { billActionText, billText } from '../texts/bills.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/** The page's buttons (domain/modules.ts /bill/export/billOfLading) that an api key performs. */
const actions: readonly ActionDef[] = [
  ...onlyCodes(billActions, 'batchDeclare', 'sendReciept', 'batchDelete', 'edit', 'save', 'refresh'),
  leaveAction,
  {
    code: 'cancel', label: '撤销', place: 'list', kind: 'prompt', event: 'user.cancel', api: 'cancel', needsSelection: true,
    prompt: { field: 'note', label: billActionText.cancelNote, requiredMessage: billActionText.cancelNoteRequired, maxLength: 1000 },
    success: billText.revoked,
  },
];

const headFields = ['customsCode', 'copNo', 'agentCode', 'agentName', 'loctNo', 'trafMode', 'trafName', 'voyageNo', 'billNo', 'domesticTrafNo',
  'grossWeight', 'logisticsCode', 'logisticsName'] as const;

/** 批量离境 and 撤销 (bills §4: batch departure with leaveTime, cancel with a note reason). */
const derive: Partial<Record<'leave' | 'cancel', DeriveDef>> = {
  // one 离境单 per 清单总分单, of its parcels, declared
  leave: {
    target: 'departureForm', event: 'user.depart', verb: billActionText.verbs.leave, declare: true,
    head: departureHead,
    lines: { per: 'sourceLine', fields: fromSourceLine('totalPackageNo', 'logisticsNo') },
  },
  // the bill itself as a deletion (appType 3), the reason as its note, declared; once per bill (copNo)
  cancel: {
    target: 'billTotalOrderCancellation', event: 'user.cancel', verb: billActionText.verbs.cancelMaster, declare: true,
    head: { ...fromSource(...headFields), appType: { value: '3' }, note: { form: 'note' } },
    lines: { per: 'sourceLine', fields: fromSourceLine('gnum', 'totalPackageNo', 'logisticsNo', 'invtNo', 'note') },
  },
};

export const exportBillOfLading: BillDefinition = {
  key: 'billOfLading',
  mode: 'export',
  label: '清单总分单',
  states: { mode: 'EXPU', billType: 'ExpuInventoryReinsuranceState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    ...appFields,
    customsCode,
    copNo,
    preNo,
    ...agentCodeName({ requiredToDeclare: true, ownCompany: true }),
    loctNo,
    trafMode,
    { ...trafName, requiredToDeclare: true },
    { ...voyageNo, requiredToDeclare: true },
    { ...billNo, requiredToDeclare: true },
    domesticTrafNo,
    measure('grossWeight', '毛重（千克）', { requiredToDeclare: true }),
    ...logisticsCodeName({ requiredToDeclare: true }),
    ...msgNumbers,
    note,
    ...transferFields,
  ],
  lines: {
    // edited with the head (save sends the lines), so the body is not paged
    min: 1,
    sequenceField: 'gnum',
    fields: [
      gnum(5),
      { ...totalPackageNo, maxLength: 60 },
      parcelLogisticsNo,
      { name: 'invtNo', label: '清单编号', kind: 'text', maxLength: 20 },
      lineNote,
    ],
  },
  list: declarableBillList(
    columns('copNo', 'preNo', 'billNo', 'voyageNo', 'trafName', 'agentName', 'logisticsName', 'grossWeight'),
    search({ copNo: 'like', billNo: 'like', voyageNo: 'like', logisticsCode: 'eq' }),
  ),
  actions,
  derive,
  // bills §7 lists no paths for the bill itself, only for its cancellation
  // (/expuInventryReinsuranceCancel/{queryPageList, queryById, queryListByHeadId, deleteById,
  // sendReceipt}). The same verbs under /expuInventryReinsurance, plus the inventory family's
  // queryStateCount, saveData, declarationList and declarationLeave; 撤销 is declarationCancel.
  api: {
    pageList: '/expuInventryReinsurance/queryPageList',
    queryStateCount: '/expuInventryReinsurance/queryStateCount',
    detail: '/expuInventryReinsurance/queryById',
    lines: '/expuInventryReinsurance/queryListByHeadId',
    save: '/expuInventryReinsurance/saveData',
    apply: '/expuInventryReinsurance/declarationList',
    delete: '/expuInventryReinsurance/deleteById',
    sendReceipt: '/expuInventryReinsurance/sendReceipt',
    leave: '/expuInventryReinsurance/declarationLeave',
    cancel: '/expuInventryReinsurance/declarationCancel',
  },
  message: {
    type: 'CEB607',
    root: 'CEB607Message',
    schema: 'export',
    body: 'WayBill',
    head: 'WayBillHead',
    line: 'WayBillList',
    // no source gives a per-message limit (the schema's lists are unbounded): ours, see docs/decisions/startup-request-cost-signing-split-messages.md
    split: { linesPerMessage: 1000, countField: 'msgCount', seqField: 'msgSeqNo' },
    receipt: { type: 'CEB608', root: 'CEB608Message', element: 'WayBillReturn', keys: ['copNo', 'msgSeqNo'] },
  },
};
