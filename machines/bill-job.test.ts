import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { billJobMachine, JOB_LIVE_POLL_MS, JOB_POLL_MS, jobPercent, MAX_POLL_FAILURES, type JobView } from './bill-job.ts';

const job = (patch: Partial<JobView> = {}): JobView => ({ id: 7, state: 'running', total: 3, done: 0, succeeded: 0, failed: [], ...patch });
const failure = { id: 2, title: 'SO2', message: '订单编号 SO2 重复' };

/** The job machine over scripted answers: each detail call takes the next answer (the last repeats). */
function world(recent: JobView[] = []) {
  const details: (JobView | Error)[] = [];
  const calls = { started: [] as (string | number)[][], details: 0 };
  const effects = { finished: 0, errors: [] as string[] };
  const machine = billJobMachine.provide({
    actors: {
      recentJobs: fromPromise(async () => recent),
      startJob: fromPromise(async ({ input }) => { calls.started.push(input.ids); return { jobId: 7 + calls.started.length - 1 }; }),
      jobDetail: fromPromise(async () => {
        const answer = details.length > 1 ? details.shift()! : details[0]!;
        calls.details++;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
    actions: { finished: () => { effects.finished++; }, notifyError: (_, { error }) => { effects.errors.push((error as Error).message); } },
  });
  const actor = createActor(machine).start();
  /** lets the promises settle and the poll timer run */
  const tick = async (ms = 0) => { await vi.advanceTimersByTimeAsync(ms); };
  return { actor, details, calls, effects, tick };
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('bill-job machine', () => {
  it('starts a job, polls its progress every 500 ms with the dialog shown, and finishes once', async () => {
    const w = world();
    await w.tick();
    expect(w.actor.getSnapshot().value).toBe('idle');
    w.details.push(job({ done: 1, succeeded: 1 }), job({ done: 3, succeeded: 3, state: 'done' }));
    w.actor.send({ type: 'job.start', ids: [1, 2, 3] });
    expect(w.actor.getSnapshot().hasTag('jobRunning')).toBe(true);
    await w.tick();
    expect(w.calls.started).toEqual([[1, 2, 3]]);
    expect(w.actor.getSnapshot().matches({ active: { progress: 'waiting', view: 'shown' } })).toBe(true);
    expect(w.actor.getSnapshot().context.job).toMatchObject({ done: 1, total: 3 });
    await w.tick(JOB_POLL_MS - 1);
    expect(w.calls.details).toBe(1);
    await w.tick(1);
    expect(w.calls.details).toBe(2);
    const s = w.actor.getSnapshot();
    expect(s.hasTag('jobFinished') && s.hasTag('jobShown')).toBe(true);
    expect(w.effects.finished).toBe(1);
    await w.tick(JOB_POLL_MS * 4);
    expect(w.calls.details).toBe(2); // no polling once done
    w.actor.send({ type: 'user.closeJob' });
    expect(w.actor.getSnapshot().value).toBe('idle');
  });

  it('closing the dialog while running only hides it; the job is still polled and can be reopened', async () => {
    const w = world();
    w.details.push(job({ done: 1 }));
    w.actor.send({ type: 'job.start', ids: [1, 2, 3] });
    await w.tick();
    w.actor.send({ type: 'user.closeJob' });
    expect(w.actor.getSnapshot().matches({ active: { view: 'hidden' } })).toBe(true);
    await w.tick(JOB_POLL_MS);
    expect(w.calls.details).toBe(2);
    w.details.splice(0, 1, job({ state: 'done', done: 3, succeeded: 3 }));
    await w.tick(JOB_POLL_MS);
    // done while hidden: still watched (the indicator), the list told
    expect(w.actor.getSnapshot().matches({ active: { progress: 'finished', view: 'hidden' } })).toBe(true);
    expect(w.effects.finished).toBe(1);
    w.actor.send({ type: 'user.openJob' });
    expect(w.actor.getSnapshot().hasTag('jobShown')).toBe(true);
  });

  it('仅重试失败 starts a new job of the failed ids; without failures it is not offered', async () => {
    const w = world();
    w.details.push(job({ state: 'done', done: 3, succeeded: 2, failed: [failure] }));
    w.actor.send({ type: 'job.start', ids: [1, 2, 3] });
    await w.tick();
    w.actor.send({ type: 'user.retryFailed' });
    expect(w.actor.getSnapshot().value).toBe('starting');
    w.details.splice(0, 1, job({ id: 8, state: 'done', total: 1, done: 1, succeeded: 1 }));
    await w.tick();
    expect(w.calls.started).toEqual([[1, 2, 3], [2]]);
    expect(w.actor.getSnapshot().context.job).toMatchObject({ id: 8, failed: [] });
    w.actor.send({ type: 'user.retryFailed' });
    expect(w.actor.getSnapshot().matches({ active: { progress: 'finished' } })).toBe(true);
  });

  it('a list opened later finds its running job and watches it, dialog closed', async () => {
    const w = world([job({ id: 5, state: 'done' }), job({ id: 4, done: 120, total: 500 })]);
    w.details.push(job({ id: 4, done: 150, total: 500 }));
    await w.tick();
    const s = w.actor.getSnapshot();
    expect(s.matches({ active: { view: 'hidden' } })).toBe(true);
    expect(s.context.job).toMatchObject({ id: 4, done: 150 });
  });

  it('keeps polling through a few failures, and gives up (saying why) after MAX_POLL_FAILURES in a row', async () => {
    const w = world();
    w.details.push(job({ done: 1 }), new Error('网络异常'), job({ done: 2 }), new Error('网络异常'));
    w.actor.send({ type: 'job.start', ids: [1, 2, 3] });
    await w.tick();
    await w.tick(JOB_POLL_MS);
    expect(w.actor.getSnapshot().context.pollFailures).toBe(1);
    await w.tick(JOB_POLL_MS);
    expect(w.actor.getSnapshot().context).toMatchObject({ pollFailures: 0, job: { done: 2 } });
    await w.tick(JOB_POLL_MS * (MAX_POLL_FAILURES - 1));
    expect(w.actor.getSnapshot().matches('active')).toBe(true);
    expect(w.effects.errors).toEqual([]);
    await w.tick(JOB_POLL_MS);
    expect(w.actor.getSnapshot().value).toBe('idle');
    expect(w.effects.errors).toEqual(['网络异常']);
  });

  it('a refused start or job list is toasted and nothing is watched', async () => {
    const machine = billJobMachine.provide({
      actors: {
        recentJobs: fromPromise(async (): Promise<JobView[]> => { throw new Error('无权访问'); }),
        startJob: fromPromise(async (): Promise<{ jobId: number }> => { throw new Error('请选择操作数据！'); }),
      },
      actions: { notifyError: (_, { error }) => { errors.push((error as Error).message); } },
    });
    const errors: string[] = [];
    const actor = createActor(machine).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'job.start', ids: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(errors).toEqual(['无权访问', '请选择操作数据！']);
  });

  it('a live step of the watched job is read at once; from then on polling is only the slow fallback', async () => {
    const w = world();
    w.details.push(job({ done: 1, succeeded: 1 }));
    w.actor.send({ type: 'job.start', ids: [1, 2, 3] });
    await w.tick();
    expect(w.calls.details).toBe(1);
    // another job's step (another list's) is not this one's
    w.actor.send({ type: 'live.job', jobId: 99, done: 2, total: 3, state: 'running' });
    await w.tick();
    expect(w.calls.details).toBe(1);
    w.details.splice(0, 1, job({ done: 2, succeeded: 2 }));
    w.actor.send({ type: 'live.job', jobId: 7, done: 2, total: 3, state: 'running' });
    await w.tick();
    expect(w.calls.details).toBe(2);
    expect(w.actor.getSnapshot().context).toMatchObject({ live: true, job: { done: 2, succeeded: 2 } });
    await w.tick(JOB_POLL_MS * 2);
    expect(w.calls.details).toBe(2);
    await w.tick(JOB_LIVE_POLL_MS - JOB_POLL_MS * 2);
    expect(w.calls.details).toBe(3);
    // done: the final tallies are read at once and the list told
    w.details.splice(0, 1, job({ state: 'done', done: 3, succeeded: 3 }));
    w.actor.send({ type: 'live.job', jobId: 7, done: 3, total: 3, state: 'done' });
    await w.tick();
    expect(w.actor.getSnapshot().hasTag('jobFinished')).toBe(true);
    expect(w.effects.finished).toBe(1);
  });

  it('a live step heard while a look is out has the job read again when that look answers', async () => {
    let answer: ((v: JobView) => void) | undefined;
    const machine = billJobMachine.provide({
      actors: {
        recentJobs: fromPromise(async (): Promise<JobView[]> => []),
        startJob: fromPromise(async () => ({ jobId: 7 })),
        jobDetail: fromPromise(() => new Promise<JobView>((resolve) => { answer = resolve; })),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'job.start', ids: [1, 2, 3] });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ active: { progress: 'fetching' } })).toBe(true);
    actor.send({ type: 'live.job', jobId: 7, done: 3, total: 3, state: 'done' });
    const first = answer!;
    first(job({ done: 1 })); // this answer left before the job was done
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ active: { progress: 'fetching' } })).toBe(true);
    expect(answer).not.toBe(first);
    answer!(job({ state: 'done', done: 3, succeeded: 3 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('jobFinished')).toBe(true);
  });

  it('live.resync (the stream was interrupted) reads the job again at once', async () => {
    const w = world();
    w.details.push(job({ done: 1 }));
    w.actor.send({ type: 'job.start', ids: [1, 2, 3] });
    await w.tick();
    w.actor.send({ type: 'live.resync' });
    await w.tick();
    expect(w.calls.details).toBe(2);
  });

  it('jobPercent: handled share, rounded; an empty job is complete', () => {
    expect(jobPercent({ done: 120, total: 500 })).toBe(24);
    expect(jobPercent({ done: 1, total: 3 })).toBe(33);
    expect(jobPercent({ done: 0, total: 0 })).toBe(100);
  });
});
