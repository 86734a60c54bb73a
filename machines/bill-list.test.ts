import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { billActions } from '../domain/bills/actions.ts';
import type { ActionDef } from '../domain/bills/types.ts';
import type { JobView } from './bill-job.ts';
import { listJobMachine } from './bill-list-job.ts';
import type { ListRequest, Term, TimeWindow } from '../domain/query.ts';
import {
  billListMachine,
  type BatchInput,
  type BatchResult,
  type BillRow,
  type ListPage,
  type StateCountItem,
} from './bill-list.ts';

const jobDeclare = billActions.find((a) => a.code === 'batchDeclare')!;
/** 批量申报 as a plain batch (an apply path answering {total, succeeded, failed} at once) */
const declare: ActionDef = { ...jobDeclare, kind: 'batch' };
const window: TimeWindow = ['2025-11-21 00:00:00', '2026-11-21 23:59:59'];
const row = (id: number, state = 'DRAFT'): BillRow => ({ id, state, orderNo: `SO${id}` });
const counts: StateCountItem[] = [{ state: 'DRAFT', stateName: '暂存', count: 2 }];

/** Effects as fakes: every call is recorded; answers come from the functions a test may replace. */
function world() {
  const calls = { pageList: [] as ListRequest[], stateCount: [] as ListRequest[], batch: [] as BatchInput[], export: [] as ListRequest[], importQuery: 0 };
  const effects = { warn: [] as string[], errors: [] as { error: unknown; message?: string }[], success: [] as string[], downloads: [] as string[] };
  const answer = {
    pageList: async (_r: ListRequest): Promise<ListPage> => ({ rows: [row(1), row(2, '120')], total: 2 }),
    stateCount: async (_r: ListRequest): Promise<StateCountItem[]> => counts,
    batch: async (i: BatchInput): Promise<BatchResult> => ({ total: i.ids.length, succeeded: i.ids.length, failed: [] }),
    export: async (_r: ListRequest) => ({ downloadUri: '/api/file/download/x.xlsx' }),
    importQuery: async (): Promise<Term[]> => [{ column: 'order_no', termType: 'in', value: ['SO1', 'SO2'] }],
    jobDetail: async (id: number): Promise<JobView> => ({ id, state: 'done', total: 1, done: 1, succeeded: 1, failed: [] }),
  };
  const jobs = { started: [] as (string | number)[][], details: 0 };
  const machine = billListMachine.provide({
    delays: { liveDebounce: 20 },
    actors: {
      pageList: fromPromise(({ input }) => { calls.pageList.push(input); return answer.pageList(input); }),
      stateCount: fromPromise(({ input }) => { calls.stateCount.push(input); return answer.stateCount(input); }),
      batch: fromPromise(({ input }) => { calls.batch.push(input); return answer.batch(input); }),
      export: fromPromise(({ input }) => { calls.export.push(input); return answer.export(input); }),
      importQuery: fromPromise(() => { calls.importQuery++; return answer.importQuery(); }),
      billJob: listJobMachine.provide({
        actors: {
          recentJobs: fromPromise(async (): Promise<JobView[]> => []),
          startJob: fromPromise(async ({ input }) => { jobs.started.push(input.ids); return { jobId: 7 }; }),
          jobDetail: fromPromise(({ input }) => { jobs.details++; return answer.jobDetail(input.id); }),
        },
      }),
    },
    actions: {
      warn: (_, p) => { effects.warn.push(p.message); },
      notifyError: (_, p) => { effects.errors.push(p); },
      notifySuccess: (_, p) => { effects.success.push(p.message); },
      openDownload: (_, p) => { effects.downloads.push(p.uri); },
    },
  });
  const actor = createActor(machine, { input: { pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }], window } });
  const idle = () => waitFor(actor, (s) => s.matches({ browsing: 'idle' }));
  return { actor, calls, effects, answer, jobs, idle };
}

