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
import { appFields, copNo, customsCode, gnum, ieFlag, lineNote, loctNo, msgNumbers, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, onlyCodes, uploadActions } from './actions.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { logisticsCodeName, operatorCodeName } from './parties.ts';
import { billNo, domesticTrafNo, parcelLogisticsNo, totalPackageNo } from './transport.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/** The page's buttons (domain/modules.ts /bill/export/arrivalNote): declare, resend, delete, refresh, upload. */
const actions: readonly ActionDef[] = [...onlyCodes(billActions, 'batchDeclare', 'sendReciept', 'batchDelete', 'refresh'), ...uploadActions];

export const exportArrivalNote: BillDefinition = {
  key: 'arrivalNote',
  mode: 'export',
  label: '运抵单',
  states: { mode: 'EXPU', billType: 'ExpuDeliveryState' },
  titleField: 'copNo',
  // customs knows an arrival note by the enterprise's number (the receipt echoes copNo)
  uniqueBy: ['copNo'],
  head: [
    ...appFields,
    customsCode,
    copNo,
    preNo,
    ...operatorCodeName({ requiredToDeclare: true }),
    loctNo,
    ieFlag('E'),
    trafMode,
    billNo,
    { ...domesticTrafNo, requiredToDeclare: true },
    ...logisticsCodeName({ requiredToDeclare: true }),
    ...msgNumbers,
    note,
    ...transferFields,
  ],
  lines: {
    // a site receives many parcels at once: the body is read ten at a time
    paged: true,
    sequenceField: 'gnum',
    fields: [
      gnum(5),
      parcelLogisticsNo,
      totalPackageNo,
      lineNote,
    ],
  },
  list: declarableBillList(
    columns('copNo', 'preNo', 'billNo', 'customsCode', 'operatorName', 'logisticsName', 'domesticTrafNo'),
    search({ copNo: 'like', billNo: 'like', preNo: 'like', logisticsCode: 'eq' }),
  ),
  actions,
  // the data template: one row per parcel, the head repeated on each row of the same copNo (the
  // head's note is left out: its 备注 header would be the line's)
  upload: {
    head: ['copNo', 'customsCode', 'operatorCode', 'operatorName', 'loctNo', 'trafMode', 'billNo', 'domesticTrafNo', 'logisticsCode', 'logisticsName'],
    lines: ['logisticsNo', 'totalPackageNo', 'note'],
    maxRows: 20000,
    // two parcels of one 运抵单: the head repeated on each row
    sample: [1, 2].map((n) => ({
      copNo: 'YD20260318001', customsCode: '3105', operatorCode: '3105980001', operatorName: '宁波空港监管场所', trafMode: '5',
      billNo: '999-1001', domesticTrafNo: '浙B12345', logisticsCode: '3302980001', logisticsName: '宁波顺达国际物流有限公司',
      logisticsNo: `YT260318000${n}`, totalPackageNo: 'PK001',
    })),
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
    // no source gives a per-message limit (the schema's lists are unbounded): ours, see docs/decisions/startup-request-cost-signing-split-messages.md
    split: { linesPerMessage: 1000, countField: 'msgCount', seqField: 'msgSeqNo' },
    receipt: { type: 'CEB508', root: 'CEB508Message', element: 'ArrivalReturn', keys: ['copNo', 'msgSeqNo'] },
  },
};
