/**
 * Model-based test of machines/bill-list.ts through the real list view: every path generated from
 * the machine is walked on a freshly rendered BillList (export order). `user.*` steps are the
 * user's clicks and typing; actor outcomes (xstate.done/error.actor.*) are the network answering:
 * the fake server at the axios boundary holds each list, count, batch (删除), export and query-parse
 * call until the step settles it; job.finished is the bulk job child (批量申报, walked on its own in
 * bill-job.test.tsx) answering its held start and first look as done. After each step the page must show what the state promises (the
 * per-state table), and at the end every state and transition of the machine must have been walked.
 * A step the view cannot offer from where the path stands (next page before any page loaded, × of
 * an import that never happened) ends that path there: finding the control absent or disabled is
 * what that path checks; the scenarios at the end walk those transitions from where a user can
 * reach them. A path whose events are the start of a longer path's is walked as that path's start
 * (one page, the same steps and checks), not on a page of its own. The server has 120 orders for the
 * walks that turn a page (more than a page is what they need) and three for all others (a page of
 * 50 rendered rows made every step of every walk several times slower): the machine's guards never
 * read the rows, so both worlds give the same paths (checked below).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type EventObject } from 'xstate';
import { billActions } from '../../domain/bills/actions.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { defaultCreateTimeWindow, type Term, type TimeWindow } from '../../domain/query.ts';
import { billListMachine, type BatchResult, type BillListContext, type BillListInput } from '../../machines/bill-list.ts';
import { BillList } from '../../src/features/bills/list/BillList.tsx';
import { createFakeBackend, Refusal, type FakeBackend } from '../../src/features/bills/list/testing/fake-backend.ts';
import { listSession, orderApi, orderRow, serveOrders } from '../../src/features/bills/list/testing/fixtures.ts';
import { liveEvents } from '../../src/lib/live-events.ts';
import { createTestAuthActor } from '../../src/testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../src/testing/render.tsx';
import {
  activeStateIds,
  createWalkLog,
  declaredStates,
  declaredTransitions,
  firedTransitions,
  longestFirst,
  modelPaths,
  serializeState,
  type ModelPath,
  type ModelStep,
  type WalkLog,
} from './harness.ts';

const TODAY = new Date(2028, 1, 29, 15, 0, 0);
const W0 = defaultCreateTimeWindow(TODAY);
const W2: TimeWindow = ['2027-02-01 00:00:00', '2027-02-10 23:59:59'];
const input: BillListInput = { pageSize: exportOrder.list.pageSize, sorts: exportOrder.list.defaultSort, window: W0 };
const remove = billActions.find((a) => a.code === 'batchDelete')!;
const declare = billActions.find((a) => a.code === 'batchDeclare')!; // kind 'job'
const rows = Array.from({ length: 120 }, (_, i) => orderRow(i + 1, i === 2 ? '120' : 'DRAFT'));
/** the orders of the walks that never turn a page: the first three (the third declared, 海关入库) */
const fewRows = rows.slice(0, 3);
type Row = (typeof rows)[number];
/** the list's answer as the machine gets it, from a server holding `world` */
const listed = (world: Row[]) => ({ type: 'xstate.done.actor.pageList', output: { rows: world.slice(0, 50), total: world.length } });
const searchTerm: Term = { column: 'order_no', termType: 'like', value: 'SO1' };
const importedTerm: Term = { column: 'order_no', termType: 'in', value: ['SO000001'] };
const succeeded: BatchResult = { total: 1, succeeded: 1, failed: [] };
const refused: BatchResult = { total: 1, succeeded: 0, failed: [{ id: 1, title: 'SO000001', message: '订单编号 SO000001 重复' }] };

