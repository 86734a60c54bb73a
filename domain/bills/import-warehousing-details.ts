/**
 * 入库明细单 — CEB711 Delivery/DeliveryHead/DeliveryList (one Delivery per message), answered by
 * CEB712 DeliveryReturn (bills §3 "Delivery / arrival note", ceb-messages §3.17).
 *
 * Declared by the operator of the supervised site: operatorCode/operatorName default to the
 * company. The lines are the parcels (waybill numbers) entering the warehouse: shown 10 a page.
 * The spec's delivery entity is shared with the export 运抵单; loctNo, domesticTrafNo,
 * msgCount/msgSeqNo and the line's totalPackageNo belong to CEB507 and have no element in CEB711,
 * so this bill leaves them out. rdkNo (the spec's spelling of the XSD's rkdNo, 入库单编号) and preNo
 * are issued by customs and the e-port (read-only). copNo is what CEB712 is matched by: required,
 * unique, the title.
 *
 * The page makes these bills from its Excel data template (下载数据模板 / 上传Excel, button codes
 * downDataTemplate and upExcel), as the export 运抵单 and 理货明细单 do (the upload word,
 * action-words.ts): one row per parcel, the head repeated on the rows of one copNo; it has no edit
 * buttons, so the definition has no save.
 */
import { appFields, customsCode, gnum, ieFlag, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, onlyCodes, uploadActions } from './actions.ts';
import { importCopNo } from './import-fields.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { logisticsCodeName, operatorCodeName } from './parties.ts';
import { billNo, trafNo, voyageNo } from './transport.ts';
import type { BillDefinition } from './types.ts';

const toDeclare = { requiredToDeclare: true } as const;

export const importWarehousingDetails: BillDefinition = {
  key: 'warehousingDetails',
  mode: 'import',
  label: '入库明细单',
  states: { mode: 'INVT', billType: 'InvtDeliveryState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    ...appFields,
    customsCode,
    importCopNo,
    preNo,
    { name: 'rdkNo', label: '入库单编号', kind: 'text', maxLength: 18, readOnly: true, xml: 'rkdNo' },
    ...operatorCodeName({ ...toDeclare, ownCompany: true }),
    ieFlag('I'),
    trafMode,
    { ...trafNo, ...toDeclare },
    { ...voyageNo, ...toDeclare },
    { ...billNo, ...toDeclare },
    ...logisticsCodeName(toDeclare),
    { name: 'unloadLocation', label: '卸货库位', kind: 'text', maxLength: 100 },
    note,
    ...transferFields,
  ],
  lines: {
    min: 1,
    paged: true,
    sequenceField: 'gnum',
    fields: [
      gnum(9),
      { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, required: true },
      note,
    ],
  },
  list: declarableBillList(
    columns(['copNo', 170], 'preNo', ['rdkNo', 170], ['billNo', 170], ['voyageNo', 130], 'logisticsName', ['customsCode', 110]),
    search({ copNo: 'like', billNo: 'like', logisticsCode: 'eq' }),
  ),
  // The page seeds the declare set, 条件查询, the upload buttons and 刷新: no edit set, no export.
  actions: [...onlyCodes(billActions, 'batchDeclare', 'sendReciept', 'batchDelete', 'refresh'), ...uploadActions],
  // the data template: one row per parcel entering the warehouse, the head repeated on each row of
  // the same copNo (the head's note is left out: its 备注 header would be the line's). A flight's
  // parcels fill one file: 20,000 rows, as the 运抵单's.
  upload: {
    head: ['copNo', 'customsCode', 'operatorCode', 'operatorName', 'trafMode', 'trafNo', 'voyageNo', 'billNo', 'logisticsCode', 'logisticsName', 'unloadLocation'],
    lines: ['logisticsNo', 'note'],
    maxRows: 20000,
    sample: [1, 2].map((n) => ({
      copNo: 'YXD2603180001', customsCode: '3109', operatorCode: '3302961A2B', operatorName: '宁波跨境优选供应链管理有限公司', trafMode: '5',
      trafNo: 'MU730', voyageNo: '20260318', billNo: '784-56120348', logisticsCode: '3301964C7D', logisticsName: '杭州云途国际物流有限公司',
      unloadLocation: 'A区03排12号库位', logisticsNo: `YT260318093000045${n}`,
    })),
  },
  // bills §7 lists only the export delivery (/expu/delivery/{pageList, findHeadById,
  // findListByHeadId, applyByIds, sendReceipt, downloadQueryTemplate, …}); the import one mirrors
  // those verbs under /invt/delivery (the prefix of /invt/order, /invt/logistics), with its
  // downloadUploadTemplate and uploadTemplate, plus queryStateCount and deleteByIds.
  api: {
    pageList: '/invt/delivery/pageList',
    queryStateCount: '/invt/delivery/queryStateCount',
    detail: '/invt/delivery/findHeadById',
    lines: '/invt/delivery/findListByHeadId',
    apply: '/invt/delivery/applyByIds',
    delete: '/invt/delivery/deleteByIds',
    sendReceipt: '/invt/delivery/sendReceipt',
    downloadQueryTemplate: '/invt/delivery/downloadQueryTemplate',
    downloadUploadTemplate: '/invt/delivery/downloadUploadTemplate',
    uploadTemplate: '/invt/delivery/uploadTemplate',
  },
  message: {
    type: 'CEB711',
    root: 'CEB711Message',
    schema: 'import',
    body: 'Delivery',
    head: 'DeliveryHead',
    line: 'DeliveryList',
    receipt: { type: 'CEB712', root: 'CEB712Message', element: 'DeliveryReturn', keys: ['copNo'] },
  },
};
