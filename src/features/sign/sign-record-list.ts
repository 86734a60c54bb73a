/**
 * 签名记录 (bills §3 "Other", §7 "Sign") as a list the generic bill list can show at its module
 * /bill/export/signRecord (docs/decisions/menu-sign-record.md: both directions, type export): the sign record row's
 * fields, /sign/signData/{list, exportData, downloadQueryTemplate} and the CbeSignState filter.
 *
 * Not a bill the engine stores: it is not in domain/bills' registry (no bill routes, no customs
 * message); the server's own routes answer it (server/customs/sign/routes.ts). The spec names no
 * count call for it, so the state filter shows the states without counts. A row opens
 * /sign/detail/{id} (bills §2), not the bill detail page.
 */
import { billActions } from '../../../domain/bills/actions.ts';
import type { BillDefinition, FieldDef } from '../../../domain/bills/types.ts';
import { statesFor } from '../../../domain/bill-states.ts';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS } from '../../../domain/query.ts';
import { signingText } from '../../../domain/texts/signing.ts';

const c = signingText.columns;

/** The signed message types (SignType), for choosing one in the search. */
const signTypes = (statesFor('EXPU', 'SignType') ?? []).map((s) => ({ value: s.state, label: s.stateName }));

/** The row's fields (server/customs/sign/screens.ts), read-only: records are made by declaring. */
const fields: readonly FieldDef[] = [
  { name: 'copNo', label: c.copNo, kind: 'text', readOnly: true },
  { name: 'customsRegistCode', label: c.customsRegistCode, kind: 'text', readOnly: true },
  { name: 'companyName', label: c.companyName, kind: 'text', readOnly: true },
  { name: 'type', label: c.typeName, kind: 'select', options: signTypes, readOnly: true },
  { name: 'typeName', label: c.typeName, kind: 'text', readOnly: true },
  { name: 'purpose', label: c.purpose, kind: 'text', readOnly: true },
  { name: 'note', label: c.note, kind: 'text', readOnly: true },
  { name: 'returnInfo', label: c.returnInfo, kind: 'text', readOnly: true },
  { name: 'createTime', label: c.createTime, kind: 'datetime', readOnly: true },
  { name: 'updateTime', label: c.updateTime, kind: 'datetime', readOnly: true },
];

export const signRecordList: BillDefinition = {
  key: 'signRecord',
  mode: 'export',
  label: signingText.listLabel,
  states: { mode: 'EXPU', billType: 'CbeSignState' },
  titleField: 'copNo',
  head: fields,
  list: {
    columns: [
      { field: 'copNo', navigate: true, sortable: true, width: 200 },
      { field: 'customsRegistCode', width: 130 },
      { field: 'companyName', width: 220 },
      { field: 'typeName', width: 150 },
      { field: 'purpose', width: 200 },
      { field: 'stateName', width: 100 },
      { field: 'returnInfo', width: 260 },
      { field: 'note', width: 160 },
      { field: 'createTime', sortable: true, width: 170 },
      { field: 'updateTime', sortable: true, width: 170 },
    ],
    search: [
      { field: 'copNo', termType: 'like' },
      { field: 'type', termType: 'eq' },
      { field: 'purpose', termType: 'like' },
    ],
    // acc §9: update time descending by default
    defaultSort: [{ name: 'update_time', order: 'desc' }],
    pageSize: BILL_PAGE_SIZE,
    pageSizeOptions: BILL_PAGE_SIZE_OPTIONS,
    createWindow: 'year',
    indexColumn: true,
    selection: true,
    detailPage: '/sign/detail/{id}',
  },
  actions: billActions.filter((a) => a.code === 'export'),
  api: {
    pageList: '/sign/signData/list',
    detail: '/sign/signData/findById',
    export: '/sign/signData/exportData',
    downloadQueryTemplate: '/sign/signData/downloadQueryTemplate',
  },
};