/** Events with the payloads the view produces for the steps below (so model and view agree). */
const ev = {
  filterState: { type: 'user.filterState', state: 'DRAFT' },
  search: { type: 'user.search', terms: [searchTerm] },
  window: { type: 'user.window', window: W2 },
  reset: { type: 'user.reset', window: W0 },
  sort: { type: 'user.sort', sorts: [{ name: 'order_no', order: 'desc' }] },
  page: { type: 'user.page', pageIndex: 1 },
  pageSize: { type: 'user.pageSize', pageSize: 100 },
  refresh: { type: 'user.refresh' },
  clearImport: { type: 'user.clearImport' },
  select: { type: 'user.select', rows: [rows[0]] },
  unselect: { type: 'user.select', rows: [] },
  // before jobAction: the graph keeps the first context it finds for a state, so `confirming`
  // is the plain batch's and leads to running; the job's confirm is walked by a scenario
  action: { type: 'user.action', action: remove },
  jobAction: { type: 'user.action', action: declare },
  confirm: { type: 'user.confirm', values: {} },
  cancel: { type: 'user.cancel' },
  export: { type: 'user.export' },
  import: { type: 'user.import', files: [{ name: 'q.xlsx', size: 1 }] },
  dismissResult: { type: 'user.dismissResult' },
  jobFinished: { type: 'job.finished' },
  // the stream's live.changed reaches the machine through the page (liveEvents); the step is what
  // the machine does after the debounce, so the model walks live.refresh (see drive and record)
  liveRefresh: { type: 'live.refresh' },
  // a job's step from the stream, forwarded to the job child (jobId of no job here: the child
  // ignores it; tests/model/bill-job.test.tsx walks what the job does with its own)
  liveJob: { type: 'live.job', jobId: 999, done: 1, total: 2, state: 'running' },
  listDone: listed(rows),
  listError: { type: 'xstate.error.actor.pageList', error: new Error('查询参数不正确') },
  countsDone: { type: 'xstate.done.actor.stateCount', output: [] },
  countsError: { type: 'xstate.error.actor.stateCount', error: new Error('服务器内部错误') },
  batchDone: { type: 'xstate.done.actor.batch', output: succeeded },
  batchRefused: { type: 'xstate.done.actor.batch', output: refused },
  batchError: { type: 'xstate.error.actor.batch', error: new Error('服务不可用') },
  exportDone: { type: 'xstate.done.actor.export', output: { downloadUri: '/api/file/download/x.xlsx' } },
  exportError: { type: 'xstate.error.actor.export', error: new Error('导出数据不能超过10000条，请缩小查询范围') },
  importDone: { type: 'xstate.done.actor.importQuery', output: [importedTerm] },
  importError: { type: 'xstate.error.actor.importQuery', error: new Error('数据格式不正确或者模板不正确') },
} as const;

const eventsOf = (path: ModelPath) => path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
const turnsPage = (events: readonly EventObject[]) => events.some((e) => e.type === 'user.page');
const pathsOf = (world: Row[]) => modelPaths(billListMachine, Object.values({ ...ev, listDone: listed(world) }) as EventObject[], input);
/**
 * refreshing takes the user's clicks on its own node, whatever its regions have answered: they are
 * walked from its first configuration (both calls held) only, and the job action's warning (the
 * same transition as the plain batch's) not at all — 9 walks of a second each fewer
 */
const REFRESHING_START = '{"browsing":{"refreshing":{"list":"fetching","counts":"fetching"}}}';
function repeatsRefreshingClick(path: ModelPath): boolean {
  const [before, last] = path.steps.slice(-2);
  if (!before || !last || !['user.action', 'user.export', 'user.import'].includes(last.event.type)) return false;
  const from = serializeState(before.state as { value: unknown });
  if (!from.startsWith('{"browsing":{"refreshing"')) return false;
  return from !== REFRESHING_START || (last.event as { action?: { code: string } }).action?.code === declare.code;
}
/**
 * live.refresh where only the root takes it (loading, refreshing, confirming, running, exporting,
 * importing) changes no state, only notes the change as missed: what that is for, idle's quiet refresh
 * when the list is back, is walked by the scenarios below (one per kind), not after each of the 11
 */
