/**
 * 离境单 — CEB509 Departure/DepartureHead/DepartureList, answered by CEB510 DepartureReturn (bills §3
 * "Departure form", ceb-messages §3.5). The carrier reports when the parcels left the country.
 *
 * Departure forms come from 批量离境 on inventories and master bills (with leaveTime), so the page
 * has no edit buttons and the definition no save. leaveTime is the one field the spec marks R.
 */
import { appFields, copNo, customsCode, gnum, lineNote, msgNumbers, note, preNo, trafMode, transferFields } from './fields.ts';
import { billActions, leaveTimeField, onlyCodes } from './actions.ts';
import { columns, declarableBillList, search } from './lists.ts';
import { logisticsCodeName } from './parties.ts';
import { billNo, parcelLogisticsNo, totalPackageNo, trafName, voyageNo } from './transport.ts';
import { fromSource, type DerivedValue } from './action-words.ts';
import type { ActionDef, BillDefinition } from './types.ts';

/**
 * The head of a 离境单 that 批量离境 makes (of inventories or 清单总分单): a new number, the office,
 * carrier, vehicle and master bill of its source, and the leaveTime asked.
 */
export const departureHead: Readonly<Record<string, DerivedValue>> = {
  appType: { value: '1' }, copNo: { number: 'LJ' },
  ...fromSource('customsCode', 'logisticsCode', 'logisticsName', 'trafMode', 'trafName', 'voyageNo', 'billNo'),
  leaveTime: { form: 'leaveTime' },
};

/** The page's buttons (domain/modules.ts /bill/export/departureForm). */
const actions: readonly ActionDef[] = onlyCodes(billActions, 'batchDeclare', 'sendReciept', 'batchDelete', 'export', 'refresh');

export const exportDepartureForm: BillDefinition = {
  key: 'departureForm',
  mode: 'export',
  label: '离境单',
  states: { mode: 'EXPU', billType: 'ExpuDepartureState' },
  titleField: 'copNo',
  uniqueBy: ['copNo'],
  head: [
    ...appFields,
    customsCode,
    copNo,
    preNo,
    ...logisticsCodeName({ requiredToDeclare: true }),
    trafMode,
    trafName,
    voyageNo,
    billNo,
    // what 批量离境 asks
    leaveTimeField,
    ...msgNumbers,
    note,
    ...transferFields,
  ],
  lines: {
    paged: true,
    min: 1,
    sequenceField: 'gnum',
    fields: [
      gnum(5),
      totalPackageNo,
      parcelLogisticsNo,
      lineNote,
    ],
  },
  list: declarableBillList(
    columns('copNo', 'preNo', 'billNo', 'logisticsName', 'trafName', 'voyageNo', { field: 'leaveTime', sortable: true, width: 170 }),
    search({ copNo: 'like', billNo: 'like', voyageNo: 'like', leaveTime: 'btw' }),
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
    // no source gives a per-message limit (the schema's lists are unbounded): ours, see docs/decisions/startup-request-cost-signing-split-messages.md
    split: { linesPerMessage: 1000, countField: 'msgCount', seqField: 'msgSeqNo' },
    receipt: { type: 'CEB510', root: 'CEB510Message', element: 'DepartureReturn', keys: ['copNo', 'msgSeqNo'] },
  },
};
