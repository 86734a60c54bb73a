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
 * Not expressible yet (see the report): the page creates these bills by uploading an Excel data
 * template (downDataTemplate, upExcel; the export delivery's downloadUploadTemplate and
 * uploadTemplate calls): the format has no api key for them, so there is no way to create one yet.
 */
import { appTime, appType, company, customsCode, ieFlag, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { importCopNo, onlyCodes } from './import-fields.ts';
import { declarableBillList } from './lists.ts';
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
    appType,
    appTime,
    customsCode,
    importCopNo,
    preNo,
    { name: 'rdkNo', label: '入库单编号', kind: 'text', maxLength: 18, readOnly: true, xml: 'rkdNo' },
    { name: 'operatorCode', label: '监管场所经营人代码', kind: 'text', maxLength: 18, default: company.code, ...toDeclare },
    { name: 'operatorName', label: '监管场所经营人名称', kind: 'text', maxLength: 100, default: company.name, ...toDeclare },
    ieFlag('I'),
    trafMode,
    { name: 'trafNo', label: '运输工具编号', kind: 'text', maxLength: 100, ...toDeclare },
    { name: 'voyageNo', label: '航班航次号', kind: 'text', maxLength: 32, ...toDeclare },
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, column: 'bill_no', ...toDeclare },
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, column: 'logistics_code', ...toDeclare },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, column: 'logistics_name', ...toDeclare },
    { name: 'unloadLocation', label: '卸货库位', kind: 'text', maxLength: 100 },
    note,
    ...transferFields,
  ],
  lines: {
    min: 1,
    paged: true,
    sequenceField: 'gnum',
    fields: [
      { name: 'gnum', label: '序号', kind: 'integer', digits: 9, required: true },
      { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 60, required: true },
      note,
    ],
  },
  list: declarableBillList(
    [
      { field: 'copNo', navigate: true, sortable: true, width: 170 },
      { field: 'preNo', width: 170 },
      { field: 'rdkNo', width: 170 },
      { field: 'billNo', width: 170 },
      { field: 'voyageNo', width: 130 },
      { field: 'logisticsName', width: 200 },
      { field: 'customsCode', width: 110 },
    ],
    [
      { field: 'copNo', termType: 'like' },
      { field: 'billNo', termType: 'like' },
      { field: 'logisticsCode', termType: 'eq' },
    ],
  ),
  // The page seeds the declare set, 条件查询, the upload buttons and 刷新: no edit set, no export.
  actions: onlyCodes(billActions, 'batchDeclare', 'sendReciept', 'batchDelete', 'refresh'),
  // bills §7 lists only the export delivery (/expu/delivery/{pageList, findHeadById,
  // findListByHeadId, applyByIds, sendReceipt, downloadQueryTemplate, …}); the import one mirrors
  // those verbs under /invt/delivery (the prefix of /invt/order, /invt/logistics), plus
  // queryStateCount and deleteByIds.
  api: {
    pageList: '/invt/delivery/pageList',
    queryStateCount: '/invt/delivery/queryStateCount',
    detail: '/invt/delivery/findHeadById',
    lines: '/invt/delivery/findListByHeadId',
    apply: '/invt/delivery/applyByIds',
    delete: '/invt/delivery/deleteByIds',
    sendReceipt: '/invt/delivery/sendReceipt',
    downloadQueryTemplate: '/invt/delivery/downloadQueryTemplate',
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
