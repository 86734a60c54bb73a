/**
 * A bulk job of a bill list (批量申报 of up to 500 bills): started on the server, which runs it in
 * the background; this machine watches it. The list invokes one per mounted list (bill-list.ts) and
 * sends it job.start after the user confirmed; the job tells the list (action `finished`) when it
 * is done, so the list reloads. The job lives on the server: closing the progress dialog only
 * hides it, and a list opened later finds a job still running (jobs/list) and watches it again.
 *
 * States
 *   checking    invoke `recentJobs` (the bill's latest jobs): one running → active (dialog hidden)
 *   idle        nothing watched
 *   starting    [jobRunning]  invoke `startJob` {ids} → active (dialog shown)
 *   active      parallel
 *     .progress .fetching [jobRunning] invoke `jobDetail` {id}; done → .finished + `finished`,
 *                         running → .waiting; a failure → .waiting, the MAX_POLL_FAILURES-th in a
 *                         row → idle with the error toasted. live.job of this job / live.resync
 *                         while the call is out: `stale`, so .waiting asks again at once
 *               .waiting  [jobRunning] after jobPoll → .fetching: JOB_POLL_MS, or JOB_LIVE_POLL_MS
 *                         once the stream has spoken of this job (the poll is then only the
 *                         fallback); live.job of this job / live.resync → .fetching at once
 *               .finished [jobFinished] user.retryFailed (when some failed) → starting, the failed ids
 *     .view     .shown [jobShown] the progress dialog; user.closeJob → .hidden, or idle when finished
 *               .hidden   the list's indicator; user.openJob → .shown
 *
 * Events: job.start {ids} (anywhere: a new job replaces the one watched; the list offers it only
 * when none runs), user.closeJob, user.openJob, user.retryFailed; from the app's live-event stream
 * (GET /api/events, forwarded by the list): live.job {jobId, done, total, state} — a hint that the
 * job moved: the dialog's numbers (成功/失败 too) are read again from jobs/detail, so they always
 * agree — and live.resync (the stream was interrupted: whatever was missed, look again).
 * Effects (placeholders; supplied with provide()): actors recentJobs, startJob, jobDetail;
 * actions finished, notifyError({error}). No axios, React, window or clock.
 */
import { assign, fromPromise, setup } from 'xstate';
import { machineLabels } from './labels.ts';

export interface JobFailure { id: string | number; title: string; message: string }
/** A job as the server shows it (POST /api/enterprise/bills/jobs/detail). */
export interface JobView {
  id: number;
  /** running | done */
  state: string;
  total: number;
  /** bills handled so far, succeeded or failed */
  done: number;
  succeeded: number;
  failed: JobFailure[];
}
export interface BillJobContext {
  job: JobView | null;
  /** the ids the next start sends */
  ids: (string | number)[];
  /** detail calls failed in a row */
  pollFailures: number;
  /** the live stream has spoken of the watched job: polling is only the fallback */
  live: boolean;
  /** a live hint came while a detail call was out: its answer may be older than the hint */
  stale: boolean;
}
/** The stream's word of a job's progress (domain/events.ts JobProgressEvent). */
export interface LiveJobEvent { type: 'live.job'; jobId: number; done: number; total: number; state: string }
export type BillJobEvent =
  | { type: 'job.start'; ids: (string | number)[] }
  | { type: 'user.closeJob' }
  | { type: 'user.openJob' }
  | { type: 'user.retryFailed' }
  | LiveJobEvent
  | { type: 'live.resync' };

/** How often a running job's progress is asked (the issue: a live progress bar). */
export const JOB_POLL_MS = 500;
/** The fallback poll while the live stream reports the job's steps. */
export const JOB_LIVE_POLL_MS = 2000;
/** Detail failures in a row before the job is no longer watched (about 5 s of outage). */
export const MAX_POLL_FAILURES = 10;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`bill-job: ${name} actor not provided`);
};

/** A job just started: nothing handled yet. */
export const startedJob = (id: number, total: number): JobView => ({ id, state: 'running', total, done: 0, succeeded: 0, failed: [] });

/** Percentage handled, 0–100 (a job of 0 bills is complete). */
export const jobPercent = (job: Pick<JobView, 'done' | 'total'>): number =>
  job.total === 0 ? 100 : Math.min(100, Math.round((job.done / job.total) * 100));