function notesMissedOnly(path: ModelPath): boolean {
  const [before, last] = path.steps.slice(-2);
  if (!before || !last || last.event.type !== 'live.refresh') return false;
  return serializeState(before.state as { value: unknown }) === serializeState(last.state as { value: unknown });
}
const walked = (p: ModelPath) => !repeatsRefreshingClick(p) && !notesMissedOnly(p);
/** the paging walks on 120 orders, all others on three */
const paths = [...pathsOf(rows).filter((p) => turnsPage(eventsOf(p))), ...pathsOf(fewRows).filter((p) => !turnsPage(eventsOf(p)))].filter(walked);
const covered = { states: new Set<string>(), transitions: new Set<string>() };
const allTransitions = declaredTransitions(billListMachine);

// ---- the world: a rendered list over a holding fake server ----

let backend: FakeBackend;
/** the orders the server of this walk holds */
let world: Row[] = rows;
const inState = (state: string) => world.filter((r) => r.state === state).length;
/** jobs the walk confirmed that have not finished yet */
let jobsStarted = 0;
let open: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
});
/** A freshly rendered list over a server that holds every call until a step answers it. */
function mount(orders: Row[]) {
  world = orders;
  backend = serveOrders(createFakeBackend(), world);
  for (const url of [orderApi.pageList, orderApi.counts, orderApi.delete, orderApi.export, orderApi.parse, orderApi.jobStart, orderApi.jobDetail]) backend.hold(url);
  jobsStarted = 0;
  render(<BillList definition={exportOrder} onNavigate={() => {}} client={backend.client} />, {
    route: '/bill/export/order',
    actor: createTestAuthActor(listSession()),
  });
}
afterEach(() => {
  vi.useRealTimers();
  open.mockRestore();
});

// ---- what each state looks like ----

const q = (selector: string) => document.querySelector(selector);
const tableLoading = () => q('.mantine-datatable-loader-fetching') !== null;
const countsLoading = () => screen.queryByLabelText('正在统计数量') !== null;
const selectedText = () => screen.queryByText(/^已选择 \d+ 条$/) !== null;
const busyButton = (name: string) => screen.queryByRole('button', { name })?.hasAttribute('data-loading') ?? false;
const confirmShown = () => screen.queryByText('是否删除选中数据？') !== null || screen.queryByText('确认批量申报吗？') !== null;

