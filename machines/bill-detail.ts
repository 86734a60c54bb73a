/**
 * The bill detail page (bills §2 Detail screen, §4 detail mode and temp rows, §7): one machine for
 * every bill type; the definition only shapes the view.
 *
 * States
 *   loading        [busy]    invoke `load`: the bill (detail + lines), or without an id the add
 *                            form's defaults (a new bill starts in edit mode, bills §4)
 *   failed                   the bill could not be read (单据不存在或无权访问, network); 刷新 retries
 *   view                     read-only; 编辑 only while the bill's lifecycle state is 'editable';
 *                            user.declare (申报) declares the stored copy as it is when 'declarable'
 *   following                invoke `follow` (load): the bill changed elsewhere (live.changed), read
 *                            again quietly (no busy tag, page and selection kept); a failure keeps the copy
 *   paging         [busy]    invoke `lines`: another page of a paged body (read-only bodies)
 *   edit           [editing] head form and body rows editable; rows added here get temp ids
 *   stashing       [editing saving busy]  invoke `stash` (暂存): the bill as typed stored as a draft,
 *                            checked for types and lengths only (issue 31) → 暂存成功!, reload; the
 *                            bill is then on the server, in its list, and survives a refresh
 *   saving         [editing saving busy]  invoke `save` → 保存成功！, view, reload
 *   declaring      [editing saving busy]  invoke `saveAndDeclare` → 操作成功！, view, reload
 *   refreshing     [busy]    invoke `reload` (刷新, and after a save); a new bill gets its defaults
 *   savingLine     [editing busy]  invoke `saveLine` (bodySave, input.lineSave): the body form's row of a
 *                            stored bill saved alone (saveLines {headId}); the row takes the server's id,
 *                            the page the bill's new version; refused: the row's errors, still editing
 * input.sequenceField (gnum): deleting a row renumbers the rest 1…n (machines/bill-detail-lines.ts).
 * A failed save or declaration goes back to edit with everything the user typed and the server's
 * field errors (`orderNo`, `lines.1.itemName`) mapped to the head and to row ids.
 * 删除 takes the selected row out of the page, temp or saved: the save sends every row left
 * (`details` replaces the bill's lines in the save's transaction), so a saved row is deleted with
 * the version check of the save. A separate deleteLines call would move the bill's version
 * (server/bills/lines.ts) and make the save that follows stale; 刷新 brings the row back.
 *
 * live.changed (the page forwards the app's live events naming this stored bill, its list's counts, resync):
 * in view the bill is read again quietly; in edit nothing the user typed is touched: a peek (load, child
 * `peek`) whose version is not the page's sets `outdated`, shown as 该单据已被更新 with 刷新 (user.refresh: drop the edits, reload) and 继续编辑 (user.dismiss).
 * Events: user.edit · user.declare · user.save|saveAndDeclare|stash {head} ·
 * user.refresh · user.page {pageIndex} · user.selectLine|deleteLine {id} · user.newLine ·
 * user.saveLine {line} · user.dismiss · live.changed · form.invalid {errors} (the view's own checks failed; shown as server errors are).
 * Effects (placeholders, supplied with provide()): actors load, lines, save, saveAndDeclare, stash;
 * action notify({kind, message}). Imports only xstate, domain/ and bill-lifecycle.
 */
import { assign, fromPromise, setup, spawnChild, stopChild } from 'xstate';
import type { FieldError } from '../domain/envelope.ts';
import { billText } from '../domain/texts/bills.ts';
import { lifecycleAccepts, lifecycleSnapshot } from './bill-lifecycle.ts';
import { dropLine, failure, loaded, mapErrors, noErrors, withLine } from './bill-detail-copy.ts';
import { lineFailure, savedLine } from './bill-detail-lines.ts';
import { machineLabels } from './labels.ts';

