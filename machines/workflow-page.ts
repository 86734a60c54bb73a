/**
 * A workflow page (结汇, 核销, 授权申请/授权确认, 补贴申请; accounts-and-enterprise.md §2, §4): a
 * paged list of records whose row actions belong to an entity machine (settlement.ts,
 * settlement-verification.ts, authorization.ts, reward.ts). The page's own states wrap them:
 *
 *   loading     [busy]     invoke `load` ({pageIndex, pageSize, terms}) → idle; failure → failed
 *                          (the first reading, and a retry after a failure: no usable rows are shown)
 *   failed                 the list could not be read (the message and 刷新 are shown); 刷新 or a new query retries
 *   idle                   the rows; query, page, page size and selection change here
 *   reloading   [busy]     the list is read again (a query, a page, a live change, after an action or a
 *                          dialog) while the rows read before stay on screen — and stay usable: a
 *                          selection or an action clicked on them is taken as in idle (a click in the
 *                          moment of a live refresh is never lost); an action that opens a dialog or
 *                          submits leaves the reading, and the list is read again after it
 *   noticing    [dialog]   the notice of a row the action cannot open (补贴申请 not yet verified)
 *   confirming  [dialog]   是否…? asked before an action without input (删除, 回收)
 *   editing     [dialog]   the action's form dialog (the reason of 撤销申请, the bank of 提交申请,
 *                          the company of 添加授权, the inventories of 添加清单); 确定 checks the values first (the problem shows
 *                          in the dialog, nothing is sent)
 *   submitting  [busy]     invoke `act` ({action, ids, values}) → the success toast and loading
 *   refused                the server refused: its message is shown; a form dialog stays open with
 *                          what was typed (确定 again or 取消), any other action reloads the list
 *
 * live.changed: a live event says a record the list shows changed elsewhere (the operator decided,
 * issue 20; a colleague acted): idle reads the same page again, a reading under way starts again (it
 * may have read before the change); a dialog or a submission is not disturbed: closing a dialog or
 * finishing an action reads the list again.
 *
 * user.act {action, ids, values} goes through the entity machine first: every chosen row must be in
 * a state that accepts the action's event (or carries its tag) — the same machine the server
 * decides with —, otherwise the action's own refusal is shown (a toast, or the notice dialog of a
 * 补贴申请 not yet verified: state `noticing`, nothing is sent). A page of lines that belong to one
 * record (the 结汇单 detail: its inventories) loads that record as the page's `owner`, and a gate
 * `of: 'owner'` asks the entity machine about the owner's state rather than each chosen line's.
 *
 * Effects (placeholders, supplied with provide()): actors load, act; action notify({kind, message}).
 */
import { assign, fromPromise, setup, type AnyStateMachine, type EventObject } from 'xstate';
import { machineLabels } from './labels.ts';

export interface WorkflowRow { id: number }
/** The entity machine an action belongs to, and the row field that holds the row's stored state. */
export interface WorkflowGate {
  machine: AnyStateMachine;
  field: string;
  /** the row's state accepts this event … */
  event?: EventObject;
  /** … or carries this tag */
  tag?: string;
  /** the stored state an unknown or missing value reads as (a state that accepts nothing) */
  unknown: string;
  /** 'owner': the state is the owner's (the record the page's rows are lines of), not each chosen row's */
  of?: 'owner';
}
export type WorkflowValues = Record<string, unknown>;
export interface WorkflowAction {
  /** the page's button code; `act` is told which action to perform by it */
  code: string;
  gate?: WorkflowGate;
  /** the toast when no row is chosen; absent: the action needs no row (添加授权) */
  pick?: string;
  /** the toast (or notice) when a chosen row's state does not accept the action */
  refusal: string;
  /** refusal as the notice dialog rather than a toast */
  notice?: boolean;
  dialog: 'none' | 'confirm' | 'form';
  /** the values' problem (申请撤销理由不能为空, 核销金额 too large, …), or null */
  check?: (values: WorkflowValues, rows: readonly WorkflowRow[]) => string | null;
  /** the success toast; absent: no toast and no reload (查看 opens a page) */
  success?: string;
}
export interface WorkflowQuery { pageIndex: number; pageSize: number; terms: unknown }
export interface WorkflowPageInput { pageSize: number; terms?: unknown }
export interface WorkflowPage {
  total: number;
  datas: WorkflowRow[];
  /** the record the rows are lines of (a settlement's head), when the page shows one record's lines */
  owner?: WorkflowRow | null;
}
export interface WorkflowPending { action: WorkflowAction; ids: number[]; values: WorkflowValues }
export interface NotifyParams { kind: 'success' | 'warning'; message: string }