describe('bill-list machine', () => {
  it('loads the first page and the counts with the create_time window, sorted by app_time', async () => {
    const w = world();
    w.actor.start();
    expect(w.actor.getSnapshot().hasTag('loading')).toBe(true);
    const s = await w.idle();
    const windowTerm = { column: 'create_time', termType: 'btw', value: window };
    expect(w.calls.pageList).toEqual([{ pageIndex: 0, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }], terms: [windowTerm] }]);
    expect(w.calls.stateCount).toEqual([{ pageIndex: 0, pageSize: 10, sorts: [{ name: 'app_time', order: 'desc' }], terms: [windowTerm] }]);
    expect(s.context.rows).toHaveLength(2);
    expect(s.context.total).toBe(2);
    expect(s.context.counts).toEqual(counts);
    expect(s.hasTag('loading')).toBe(false);
    expect(s.hasTag('ready')).toBe(true);
  });

  it('estimates the total of a simple-paging answer', async () => {
    const w = world();
    w.answer.pageList = async () => ({ rows: Array.from({ length: 50 }, (_, i) => row(i + 1)) });
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.page', pageIndex: 2 });
    const s = await w.idle();
    expect(s.context.estimated).toBe(true);
    expect(s.context.total).toBe(50 * 3 + 50);
  });

  it('filters by state and pages without reloading the counts; a search reloads them from page 0', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.page', pageIndex: 3 });
    await w.idle();
    w.actor.send({ type: 'user.filterState', state: 'DRAFT' });
    await w.idle();
    expect(w.calls.pageList.at(-1)).toMatchObject({ pageIndex: 0, terms: [expect.anything(), { column: 'state', termType: 'eq', value: 'DRAFT' }] });
    expect(w.calls.stateCount).toHaveLength(1);
    w.actor.send({ type: 'user.page', pageIndex: 1 });
    await w.idle();
    expect(w.calls.pageList.at(-1)?.pageIndex).toBe(1);
    const terms: Term[] = [{ column: 'order_no', termType: 'like', value: 'SO1' }];
    w.actor.send({ type: 'user.search', terms });
    await w.idle();
    expect(w.calls.pageList.at(-1)).toMatchObject({ pageIndex: 0, terms: [terms[0], expect.anything(), { column: 'state' }] });
    expect(w.calls.stateCount).toHaveLength(2);
    expect(w.calls.stateCount.at(-1)?.terms).toEqual([terms[0], { column: 'create_time', termType: 'btw', value: window }]);
  });

  it('sorting and the page size start again from page 0', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.page', pageIndex: 2 });
    await w.idle();
    w.actor.send({ type: 'user.sort', sorts: [{ name: 'order_no', order: 'asc' }] });
    await w.idle();
    expect(w.calls.pageList.at(-1)).toMatchObject({ pageIndex: 0, sorts: [{ name: 'order_no', order: 'asc' }] });
    w.actor.send({ type: 'user.pageSize', pageSize: 200 });
    await w.idle();
    expect(w.calls.pageList.at(-1)).toMatchObject({ pageIndex: 0, pageSize: 200 });
  });

  it('a filter change during a load cancels it: only the newest answer is shown', async () => {
    const w = world();
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    w.answer.pageList = async (r) => {
      if (r.pageIndex === 0 && !r.terms?.some((t) => t.column === 'state')) await gate;
      return { rows: [row(r.terms?.some((t) => t.column === 'state') ? 7 : 1)], total: 1 };
    };
    w.actor.start();
    w.actor.send({ type: 'user.filterState', state: 'DRAFT' });
    const s = await w.idle();
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(s.context.rows.map((r) => r.id)).toEqual([7]);
    expect(w.actor.getSnapshot().context.rows.map((r) => r.id)).toEqual([7]);
  });

  it('a failed list load ends the loading and toasts; refresh retries (counts too)', async () => {
    const w = world();
    w.answer.pageList = async () => { throw new Error('网络连接失败,请检查网络链接!'); };
    w.actor.start();
    const s = await waitFor(w.actor, (x) => x.matches({ browsing: 'error' }));
    expect(s.hasTag('loading')).toBe(false);
    expect(s.hasTag('error')).toBe(true);
    expect(s.context.error).toBe('网络连接失败,请检查网络链接!');
    expect(w.effects.errors).toHaveLength(1);
    w.answer.pageList = async () => ({ rows: [row(1)], total: 1 });
    w.actor.send({ type: 'user.refresh' });
    expect((await w.idle()).context.error).toBeNull();
    expect(w.calls.stateCount.length).toBeGreaterThanOrEqual(2);
  });

  it('a failed counts load toasts but keeps the list', async () => {
    const w = world();
    w.answer.stateCount = async () => { throw new Error('服务器内部错误'); };
    w.actor.start();
    const s = await w.idle();
    expect(s.context.rows).toHaveLength(2);
    expect(w.effects.errors.map((e) => (e.error as Error).message)).toEqual(['服务器内部错误']);
    // not marked current: the next load asks again
    w.answer.stateCount = async () => counts;
    w.actor.send({ type: 'user.page', pageIndex: 1 });
    expect((await w.idle()).context.counts).toEqual(counts);
  });

  it('a batch action with nothing selected warns 请选择操作数据！ and stays', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.action', action: declare });
    expect(w.effects.warn).toEqual(['请选择操作数据！']);
    expect(w.actor.getSnapshot().matches({ browsing: { idle: 'unselected' } })).toBe(true);
  });

  it('confirm → running → reload list and counts; rows the lifecycle refuses are excluded', async () => {
    const w = world();
    w.actor.start();
    const loaded = await w.idle();
    w.actor.send({ type: 'user.select', rows: loaded.context.rows });
    expect(w.actor.getSnapshot().hasTag('hasSelection')).toBe(true);
    w.actor.send({ type: 'user.action', action: declare });
    const confirming = w.actor.getSnapshot();
    expect(confirming.hasTag('confirming')).toBe(true);
    expect(confirming.context.pending?.rows.map((r) => r.id)).toEqual([1]);
    expect(confirming.context.pending?.excluded.map((r) => r.id)).toEqual([2]);
    w.actor.send({ type: 'user.confirm' });
    expect(w.actor.getSnapshot().hasTag('running')).toBe(true);
    const after = await w.idle();
    expect(w.calls.batch).toEqual([{ action: declare, ids: [1], window, values: {} }]);
    expect(w.calls.pageList).toHaveLength(2);
    expect(w.calls.stateCount).toHaveLength(2);
    // an exclusion is worth a dialog, not a bare 操作成功！
    expect(w.effects.success).toEqual([]);
    expect(after.context.result).toMatchObject({ total: 1, succeeded: 1, failed: [], excluded: [{ id: 2 }] });
    expect(after.context.selected).toEqual([]);
    w.actor.send({ type: 'user.dismissResult' });
    expect(w.actor.getSnapshot().context.result).toBeNull();
  });

  it('all succeeded: 操作成功！ and no dialog; failures: the per-bill result', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.select', rows: [row(1)] });
    w.actor.send({ type: 'user.action', action: declare });
    w.actor.send({ type: 'user.confirm' });
    expect((await w.idle()).context.result).toBeNull();
    expect(w.effects.success).toEqual(['操作成功！']);
    w.answer.batch = async () => ({ total: 1, succeeded: 0, failed: [{ id: 1, title: 'SO1', message: '订单编号 SO1 当前状态为海关入库，不能申报' }] });
    w.actor.send({ type: 'user.select', rows: [row(1)] });
    w.actor.send({ type: 'user.action', action: declare });
    w.actor.send({ type: 'user.confirm' });
    expect((await w.idle()).context.result?.failed).toHaveLength(1);
  });

  it('toasts the action’s own success text when it has one (删除成功！)', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.select', rows: [row(1)] });
    w.actor.send({ type: 'user.action', action: { ...declare, success: '删除成功！' } });
    w.actor.send({ type: 'user.confirm' });
    await w.idle();
    expect(w.effects.success).toEqual(['删除成功！']);
  });

  it('passes the prompt answer and refuses to run with no eligible row', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.select', rows: [row(2, '120')] });
    w.actor.send({ type: 'user.action', action: declare });
    w.actor.send({ type: 'user.confirm' });
    expect(w.actor.getSnapshot().hasTag('confirming')).toBe(true);
    w.actor.send({ type: 'user.cancel' });
    const back = w.actor.getSnapshot();
    expect(back.matches({ browsing: { idle: 'selected' } })).toBe(true);
    expect(back.context.selected.map((r) => r.id)).toEqual([2]);
    w.actor.send({ type: 'user.select', rows: [row(1)] });
    w.actor.send({ type: 'user.action', action: { ...declare, prompt: { field: 'reason', label: '原因', requiredMessage: '请输入撤单原因', maxLength: 100 } } });
    w.actor.send({ type: 'user.confirm', values: { reason: '重复' } });
    await w.idle();
    expect(w.calls.batch.at(-1)?.values).toEqual({ reason: '重复' });
  });

  it('a failed batch call toasts and keeps the selection', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.answer.batch = async () => { throw new Error('服务不可用'); };
    w.actor.send({ type: 'user.select', rows: [row(1)] });
    w.actor.send({ type: 'user.action', action: declare });
    w.actor.send({ type: 'user.confirm' });
    const s = await waitFor(w.actor, (x) => x.matches({ browsing: { idle: 'selected' } }));
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.selected).toHaveLength(1);
    expect(w.effects.errors).toHaveLength(1);
  });

  it('a job action (批量申报): confirm hands the eligible ids to the job child and frees the list at once', async () => {
    const w = world();
    w.actor.start();
    const loaded = await w.idle();
    w.actor.send({ type: 'user.select', rows: loaded.context.rows });
    w.actor.send({ type: 'user.action', action: jobDeclare });
    w.actor.send({ type: 'user.confirm' });
    const freed = w.actor.getSnapshot();
    expect(freed.matches({ browsing: { idle: 'unselected' } })).toBe(true);
    expect(freed.context).toMatchObject({ selected: [], pending: null });
    expect(w.calls.batch).toEqual([]);
    // the job ran (done at its first look) and told the list, which reloaded rows and counts
    await waitFor(w.actor.getSnapshot().children.job!, (s) => s.hasTag('jobFinished'));
    expect(w.jobs.started).toEqual([[1]]);
    await w.idle();
    expect(w.calls.pageList).toHaveLength(2);
    expect(w.calls.stateCount).toHaveLength(2);
  });

  it('a job finishing while the list is elsewhere in browsing reloads from there, keeping the page', async () => {
    const w = world();
    let finish: (job: JobView) => void = () => {};
    w.answer.jobDetail = (id) => new Promise((resolve) => { finish = resolve; void id; });
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.select', rows: [row(1)] });
    w.actor.send({ type: 'user.action', action: jobDeclare });
    w.actor.send({ type: 'user.confirm' });
    const job = w.actor.getSnapshot().children.job!;
    await waitFor(job, (s) => s.matches({ active: { progress: 'fetching' } }));
    w.actor.send({ type: 'user.page', pageIndex: 1 });
    await w.idle();
    finish({ id: 7, state: 'done', total: 1, done: 1, succeeded: 1, failed: [] });
    await waitFor(w.actor, (s) => s.matches({ browsing: 'loading' }));
    await w.idle();
    expect(w.calls.pageList.map((r) => r.pageIndex)).toEqual([0, 1, 1]);
    expect(w.calls.stateCount).toHaveLength(2);
  });

  it('exports the current conditions, or the selected ids, and opens the download', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.page', pageIndex: 1 });
    await w.idle();
    w.actor.send({ type: 'user.export' });
    expect(w.actor.getSnapshot().hasTag('exporting')).toBe(true);
    await waitFor(w.actor, (s) => s.matches({ browsing: { idle: 'unselected' } }));
    expect(w.calls.export[0]).toMatchObject({ pageIndex: 0, terms: [{ column: 'create_time' }] });
    w.actor.send({ type: 'user.select', rows: [row(1), row(2)] });
    w.actor.send({ type: 'user.export' });
    await waitFor(w.actor, (s) => s.matches({ browsing: { idle: 'selected' } }));
    expect(w.calls.export[1]?.terms).toEqual([{ column: 'id', termType: 'in', value: [1, 2] }]);
    expect(w.effects.downloads).toEqual(['/api/file/download/x.xlsx', '/api/file/download/x.xlsx']);
    w.answer.export = async () => { throw new Error('x'); };
    w.actor.send({ type: 'user.export' });
    await waitFor(w.actor, (s) => s.matches({ browsing: { idle: 'selected' } }));
    expect(w.effects.errors.at(-1)?.message).toBe('导出失败');
  });

  it('an Excel query import filters by its `in` terms until cleared or reset', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.import', files: [{ name: 'a.xlsx', size: 10 }] });
    expect(w.actor.getSnapshot().hasTag('importing')).toBe(true);
    await w.idle();
    const inTerm = { column: 'order_no', termType: 'in', value: ['SO1', 'SO2'] };
    expect(w.calls.pageList.at(-1)?.terms).toContainEqual(inTerm);
    expect(w.calls.stateCount.at(-1)?.terms).toContainEqual(inTerm);
    w.actor.send({ type: 'user.clearImport' });
    await w.idle();
    expect(w.calls.pageList.at(-1)?.terms).not.toContainEqual(inTerm);
    w.actor.send({ type: 'user.import', files: [{ name: 'a.xlsx', size: 10 }] });
    await w.idle();
    w.actor.send({ type: 'user.search', terms: [{ column: 'order_no', termType: 'like', value: 'x' }] });
    await w.idle();
    const next: TimeWindow = ['2026-11-15 00:00:00', '2026-11-21 23:59:59'];
    w.actor.send({ type: 'user.reset', window: next });
    const s = await w.idle();
    expect(w.calls.pageList.at(-1)?.terms).toEqual([{ column: 'create_time', termType: 'btw', value: next }]);
    expect(s.context.imported).toEqual([]);
  });

  it('a failed import toasts and returns to the list', async () => {
    const w = world();
    w.answer.importQuery = async () => { throw new Error('文件数据为空或格式不正确！'); };
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.import', files: [{ name: 'a.xlsx', size: 10 }] });
    await waitFor(w.actor, (s) => s.matches({ browsing: { idle: 'unselected' } }));
    expect(w.effects.errors.map((e) => (e.error as Error).message)).toEqual(['文件数据为空或格式不正确！']);
  });

  it('without a window (noCreateTime) no create_time term is sent', async () => {
    const w = world();
    const actor = createActor(billListMachine.provide({ actors: { pageList: fromPromise(async ({ input }) => { w.calls.pageList.push(input); return { rows: [], total: 0 }; }), stateCount: fromPromise(async (): Promise<StateCountItem[]> => []) } }), {
      input: { pageSize: 10, sorts: [], window: null },
    }).start();
    await waitFor(actor, (s) => s.matches({ browsing: 'idle' }));
    expect(w.calls.pageList[0]?.terms).toEqual([]);
  });

  it('live.changed: a burst is one quiet refresh of the page and the counts, keeping page, filters and the selected rows still shown', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.filterState', state: 'DRAFT' });
    await w.idle();
    w.actor.send({ type: 'user.page', pageIndex: 2 });
    const loaded = await w.idle();
    w.actor.send({ type: 'user.select', rows: loaded.context.rows });
    const lists = w.calls.pageList.length;
    const countCalls = w.calls.stateCount.length;
    w.answer.pageList = async () => ({ rows: [row(2, '120'), row(3)], total: 3 });
    w.answer.stateCount = async () => [{ state: 'DRAFT', stateName: '暂存', count: 1 }, { state: '120', stateName: '海关入库', count: 1 }];
    for (let i = 0; i < 5; i++) w.actor.send({ type: 'live.changed' });
    // refreshing keeps the table (no loading indicator)
    await waitFor(w.actor, (s) => s.matches({ browsing: 'refreshing' }));
    expect(w.actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(w.actor.getSnapshot().hasTag('ready')).toBe(true);
    const s = await waitFor(w.actor, (x) => x.matches({ browsing: { idle: 'selected' } }));
    expect(w.calls.pageList).toHaveLength(lists + 1);
    expect(w.calls.stateCount).toHaveLength(countCalls + 1);
    expect(w.calls.pageList.at(-1)).toMatchObject({ pageIndex: 2, terms: [expect.anything(), { column: 'state', termType: 'eq', value: 'DRAFT' }] });
    expect(s.context.rows).toEqual([row(2, '120'), row(3)]);
    expect(s.context.selected).toEqual([row(2, '120')]);
    expect(s.context.counts).toHaveLength(2);
  });

  it('live.changed: a failed quiet refresh keeps the rows and says nothing; after a failed load it reloads', async () => {
    const w = world();
    w.actor.start();
    const loaded = await w.idle();
    w.answer.pageList = async () => { throw new Error('网络连接失败'); };
    w.actor.send({ type: 'live.changed' });
    await waitFor(w.actor, (s) => s.matches({ browsing: 'refreshing' }));
    const s = await w.idle();
    expect(s.context.rows).toEqual(loaded.context.rows);
    expect(w.effects.errors).toEqual([]);
    w.actor.send({ type: 'user.refresh' });
    await waitFor(w.actor, (x) => x.matches({ browsing: 'error' }));
    w.answer.pageList = async () => ({ rows: [row(9)], total: 1 });
    w.actor.send({ type: 'live.changed' });
    const back = await w.idle();
    expect(back.context.rows).toEqual([row(9)]);
  });

  /** a live change whose quiet refresh is held: its list and counts answer only when `release` is called */
  async function heldRefresh(w: ReturnType<typeof world>, fresh: ListPage) {
    let release = () => {};
    const answered = new Promise<void>((resolve) => { release = resolve; });
    w.answer.pageList = async () => { await answered; return fresh; };
    w.answer.stateCount = async () => { await answered; return [{ state: '120', stateName: '海关入库', count: 9 }]; };
    w.actor.send({ type: 'live.changed' });
    await waitFor(w.actor, (s) => s.matches({ browsing: 'refreshing' }));
    return () => release();
  }

  it('a batch action clicked during a quiet refresh opens its confirm for the rows selected as shown; the refresh answering late changes nothing', async () => {
    const w = world();
    w.actor.start();
    const loaded = await w.idle();
    const shown = [loaded.context.rows[0]!];
    w.actor.send({ type: 'user.select', rows: shown });
    const release = await heldRefresh(w, { rows: [row(5), row(6)], total: 2 });
    w.actor.send({ type: 'user.action', action: jobDeclare });
    const s = w.actor.getSnapshot();
    expect(s.matches('confirming')).toBe(true);
    expect(s.context.pending).toEqual({ action: jobDeclare, rows: shown, excluded: [] });
    release();
    await new Promise((r) => setTimeout(r, 50));
    const after = w.actor.getSnapshot();
    expect(after.matches('confirming')).toBe(true);
    expect(after.context.rows).toEqual(loaded.context.rows);
    expect(after.context.selected).toEqual(shown);
    expect(after.context.counts).toEqual(counts);
    w.actor.send({ type: 'user.confirm' });
    await waitFor(w.actor, () => w.jobs.started.length > 0);
    expect(w.jobs.started).toEqual([[1]]);
  });

  it('a batch action clicked during a quiet refresh with nothing selected warns 请选择操作数据！ and the refresh goes on', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    const release = await heldRefresh(w, { rows: [row(5)], total: 1 });
    w.actor.send({ type: 'user.action', action: declare });
    expect(w.effects.warn).toEqual(['请选择操作数据！']);
    expect(w.actor.getSnapshot().matches({ browsing: 'refreshing' })).toBe(true);
    release();
    const s = await w.idle();
    expect(s.context.rows).toEqual([row(5)]);
  });

  it('导出 clicked during a quiet refresh exports: the selected rows as shown, or the conditions', async () => {
    const w = world();
    w.actor.start();
    const loaded = await w.idle();
    w.actor.send({ type: 'user.select', rows: loaded.context.rows });
    const release = await heldRefresh(w, { rows: [row(2, '120')], total: 1 });
    w.actor.send({ type: 'user.export' });
    expect(w.actor.getSnapshot().matches('exportingSelected')).toBe(true);
    // the abandoned refresh owes the page its change: it runs again when the export ends
    const replayed: ListPage = { rows: [row(1, '120')], total: 1 };
    w.answer.pageList = async () => replayed;
    w.answer.stateCount = async () => counts;
    let s = await waitFor(w.actor, (x) => x.matches({ browsing: { idle: 'selected' } }) && x.context.rows === replayed.rows);
    expect(w.calls.export[0]?.terms).toEqual([{ column: 'id', termType: 'in', value: [1, 2] }]);
    expect(w.effects.downloads).toEqual(['/api/file/download/x.xlsx']);
    // the abandoned refresh answering late changes nothing
    release();
    await new Promise((r) => setTimeout(r, 50));
    s = w.actor.getSnapshot();
    expect(s.matches({ browsing: { idle: 'selected' } })).toBe(true);
    expect(s.context.rows).toEqual(replayed.rows);
    expect(s.context.selected).toEqual(replayed.rows);

    w.actor.send({ type: 'user.select', rows: [] });
    await heldRefresh(w, { rows: [], total: 0 });
    w.actor.send({ type: 'user.export' });
    expect(w.actor.getSnapshot().matches('exportingAll')).toBe(true);
    w.answer.pageList = async () => ({ rows: [], total: 0 });
    w.answer.stateCount = async () => counts;
    await waitFor(w.actor, (x) => x.matches({ browsing: { idle: 'unselected' } }) && x.context.rows.length === 0);
    expect(w.calls.export[1]).toMatchObject({ pageIndex: 0, terms: [{ column: 'create_time' }] });
  });

  it('导入 and a page change during a quiet refresh are taken too', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    await heldRefresh(w, { rows: [], total: 0 });
    w.actor.send({ type: 'user.import', files: [{ name: 'q.xlsx', size: 1 }] });
    expect(w.actor.getSnapshot().matches('importing')).toBe(true);
    w.answer.pageList = async () => ({ rows: [row(1)], total: 1 });
    w.answer.stateCount = async () => counts;
    await w.idle();
    expect(w.calls.importQuery).toBe(1);
    await heldRefresh(w, { rows: [], total: 0 });
    w.answer.pageList = async () => ({ rows: [row(51)], total: 60 });
    w.actor.send({ type: 'user.page', pageIndex: 1 });
    const s = await w.idle();
    expect(w.calls.pageList.at(-1)?.pageIndex).toBe(1);
    expect(s.context.rows).toEqual([row(51)]);
  });

  // ---- a live change told while the list could not refresh is shown when it can (missed) ----

  /** a call held until released; `calls` counts how often it was made */
  function gate() {
    let release = () => {};
    const open = new Promise<void>((resolve) => { release = resolve; });
    return { open, release: () => release() };
  }
  /** the debounced live.refresh (20 ms here) has long been raised */
  const debounced = () => new Promise((r) => setTimeout(r, 80));
  const fresh: ListPage = { rows: [row(1, '120'), row(2, '120')], total: 2 };
  const freshCounts: StateCountItem[] = [{ state: '120', stateName: '海关入库', count: 2 }];
  /** from now on the server answers what changed */
  function changed(w: ReturnType<typeof world>) {
    w.answer.pageList = async () => fresh;
    w.answer.stateCount = async () => freshCounts;
  }

  it('a change told during the confirm dialog, or its debounced refresh arriving there, is shown quietly after 取消', async () => {
    const w = world();
    w.actor.start();
    const loaded = await w.idle();
    w.actor.send({ type: 'user.select', rows: [loaded.context.rows[0]!] });
    w.actor.send({ type: 'user.action', action: declare });
    changed(w);
    w.actor.send({ type: 'live.changed' });
    await debounced();
    const lists = w.calls.pageList.length;
    w.actor.send({ type: 'user.cancel' });
    expect(w.actor.getSnapshot().matches({ browsing: 'refreshing' })).toBe(true);
    let s = await waitFor(w.actor, (x) => x.matches({ browsing: { idle: 'selected' } }));
    expect(w.calls.pageList).toHaveLength(lists + 1);
    expect(s.context.rows).toEqual(fresh.rows);
    expect(s.context.selected).toEqual([row(1, '120')]);
    expect(s.context.counts).toEqual(freshCounts);

    // the change came just before the click: its debounced refresh arrives in the dialog
    w.answer.pageList = async () => ({ rows: [row(1, '399')], total: 1 });
    w.actor.send({ type: 'live.changed' });
    w.actor.send({ type: 'user.action', action: declare });
    expect(w.actor.getSnapshot().matches('confirming')).toBe(true);
    await debounced();
    w.actor.send({ type: 'user.cancel' });
    s = await waitFor(w.actor, (x) => x.matches({ browsing: 'idle' }) && x.context.rows[0]?.state === '399');
    expect(w.calls.pageList).toHaveLength(lists + 2);
  });

  it('a change told during an export (all, or the selected rows) is shown when the export ends', async () => {
    const w = world();
    w.actor.start();
    const loaded = await w.idle();
    for (const selected of [[], loaded.context.rows]) {
      w.actor.send({ type: 'user.select', rows: selected });
      const exported = gate();
      w.answer.export = async () => { await exported.open; return { downloadUri: '/api/file/download/x.xlsx' }; };
      w.actor.send({ type: 'user.export' });
      expect(w.actor.getSnapshot().hasTag('exporting')).toBe(true);
      const page: ListPage = { rows: [row(1, String(selected.length))], total: 1 };
      w.answer.pageList = async () => page;
      w.actor.send({ type: 'live.changed' });
      await debounced();
      const lists = w.calls.pageList.length;
      exported.release();
      const s = await waitFor(w.actor, (x) => x.matches({ browsing: 'idle' }) && x.context.rows === page.rows);
      expect(w.calls.pageList).toHaveLength(lists + 1);
      expect(w.effects.downloads).toHaveLength(selected.length === 0 ? 1 : 2);
      // the selected rows still on the page, as they now are
      expect(s.context.selected).toEqual(selected.length === 0 ? [] : page.rows);
    }
  });

  it('a change told during a batch that fails, or an import that fails, is shown when the list is back', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    const batch = gate();
    w.answer.batch = async () => { await batch.open; throw new Error('服务不可用'); };
    w.actor.send({ type: 'user.select', rows: [row(1)] });
    w.actor.send({ type: 'user.action', action: declare });
    w.actor.send({ type: 'user.confirm' });
    expect(w.actor.getSnapshot().hasTag('running')).toBe(true);
    changed(w);
    w.actor.send({ type: 'live.changed' });
    await debounced();
    let lists = w.calls.pageList.length;
    batch.release();
    let s = await waitFor(w.actor, (x) => x.matches({ browsing: { idle: 'selected' } }) && x.context.rows === fresh.rows);
    expect(w.calls.pageList).toHaveLength(lists + 1);
    expect(s.context.selected).toEqual([row(1, '120')]);
    expect(w.effects.errors).toHaveLength(1);

    const parsed = gate();
    w.answer.importQuery = async () => { await parsed.open; throw new Error('文件数据为空或格式不正确！'); };
    w.actor.send({ type: 'user.import', files: [{ name: 'a.xlsx', size: 10 }] });
    const page: ListPage = { rows: [row(3)], total: 1 };
    w.answer.pageList = async () => page;
    w.actor.send({ type: 'live.resync' });
    await debounced();
    lists = w.calls.pageList.length;
    parsed.release();
    s = await waitFor(w.actor, (x) => x.matches({ browsing: 'idle' }) && x.context.rows === page.rows);
    expect(w.calls.pageList).toHaveLength(lists + 1);
  });

  it('a change told during a quiet refresh is followed by one more refresh, then the list rests', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    const release = await heldRefresh(w, { rows: [row(5)], total: 1 });
    const lists = w.calls.pageList.length;
    w.actor.send({ type: 'live.changed' });
    await debounced();
    expect(w.actor.getSnapshot().matches({ browsing: 'refreshing' })).toBe(true);
    const second = gate();
    const after: ListPage = { rows: [row(5, '120')], total: 1 };
    w.answer.pageList = async () => { await second.open; return after; };
    w.answer.stateCount = async () => freshCounts;
    release();
    // the first answer is shown, and a second refresh reads the list anew
    await waitFor(w.actor, () => w.calls.pageList.length === lists + 1);
    expect(w.actor.getSnapshot().matches({ browsing: 'refreshing' })).toBe(true);
    second.release();
    const s = await waitFor(w.actor, (x) => x.matches({ browsing: 'idle' }));
    expect(s.context.rows).toEqual(after.rows);
    await debounced();
    expect(w.calls.pageList).toHaveLength(lists + 1);
    expect(w.actor.getSnapshot().matches({ browsing: 'idle' })).toBe(true);
  });

  it('a failed follow-up refresh keeps the rows and is not retried', async () => {
    const w = world();
    w.actor.start();
    const loaded = await w.idle();
    const release = await heldRefresh(w, { rows: [row(5)], total: 1 });
    w.actor.send({ type: 'live.changed' });
    await debounced();
    const lists = w.calls.pageList.length;
    const failed = gate();
    w.answer.pageList = async () => { await failed.open; throw new Error('网络连接失败'); };
    w.answer.stateCount = async () => { throw new Error('网络连接失败'); };
    release();
    await waitFor(w.actor, () => w.calls.pageList.length === lists + 1);
    failed.release();
    const s = await waitFor(w.actor, (x) => x.matches({ browsing: 'idle' }));
    expect(s.context.rows).toEqual([row(5)]);
    expect(s.context.rows).not.toEqual(loaded.context.rows);
    await debounced();
    expect(w.calls.pageList).toHaveLength(lists + 1);
    expect(w.effects.errors).toEqual([]);
  });

  it('a change told while the list loads is followed by a quiet refresh once it has loaded', async () => {
    const w = world();
    const load = gate();
    w.answer.pageList = async () => { await load.open; return { rows: [row(1)], total: 1 }; };
    w.actor.start();
    w.actor.send({ type: 'live.changed' });
    await debounced();
    expect(w.actor.getSnapshot().hasTag('loading')).toBe(true);
    load.release();
    changed(w);
    const s = await waitFor(w.actor, (x) => x.matches({ browsing: 'idle' }) && x.context.rows === fresh.rows);
    expect(w.calls.pageList).toHaveLength(2);
    expect(s.context.counts).toEqual(freshCounts);
  });

  it('a refresh abandoned for the confirm dialog is run again on 取消', async () => {
    const w = world();
    w.actor.start();
    await w.idle();
    w.actor.send({ type: 'user.select', rows: [row(1)] });
    await heldRefresh(w, { rows: [row(5)], total: 1 });
    w.actor.send({ type: 'user.action', action: declare });
    expect(w.actor.getSnapshot().matches('confirming')).toBe(true);
    const lists = w.calls.pageList.length;
    changed(w);
    w.actor.send({ type: 'user.cancel' });
    const s = await waitFor(w.actor, (x) => x.matches({ browsing: 'idle' }) && x.context.rows === fresh.rows);
    expect(w.calls.pageList).toHaveLength(lists + 1);
    expect(s.context.selected).toEqual([row(1, '120')]);
  });
});
