/**
 * The generic bill list (bills §2 "List screen"): filters, paging, selection, batch actions, export
 * and the Excel query import. One machine for every bill type; what differs comes in as data (the
 * action definitions, the page size, the create_time window).
 *
 * States
 *   browsing
 *     .loading    parallel: .list.fetching [loading] invokes `pageList`; .counts.fetching
 *                 [countsLoading] invokes `stateCount`, only when the terms changed since the last
 *                 counts (paging, sorting and the state filter do not change counts). A list
 *                 failure → .error; a counts failure only toasts (the list stays usable).
 *     .idle       [ready]     .unselected / .selected [hasSelection]
 *     .error      [error]     the loading indicator has ended; user.refresh retries
 *   confirming    [confirming]  the action's confirm text, with the rows its lifecycle refuses excluded
 *   running       [running busy]  invoke `batch` → reload list and counts (result dialog on failures)
 *   exportingAll / exportingSelected  [exporting busy]  invoke `export` (current conditions / ids)
 *   importing     [importing busy]  invoke `importQuery` (files → `in` terms) → reload
 *
 * Events
 *   user.filterState {state|null}  user.search {terms}  user.window {window}  user.reset {window}
 *   user.sort {sorts}  user.page {pageIndex}  user.pageSize {pageSize}  user.refresh  user.clearImport
 *       (anywhere in browsing: reload from page 0 — user.page keeps its page, user.refresh everything)
 *   user.select {rows}   user.action {action}   user.confirm {values?}   user.cancel
 *   user.export   user.import {files}   user.dismissResult
 *
 * Effects (placeholders; the view supplies them with machine.provide()):
 *   actors  pageList, stateCount, batch, export, importQuery
 *   actions warn({message}), notifyError({error, message?}), notifySuccess({message}), openDownload({uri})
 * Imports only xstate, domain/ and the lifecycle machine: no axios, React, window or clock.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ActionDef } from '../domain/bills/types.ts';
import {
  estimateSimpleTotal,
  STATE_COUNT_PAGE_SIZE,
  type ListRequest,
  type Sort,
  type Term,
  type TimeWindow,
} from '../domain/query.ts';
import { billText } from '../domain/texts/bills.ts';
import { lifecycleAccepts, lifecycleSnapshot, type LifecycleEvent } from './bill-lifecycle.ts';

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
  | { type: 'user.dismissResult' };

/** The conditions every request carries: dialog terms, the create_time window, imported ids. */
export function conditionTerms(c: Pick<BillListContext, 'terms' | 'window' | 'imported'>): Term[] {
  const terms = [...c.terms];
  if (c.window) terms.push({ column: 'create_time', termType: 'btw', value: [c.window[0], c.window[1]] });
  return [...terms, ...c.imported];
}

export function listRequest(c: BillListContext): ListRequest {
  const terms = conditionTerms(c);
  if (c.state !== null) terms.push({ column: 'state', termType: 'eq', value: c.state });
  return { pageIndex: c.pageIndex, pageSize: c.pageSize, sorts: [...c.sorts], terms };
}

/** Counts ignore the state filter and paging (bills §7: pageIndex 0, pageSize 10). */
export function countRequest(c: BillListContext): ListRequest {
  return { pageIndex: 0, pageSize: STATE_COUNT_PAGE_SIZE, sorts: [...c.sorts], terms: conditionTerms(c) };
}

/** Selected rows export by id; otherwise everything the current conditions find. */
export function exportRequest(c: BillListContext, selectedOnly: boolean): ListRequest {
  if (!selectedOnly) return { ...listRequest(c), pageIndex: 0 };
  return { pageIndex: 0, pageSize: c.pageSize, sorts: [...c.sorts], terms: [{ column: 'id', termType: 'in', value: c.selected.map((r) => r.id) }] };
}

const countsKeyOf = (c: BillListContext) => JSON.stringify(conditionTerms(c));

/** Splits rows into those whose lifecycle state accepts the action's event and the rest. */
export function partitionByLifecycle(rows: readonly BillRow[], action: ActionDef): Pick<PendingAction, 'rows' | 'excluded'> {
  if (!action.event) return { rows: [...rows], excluded: [] };
  const event = { type: action.event } as LifecycleEvent;
  const accepted: BillRow[] = [];
  const excluded: BillRow[] = [];
  for (const row of rows) {
    // a row without a state code is the server's to judge
    const ok = row.state == null || lifecycleAccepts(lifecycleSnapshot(String(row.state)), event);
    (ok ? accepted : excluded).push(row);
  }
  return { rows: accepted, excluded };
}

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as Error).message === 'string') return (error as Error).message;
  return String(error);
}

