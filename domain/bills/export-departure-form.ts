/**
 * 离境单 — CEB509 Departure/DepartureHead/DepartureList, answered by CEB510 DepartureReturn (bills §3
 * "Departure form", ceb-messages §3.5). The carrier reports when the parcels left the country.
 *
 * Departure forms come from 批量离境 on inventories and master bills (with leaveTime), so the page
 * has no edit buttons and the definition no save. leaveTime is the one field the spec marks R.
 */
import { appTime, appType, copNo, customsCode, msgCount, msgSeqNo, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions } from './actions.ts';
import { declarableBillList } from './lists.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/** The page's buttons (domain/modules.ts /bill/export/departureForm). */
const codes = new Set(['batchDeclare', 'sendReciept', 'batchDelete', 'export', 'refresh']);
const actions: readonly ActionDef[] = billActions.filter((a) => codes.has(a.code));

export const exportDepartureForm: BillDefinition = {
  key: 'departureForm',
  mode: 'export',
  label: '离境单',
  states: { mode: 'EXPU', billType: 'ExpuDepartureState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    appType,
    appTime,
    customsCode,
    copNo,
    preNo,
    { name: 'logisticsCode', label: '物流企业代码', kind: 'text', maxLength: 18, requiredToDeclare: true, column: 'logistics_code' },
    { name: 'logisticsName', label: '物流企业名称', kind: 'text', maxLength: 100, requiredToDeclare: true, column: 'logistics_name' },
    trafMode,
    { name: 'trafName', label: '运输工具名称', kind: 'text', maxLength: 100 },
    { name: 'voyageNo', label: '航班航次号', kind: 'text', maxLength: 32 },
    { name: 'billNo', label: '提运单号', kind: 'text', maxLength: 37, column: 'bill_no' },
    { name: 'leaveTime', label: '离境时间', kind: 'datetime', required: true },
    msgCount,
    msgSeqNo,
    note,
    ...transferFields,
  ],
  lines: {
    paged: true,
    min: 1,
    sequenceField: 'gnum',
    fields: [
      { name: 'gnum', label: '序号', kind: 'integer', digits: 5, required: true },
      { name: 'totalPackageNo', label: '总包号', kind: 'text', maxLength: 37 },
      { name: 'logisticsNo', label: '物流运单编号', kind: 'text', maxLength: 32, required: true },
      { ...note, xml: 'note' },
    ],
  },
  list: declarableBillList(
    [
      { field: 'copNo', navigate: true, sortable: true, width: 190 },
      { field: 'preNo', width: 170 },
      { field: 'billNo', width: 160 },
      { field: 'logisticsName', width: 200 },
      { field: 'trafName', width: 140 },
      { field: 'voyageNo', width: 120 },
      { field: 'leaveTime', sortable: true, width: 170 },
    ],
    [
      { field: 'copNo', termType: 'like' },
      { field: 'billNo', termType: 'like' },
      { field: 'voyageNo', termType: 'like' },
      { field: 'leaveTime', termType: 'btw' },
    ],
  ),
  actions,
  // bills §7 lists no departure paths. They follow the logistics bills' family (/expu/delivery,
  // /expu/logistics) under /expu/departure with the arrival note's verbs; the Excel export is
  // exportDepartureData like exportLogisticsData.
  api: {
    pageList: '/expu/departure/pageList',
    queryStateCount: '/expu/departure/queryStateCount',
    detail: '/expu/departure/findHeadById',
    lines: '/expu/departure/findListByHeadId',
    apply: '/expu/departure/applyByIds',
    delete: '/expu/departure/deleteByIds',
    export: '/expu/departure/exportDepartureData',
    sendReceipt: '/expu/departure/sendReceipt',
  },
  message: {
    type: 'CEB509',
    root: 'CEB509Message',
    schema: 'export',
    body: 'Departure',
    head: 'DepartureHead',
    line: 'DepartureList',
    // no source gives a per-message limit (the schema's lists are unbounded): ours, see docs/decisions.md
    split: { linesPerMessage: 1000, countField: 'msgCount', seqField: 'msgSeqNo' },
    receipt: { type: 'CEB510', root: 'CEB510Message', element: 'DepartureReturn', keys: ['copNo', 'msgSeqNo'] },
  },
};
