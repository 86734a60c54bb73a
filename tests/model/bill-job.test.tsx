/**
 * Model-based test of machines/bill-job.ts (the bill list's bulk job, 批量申报) through the real
 * list view: every path generated from the job machine is walked on a freshly rendered BillList
 * (export order). `job.start` is the user selecting two orders, 批量申报 and 确定 in the list's
 * confirmation; user.closeJob / openJob / retryFailed are 关闭, the top bar's indicator and 仅重试失败;
 * actor outcomes are the fake server answering the held jobs/list, jobs/start and jobs/detail calls;
 * the 500 ms poll is real time passing until the next jobs/detail call arrives. After each step the
 * page must show what the state (and the job it holds) promises; at the end every state and
 * transition of the machine must have been walked. A step the page cannot offer from where the
 * path stands (关闭 with no dialog, 批量申报 while a job runs) ends that path there.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type EventObject } from 'xstate';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { billJobMachine, JOB_LIVE_POLL_MS, jobPercent, MAX_POLL_FAILURES, type BillJobContext, type JobView } from '../../machines/bill-job.ts';
import { BillList } from '../../src/features/bills/list/BillList.tsx';
import { createFakeBackend, Refusal, type FakeBackend } from '../../src/features/bills/list/testing/fake-backend.ts';
import { listSession, orderApi, orderRow, serveOrders } from '../../src/features/bills/list/testing/fixtures.ts';
import { liveEvents } from '../../src/lib/live-events.ts';
import { createTestAuthActor } from '../../src/testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../src/testing/render.tsx';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, serializeState, type ModelPath, type ModelStep } from './harness.ts';

const running = (patch: Partial<JobView> = {}): JobView => ({ id: 7, state: 'running', total: 2, done: 1, succeeded: 1, failed: [], ...patch });
const failure = { id: 2, title: 'SO000002', message: '订单编号 SO000002 重复' };

/** Events with the payloads the page and the fake server produce (so model and view agree). */
const ev = {
  start: { type: 'job.start', ids: [1, 2] },
  close: { type: 'user.closeJob' },
  open: { type: 'user.openJob' },
  retry: { type: 'user.retryFailed' },
  recentNone: { type: 'xstate.done.actor.recentJobs', output: [] },
  recentRunning: { type: 'xstate.done.actor.recentJobs', output: [running({ id: 4, total: 3 }), running({ id: 3, state: 'done', done: 3, total: 3 })] },
  recentError: { type: 'xstate.error.actor.recentJobs', error: new Error('无权访问') },
  startDone: { type: 'xstate.done.actor.startJob', output: { jobId: 7 } },
  startError: { type: 'xstate.error.actor.startJob', error: new Error('请选择操作数据！') },
  detailRunning: { type: 'xstate.done.actor.jobDetail', output: running() },
  detailDone: { type: 'xstate.done.actor.jobDetail', output: running({ state: 'done', done: 2, succeeded: 2 }) },
  detailFailed: { type: 'xstate.done.actor.jobDetail', output: running({ state: 'done', done: 2, succeeded: 1, failed: [failure] }) },
  detailError: { type: 'xstate.error.actor.jobDetail', error: new Error('服务不可用') },
  poll: { type: 'xstate.after.jobPoll.billJob.active.progress.waiting' },
  // the live stream (GET /api/events) through the page's bus: the started job's step, its end, another job's, a resync
  liveStep: { type: 'live.job', jobId: 7, done: 1, total: 2, state: 'running' },
  liveDone: { type: 'live.job', jobId: 7, done: 2, total: 2, state: 'done' },
  liveOther: { type: 'live.job', jobId: 99, done: 1, total: 5, state: 'running' },
  liveResync: { type: 'live.resync' },
} as const;

const paths = modelPaths(billJobMachine, Object.values(ev) as EventObject[]);
const covered = { states: new Set<string>(), transitions: new Set<string>() };

// ---- the world: a rendered order list over a holding fake server ----

