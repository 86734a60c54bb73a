/**
 * 理货明细单 — CEB215 InvtRefundDetail (flat), answered by CEB216 InvtRefundDetailReturn (bills §3
 * "Export tallying", ceb-messages §3.10): the supervised site reports a returned parcel it received.
 *
 * Tally lists come from an Excel upload (下载数据模板 / 上传Excel), so the page has no edit buttons and
 * the definition no save. Lengths: the XSD's where the spec allows more than customs takes (coElNo
 * 20, note 250). coElNo names the bill: required (the spec's common copNo R). ieFlag is I (a return
 * comes in). invtNo is the original export inventory, typed by the site, not issued here.
 */
import { appFields, customsCode, ieFlag, invtNo, logisticsNo, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, onlyCodes, uploadActions } from './actions.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { logisticsCodeName, operatorCodeName } from './parties.ts';
import { billNo, trafName, voyageNo } from './transport.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/**
 * The page's buttons (domain/modules.ts /bill/export/tallying) that an api key performs. Its
 * `delete` deletes a whole tally list (deleteById): the batch delete here, not a body line.
 */
const actions: readonly ActionDef[] = [...onlyCodes(billActions, 'batchDeclare', 'sendReciept', 'batchDelete', 'refresh'), ...uploadActions];
const declare = { requiredToDeclare: true } as const;

export const exportTallying: BillDefinition = {
  key: 'tallying',
  mode: 'export',
  label: '理货明细单',
  states: { mode: 'EXPU', billType: 'ExpuTallyingState' },
  titleField: 'coElNo',
  uniqueBy: ['coElNo'],
  head: [
    ...appFields,
    customsCode,
    ...operatorCodeName(declare),
    ...logisticsCodeName(declare),
    { ...logisticsNo, maxLength: 80, ...declare },
    { ...invtNo, label: '原出口清单编号' },
    { name: 'coElNo', label: '企业内部编号', kind: 'text', maxLength: 20, required: true, column: 'cop_no' },
    preNo,
    // the waybill number when there is no master bill
    { ...billNo, ...declare },
    ieFlag('I'),
    trafMode,
    { ...trafName, ...declare },
    { ...voyageNo, ...declare },
    { name: 'location', label: '卸货堆货位置', kind: 'text', maxLength: 250, span: 2 },
    { ...note, maxLength: 250 },
    ...transferFields,
  ],
  list: declarableBillList(
    columns('coElNo', 'preNo', 'logisticsNo', 'invtNo', 'billNo', 'operatorName', 'logisticsName', ['location', 160]),
    search({ coElNo: 'like', logisticsNo: 'like', invtNo: 'like', billNo: 'like' }),
  ),
  actions,
  // the data template: one row per tally list
  upload: {
    head: ['coElNo', 'customsCode', 'operatorCode', 'operatorName', 'logisticsCode', 'logisticsName', 'logisticsNo', 'invtNo', 'billNo',
      'trafMode', 'trafName', 'voyageNo', 'location', 'note'],
    maxRows: 5000,
    sample: [{
      coElNo: 'LH20260318001', customsCode: '3105', operatorCode: '3105980001', operatorName: '宁波空港监管场所', logisticsCode: '3302980001',
      logisticsName: '宁波顺达国际物流有限公司', logisticsNo: 'RT2603180001', invtNo: '31052026E000000001', billNo: '999-1001', trafMode: '5',
      trafName: 'CA1234', voyageNo: 'CA1234', location: 'A区3排',
    }],
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