/** exportingAll / exportingSelected: one export call; what it exports and where it returns differ. */
const exporting = (selectedOnly: boolean, back: string) => ({
  tags: ['exporting', 'busy'] as const,
  invoke: {
    id: 'export',
    src: 'export' as const,
    input: ({ context }: { context: BillListContext }) => exportRequest(context, selectedOnly),
    onDone: { target: back, actions: { type: 'openDownload' as const, params: ({ event }: { event: { output: { downloadUri: string } } }) => ({ uri: event.output.downloadUri }) } },
    onError: { target: back, actions: { type: 'notifyError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, message: billText.exportFailed }) } },
  },
});

export const billListMachine = setup({
  types: {} as {
    context: BillListContext;
    events: BillListEvent;
    input: BillListInput;
    tags: 'loading' | 'countsLoading' | 'ready' | 'hasSelection' | 'error' | 'confirming' | 'running' | 'exporting' | 'importing' | 'busy';
  },
  actors: {
    pageList: fromPromise<ListPage, ListRequest>(async () => {
      throw new Error('bill-list: pageList actor not provided');
    }),
    stateCount: fromPromise<StateCountItem[], ListRequest>(async () => {
      throw new Error('bill-list: stateCount actor not provided');
    }),
    batch: fromPromise<BatchResult, BatchInput>(async () => {
      throw new Error('bill-list: batch actor not provided');
    }),
    export: fromPromise<{ downloadUri: string }, ListRequest>(async () => {
      throw new Error('bill-list: export actor not provided');
    }),
    importQuery: fromPromise<Term[], { files: readonly QueryFile[] }>(async () => {
      throw new Error('bill-list: importQuery actor not provided');
    }),
  },
  actions: {
    warn: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { error: unknown; message?: string }) => {},
    notifySuccess: (_, _params: { message: string }) => {},
    openDownload: (_, _params: { uri: string }) => {},
  },
  guards: {
    countsCurrent: ({ context }) => context.countsKey === countsKeyOf(context),
    hasRows: ({ event }) => event.type === 'user.select' && event.rows.length > 0,
    hasEligible: ({ context }) => (context.pending?.rows.length ?? 0) > 0,
    allSucceeded: ({ context, event }) =>
      (event as unknown as { output: BatchResult }).output.failed.length === 0 && (context.pending?.excluded.length ?? 0) === 0,
  },
}).createMachine({
  id: 'billList',
  context: ({ input }) => ({
    state: null, terms: [], window: input.window, imported: [], sorts: [...input.sorts],
    pageIndex: 0, pageSize: input.pageSize, rows: [], total: 0, estimated: false,
    counts: [], countsKey: null, selected: [], pending: null, result: null, error: null,
  }),
  initial: 'browsing',
  on: { 'user.dismissResult': { actions: assign({ result: null }) } },
  states: {
    browsing: {
      initial: 'loading',
      on: {
        // Filter changes, from anywhere in browsing (a load in flight is cancelled): reload from
        // the first page. Paging keeps the conditions; refresh also reloads the counts.
        'user.filterState': { target: '.loading', actions: assign({ pageIndex: 0, state: ({ event }) => event.state }) },
        'user.search': { target: '.loading', actions: assign({ pageIndex: 0, terms: ({ event }) => event.terms }) },
        'user.window': { target: '.loading', actions: assign({ pageIndex: 0, window: ({ event }) => event.window }) },
        'user.reset': { target: '.loading', actions: assign({ pageIndex: 0, terms: [], imported: [], window: ({ event }) => event.window }) },
        'user.clearImport': { target: '.loading', actions: assign({ pageIndex: 0, imported: [] }) },
        'user.sort': { target: '.loading', actions: assign({ pageIndex: 0, sorts: ({ event }) => event.sorts }) },
        'user.pageSize': { target: '.loading', actions: assign({ pageIndex: 0, pageSize: ({ event }) => event.pageSize }) },
        'user.page': { target: '.loading', actions: assign({ pageIndex: ({ event }) => event.pageIndex }) },
        'user.refresh': { target: '.loading', actions: assign({ countsKey: null }) },
      },
      states: {
        loading: {
          type: 'parallel',
          entry: assign({ selected: [], error: null }),
          onDone: { target: 'idle' },
          states: {
            list: {
              initial: 'fetching',
              states: {
                fetching: {
                  // the table's loader: rows that arrived are shown while the counts still load
                  tags: ['loading'],
                  invoke: {
                    id: 'pageList',
                    src: 'pageList',
                    input: ({ context }) => listRequest(context),
                    onDone: {
                      target: 'done',
                      actions: assign(({ context, event }) => ({
                        rows: event.output.rows,
                        total: event.output.total ?? estimateSimpleTotal(context.pageSize, context.pageIndex, event.output.rows.length),
                        estimated: event.output.total === undefined,
                      })),
                    },
                    onError: {
                      target: '#billList.browsing.error',
                      actions: [
                        assign({ error: ({ event }) => messageOf(event.error) }),
                        { type: 'notifyError', params: ({ event }) => ({ error: event.error }) },
                      ],
                    },
                  },
                },
                done: { type: 'final' },
              },
            },
            counts: {
              initial: 'checking',
              states: {
                checking: { always: [{ guard: 'countsCurrent', target: 'done' }, { target: 'fetching' }] },
                fetching: {
                  tags: ['countsLoading'],
                  invoke: {
                    id: 'stateCount',
                    src: 'stateCount',
                    input: ({ context }) => countRequest(context),
                    onDone: { target: 'done', actions: assign(({ context, event }) => ({ counts: event.output, countsKey: countsKeyOf(context) })) },
                    onError: { target: 'done', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
                done: { type: 'final' },
              },
            },
          },
        },
        idle: {
          tags: ['ready'],
          initial: 'unselected',
          on: { 'user.import': { target: '#billList.importing' } },
          states: {
            unselected: {
              on: {
                'user.select': { guard: 'hasRows', target: 'selected', actions: assign({ selected: ({ event }) => event.rows }) },
                // every list batch action acts on selected rows (bills §5: 请选择操作数据！)
                'user.action': { actions: { type: 'warn', params: { message: billText.selectRows } } },
                'user.export': { target: '#billList.exportingAll' },
              },
            },
            selected: {
              tags: ['hasSelection'],
              on: {
                'user.select': [
                  { guard: 'hasRows', actions: assign({ selected: ({ event }) => event.rows }) },
                  { target: 'unselected', actions: assign({ selected: [] }) },
                ],
                'user.action': {
                  target: '#billList.confirming',
                  actions: assign({ pending: ({ context, event }) => ({ action: event.action, ...partitionByLifecycle(context.selected, event.action) }) }),
                },
                'user.export': { target: '#billList.exportingSelected' },
              },
            },
          },
        },
        error: { tags: ['error'] },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'user.confirm': { guard: 'hasEligible', target: 'running' },
        'user.cancel': { target: '#billList.browsing.idle.selected', actions: assign({ pending: null }) },
      },
    },
    running: {
      tags: ['running', 'busy'],
      invoke: {
        id: 'batch',
        src: 'batch',
        input: ({ context, event }) => ({
          action: context.pending!.action,
          ids: context.pending!.rows.map((r) => r.id),
          window: context.window,
          values: event.type === 'user.confirm' ? (event.values ?? {}) : {},
        }),
        onDone: [
          {
            guard: 'allSucceeded',
            target: 'browsing',
            actions: [assign({ pending: null, countsKey: null }), { type: 'notifySuccess', params: { message: billText.ok } }],
          },
          {
            target: 'browsing',
            actions: assign(({ context, event }) => ({
              result: { ...event.output, action: context.pending!.action, excluded: context.pending!.excluded },
              pending: null,
              countsKey: null,
            })),
          },
        ],
        onError: {
          target: '#billList.browsing.idle.selected',
          actions: [assign({ pending: null }), { type: 'notifyError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    exportingAll: exporting(false, '#billList.browsing.idle.unselected'),
    exportingSelected: exporting(true, '#billList.browsing.idle.selected'),
    importing: {
      tags: ['importing', 'busy'],
      entry: assign({ selected: [] }),
      invoke: {
        id: 'importQuery',
        src: 'importQuery',
        input: ({ event }) => ({ files: event.type === 'user.import' ? event.files : [] }),
        onDone: { target: 'browsing', actions: assign({ imported: ({ event }) => event.output, pageIndex: 0 }) },
        onError: { target: '#billList.browsing.idle.unselected', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type BillListMachine = typeof billListMachine;