let backend: FakeBackend;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2028, 1, 29, 15, 0, 0));
  backend = serveOrders(createFakeBackend(), [orderRow(1), orderRow(2), orderRow(3, '120')]);
  for (const url of [orderApi.jobList, orderApi.jobStart, orderApi.jobDetail]) backend.hold(url);
  render(<BillList definition={exportOrder} onNavigate={() => {}} client={backend.client} />, {
    route: '/bill/export/order',
    actor: createTestAuthActor(listSession()),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

// ---- what each state looks like ----

type Snap = ModelStep['state'] & { value: unknown; context: BillJobContext; matches(v: unknown): boolean };
const jobDialog = () => screen.queryByRole('dialog', { name: '批量申报进度' });
const indicator = () => screen.queryByRole('button', { name: /^批量申报(进行中|已完成)/ });
const declareBusy = () => screen.getByRole('button', { name: '批量申报' }).hasAttribute('data-loading');

function dialogShows(job: JobView, finished: boolean) {
  const dialog = jobDialog();
  expect(dialog).not.toBeNull();
  const bar = within(dialog!).getByRole('progressbar', { name: '处理进度' });
  expect(bar.getAttribute('aria-valuenow')).toBe(String(jobPercent(job)));
  expect(within(dialog!).getByText(`已处理 ${job.done}/${job.total}（${jobPercent(job)}%）`)).toBeTruthy();
  expect(within(dialog!).getByText(`成功 ${job.succeeded}`)).toBeTruthy();
  expect(within(dialog!).getByText(`失败 ${job.failed.length}`)).toBeTruthy();
  expect(within(dialog!).queryByText('任务已完成') !== null).toBe(finished);
  expect(within(dialog!).queryByRole('button', { name: '仅重试失败' }) !== null).toBe(finished && job.failed.length > 0);
  for (const f of finished ? job.failed : []) expect(within(dialog!).getByText(f.message)).toBeTruthy();
}

function hiddenShows(job: JobView, finished: boolean) {
  expect(jobDialog()).toBeNull();
  expect(indicator()?.textContent).toBe(finished ? '批量申报已完成' : `批量申报进行中 ${job.done}/${job.total}`);
}

const expectations: Record<string, (s: Snap) => void> = {
  '"checking"': () => {
    expect(backend.waiting(orderApi.jobList)).toBe(1);
    expect(jobDialog() === null && indicator() === null && !declareBusy()).toBe(true);
  },
  '"idle"': () => {
    expect(backend.waiting(orderApi.jobList) + backend.waiting(orderApi.jobStart) + backend.waiting(orderApi.jobDetail)).toBe(0);
    expect(jobDialog() === null && indicator() === null && !declareBusy()).toBe(true);
  },
  '"starting"': () => {
    expect(backend.waiting(orderApi.jobStart)).toBe(1);
    expect(jobDialog() === null && declareBusy()).toBe(true);
  },
  '{"active":{"progress":"fetching","view":"shown"}}': (s) => {
    expect(backend.waiting(orderApi.jobDetail)).toBe(1);
    dialogShows(s.context.job!, false);
    expect(declareBusy()).toBe(true);
  },
  // the poll timer may already have fired: waiting looks like fetching but for the held call
  '{"active":{"progress":"waiting","view":"shown"}}': (s) => {
    dialogShows(s.context.job!, false);
    expect(declareBusy()).toBe(true);
  },
  '{"active":{"progress":"finished","view":"shown"}}': (s) => {
    dialogShows(s.context.job!, true);
    expect(declareBusy()).toBe(false);
  },
  '{"active":{"progress":"fetching","view":"hidden"}}': (s) => {
    expect(backend.waiting(orderApi.jobDetail)).toBe(1);
    hiddenShows(s.context.job!, false);
  },
  '{"active":{"progress":"waiting","view":"hidden"}}': (s) => hiddenShows(s.context.job!, false),
  '{"active":{"progress":"finished","view":"hidden"}}': (s) => {
    hiddenShows(s.context.job!, true);
    expect(declareBusy()).toBe(false);
  },
};

// ---- driving the steps through the page and the network ----

const UNDRIVABLE = Symbol('undrivable');
const enabled = (el: HTMLElement | null): el is HTMLElement => el !== null && !(el as HTMLButtonElement).disabled && !el.hasAttribute('data-disabled') && !el.hasAttribute('data-loading');

async function settle(url: string, answer: (data: unknown) => unknown) {
  await waitFor(() => expect(backend.waiting(url)).toBeGreaterThan(0), { timeout: 3000 });
  const held = backend.next(url)!;
  const value = answer(held.call.data);
  if (value instanceof Refusal) held.reject(value);
  else held.resolve(value);
}

/** The detail answer for the job asked about (the id the page polls), otherwise the model's. */
const detail = (answer: JobView) => (d: unknown) => ({ ...answer, id: (d as { id: number }).id });

async function drive(step: EventObject): Promise<void | typeof UNDRIVABLE> {
  const event = Object.values(ev).find((e) => e === step || JSON.stringify(e) === JSON.stringify(step)) ?? step;
  switch (event) {
    case ev.start: {
      await screen.findByRole('link', { name: 'SO000002' });
      if (!enabled(screen.getByRole('button', { name: '批量申报' }))) return UNDRIVABLE;
      for (const name of ['选择 SO000001', '选择 SO000002']) {
        const box = screen.getByRole('checkbox', { name }) as HTMLInputElement;
        if (!box.checked) fireEvent.click(box);
      }
      await screen.findByText('已选择 2 条');
      fireEvent.click(screen.getByRole('button', { name: '批量申报' }));
      const confirm = (await screen.findByText('确认批量申报吗？')).closest('[role=dialog]') as HTMLElement;
      return void fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    }
    case ev.close: {
      const dialog = jobDialog();
      if (!dialog) return UNDRIVABLE;
      return void fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    }
    case ev.open: {
      const button = indicator();
      return button ? void fireEvent.click(button) : UNDRIVABLE;
    }
    case ev.retry: {
      const button = jobDialog() && within(jobDialog()!).queryByRole('button', { name: '仅重试失败' });
      return button ? void fireEvent.click(button) : UNDRIVABLE;
    }
    case ev.recentNone:
      return settle(orderApi.jobList, () => []);
    case ev.recentRunning:
      return settle(orderApi.jobList, () => ev.recentRunning.output);
    case ev.recentError:
      return settle(orderApi.jobList, () => new Refusal('无权访问'));
    case ev.startDone:
      return settle(orderApi.jobStart, () => ev.startDone.output);
    case ev.startError:
      await settle(orderApi.jobStart, () => new Refusal('请选择操作数据！'));
      return void (await screen.findByText('请选择操作数据！'));
    case ev.detailRunning:
      return settle(orderApi.jobDetail, detail(ev.detailRunning.output));
    case ev.detailDone:
      return settle(orderApi.jobDetail, detail(ev.detailDone.output));
    case ev.detailFailed:
      return settle(orderApi.jobDetail, detail(ev.detailFailed.output));
    case ev.detailError:
      return settle(orderApi.jobDetail, () => new Refusal('服务不可用'));
    case ev.poll:
      // real time passes until the next look at the job (the slow fallback once the stream spoke)
      return void (await waitFor(() => expect(backend.waiting(orderApi.jobDetail)).toBe(1), { timeout: JOB_LIVE_POLL_MS * 3 }));
    case ev.liveStep:
    case ev.liveDone:
    case ev.liveOther: {
      const { jobId, done, total, state } = event as typeof ev.liveStep;
      return void liveEvents.deliver({ type: 'job', jobId, done, total, state });
    }
    case ev.liveResync:
      return void liveEvents.deliver({ type: 'resync' });
    default:
      throw new Error(`no driver for ${JSON.stringify(event)}`);
  }
}

const staleAgain = [...declaredTransitions(billJobMachine)].find((k) => k.startsWith('billJob.active.progress.waiting||') && k.endsWith('|isStale'))!;

function record(prev: Snap | null, event: EventObject, next: Snap) {
  for (const k of prev ? firedTransitions(prev as never, event) : []) covered.transitions.add(k);
  // a look answered while a live hint was heard: waiting's eventless transition asks again at once
  if (prev?.context.stale && prev.matches({ active: { progress: 'fetching' } }) && next.matches({ active: { progress: 'fetching' } }) && event.type.startsWith('xstate.')) covered.transitions.add(staleAgain);
  for (const id of activeStateIds(next as never)) covered.states.add(id);
}

/** Walks a path's events; the state each step must reach is the real machine's answer from where the walk is. */
async function walk(events: readonly EventObject[], skip: () => void) {
  let prev = getInitialSnapshot(billJobMachine) as unknown as Snap;
  record(null, { type: 'xstate.init' }, prev);
  await waitFor(() => expectations[serializeState(prev)]!(prev));
  for (const event of events) {
    if ((await drive(event)) === UNDRIVABLE) return skip();
    const next = getNextSnapshot(billJobMachine, prev as never, event as never) as unknown as Snap;
    const expectation = expectations[serializeState(next)];
    if (!expectation) throw new Error(`no expectation for ${serializeState(next)}`);
    await waitFor(() => expectation(next), { timeout: 5000 });
    record(prev, event, next);
    prev = next;
  }
}

const eventsOf = (path: ModelPath) => path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');

const started = [ev.recentNone, ev.start, ev.startDone];
/** Hand-made paths for what the shortest paths reach with another context (failures, a run of errors). */
const scenarios: { name: string; events: EventObject[] }[] = [
  { name: 'a job with a failure: 仅重试失败 starts a job of the failed id', events: [...started, ev.detailRunning, ev.poll, ev.detailFailed, ev.retry, ev.startDone, ev.detailDone, ev.close] },
  { name: 'closed while running, done in the background, reopened from the indicator', events: [...started, ev.detailRunning, ev.close, ev.poll, ev.detailFailed, ev.open, ev.close] },
  { name: 'the stream tells of a step and of the end: each is read at once, the end finishes the job', events: [...started, ev.detailRunning, ev.liveStep, ev.detailRunning, ev.liveDone, ev.detailDone, ev.close] },
  { name: 'the end heard while a look is out: the job is read again when that look answers', events: [...started, ev.liveDone, ev.detailRunning, ev.detailDone] },
  {
    name: `${MAX_POLL_FAILURES} failed looks in a row stop the watching`,
    events: [...started, ...Array.from({ length: MAX_POLL_FAILURES - 1 }, () => [ev.detailError, ev.poll]).flat(), ev.detailError],
  },
];

describe('bill-job machine, generated paths through the real list view', { timeout: 60_000 }, () => {
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  for (const path of paths) {
    it(path.name, async () => walk(eventsOf(path), () => undefined));
  }

  for (const { name, events } of scenarios) {
    it(`scenario: ${name}`, async () => walk(events, () => { throw new Error(`scenario step not drivable: ${name}`); }));
  }

  it('visits every state and every transition of the machine', () => {
    expect([...declaredStates(billJobMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(billJobMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
