/**
 * 理货明细单 — CEB215 InvtRefundDetail (flat), answered by CEB216 InvtRefundDetailReturn (bills §3
 * "Export tallying", ceb-messages §3.10): the supervised site reports a returned parcel it received.
 *
 * Tally lists come from an Excel upload (下载数据模板 / 上传Excel), so the page has no edit buttons and
 * the definition no save. Lengths: the XSD's where the spec allows more than customs takes (coElNo
 * 20, note 250). coElNo names the bill: required (the spec's common copNo R). ieFlag is I (a return
 * comes in). invtNo is the original export inventory, typed by the site, not issued here.
 */
import { appTime, appType, customsCode, ieFlag, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, uploadActions } from './actions.ts';
import { declarableBillList } from './lists.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/**
 * The page's buttons (domain/modules.ts /bill/export/tallying) that an api key performs. Its
 * `delete` deletes a whole tally list (deleteById): the batch delete here, not a body line.
 */
const codes = new Set(['batchDeclare', 'sendReciept', 'batchDelete', 'refresh']);
const actions: readonly ActionDef[] = [...billActions.filter((a) => codes.has(a.code)), ...uploadActions];
const declare = { requiredToDeclare: true } as const;

export const exportTallying: BillDefinition = {
  key: 'tallying',
  mode: 'export',
  label: '理货明细单',
  states: { mode: 'EXPU', billType: 'ExpuTallyingState' },
  titleField: 'coElNo',
  uniqueBy: ['coElNo'],
  head: [
    appType,
    appTime,
    customsCode,
    { name: 'operatorCode', label: '监管场所经营人代码', kind: 'text', maxLength: 18, ...declare },
    { name: 'operatorName', label: '监管场所经营人名称', kind: 'text', maxLength: 100, ...declare },
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, ...declare, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, ...declare, column: 'logistics_name' },
    { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 80, ...declare, column: 'logistics_no' },
    { name: 'invtNo', label: '原出口清单编号', kind: 'text', maxLength: 20, column: 'invt_no' },
    { name: 'coElNo', label: '企业内部编号', kind: 'text', maxLength: 20, required: true, column: 'cop_no' },
    preNo,
    // the waybill number when there is no master bill
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, ...declare, column: 'bill_no' },
    ieFlag('I'),
    trafMode,
    { name: 'trafName', label: '运输工具名称', kind: 'text', maxLength: 100, ...declare },
    { name: 'voyageNo', label: '航班航次号', kind: 'text', maxLength: 32, ...declare },
    { name: 'location', label: '卸货堆货位置', kind: 'text', maxLength: 250, span: 2 },
    { name: 'note', label: '备注', kind: 'textarea', maxLength: 250, span: 3 },
    ...transferFields,
  ],
  list: declarableBillList(
    [
      { field: 'coElNo', navigate: true, sortable: true, width: 190 },
      { field: 'preNo', width: 170 },
      { field: 'logisticsNo', width: 170 },
      { field: 'invtNo', width: 180 },
      { field: 'billNo', width: 160 },
      { field: 'operatorName', width: 200 },
      { field: 'logisticsName', width: 200 },
      { field: 'location', width: 160 },
    ],
    [
      { field: 'coElNo', termType: 'like' },
      { field: 'logisticsNo', termType: 'like' },
      { field: 'invtNo', termType: 'like' },
      { field: 'billNo', termType: 'like' },
    ],
  ),
  actions,
  // the data template: one row per tally list
  upload: {
    head: ['coElNo', 'customsCode', 'operatorCode', 'operatorName', 'logisticsCode', 'logisticsName', 'logisticsNo', 'invtNo', 'billNo',
      'trafMode', 'trafName', 'voyageNo', 'location', 'note'],
    maxRows: 5000,
  },
  // bills §7 Tallying: /expuTallying/{list, queryById, declarationList, downloadUploadTemplate,
  // uploadTemplate, deleteById, sendReceipt}. Derived: queryStateCount.
  api: {
    pageList: '/expuTallying/list',
    queryStateCount: '/expuTallying/queryStateCount',
    detail: '/expuTallying/queryById',
    apply: '/expuTallying/declarationList',
    delete: '/expuTallying/deleteById',
    sendReceipt: '/expuTallying/sendReceipt',
    downloadUploadTemplate: '/expuTallying/downloadUploadTemplate',
    uploadTemplate: '/expuTallying/uploadTemplate',
  },
  message: {
    type: 'CEB215',
    root: 'CEB215Message',
    schema: 'export',
    body: 'InvtRefundDetail',
    receipt: { type: 'CEB216', root: 'CEB216Message', element: 'InvtRefundDetailReturn', keys: ['coElNo'] },
  },
};
