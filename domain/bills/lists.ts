/** List configurations shared by bill definitions (bills §2 "List screen", §9 constants). */
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, DEFAULT_SORTS, type TermType } from '../query.ts';
import type { ListColumn, ListConfig, SearchField } from './types.ts';

/** Every bill list: 50 a page (50/100/200/500), newest first, the one-year creation window, index column and row selection. */
export const billListPaging = {
  defaultSort: DEFAULT_SORTS,
  pageSize: BILL_PAGE_SIZE,
  pageSizeOptions: BILL_PAGE_SIZE_OPTIONS,
  createWindow: 'year',
  indexColumn: true,
  selection: true,
} as const satisfies Partial<ListConfig>;

/** Every declarable bill ends its row with when it was declared, where it stands and what customs said. */
const statusColumns: readonly ListColumn[] = [
  { field: 'appTime', sortable: true, width: 170 },
  { field: 'stateName', width: 120, place: 'pinned' },
  { field: 'returnInfo', width: 260, place: 'lead' },
  { field: 'createTime', sortable: true, width: 170 },
];

/**
 * The generic bill list: the bill's own columns and search fields, then the status columns and the
 * 申报时间 range, with the paging above (newest declaration first).
 */
export function declarableBillList(columns: readonly ListColumn[], search: readonly SearchField[]): ListConfig {
  return {
    columns: [...columns, ...statusColumns],
    search: [...search, { field: 'appTime', termType: 'btw' }],
    ...billListPaging,
  };
}

/**
 * The usual width of a column by its field: numbers 170–190, enterprise names 200, codes 130,
 * amounts 80–120. A bill that wants another width says so ([field, width]).
 */
const usualWidths: Readonly<Record<string, number>> = {
  copNo: 190, coElNo: 190, orderNo: 190, preNo: 170, invtNo: 180, logisticsNo: 170, sumNo: 170, billNo: 160,
  voyageNo: 120, trafName: 140, domesticTrafNo: 140, customsCode: 120, tradeMode: 100, reason: 220,
  agentName: 200, ebcName: 200, ebpName: 200, logisticsName: 200, operatorName: 200, declAgentName: 200, payName: 180,
  logisticsCode: 130, ebcCode: 130, ebcTelephone: 130, goodsValue: 110, freight: 110, grossWeight: 120, currency: 80, buyerName: 110,
};

/** A column: its field at the usual width, [field, width], or the whole column (sortable, a label). */
export type ColumnSpec = string | readonly [field: string, width: number] | ListColumn;

function column(spec: ColumnSpec): ListColumn {
  if (typeof spec !== 'string') return 'field' in spec ? spec : { field: spec[0], width: spec[1] };
  const width = usualWidths[spec];
  // a definition is read when the app starts: a field without a usual width fails there, not on a page
  if (width === undefined) throw new Error(`no usual width for the list column ${spec}: give [field, width]`);
  return { field: spec, width };
}

/** A bill's own list columns, in order; the first is the bill's number: it opens the detail page and sorts. */
export function columns(first: string | readonly [field: string, width: number], ...rest: ColumnSpec[]): ListColumn[] {
  return [{ ...column(first), navigate: true, sortable: true }, ...rest.map(column)];
}

/** Search fields in order, each with its term type (`{ copNo: 'like', logisticsCode: 'eq' }`), then any written out whole. */
export function search(terms: Readonly<Record<string, TermType>>, ...more: SearchField[]): SearchField[] {
  return [...Object.entries(terms).map(([field, termType]) => ({ field, termType })), ...more];
}