export const billJobMachine = setup({
  types: {} as {
    context: BillJobContext;
    events: BillJobEvent;
    tags: 'jobRunning' | 'jobFinished' | 'jobShown';
  },
  actors: {
    recentJobs: fromPromise<JobView[], void>(notProvided('recentJobs')),
    startJob: fromPromise<{ jobId: number }, { ids: (string | number)[] }>(notProvided('startJob')),
    jobDetail: fromPromise<JobView, { id: number }>(notProvided('jobDetail')),
  },
  actions: {
    /** the job is done: the list reloads (bill-list.ts provides it) */
    finished: () => {},
    notifyError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    runningFound: ({ event }) => (event as unknown as { output: JobView[] }).output.some((j) => j.state === 'running'),
    answeredDone: ({ event }) => (event as unknown as { output: JobView }).output.state === 'done',
    jobDone: ({ context }) => context.job?.state === 'done',
    hasFailures: ({ context }) => (context.job?.failed.length ?? 0) > 0,
    givesUp: ({ context }) => context.pollFailures + 1 >= MAX_POLL_FAILURES,
    isStale: ({ context }) => context.stale,
    /** live.job of the watched job, or live.resync */
    aboutThisJob: ({ context, event }) => event.type === 'live.resync' || (event.type === 'live.job' && event.jobId === context.job?.id),
  },
  delays: {
    jobPoll: ({ context }) => (context.live ? JOB_LIVE_POLL_MS : JOB_POLL_MS),
  },
}).createMachine({
  id: 'billJob',
  meta: machineLabels({
    events: {
      'user.retryFailed': '重试失败的单据', 'user.closeJob': '关闭进度窗口', 'user.openJob': '打开进度窗口', 'job.start': '开始批量任务',
      'live.job': '任务进度更新', 'live.resync': '重新同步',
    },
    guards: {
      runningFound: '有进行中的任务', answeredDone: '任务已完成', givesUp: '多次查询失败', hasFailures: '有失败的单据', jobDone: '任务已完成',
      aboutThisJob: '本任务的进度', isStale: '查询期间有新进度',
    },
    actors: { recentJobs: '查询最近任务', startJob: '启动任务', jobDetail: '查询进度' },
    delays: { jobPoll: '定时查询' },
  }),
  context: { job: null, ids: [], pollFailures: 0, live: false, stale: false },
  initial: 'checking',
  on: { 'job.start': { target: '.starting', actions: assign({ ids: ({ event }) => event.ids }) } },
  states: {
    checking: { description: '检查进行中的任务',
      invoke: {
        id: 'recentJobs', src: 'recentJobs',
        onDone: [
          {
            guard: 'runningFound',
            target: '#billJob.active.view.hidden',
            actions: assign({ job: ({ event }) => event.output.find((j) => j.state === 'running')!, pollFailures: 0, live: false }),
          },
          { target: 'idle' },
        ],
        onError: { target: 'idle', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    idle: { description: '无任务' },
    starting: { description: '启动任务中',
      tags: ['jobRunning'],
      invoke: {
        id: 'startJob', src: 'startJob',
        input: ({ context }) => ({ ids: context.ids }),
        onDone: { target: 'active', actions: assign({ job: ({ context, event }) => startedJob(event.output.jobId, context.ids.length), pollFailures: 0, live: false }) },
        onError: { target: 'idle', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    active: { description: '任务进行中',
      type: 'parallel',
      states: {
        progress: { description: '进度',
          initial: 'fetching',
          states: {
            fetching: { description: '查询进度中',
              tags: ['jobRunning'],
              entry: assign({ stale: false }),
              on: {
                'live.job': { guard: 'aboutThisJob', actions: assign({ stale: true, live: true }) },
                'live.resync': { actions: assign({ stale: true }) },
              },
              invoke: {
                id: 'jobDetail', src: 'jobDetail',
                input: ({ context }) => ({ id: context.job!.id }),
                onDone: [
                  {
                    guard: 'answeredDone',
                    target: 'finished',
                    actions: [assign({ job: ({ event }) => event.output, pollFailures: 0 }), 'finished'],
                  },
                  { target: 'waiting', actions: assign({ job: ({ event }) => event.output, pollFailures: 0 }) },
                ],
                onError: [
                  // the server cannot answer for a while (or the job is gone): stop watching, say why
                  { guard: 'givesUp', target: '#billJob.idle', actions: { type: 'notifyError', params: ({ event }) => ({ error: event.error }) } },
                  { target: 'waiting', actions: assign({ pollFailures: ({ context }) => context.pollFailures + 1 }) },
                ],
              },
            },
            waiting: {
              description: '等待下次查询',
              tags: ['jobRunning'],
              always: { guard: 'isStale', target: 'fetching' },
              on: {
                'live.job': { guard: 'aboutThisJob', target: 'fetching', actions: assign({ live: true }) },
                'live.resync': { target: 'fetching' },
              },
              after: { jobPoll: { target: 'fetching' } },
            },
            finished: { description: '任务结束',
              tags: ['jobFinished'],
              on: {
                'user.retryFailed': {
                  guard: 'hasFailures',
                  target: '#billJob.starting',
                  actions: assign({ ids: ({ context }) => context.job!.failed.map((f) => f.id) }),
                },
              },
            },
          },
        },
        view: { description: '进度窗口',
          initial: 'shown',
          states: {
            shown: { description: '显示',
              tags: ['jobShown'],
              on: { 'user.closeJob': [{ guard: 'jobDone', target: '#billJob.idle' }, { target: 'hidden' }] },
            },
            hidden: { description: '隐藏（后台运行）', on: { 'user.openJob': { target: 'shown' } } },
          },
        },
      },
    },
  },
});

export type BillJobMachine = typeof billJobMachine;
