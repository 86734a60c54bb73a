/** List configurations shared by bill definitions (bills §2 "List screen", §9 constants). */
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS, DEFAULT_SORTS } from '../query.ts';
import type { ListColumn, ListConfig, SearchField } from './types.ts';

/** Every declarable bill ends its row with when it was declared, where it stands and what customs said. */
const statusColumns: readonly ListColumn[] = [
  { field: 'appTime', sortable: true, width: 170 },
  { field: 'stateName', width: 120 },
  { field: 'returnInfo', width: 260 },
  { field: 'createTime', sortable: true, width: 170 },
];

/**
 * The generic bill list: the bill's own columns and search fields, then the status columns and the
 * 申报时间 range; 50 a page (50/100/200/500), newest declaration first, the one-year creation window,
 * index column and row selection.
 */
export function declarableBillList(columns: readonly ListColumn[], search: readonly SearchField[]): ListConfig {
  return {
    columns: [...columns, ...statusColumns],
    search: [...search, { field: 'appTime', termType: 'btw' }],
    defaultSort: DEFAULT_SORTS,
    pageSize: BILL_PAGE_SIZE,
    pageSizeOptions: BILL_PAGE_SIZE_OPTIONS,
    createWindow: 'year',
    indexColumn: true,
    selection: true,
  };
}