export interface WorkflowPageContext {
  query: WorkflowQuery;
  rows: WorkflowRow[];
  total: number;
  /** the record the rows belong to, as last read (null on a list page) */
  owner: WorkflowRow | null;
  selected: number[];
  pending: WorkflowPending | null;
  /** the dialog's problem, the server's refusal, or why the list failed */
  problem: string | null;
  /** bumped after every accepted action: the page clears what it typed (核销金额) */
  done: number;
}

export type WorkflowPageEvent =
  | { type: 'user.search'; terms: unknown }
  | { type: 'user.page'; pageIndex: number }
  | { type: 'user.pageSize'; pageSize: number }
  | { type: 'user.select'; ids: number[] }
  | { type: 'user.act'; action: WorkflowAction; ids: number[]; values?: WorkflowValues }
  | { type: 'user.submit'; values: WorkflowValues }
  | { type: 'user.cancel' }
  | { type: 'user.refresh' }
  | { type: 'live.changed' };

const stateOf = (gate: WorkflowGate, row: WorkflowRow | undefined) => {
  const value = row === undefined ? undefined : (row as unknown as Record<string, unknown>)[gate.field];
  const known = typeof value === 'string' && (gate.machine.root.states as Record<string, unknown>)[value] !== undefined;
  return gate.machine.resolveState({ value: known ? value : gate.unknown, context: undefined });
};

/** Whether the entity machine lets the action act on the row (a row action is offered only then). */
export function gateOpen(gate: WorkflowGate | undefined, row: WorkflowRow | undefined): boolean {
  if (!gate) return true;
  const snapshot = stateOf(gate, row);
  if (gate.tag !== undefined && !snapshot.hasTag(gate.tag)) return false;
  return gate.event === undefined || gate.machine.getTransitionData(snapshot, gate.event).length > 0;
}

/** Whether every row of `ids` (as the page shows them) — or, for an owner's gate, the owner — lets the action act. */
export function allows(action: WorkflowAction, rows: readonly WorkflowRow[], ids: readonly number[], owner: WorkflowRow | null = null): boolean {
  if (action.gate?.of === 'owner') return gateOpen(action.gate, owner ?? undefined);
  return ids.every((id) => gateOpen(action.gate, rows.find((r) => r.id === id)));
}

const messageOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string' ? (error as { message: string }).message : String(error);
const reject = (name: string) => async (): Promise<never> => { throw new Error(`workflow page: ${name} not provided`); };
type ActEvent = Extract<WorkflowPageEvent, { type: 'user.act' }>;
const chosenRows = (context: WorkflowPageContext, ids: readonly number[]) => context.rows.filter((r) => ids.includes(r.id));
const pendingOf = (event: ActEvent): WorkflowPending => ({ action: event.action, ids: event.ids, values: event.values ?? {} });
const warning = (message: string): NotifyParams => ({ kind: 'warning', message });

/** What a user does with the rows on screen: the same in idle and while they are read again (reloading). */
const userActs = {
  'user.select': { actions: 'select' },
  'user.act': [
    { guard: 'nothingPicked', actions: { type: 'notify', params: ({ event }: { event: WorkflowPageEvent }) => warning((event as ActEvent).action.pick!) } },
    { guard: 'entityRefusesWithNotice', target: '#workflowPage.noticing', actions: 'takePending' },
    { guard: 'entityRefuses', actions: { type: 'notify', params: ({ event }: { event: WorkflowPageEvent }) => warning((event as ActEvent).action.refusal) } },
    { guard: 'asksConfirm', target: '#workflowPage.confirming', actions: 'takePending' },
    { guard: 'asksForm', target: '#workflowPage.editing', actions: 'takePending' },
    { guard: 'valuesInvalid', actions: { type: 'notify', params: ({ context, event }: { context: WorkflowPageContext; event: WorkflowPageEvent }) => {
      const e = event as ActEvent;
      return warning(e.action.check!(e.values ?? {}, chosenRows(context, e.ids))!);
    } } },
    { target: '#workflowPage.submitting', actions: 'takePending' },
  ],
} as const;

