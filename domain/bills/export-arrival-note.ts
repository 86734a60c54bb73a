/**
 * 运抵单 — CEB507 Arrival/ArrivalHead/ArrivalList, answered by CEB508 ArrivalReturn (bills §3
 * "Delivery / arrival note", ceb-messages §3.4). The supervised site's operator reports which
 * parcels (logisticsNo, totalPackageNo) reached it.
 *
 * Arrival notes are made by an Excel upload or generated from inventories (生成运抵单), never typed
 * in, so the page has no edit buttons: the definition has no save. rdkNo, unloadLocation and trafNo
 * of the spec's shared "Delivery" entity are CEB711 (import warehousing) elements: not here.
 * domesticTrafNo: the spec's 37 (the XSD allows 100). Lines' logisticsNo: the XSD's 32, as on the
 * waybill.
 */
import { appTime, appType, copNo, customsCode, ieFlag, loctNo, msgCount, msgSeqNo, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, uploadActions } from './actions.ts';
import { declarableBillList } from './lists.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/** The page's buttons (domain/modules.ts /bill/export/arrivalNote): declare, resend, delete, refresh, upload. */
const codes = new Set(['batchDeclare', 'sendReciept', 'batchDelete', 'refresh']);
const actions: readonly ActionDef[] = [...billActions.filter((a) => codes.has(a.code)), ...uploadActions];

export const exportArrivalNote: BillDefinition = {
  key: 'arrivalNote',
  mode: 'export',
  label: '运抵单',
  states: { mode: 'EXPU', billType: 'ExpuDeliveryState' },
  titleField: 'copNo',
  // customs knows an arrival note by the enterprise's number (the receipt echoes copNo)
  uniqueBy: ['copNo'],
  head: [
    appType,
    appTime,
    customsCode,
    copNo,
    preNo,
    { name: 'operatorCode', label: '监管场所经营人代码', kind: 'text', maxLength: 18, requiredToDeclare: true },
    { name: 'operatorName', label: '监管场所经营人名称', kind: 'text', maxLength: 100, requiredToDeclare: true },
    loctNo,
    ieFlag('E'),
    trafMode,
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, column: 'bill_no' },
    { name: 'domesticTrafNo', label: '境内运输工具编号', kind: 'text', maxLength: 37, requiredToDeclare: true },
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, requiredToDeclare: true, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, requiredToDeclare: true, column: 'logistics_name' },
    msgCount,
    msgSeqNo,
    note,
    ...transferFields,
  ],
  lines: {
    // a site receives many parcels at once: the body is read ten at a time
    paged: true,
    sequenceField: 'gnum',
    fields: [
      { name: 'gnum', label: '序号', kind: 'integer', digits: 5, required: true },
      { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, required: true },
      { name: 'totalPackageNo', label: '总包号', kind: 'text', maxLength: 37 },
      { ...note, xml: 'note' },
    ],
  },
  list: declarableBillList(
    [
      { field: 'copNo', navigate: true, sortable: true, width: 190 },
      { field: 'preNo', width: 170 },
      { field: 'billNo', width: 160 },
      { field: 'customsCode', width: 120 },
      { field: 'operatorName', width: 200 },
      { field: 'logisticsName', width: 200 },
      { field: 'domesticTrafNo', width: 140 },
    ],
    [
      { field: 'copNo', termType: 'like' },
      { field: 'billNo', termType: 'like' },
      { field: 'preNo', termType: 'like' },
      { field: 'logisticsCode', termType: 'eq' },
    ],
  ),
  actions,
  // the data template: one row per parcel, the head repeated on each row of the same copNo (the
  // head's note is left out: its 备注 header would be the line's)
  upload: {
    head: ['copNo', 'customsCode', 'operatorCode', 'operatorName', 'loctNo', 'trafMode', 'billNo', 'domesticTrafNo', 'logisticsCode', 'logisticsName'],
    lines: ['logisticsNo', 'totalPackageNo', 'note'],
    maxRows: 20000,
  },
  // bills §7 Delivery: /expu/delivery/{pageList, findHeadById, findListByHeadId, applyByIds,
  // downloadUploadTemplate, uploadTemplate, sendReceipt, downloadQueryTemplate}. The state counts
  // and the deletion the page's buttons need are not listed: queryStateCount and deleteByIds, the
  // order's verbs.
  api: {
    pageList: '/expu/delivery/pageList',
    queryStateCount: '/expu/delivery/queryStateCount',
    detail: '/expu/delivery/findHeadById',
    lines: '/expu/delivery/findListByHeadId',
    apply: '/expu/delivery/applyByIds',
    delete: '/expu/delivery/deleteByIds',
    sendReceipt: '/expu/delivery/sendReceipt',
    downloadQueryTemplate: '/expu/delivery/downloadQueryTemplate',
    downloadUploadTemplate: '/expu/delivery/downloadUploadTemplate',
    uploadTemplate: '/expu/delivery/uploadTemplate',
  },
  message: {
    type: 'CEB507',
    root: 'CEB507Message',
    schema: 'export',
    body: 'Arrival',
    head: 'ArrivalHead',
    line: 'ArrivalList',
    // no source gives a per-message limit (the schema's lists are unbounded): ours, see docs/decisions.md
    split: { linesPerMessage: 1000, countField: 'msgCount', seqField: 'msgSeqNo' },
    receipt: { type: 'CEB508', root: 'CEB508Message', element: 'ArrivalReturn', keys: ['copNo', 'msgSeqNo'] },
  },
};
