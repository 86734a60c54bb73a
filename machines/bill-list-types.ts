/**
 * The bill-list machine's data: rows and answers as the machine sees them, its context, input and
 * events (see machines/bill-list.ts for what the states do with them). Types only.
 */
import type { ActionDef } from '../domain/bills/types.ts';
import type { Sort, Term, TimeWindow } from '../domain/query.ts';
import type { LiveJobEvent } from './bill-job.ts';

export interface BillRow {
  id: string | number;
  state?: string | null;
  [field: string]: unknown;
}
export interface StateCountItem { state: string; stateName: string; count: number }
/** A page of rows; `total` is absent for simple paging (the answer is a bare array). */
export interface ListPage { rows: BillRow[]; total?: number }
export interface BatchFailure { id: string | number; title: string; message: string }
export interface BatchResult { total: number; succeeded: number; failed: BatchFailure[] }
export interface PendingAction { action: ActionDef; rows: BillRow[]; excluded: BillRow[] }
export interface BatchOutcome extends BatchResult { action: ActionDef; excluded: BillRow[] }
/** A chosen file, as far as the machine cares (the browser's File fits). */
export interface QueryFile { readonly name: string; readonly size: number }
export interface BatchInput {
  action: ActionDef;
  ids: (string | number)[];
  window: TimeWindow | null;
  /** the prompt's answer, e.g. {reason: '…'} */
  values: Record<string, string>;
}

export interface BillListContext {
  /** state filter; null = 全部 */
  state: string | null;
  /** conditions of the 条件查询 dialog */
  terms: Term[];
  /** the create_time window; null when the list has noCreateTime */
  window: TimeWindow | null;
  /** `in` terms of the last Excel query import */
  imported: Term[];
  sorts: Sort[];
  pageIndex: number;
  pageSize: number;
  rows: BillRow[];
  total: number;
  /** total is estimated (simple paging) */
  estimated: boolean;
  counts: StateCountItem[];
  /** the terms the counts were loaded for; null = must reload */
  countsKey: string | null;
  selected: BillRow[];
  pending: PendingAction | null;
  result: BatchOutcome | null;
  /** message of the last failed list load */
  error: string | null;
  /**
   * a live change was told while the list could not refresh for it (a load, a refresh, a dialog, an
   * export, a batch, an import, or a refresh the user's click abandoned): idle refreshes quietly once
   */
  missed: boolean;
}

export interface BillListInput { pageSize: number; sorts: readonly Sort[]; window: TimeWindow | null }

export type BillListEvent =
  | { type: 'user.filterState'; state: string | null }
  | { type: 'user.search'; terms: Term[] }
  | { type: 'user.window'; window: TimeWindow | null }
  | { type: 'user.reset'; window: TimeWindow | null }
  | { type: 'user.sort'; sorts: Sort[] }
  | { type: 'user.page'; pageIndex: number }
  | { type: 'user.pageSize'; pageSize: number }
  | { type: 'user.refresh' }
  | { type: 'user.clearImport' }
  | { type: 'user.select'; rows: BillRow[] }
  | { type: 'user.action'; action: ActionDef }
  | { type: 'user.confirm'; values?: Record<string, string> }
  | { type: 'user.cancel' }
  | { type: 'user.export' }
  | { type: 'user.import'; files: readonly QueryFile[] }
  | { type: 'user.dismissResult' }
  /** from the list's bulk job child (./bill-list-job.ts): the job is done */
  | { type: 'job.finished' }
  /** from the app's live-event stream: this list's rows or counts changed elsewhere (a hint) */
  | { type: 'live.changed' }
  /** from the app's live-event stream, for the list's bulk job child: a job's progress, or resync (./bill-job.ts) */
  | LiveJobEvent
  | { type: 'live.resync' }
  /** internal: the debounced refresh after live.changed */
  | { type: 'live.refresh' };