const expectations: Record<string, () => void> = {
  '{"browsing":{"loading":{"list":"fetching","counts":"fetching"}}}': () => {
    expect(tableLoading() && countsLoading()).toBe(true);
    expect(backend.waiting(orderApi.pageList) + backend.waiting(orderApi.counts)).toBe(2);
  },
  '{"browsing":{"loading":{"list":"fetching","counts":"done"}}}': () => {
    expect(tableLoading() && !countsLoading()).toBe(true);
    expect([backend.waiting(orderApi.pageList), backend.waiting(orderApi.counts)]).toEqual([1, 0]);
  },
  '{"browsing":{"loading":{"list":"done","counts":"fetching"}}}': () => {
    expect(!tableLoading() && countsLoading()).toBe(true);
    expect(screen.getAllByRole('link').length).toBeGreaterThan(0);
  },
  '{"browsing":{"idle":"unselected"}}': () => {
    expect(!tableLoading() && !countsLoading() && !selectedText() && !confirmShown()).toBe(true);
    expect((screen.getByRole('button', { name: '删除' }) as HTMLButtonElement).disabled).toBe(false);
  },
  '{"browsing":{"idle":"selected"}}': () => {
    expect(!tableLoading() && selectedText() && !confirmShown()).toBe(true);
  },
  '{"browsing":"error"}': () => {
    expect(screen.getByText(/列表加载失败/)).toBeTruthy();
    expect(tableLoading()).toBe(false); // the loading indicator ends on failure
  },
  // a quiet refresh: no loading indicators, the table stays; the page and counts are asked again
  '{"browsing":{"refreshing":{"list":"fetching","counts":"fetching"}}}': () => {
    expect(!tableLoading() && !countsLoading()).toBe(true);
    expect([backend.waiting(orderApi.pageList), backend.waiting(orderApi.counts)]).toEqual([1, 1]);
  },
  '{"browsing":{"refreshing":{"list":"done","counts":"fetching"}}}': () => {
    expect(!tableLoading() && !countsLoading()).toBe(true);
    expect([backend.waiting(orderApi.pageList), backend.waiting(orderApi.counts)]).toEqual([0, 1]);
  },
  '{"browsing":{"refreshing":{"list":"fetching","counts":"done"}}}': () => {
    expect(!tableLoading() && !countsLoading()).toBe(true);
    expect([backend.waiting(orderApi.pageList), backend.waiting(orderApi.counts)]).toEqual([1, 0]);
  },
  '"confirming"': () => {
    expect(confirmShown()).toBe(true);
  },
  '"running"': () => {
    expect(!confirmShown() && busyButton('删除')).toBe(true);
    expect(backend.waiting(orderApi.delete)).toBe(1);
  },
  '"exportingAll"': () => {
    expect(busyButton('导出') && !selectedText()).toBe(true);
  },
  '"exportingSelected"': () => {
    expect(busyButton('导出') && selectedText()).toBe(true);
  },
  '"importing"': () => {
    expect(busyButton('导入')).toBe(true);
  },
};

// ---- driving the steps through the page and the network ----

const UNDRIVABLE = Symbol('undrivable');
const click = (el: Element): void => {
  fireEvent.click(el);
};
const enabled = (el: HTMLElement | null): el is HTMLElement => el !== null && !(el as HTMLButtonElement).disabled && !el.hasAttribute('data-disabled');
const dayLabel = (d: string) => dayjs(d).locale('zh-cn').format('D MMMM YYYY');

async function settle(url: string, answer: (data: unknown) => unknown) {
  await waitFor(() => expect(backend.waiting(url)).toBeGreaterThan(0));
  const held = backend.next(url)!;
  const value = answer(held.call.data);
  if (value instanceof Refusal) held.reject(value);
  else held.resolve(value);
}

async function searchDialog() {
  const button = screen.queryByRole('button', { name: '高级搜索' });
  if (!enabled(button)) return null;
  click(button);
  return screen.findByRole('dialog', { name: '条件查询' });
}

async function confirmDialog(): Promise<HTMLElement> {
  return (await screen.findByText(/^(是否删除选中数据？|确认批量申报吗？)$/)).closest('[role=dialog]') as HTMLElement;
}

async function openImport() {
  const existing = screen.queryByRole('dialog', { name: 'Excel导入' });
  if (existing) return existing;
  const menu = screen.queryByRole('button', { name: '批量查询' });
  if (!enabled(menu)) return null;
  click(menu);
  click(await screen.findByRole('menuitem', { name: 'Excel导入' }));
  return screen.findByRole('dialog', { name: 'Excel导入' });
}

/**
 * Performs one step; UNDRIVABLE when the page cannot offer it from here, which the model's own
 * context tells for the controls that only exist with data (a next page, the import's ×, the
 * result dialog): where the model says they exist, the page must show them.
 */
