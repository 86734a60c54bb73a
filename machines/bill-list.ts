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
 *     .idle       [ready]     .unselected / .selected [hasSelection]; a missed live change → .refreshing
 *     .refreshing [ready]     the quiet refresh after a live change (parallel .list / .counts, no loading
 *                 tags): the page stays on screen and takes every click as idle does (below); leaving
 *                 it stops the refresh, so a late answer changes nothing
 *     .error      [error]     the loading indicator has ended; user.refresh retries
 *   confirming    [confirming]  the action's confirm text, with the rows its lifecycle refuses excluded;
 *                 confirming an action of kind 'job' (批量申报) sends job.start {ids} to the `job` child
 *                 and frees the list at once (selection cleared)
 *   running       [running busy]  invoke `batch` → reload list and counts; toast action.success ?? 操作成功！ (result dialog on failures)
 *   exportingAll / exportingSelected  [exporting busy]  invoke `export` (current conditions / ids)
 *   importing     [importing busy]  invoke `importQuery` (files → `in` terms) → reload
 *
 * Events
 *   user.filterState {state|null}  user.search {terms}  user.window {window}  user.reset {window}
 *   user.sort {sorts}  user.page {pageIndex}  user.pageSize {pageSize}  user.refresh  user.clearImport
 *       (anywhere in browsing: reload from page 0 — user.page keeps its page, user.refresh everything)
 *   user.select {rows}   user.confirm {values?}   user.cancel   user.dismissResult
 *   user.action {action}   user.export   user.import {files}
 *       in idle and in refreshing alike (a click is never lost to a quiet refresh, which it abandons):
 *       user.action → confirming with the rows selected as shown (none: warn 请选择操作数据！);
 *       user.export → exportingSelected (rows selected) or exportingAll; user.import → importing
 *   job.finished  (from the `job` child) in browsing: reload list and counts
 *   live.job {jobId, done, total, state}, live.resync  (the live-event stream) anywhere: forwarded
 *       to the `job` child, which reads the job again (./bill-job.ts); live.resync (after an
 *       interruption) is also a live.changed for the list itself
 *   live.changed  (the app's live-event stream: a bill of this list or its counts changed elsewhere)
 *       in browsing: debounced (liveDebounce), then from idle a quiet refresh — .refreshing [ready]
 *       reloads the page and the counts keeping page, filters and the selected rows still shown
 *       (a failure keeps the old rows, silently: events are hints); from error a normal reload.
 *       Never dropped (context.missed): a live.changed or live.refresh where none of the above takes
 *       it — .loading, .refreshing, confirming, running, exporting*, importing — is noted by the root,
 *       and so is a refresh the user's click abandons (userActs from .refreshing). .loading and
 *       .refreshing clear the note as they start (they read the list anew; a failed refresh is not
 *       retried); .idle entered with it refreshes quietly at once (eventless, guard missedChange):
 *       after 取消 of the confirm, an export, a failed batch or import, a load, a refresh. Nothing in
 *       idle notes a change, so it is one refresh after another at most, never a loop.
 *
 * Effects (placeholders; the view supplies them with machine.provide()):
 *   actors  pageList, stateCount, batch, export, importQuery; billJob (./bill-job.ts, invoked for the
 *           list's lifetime as `job`; default ./bill-list-job.ts, which the view extends with the calls)
 *   actions warn({message}), notifyError({error, message?}), notifySuccess({message}), openDownload({uri})
 * Its data: ./bill-list-types.ts; what it asks the server: ./bill-list-requests.ts. Imports only xstate,
 * domain/ and machines/: no axios, React, window or clock.
 */
import { assign, cancel, fromPromise, raise, sendTo, setup } from 'xstate';
import { estimateSimpleTotal, type ListRequest, type Term } from '../domain/query.ts';
import { billText } from '../domain/texts/bills.ts';
import { listJobMachine } from './bill-list-job.ts';
import { machineLabels } from './labels.ts';
import { batchInput, countRequest, countsKeyOf, listRequest, partitionByLifecycle } from './bill-list-requests.ts';
import { exporting, messageOf, notProvided } from './bill-list-states.ts';
import type {
  BatchInput, BatchResult, BillListContext, BillListEvent, BillListInput, ListPage, QueryFile, StateCountItem,
} from './bill-list-types.ts';

export type * from './bill-list-types.ts';
export { batchInput, conditionTerms, countRequest, exportRequest, listRequest, partitionByLifecycle } from './bill-list-requests.ts';

/**
 * What the user does on a shown page, the same in idle and in a quiet refresh (a click is never
 * lost to a refresh): a batch action is confirmed for the rows selected now, as shown (none: 请选择
 * 操作数据！), 导出 exports those rows or, none selected, the conditions; 导入 imports a query.
 * A refresh the click abandons still owes the page its change: it is noted as missed, so idle
 * refreshes when the list is back there.
 */
const userActs = (abandonsRefresh: boolean) => {
  const leave = abandonsRefresh ? (['noteMissed'] as const) : ([] as const);
  return {
    'user.action': [
      { guard: 'keepsSelection', target: '#billList.confirming', actions: ['holdAction', ...leave] },
      // every list batch action acts on selected rows (bills §5: 请选择操作数据！)
      { actions: { type: 'warn', params: { message: billText.selectRows } } },
    ],
    'user.export': [{ guard: 'keepsSelection', target: '#billList.exportingSelected', actions: leave }, { target: '#billList.exportingAll', actions: leave }],
    'user.import': { target: '#billList.importing', actions: leave },
  } as const;
};

export const billListMachine = setup({
  types: {} as {
    context: BillListContext;
    events: BillListEvent;
    input: BillListInput;
    tags: 'loading' | 'countsLoading' | 'ready' | 'hasSelection' | 'error' | 'confirming' | 'running' | 'exporting' | 'importing' | 'busy';
  },
  actors: {
    pageList: fromPromise<ListPage, ListRequest>(notProvided('pageList')),
    stateCount: fromPromise<StateCountItem[], ListRequest>(notProvided('stateCount')),
    batch: fromPromise<BatchResult, BatchInput>(notProvided('batch')),
    export: fromPromise<{ downloadUri: string }, ListRequest>(notProvided('export')),
    importQuery: fromPromise<Term[], { files: readonly QueryFile[] }>(notProvided('importQuery')),
    billJob: listJobMachine,
  },
  actions: {
    warn: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { error: unknown; message?: string }) => {},
    notifySuccess: (_, _params: { message: string }) => {},
    openDownload: (_, _params: { uri: string }) => {},
    /** the clicked action with the selected rows it applies to (the ones its lifecycle refuses apart) */
    holdAction: assign({
      pending: ({ context, event }) => (event.type === 'user.action' ? { action: event.action, ...partitionByLifecycle(context.selected, event.action) } : context.pending),
    }),
    /** a live change the list could not refresh for where it is: idle will (see `missed`) */
    noteMissed: assign({ missed: true }),
  },
  guards: {
    countsCurrent: ({ context }) => context.countsKey === countsKeyOf(context),
    hasRows: ({ event }) => event.type === 'user.select' && event.rows.length > 0,
    hasEligible: ({ context }) => (context.pending?.rows.length ?? 0) > 0,
    startsJob: ({ context }) => context.pending?.action.kind === 'job' && context.pending.rows.length > 0,
    keepsSelection: ({ context }) => context.selected.length > 0,
    missedChange: ({ context }) => context.missed,
    allSucceeded: ({ context, event }) =>
      (event as unknown as { output: BatchResult }).output.failed.length === 0 && (context.pending?.excluded.length ?? 0) === 0,
  },
  delays: {
    /** a burst of live events (a batch's receipts) is one refresh */
    liveDebounce: 500,
  },
}).createMachine({
  id: 'billList',
  meta: machineLabels({
    events: {
      'user.select': '勾选', 'user.action': '点击操作按钮', 'user.export': '导出', 'user.import': '导入查询',
      'live.refresh': '实时刷新', 'user.filterState': '按状态筛选', 'user.search': '查询', 'user.window': '改变时间范围',
      'user.reset': '重置', 'user.clearImport': '清除导入条件', 'user.sort': '排序', 'user.pageSize': '改变每页条数',
      'user.page': '翻页', 'user.refresh': '刷新', 'job.finished': '批量任务结束', 'live.changed': '单据有变化',
      'live.job': '任务进度更新', 'live.resync': '重新同步',
      'user.confirm': '确定', 'user.cancel': '取消', 'user.dismissResult': '关闭结果',
    },
    guards: {
      countsCurrent: '计数仍有效', keepsSelection: '仍有勾选', hasRows: '勾选了单据', startsJob: '后台批量任务',
      hasEligible: '有可操作的单据', allSucceeded: '全部成功', missedChange: '有未显示的变化',
    },
    actors: { pageList: '查询列表', stateCount: '查询状态计数', batch: '批量操作', export: '导出', importQuery: '导入查询' },
  }),
  context: ({ input }) => ({
    state: null, terms: [], window: input.window, imported: [], sorts: [...input.sorts],
    pageIndex: 0, pageSize: input.pageSize, rows: [], total: 0, estimated: false,
    counts: [], countsKey: null, selected: [], pending: null, result: null, error: null, missed: false,
  }),
  initial: 'browsing',
  // the bulk job (批量申报) lives as long as the list: its dialog and indicator outlast any state here
  invoke: { id: 'job', src: 'billJob' },
  on: {
    'user.dismissResult': { actions: assign({ result: null }) },
    // the stream's word of jobs goes to the job, which decides (./bill-job.ts)
    'live.job': { actions: sendTo('job', ({ event }) => event) },
    // the stream was interrupted: the job looks again, and the list refreshes as for any live change
    'live.resync': { actions: [sendTo('job', { type: 'live.resync' as const }), raise({ type: 'live.changed' })] },
    // a live change (or its debounced refresh) where nothing handles it — loading, refreshing, the
    // confirm, a batch, an export, an import — is not dropped: browsing.idle refreshes for it
    'live.changed': { actions: 'noteMissed' },
    'live.refresh': { actions: 'noteMissed' },
  },
  states: {
    browsing: { description: '浏览',
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
        // a finished job changed states (elsewhere: the reload after a batch or import shows it)
        'job.finished': { target: '.loading', actions: assign({ countsKey: null }) },
        'live.changed': { actions: [cancel('liveRefresh'), raise({ type: 'live.refresh' }, { id: 'liveRefresh', delay: 'liveDebounce' })] },
      },
      states: {
        loading: { description: '加载中',
          type: 'parallel',
          // a load reads the list anew: a change noted before it is in what it reads
          entry: assign({ selected: [], error: null, missed: false }),
          onDone: { target: 'idle' },
          states: {
            list: { description: '加载列表',
              initial: 'fetching',
              states: {
                fetching: { description: '查询中',
                  // the table's loader: rows that arrived are shown while the counts still load
                  tags: ['loading'],
                  invoke: {
                    id: 'pageList', src: 'pageList',
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
                done: { description: '已完成', type: 'final' },
              },
            },
            counts: { description: '加载状态计数',
              initial: 'checking',
              states: {
                checking: { description: '检查计数', always: [{ guard: 'countsCurrent', target: 'done' }, { target: 'fetching' }] },
                fetching: { description: '查询计数中',
                  tags: ['countsLoading'],
                  invoke: {
                    id: 'stateCount', src: 'stateCount',
                    input: ({ context }) => countRequest(context),
                    onDone: { target: 'done', actions: assign(({ context, event }) => ({ counts: event.output, countsKey: countsKeyOf(context) })) },
                    onError: { target: 'done', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
                done: { description: '已完成', type: 'final' },
              },
            },
          },
        },
        refreshing: { description: '刷新中',
          type: 'parallel',
          tags: ['ready'],
          // cleared as it starts, whatever it answers: a failed refresh is not retried (events are hints)
          entry: assign({ missed: false }),
          onDone: [{ guard: 'keepsSelection', target: 'idle.selected' }, { target: 'idle.unselected' }],
          // the page is on screen and usable: the user's acts are taken as in idle (leaving stops the
          // refresh, whose answers are then dropped); the filter, sort and page changes of browsing too
          on: { ...userActs(true), 'user.select': { actions: assign({ selected: ({ event }) => event.rows }) } },
          states: {
            list: { description: '刷新列表',
              initial: 'fetching',
              states: {
                fetching: { description: '查询中',
                  invoke: {
                    id: 'pageList', src: 'pageList',
                    input: ({ context }) => listRequest(context),
                    onDone: {
                      target: 'done',
                      actions: assign(({ context, event }) => {
                        const fresh = new Map(event.output.rows.map((r) => [r.id, r]));
                        return {
                          rows: event.output.rows,
                          total: event.output.total ?? estimateSimpleTotal(context.pageSize, context.pageIndex, event.output.rows.length),
                          estimated: event.output.total === undefined,
                          // the selected rows still on the page, as they are now
                          selected: context.selected.flatMap((r) => fresh.get(r.id) ?? []),
                        };
                      }),
                    },
                    onError: { target: 'done' },
                  },
                },
                done: { description: '已完成', type: 'final' },
              },
            },
            counts: { description: '刷新状态计数',
              initial: 'fetching',
              states: {
                fetching: { description: '查询计数中',
                  invoke: {
                    id: 'stateCount', src: 'stateCount',
                    input: ({ context }) => countRequest(context),
                    onDone: { target: 'done', actions: assign(({ context, event }) => ({ counts: event.output, countsKey: countsKeyOf(context) })) },
                    onError: { target: 'done' },
                  },
                },
                done: { description: '已完成', type: 'final' },
              },
            },
          },
        },
        idle: { description: '空闲',
          tags: ['ready'],
          initial: 'unselected',
          // back from wherever a live change was missed (the confirm, an export, a failed batch or
          // import, a load, a refresh): one quiet refresh; nothing in idle sets the flag, so no loop
          always: { guard: 'missedChange', target: 'refreshing' },
          on: { ...userActs(false), 'live.refresh': { target: 'refreshing' } },
          states: {
            unselected: { description: '未选择',
              on: { 'user.select': { guard: 'hasRows', target: 'selected', actions: assign({ selected: ({ event }) => event.rows }) } },
            },
            selected: { description: '已选择',
              tags: ['hasSelection'],
              on: {
                'user.select': [
                  { guard: 'hasRows', actions: assign({ selected: ({ event }) => event.rows }) },
                  { target: 'unselected', actions: assign({ selected: [] }) },
                ],
              },
            },
          },
        },
        error: { description: '加载失败', tags: ['error'], on: { 'live.refresh': { target: 'loading', actions: assign({ countsKey: null }) } } },
      },
    },
    confirming: { description: '确认中',
      tags: ['confirming'],
      on: {
        'user.confirm': [
          {
            // a job action goes to the job (which shows its own progress); the list is free at once
            guard: 'startsJob',
            target: '#billList.browsing.idle.unselected',
            actions: [sendTo('job', ({ context }) => ({ type: 'job.start' as const, ids: context.pending!.rows.map((r) => r.id) })), assign({ pending: null, selected: [] })],
          },
          { guard: 'hasEligible', target: 'running' },
        ],
        'user.cancel': { target: '#billList.browsing.idle.selected', actions: assign({ pending: null }) },
      },
    },
    running: { description: '批量操作中',
      tags: ['running', 'busy'],
      invoke: {
        id: 'batch', src: 'batch',
        input: ({ context, event }) => batchInput(context, event.type === 'user.confirm' ? (event.values ?? {}) : {}),
        onDone: [
          {
            guard: 'allSucceeded',
            target: 'browsing',
            // the action's own success text (删除成功！, 申请成功), before pending is cleared
            actions: [{ type: 'notifySuccess', params: ({ context }) => ({ message: context.pending?.action.success ?? billText.ok }) }, assign({ pending: null, countsKey: null })],
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
    exportingAll: { ...exporting(false, '#billList.browsing.idle.unselected'), description: '导出全部中' },
    exportingSelected: { ...exporting(true, '#billList.browsing.idle.selected'), description: '导出所选中' },
    importing: { description: '导入查询中',
      tags: ['importing', 'busy'],
      entry: assign({ selected: [] }),
      invoke: {
        id: 'importQuery', src: 'importQuery',
        input: ({ event }) => ({ files: event.type === 'user.import' ? event.files : [] }),
        onDone: { target: 'browsing', actions: assign({ imported: ({ event }) => event.output, pageIndex: 0 }) },
        onError: { target: '#billList.browsing.idle.unselected', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type BillListMachine = typeof billListMachine;