export type FieldValues = Record<string, unknown>;
export interface DetailLine extends FieldValues { id: string }
/** How the page addresses the bill: the query of /details/{type}/{key}; id null = add mode. */
export interface BillRef { id: string | null; startTime: string | null; endTime: string | null }
/** `row` is the detail answer ({id, version, state, …head fields}) or the add form's defaults. */
export interface LoadedBill { row: FieldValues; lines: DetailLine[]; lineTotal: number }
/** pageIndex echoes the page asked for, so a failed page change keeps the shown page number */
export interface LinesPage { lines: DetailLine[]; lineTotal: number; pageIndex: number }
export interface SavedBill { id: string; version: number | string | null; state?: string }
/** What effects reject with: the message, and field errors of a validation failure. */
export interface DetailFailure { message: string; errors?: FieldError[] }
export interface LoadInput { bill: BillRef; pageIndex: number }
export interface SaveInput { bill: BillRef; version: number | string | null; head: FieldValues; lines: DetailLine[] }
export interface NotifyParams { kind: 'success' | 'warning'; message: string }
/** head by field, lines by row id and field, general: errors of no single input (表体至少需要1行) */
export interface DetailErrors { head: Record<string, string>; lines: Record<string, Record<string, string>>; general: string[] }
export interface DetailInput { bill: BillRef; paged?: boolean; lineSave?: boolean; sequenceField?: string }
/** bodySave: the row as typed, `id` the row it was typed into (null: a new row) */
export interface SaveLineInput { bill: BillRef; line: FieldValues & { id?: string | null } }
export interface SavedLine { id: string; version: number | string | null }

export interface DetailContext {
  bill: BillRef; paged: boolean; version: number | string | null;
  state: string; // the bill's stored state code; a new bill is a draft
  head: FieldValues; // the page's copy: as loaded, or as last submitted
  lines: DetailLine[]; lineTotal: number;
  pageIndex: number; // 1-based, as the lines call wants it
  selectedLineId: string | null;
  errors: DetailErrors;
  linesChanged: boolean;
  revision: number; // bumped whenever the page's copy is replaced: the view resets its forms
  loadError: string | null; nextTemp: number;
  lineSave: boolean; sequenceField: string | null; // bodySave saves rows alone; the row number field
  pendingLine: (FieldValues & { id?: string | null }) | null; // the row being saved alone
  outdated: boolean; // the bill changed elsewhere while being edited (该单据已被更新)
}

export type DetailEvent =
  | { type: 'user.edit' } | { type: 'user.declare' } | { type: 'user.refresh' } | { type: 'user.newLine' }
  | { type: 'user.save' | 'user.saveAndDeclare' | 'user.stash'; head: FieldValues }
  | { type: 'user.page'; pageIndex: number }
  | { type: 'user.selectLine' | 'user.deleteLine'; id: string }
  | { type: 'user.saveLine'; line: FieldValues & { id?: string | null } }
  | { type: 'form.invalid'; errors: FieldError[] }
  | { type: 'user.dismiss' } | { type: 'live.changed' };

export { TEMP_PREFIX, failure, isTempId, mapErrors } from './bill-detail-copy.ts';

/** A failed effect's message as a warning toast (bills §8: -1 → warning). */
const warn = { type: 'notify', params: ({ event }: { event: unknown }): NotifyParams => ({ kind: 'warning', message: failure((event as { error?: unknown }).error).message }) } as const;
const success = (message: string) => ({ type: 'notify', params: { kind: 'success', message } }) as const;
const reject = (message: string) => async (): Promise<never> => { throw new Error(message); };
const billInput = ({ context }: { context: DetailContext }): LoadInput => ({ bill: context.bill, pageIndex: context.pageIndex });
/** the selected row, if the newly read bill still has it */
const kept = (context: DetailContext, bill: LoadedBill): string | null => (bill.lines.some((l) => l.id === context.selectedLineId) ? context.selectedLineId : null);
const saveInput = ({ context }: { context: DetailContext }): SaveInput => ({ bill: context.bill, version: context.version, head: context.head, lines: context.lines });