async function drive(step: EventObject, before: Snap): Promise<void | typeof UNDRIVABLE> {
  const context = before.context as BillListContext;
  // the graph hands back the very objects of `ev` (scenarios use them too); the list's answer carries its world's rows
  const event = step.type === ev.listDone.type ? ev.listDone : Object.values(ev).find((e) => e === step || JSON.stringify(e) === JSON.stringify(step)) ?? step;
  switch (event) {
    case ev.filterState: {
      await screen.findByRole('tab', { name: /暂存/ });
      const tab = screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') !== 'true' && /暂存|全部/.test(t.textContent ?? ''))!;
      return click(tab);
    }
    case ev.search: {
      const dialog = await searchDialog();
      if (!dialog) return UNDRIVABLE;
      fireEvent.change(within(dialog).getByLabelText('订单编号'), { target: { value: 'SO1' } });
      return click(within(dialog).getByRole('button', { name: '查询' }));
    }
    case ev.reset: {
      const dialog = await searchDialog();
      if (!dialog) return UNDRIVABLE;
      click(within(dialog).getByRole('button', { name: '重置' }));
      await screen.findByText('此操作将清空查询条件, 是否继续?');
      click(screen.getByRole('button', { name: '确定' }));
      return click(within(dialog).getByRole('button', { name: '取消' }));
    }
    case ev.window: {
      click(screen.getByRole('button', { name: '创建时间' }));
      click(await screen.findByRole('button', { name: dayLabel(W2[0]) }));
      return click(await screen.findByRole('button', { name: dayLabel(W2[1]) }));
    }
    case ev.sort:
      return click(screen.getByRole('button', { name: /^订单编号/ }));
    case ev.page: {
      if (context.total <= (context.pageIndex + 1) * context.pageSize) return UNDRIVABLE;
      const next = screen.getByRole('button', { name: '下一页' });
      await waitFor(() => expect(enabled(next)).toBe(true));
      return click(next);
    }
    case ev.pageSize: {
      click(screen.getAllByLabelText('每页').find((e) => e.tagName === 'INPUT')!);
      return click(await screen.findByRole('option', { name: '100 条/页' }));
    }
    case ev.refresh: {
      const button = screen.getByRole('button', { name: '刷新' });
      return enabled(button) ? click(button) : UNDRIVABLE;
    }
    case ev.clearImport:
      if (context.imported.length === 0) return UNDRIVABLE;
      return click(await screen.findByRole('button', { name: '清除导入条件' }));
    case ev.select: {
      const box = screen.queryAllByRole('checkbox', { name: /^选择 SO/ }).find((b) => !(b as HTMLInputElement).checked && b.getAttribute('aria-label') !== '选择 SO000003');
      return box ? click(box) : UNDRIVABLE;
    }
    case ev.unselect: {
      const checked = screen.queryAllByRole('checkbox', { name: /^选择 SO/ }).filter((b) => (b as HTMLInputElement).checked);
      if (checked.length === 0) return UNDRIVABLE;
      for (const box of checked) click(box);
      return;
    }
    case ev.action:
    case ev.jobAction: {
      // a running job keeps 批量申报 busy: no second job from this list
      const button = screen.getByRole('button', { name: event === ev.action ? '删除' : '批量申报' });
      return enabled(button) ? click(button) : UNDRIVABLE;
    }
    case ev.confirm: {
      const pending = context.pending;
      if (pending?.action.kind === 'job' && pending.rows.length > 0) jobsStarted++;
      return click(within(await confirmDialog()).getByRole('button', { name: '确定' }));
    }
    case ev.cancel:
      return click(within(await confirmDialog()).getByRole('button', { name: '取消' }));
    case ev.export: {
      const button = screen.getByRole('button', { name: '导出' });
      return enabled(button) ? click(button) : UNDRIVABLE;
    }
    case ev.import: {
      const dialog = await openImport();
      if (!dialog) return UNDRIVABLE;
      fireEvent.change(dialog.ownerDocument.querySelector('input[type=file]')!, { target: { files: [new File(['x'], 'q.xlsx')] } });
      click(within(dialog).getByRole('button', { name: '导入' }));
      await screen.findByText('导入数据可能会耗费较多时间, 请耐心等待, 是否导入?');
      return click(screen.getByRole('button', { name: '确定' }));
    }
    case ev.dismissResult:
      if (!context.result) return UNDRIVABLE;
      return click(within(await screen.findByRole('dialog', { name: '删除结果' })).getByRole('button', { name: '关闭' }));
    case ev.jobFinished: {
      // the job child's end: its start and its first look answered by the server, done
      if (jobsStarted === 0) return UNDRIVABLE;
      jobsStarted--;
      await settle(orderApi.jobStart, (d) => ({ jobId: (d as { ids: number[] }).ids.length }));
      await settle(orderApi.jobDetail, () => ({ id: 1, state: 'done', total: 1, done: 1, succeeded: 1, failed: [] }));
      return void (await screen.findByText('任务已完成'));
    }
    case ev.liveRefresh: {
      // the stream tells of a change to this list (twice: one refresh); the machine's debounce
      // (500 ms) has passed before the next step, whatever it did with it
      // and the stream was interrupted (resync: the list and its job look again; still one refresh)
      liveEvents.deliver({ type: 'counts', mode: 'export', key: 'order' });
      liveEvents.deliver({ type: 'bill', mode: 'export', key: 'order', id: 1, state: '120', stateName: '海关入库', change: 'state' });
      liveEvents.deliver({ type: 'resync' });
      return void (await new Promise((resolve) => setTimeout(resolve, 700)));
    }
    case ev.liveJob:
      return void liveEvents.deliver({ type: 'job', jobId: 999, done: 1, total: 2, state: 'running' });
    case ev.listDone:
      return settle(orderApi.pageList, (d) => {
        const { pageIndex, pageSize } = d as { pageIndex: number; pageSize: number };
        return { total: world.length, datas: world.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize) };
      });
    case ev.listError:
      return settle(orderApi.pageList, () => new Refusal('查询参数不正确'));
    case ev.countsDone:
      return settle(orderApi.counts, () => [{ state: 'DRAFT', stateName: '暂存', count: inState('DRAFT') }, { state: '120', stateName: '海关入库', count: inState('120') }]);
    case ev.countsError:
      return settle(orderApi.counts, () => new Refusal('服务器内部错误'));
    case ev.batchDone:
      return settle(orderApi.delete, () => ev.batchDone.output);
    case ev.batchRefused:
      return settle(orderApi.delete, () => ev.batchRefused.output);
    case ev.batchError:
      return settle(orderApi.delete, () => new Refusal('服务不可用'));
    case ev.exportDone:
      await settle(orderApi.export, () => ev.exportDone.output);
      return void (await waitFor(() => expect(open).toHaveBeenCalledWith('/api/file/download/x.xlsx?ticket=fake-ticket', '_blank', 'noopener')));
    case ev.exportError:
      await settle(orderApi.export, () => new Refusal('导出数据不能超过10000条，请缩小查询范围'));
      return void (await screen.findByText('导出失败'));
    case ev.importDone:
      return settle(orderApi.parse, () => ({ column: 'order_no', values: ['SO000001'] }));
    case ev.importError:
      return settle(orderApi.parse, () => new Refusal('数据格式不正确或者模板不正确'));
    default:
      throw new Error(`no driver for ${JSON.stringify(event)}`);
  }
}