/** While a reading is under way, a new query, page or live change starts it again (the one under way may be stale). */
const readAgain = (target: '#workflowPage.loading' | '#workflowPage.reloading') => ({
  'user.search': { target, reenter: true, actions: 'search' },
  'user.page': { target, reenter: true, actions: 'page' },
  'user.pageSize': { target, reenter: true, actions: 'pageSize' },
  'live.changed': { target, reenter: true },
}) as const;

/** Reading the page of the query: the rows, or why they could not be read. */
const readList = {
  id: 'load', src: 'load', input: ({ context }: { context: WorkflowPageContext }) => context.query,
  onDone: { target: '#workflowPage.idle', actions: 'applyPage' },
  onError: {
    target: '#workflowPage.failed',
    actions: ['takeError', { type: 'notify', params: ({ event }: { event: { error: unknown } }) => warning(messageOf(event.error)) }],
  },
} as const;

export const workflowPageMachine = setup({
  types: {} as { context: WorkflowPageContext; events: WorkflowPageEvent; input: WorkflowPageInput; tags: 'busy' | 'dialog' },
  actors: {
    load: fromPromise<WorkflowPage, WorkflowQuery>(reject('load')),
    act: fromPromise<unknown, WorkflowPending>(reject('act')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    search: assign(({ context, event }) => ({ query: { ...context.query, pageIndex: 0, terms: (event as { terms: unknown }).terms } })),
    page: assign(({ context, event }) => ({ query: { ...context.query, pageIndex: (event as { pageIndex: number }).pageIndex } })),
    pageSize: assign(({ context, event }) => ({ query: { ...context.query, pageIndex: 0, pageSize: (event as { pageSize: number }).pageSize } })),
    select: assign({ selected: ({ event }) => (event as { ids: number[] }).ids }),
    /** a new page keeps only the chosen rows it still shows */
    applyPage: assign(({ context, event }) => {
      const page = (event as unknown as { output: WorkflowPage }).output;
      return { rows: page.datas, total: page.total, owner: page.owner ?? null, selected: context.selected.filter((id) => page.datas.some((r) => r.id === id)), problem: null };
    }),
    takePending: assign({ pending: ({ event }) => pendingOf(event as ActEvent), problem: null }),
    takeValues: assign({ pending: ({ context, event }) => ({ ...context.pending!, values: (event as { values: WorkflowValues }).values }), problem: null }),
    dropPending: assign({ pending: null, problem: null }),
    /** why the list could not be read */
    takeError: assign({ problem: ({ event }) => messageOf((event as unknown as { error: unknown }).error) }),
    showProblem: assign({ problem: ({ context, event }) =>
      context.pending!.action.check!((event as { values: WorkflowValues }).values, chosenRows(context, context.pending!.ids)) }),
  },
  guards: {
    nothingPicked: ({ event }) => { const e = event as ActEvent; return e.action.pick !== undefined && e.ids.length === 0; },
    /** the entity machine does not accept the action in a chosen row's state */
    entityRefuses: ({ context, event }) => { const e = event as ActEvent; return !allows(e.action, context.rows, e.ids, context.owner); },
    /** … and the action tells that with its notice dialog */
    entityRefusesWithNotice: ({ context, event }) => { const e = event as ActEvent; return e.action.notice === true && !allows(e.action, context.rows, e.ids, context.owner); },
    asksConfirm: ({ event }) => (event as ActEvent).action.dialog === 'confirm',
    asksForm: ({ event }) => (event as ActEvent).action.dialog === 'form',
    /** an action without a dialog whose values (typed on the page) do not pass */
    valuesInvalid: ({ context, event }) => {
      const e = event as ActEvent;
      return e.action.check?.(e.values ?? {}, chosenRows(context, e.ids)) != null;
    },
    submittedInvalid: ({ context, event }) =>
      context.pending?.action.check?.((event as { values: WorkflowValues }).values, chosenRows(context, context.pending.ids)) != null,
    reloads: ({ context }) => context.pending?.action.success !== undefined,
    /** a refused action without a form dialog: nothing typed to keep */
    nothingTyped: ({ context }) => context.pending?.action.dialog !== 'form',
  },
}).createMachine({
  id: 'workflowPage',
  meta: machineLabels({
    events: {
      'user.search': '查询', 'user.page': '翻页', 'user.pageSize': '改变每页条数', 'user.refresh': '刷新', 'user.select': '勾选',
      'user.act': '点击操作按钮', 'user.cancel': '取消', 'user.submit': '提交', 'live.changed': '实时更新：记录有变化',
    },
    guards: {
      nothingPicked: '未勾选数据', entityRefusesWithNotice: '状态不允许（提示说明）', entityRefuses: '状态不允许此操作',
      asksConfirm: '需要确认', asksForm: '需要填写', valuesInvalid: '填写的内容不正确', submittedInvalid: '提交的内容不正确',
      reloads: '成功后重新读取', nothingTyped: '没有填写的内容',
    },
    actors: { load: '读取列表', act: '提交操作' },
  }),
  context: ({ input }) => ({
    query: { pageIndex: 0, pageSize: input.pageSize, terms: input.terms ?? [] },
    rows: [], total: 0, owner: null, selected: [], pending: null, problem: null, done: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: '读取列表',
      tags: ['busy'],
      invoke: readList,
      on: readAgain('#workflowPage.loading'),
    },
    failed: {
      description: '列表读取失败：刷新或重新查询',
      on: {
        'user.refresh': { target: 'loading' },
        'user.search': { target: 'loading', actions: 'search' },
        'user.page': { target: 'loading', actions: 'page' },
        'user.pageSize': { target: 'loading', actions: 'pageSize' },
      },
    },
    idle: {
      description: '列表：查询、翻页、选择；操作先经实体状态机判断',
      on: {
        'user.search': { target: 'reloading', actions: 'search' },
        'user.page': { target: 'reloading', actions: 'page' },
        'user.pageSize': { target: 'reloading', actions: 'pageSize' },
        'live.changed': { target: 'reloading' },
        ...userActs,
      },
    },
    reloading: {
      description: '重新读取列表：已显示的数据仍可勾选、操作',
      tags: ['busy'],
      invoke: readList,
      on: {
        ...readAgain('#workflowPage.reloading'),
        ...userActs,
      },
    },
    noticing: {
      description: '提示：该记录的状态不允许此操作（补贴申请未核验完成）',
      tags: ['dialog'],
      on: { 'user.cancel': { target: 'reloading', actions: 'dropPending' } },
    },
    confirming: {
      description: '确认对话框',
      tags: ['dialog'],
      on: { 'user.submit': { target: 'submitting' }, 'user.cancel': { target: 'reloading', actions: 'dropPending' } },
    },
    editing: {
      description: '填写对话框（撤销理由、选择银行、选择企业、选择清单）',
      tags: ['dialog'],
      on: {
        'user.submit': [
          { guard: 'submittedInvalid', actions: 'showProblem' },
          { target: 'submitting', actions: 'takeValues' },
        ],
        'user.cancel': { target: 'reloading', actions: 'dropPending' },
      },
    },
    submitting: {
      description: '提交中',
      tags: ['busy'],
      invoke: {
        id: 'act', src: 'act', input: ({ context }) => context.pending!,
        onDone: [
          {
            guard: 'reloads', target: 'reloading',
            actions: [
              { type: 'notify', params: ({ context }) => ({ kind: 'success', message: context.pending!.action.success! }) as NotifyParams },
              assign({ pending: null, done: ({ context }) => context.done + 1 }),
            ],
          },
          { target: 'idle', actions: 'dropPending' },
        ],
        onError: {
          target: 'refused',
          actions: [assign({ problem: ({ event }) => messageOf(event.error) }), { type: 'notify', params: ({ event }) => warning(messageOf(event.error)) }],
        },
      },
    },
    refused: {
      description: '服务端拒绝：表单对话框保留填写内容可再提交，其余操作重新读取列表',
      tags: ['dialog'],
      always: { guard: 'nothingTyped', target: 'reloading', actions: 'dropPending' },
      on: {
        'user.submit': [
          { guard: 'submittedInvalid', actions: 'showProblem' },
          { target: 'submitting', actions: 'takeValues' },
        ],
        'user.cancel': { target: 'reloading', actions: 'dropPending' },
      },
    },
  },
});

export type WorkflowPageMachine = typeof workflowPageMachine;