export const billDetailMachine = setup({
  types: {} as { context: DetailContext; events: DetailEvent; input: DetailInput; tags: 'busy' | 'editing' | 'saving' },
  actors: {
    load: fromPromise<LoadedBill, LoadInput>(reject('bill-detail: load not provided')),
    lines: fromPromise<LinesPage, LoadInput>(reject('bill-detail: lines not provided')),
    save: fromPromise<SavedBill, SaveInput>(reject('bill-detail: save not provided')),
    saveAndDeclare: fromPromise<SavedBill, SaveInput>(reject('bill-detail: saveAndDeclare not provided')),
    stash: fromPromise<SavedBill, SaveInput>(reject('bill-detail: stash not provided')),
    saveLine: fromPromise<SavedLine, SaveLineInput>(reject('bill-detail: saveLine not provided')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    applyLoaded: assign(({ context, event }) => loaded(context, (event as unknown as { output: LoadedBill }).output)),
    takeHead: assign({ head: ({ event }) => ('head' in event ? event.head : {}), errors: noErrors }),
    takeSaved: assign(({ context, event }) => {
      const { id, version } = (event as unknown as { output: SavedBill }).output;
      return { bill: { ...context.bill, id }, version };
    }),
    showFailure: assign(({ context, event }) => {
      const f = failure((event as { error?: unknown }).error);
      return { errors: f.errors ? mapErrors(f.errors, context.lines) : noErrors };
    }),
    select: assign({ selectedLineId: ({ event }) => (event.type === 'user.selectLine' ? event.id : null) }),
  },
  guards: {
    isNew: ({ context }) => context.bill.id === null,
    /** the lifecycle of the bill's state accepts a change (its 'editable' states) */
    editable: ({ context }) => lifecycleAccepts(lifecycleSnapshot(context.state), { type: 'user.save' }),
    declarable: ({ context }) => lifecycleAccepts(lifecycleSnapshot(context.state), { type: 'user.declare' }),
    paged: ({ context }) => context.paged,
    /** a paged body holds one page only, so it cannot be sent whole (`details`): read-only here */
    rowsEditable: ({ context }) => !context.paged,
    /** bodySave: a row of a stored bill goes to the server on its own */
    savesLineAlone: ({ context }) => context.lineSave && !context.paged && context.bill.id !== null,
    newerVersion: ({ context, event }) => String((event as unknown as { output: LoadedBill }).output.row.version) !== String(context.version),
    /** a live change can only name a stored bill */
    stored: ({ context }) => context.bill.id !== null,
    lineExists: ({ context, event }) => event.type === 'user.selectLine' && context.lines.some((l) => l.id === event.id),
  },
}).createMachine({
  id: 'billDetail',
  meta: machineLabels({
    events: {
      'user.refresh': '刷新', 'user.edit': '编辑', 'user.page': '翻页', 'user.selectLine': '选中表体行', 'live.changed': '单据有变化',
      'user.save': '保存', 'user.stash': '暂存', 'user.saveAndDeclare': '保存并申报', 'user.declare': '申报', 'user.newLine': '新增表体行',
      'user.saveLine': '保存表体行', 'user.deleteLine': '删除表体行', 'form.invalid': '表单校验未通过', 'user.dismiss': '继续编辑',
    },
    guards: {
      isNew: '新单据', editable: '状态允许修改', declarable: '状态允许申报', paged: '表体分页', rowsEditable: '表体可编辑',
      savesLineAlone: '表体行单独保存', newerVersion: '他处已更新', stored: '已保存的单据', lineExists: '该行存在',
    },
    actors: {
      load: '加载', follow: '同步', lines: '翻页', peek: '检查新版本', saveLine: '保存表体行', save: '保存',
      saveAndDeclare: '保存并申报', stash: '暂存', reload: '刷新',
    },
  }),
  context: ({ input }) => ({
    bill: input.bill, paged: input.paged ?? false, version: null, state: 'DRAFT', head: {}, lines: [], lineTotal: 0,
    pageIndex: 1, selectedLineId: null, errors: noErrors, linesChanged: false, revision: 0, loadError: null, nextTemp: 1,
    lineSave: input.lineSave ?? false, sequenceField: input.sequenceField ?? null, pendingLine: null, outdated: false,
  }),
  initial: 'loading',
  states: {
    loading: { description: '加载中',
      tags: ['busy'],
      invoke: {
        id: 'load', src: 'load', input: billInput,
        onDone: [{ guard: 'isNew', target: 'edit', actions: 'applyLoaded' }, { target: 'view', actions: 'applyLoaded' }],
        onError: { target: 'failed', actions: [assign({ loadError: ({ event }) => failure(event.error).message }), warn] },
      },
    },
    failed: { description: '加载失败', on: { 'user.refresh': { target: 'loading' } } },
    view: { description: '查看',
      on: {
        'user.edit': { guard: 'editable', target: 'edit' }, 'user.refresh': { target: 'refreshing' },
        'user.declare': { guard: 'declarable', target: 'declaring', actions: assign({ errors: noErrors }) },
        'user.page': { guard: 'paged', target: 'paging' }, 'user.selectLine': { guard: 'lineExists', actions: 'select' },
        'live.changed': { guard: 'stored', target: 'following' },
      },
    },
    following: { description: '同步他处的修改',
      // a change after this read began: read again, so the page ends on the latest copy
      on: { 'live.changed': { target: 'following', reenter: true } },
      invoke: {
        id: 'follow', src: 'load', input: billInput,
        onDone: { target: 'view', actions: assign(({ context, event }) => ({ ...loaded(context, event.output), selectedLineId: kept(context, event.output) })) },
        onError: { target: 'view' }, // quiet: the shown copy stays, the next change or 刷新 tries again
      },
    },
    paging: { description: '翻页中',
      tags: ['busy'],
      invoke: {
        id: 'lines', src: 'lines',
        input: ({ context, event }) => ({ bill: context.bill, pageIndex: event.type === 'user.page' ? Math.max(1, event.pageIndex) : context.pageIndex }),
        onDone: { target: 'view', actions: assign(({ event }) => ({ ...event.output, selectedLineId: null })) },
        onError: { target: 'view', actions: warn },
      },
    },
    edit: { description: '编辑',
      tags: ['editing'],
      exit: stopChild('peek'), // its answer is about this edit only
      on: {
        'user.save': { target: 'saving', actions: 'takeHead' }, 'user.stash': { target: 'stashing', actions: 'takeHead' },
        'user.saveAndDeclare': { guard: 'declarable', target: 'declaring', actions: 'takeHead' },
        'user.refresh': { target: 'refreshing' },
        'user.selectLine': { guard: 'lineExists', actions: 'select' }, 'user.newLine': { guard: 'rowsEditable', actions: 'select' },
        'user.saveLine': [
          { guard: 'savesLineAlone', target: 'savingLine', actions: assign({ pendingLine: ({ event }) => event.line }) },
          { guard: 'rowsEditable', actions: assign(({ context, event }) => withLine(context, event.line)) },
        ],
        'user.deleteLine': { guard: 'rowsEditable', actions: [assign(({ context, event }) => dropLine(context, event.id)), success(billText.deleted)] },
        'form.invalid': { actions: assign({ errors: ({ context, event }) => mapErrors(event.errors, context.lines) }) },
        // a peek at the stored bill: only a version other than the page's (not the user's own row saved
        // alone, savedLine took its version) is someone else's change
        'live.changed': { guard: 'stored', actions: [stopChild('peek'), spawnChild('load', { id: 'peek', input: billInput })] },
        'xstate.done.actor.peek': { guard: 'newerVersion', actions: assign({ outdated: true }) },
        'xstate.error.actor.peek': {}, // unknown: say nothing (an unhandled child error would stop the page)
        'user.dismiss': { actions: assign({ outdated: false }) },
      },
    },
    stashing: { description: '暂存中',
      tags: ['editing', 'saving', 'busy'],
      invoke: {
        id: 'stash', src: 'stash', input: saveInput,
        onDone: { target: 'refreshing', actions: ['takeSaved', success(billText.stashed)] },
        onError: { target: 'edit', actions: ['showFailure', warn] },
      },
    },
    savingLine: { description: '保存表体行中',
      tags: ['editing', 'busy'],
      invoke: {
        id: 'saveLine', src: 'saveLine', input: ({ context }) => ({ bill: context.bill, line: context.pendingLine ?? {} }),
        onDone: { target: 'edit', actions: [assign(({ context, event }) => savedLine(context, event.output)), success(billText.saved)] },
        onError: { target: 'edit', actions: [assign(({ context, event }) => lineFailure(context, failure(event.error))), warn] },
      },
    },
    saving: { description: '保存中',
      tags: ['editing', 'saving', 'busy'],
      invoke: {
        id: 'save', src: 'save', input: saveInput,
        onDone: { target: 'refreshing', actions: ['takeSaved', success(billText.saved)] },
        onError: { target: 'edit', actions: ['showFailure', warn] },
      },
    },
    declaring: { description: '保存并申报中',
      tags: ['editing', 'saving', 'busy'],
      invoke: {
        id: 'saveAndDeclare', src: 'saveAndDeclare', input: saveInput,
        onDone: { target: 'refreshing', actions: ['takeSaved', success(billText.ok)] },
        onError: { target: 'edit', actions: ['showFailure', warn] },
      },
    },
    refreshing: { description: '刷新中',
      tags: ['busy'],
      invoke: {
        id: 'reload', src: 'load', input: billInput,
        onDone: [{ guard: 'isNew', target: 'edit', actions: 'applyLoaded' }, { target: 'view', actions: 'applyLoaded' }],
        // the user agreed to drop the edits: show the page's last copy again
        onError: { target: 'view', actions: [assign({ revision: ({ context }) => context.revision + 1, errors: noErrors }), warn] },
      },
    },
  },
});

export type BillDetailMachine = typeof billDetailMachine;