// ---- coverage of what a step walked, eventless and done.state transitions included ----

const keysWhere = (f: (k: string) => boolean) => [...allTransitions].filter(f);
const [countsCurrent, countsStale] = [
  keysWhere((k) => k.startsWith('billList.browsing.loading.counts.checking||') && k.endsWith('|countsCurrent'))[0]!,
  keysWhere((k) => k.startsWith('billList.browsing.loading.counts.checking||') && k.endsWith('|'))[0]!,
];
const loadingDone = keysWhere((k) => k.startsWith('billList.browsing.loading|xstate.done.state.'))[0]!;
const [refreshedSelected, refreshedUnselected] = [
  keysWhere((k) => k.startsWith('billList.browsing.refreshing|xstate.done.state.') && k.endsWith('|keepsSelection'))[0]!,
  keysWhere((k) => k.startsWith('billList.browsing.refreshing|xstate.done.state.') && k.endsWith('|'))[0]!,
];
const liveChanged = keysWhere((k) => k.startsWith('billList.browsing|live.changed|'))[0]!;
const liveChangedMissed = keysWhere((k) => k.startsWith('billList|live.changed|'))[0]!;
const missedRefresh = keysWhere((k) => k.startsWith('billList.browsing.idle||') && k.endsWith('|missedChange'))[0]!;
const missedOf = (s: Snap) => (s.context as BillListContext).missed;
const liveResync = keysWhere((k) => k.startsWith('billList|live.resync|'))[0]!;
type Snap = ModelStep['state'] & { value: unknown; context: unknown; matches(v: unknown): boolean };

function record(prev: Snap | null, event: EventObject, next: Snap) {
  const fired = prev ? firedTransitions(prev as never, event) : [];
  for (const k of fired) covered.transitions.add(k);
  for (const id of activeStateIds(next as never)) covered.states.add(id);
  // (re)entering loading passes counts.checking, whose eventless transitions pick fetching or done
  const enteredLoading = prev === null || fired.some((k) => (k.split('|')[2] ?? '').split(',').some((t) => t === 'billList.browsing' || t === 'billList.browsing.loading'));
  if (enteredLoading && next.matches({ browsing: 'loading' })) {
    covered.states.add('billList.browsing.loading.counts.checking');
    covered.transitions.add(next.matches({ browsing: { loading: { counts: 'done' } } }) ? countsCurrent : countsStale);
  }
  if (prev?.matches({ browsing: 'loading' }) && next.matches({ browsing: 'idle' })) covered.transitions.add(loadingDone);
  if (prev?.matches({ browsing: 'refreshing' }) && next.matches({ browsing: 'idle' })) {
    covered.transitions.add(next.matches({ browsing: { idle: 'selected' } }) ? refreshedSelected : refreshedUnselected);
  }
  // the live.refresh step sent live.changed through the page first (in browsing, it is handled there;
  // elsewhere the root notes it as missed)
  if (event === ev.liveRefresh && prev) covered.transitions.add(prev.matches('browsing') ? liveChanged : liveChangedMissed);
  // idle entered with a missed change went on to a quiet refresh at once (eventless: not in `fired`);
  // nothing else clears the note into refreshing (idle's own live.refresh never finds it set)
  if (prev && missedOf(prev) && !missedOf(next) && next.matches({ browsing: 'refreshing' })) covered.transitions.add(missedRefresh);
  // … and live.resync, which the machine takes anywhere
  if (event === ev.liveRefresh && prev) covered.transitions.add(liveResync);
}

/**
 * Walks a path's events. The state each step must reach is the real machine's answer to the event
 * from where the walk really is (replayed here), not the snapshot the graph stored: the graph tells
 * states apart by value only, so a step's stored context may come from another path.
 */
async function walk(events: readonly EventObject[], skip: () => void, log?: WalkLog) {
  mount(turnsPage(events) ? rows : fewRows);
  let prev = getInitialSnapshot(billListMachine, input) as unknown as Snap;
  record(null, { type: 'xstate.init' }, prev);
  await waitFor(expectations[serializeState(prev)]!);
  for (const [i, event] of events.entries()) {
    if ((await drive(event, prev)) === UNDRIVABLE) {
      log?.drove(events.slice(0, i));
      return skip();
    }
    const next = getNextSnapshot(billListMachine, prev as never, event as never) as unknown as Snap;
    const expected = serializeState(next);
    const expectation = expectations[expected];
    if (!expectation) throw new Error(`no expectation for ${expected}`);
    await waitFor(expectation, { timeout: 10_000 });
    // a batch action on nothing selected, from idle or a quiet refresh: the warning, no confirm
    if ((event === ev.action || event === ev.jobAction) && (prev.context as BillListContext).selected.length === 0 && !next.matches('confirming')) await screen.findByText('请选择操作数据！');
    record(prev, event, next);
    prev = next;
  }
  log?.drove(events);
}

// none turns a page: the list's answers are those of the three orders the server has
const listedFew = listed(fewRows);
const loaded = [listedFew, ev.countsDone];
/** Hand-made paths for the transitions whose controls exist only after data the shortest paths never load. */
const scenarios: { name: string; events: EventObject[] }[] = [
  { name: 'an Excel query import, then its × clears it', events: [...loaded, ev.import, ev.importDone, ...loaded, ev.clearImport, listedFew] },
  { name: 'an import cleared while its list is still loading', events: [...loaded, ev.import, ev.importDone, ev.clearImport, listedFew] },
  { name: 'a refused batch shows its per-bill result, closed while the list reloads', events: [...loaded, ev.select, ev.action, ev.confirm, ev.batchRefused, ev.dismissResult, ...loaded] },
  { name: '批量申报 confirmed goes to the job; the job done reloads list and counts', events: [...loaded, ev.select, ev.jobAction, ev.confirm, ev.jobFinished, ...loaded] },
  { name: 'a live change refreshes the page quietly, keeping the selected row', events: [...loaded, ev.select, ev.liveRefresh, listedFew, ev.countsDone] },
  // the refresh's calls stay held: the click does not wait for them (CI's lost 批量申报)
  { name: '批量申报 clicked during a quiet refresh opens its confirm for the selected row; confirmed, the job runs', events: [...loaded, ev.select, ev.liveRefresh, ev.jobAction, ev.confirm, ev.jobFinished, ...loaded] },
  // … and the refresh it abandoned runs again when the export ends (its change is still owed)
  { name: '导出 clicked during a quiet refresh exports the selected row, then the refresh runs again', events: [...loaded, ev.select, ev.liveRefresh, ev.export, ev.exportDone, listedFew, ev.countsDone] },
  // a live change the list could not refresh for where it was is shown when it is back in idle
  { name: 'a live change during the confirm dialog: 取消 refreshes quietly', events: [...loaded, ev.select, ev.action, ev.liveRefresh, ev.cancel, listedFew, ev.countsDone] },
  { name: 'a live change during an export: its end refreshes quietly', events: [...loaded, ev.export, ev.liveRefresh, ev.exportDone, listedFew, ev.countsDone] },
  { name: 'a live change during a quiet refresh: one more refresh follows, then the list rests', events: [...loaded, ev.liveRefresh, ev.liveRefresh, listedFew, ev.countsDone, listedFew, ev.countsDone] },
  { name: 'a live change while the list loads: a quiet refresh follows the load', events: [ev.liveRefresh, listedFew, ev.countsDone, listedFew, ev.countsDone] },
];

describe('bill-list machine, generated paths through the real view', { timeout: 30_000 }, () => {
  it('generates paths, the same from either world', () => {
    expect(paths.length).toBeGreaterThan(50);
    const shape = (p: ModelPath) => `${p.name}: ${eventsOf(p).map((e) => e.type).join(' ')}`;
    expect(paths.map(shape).sort()).toEqual(pathsOf(rows).filter(walked).map(shape).sort());
    expect(pathsOf(fewRows).map(shape)).toEqual(pathsOf(rows).map(shape));
  });

  // a path that is the start of a longer one is walked by it (harness.ts longestFirst)
  const log = createWalkLog();
  for (const path of longestFirst(paths)) {
    it(path.name, async () => {
      const events = eventsOf(path);
      if (!log.covers(events)) await walk(events, () => undefined, log);
    });
  }

  for (const { name, events } of scenarios) {
    it(`scenario: ${name}`, async () => walk(events, () => { throw new Error(`scenario step not drivable: ${name}`); }));
  }

  it('visits every state and every transition of the machine', () => {
    const missingStates = [...declaredStates(billListMachine)].filter((s) => !covered.states.has(s));
    const missingTransitions = [...allTransitions].filter((k) => !covered.transitions.has(k));
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });
});
