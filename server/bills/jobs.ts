/**
 * Bulk declarations as jobs (bill_jobs): the selected ids are stored first, then declared a chunk
 * at a time. Each chunk's state moves, outbox messages and the job's progress (cursor, counts,
 * failures) commit in one transaction, so a job cut off by a crash resumes exactly where it stood
 * when the server starts again: no bill declared twice, none forgotten. The web polls a job's
 * progress; closing the page does not stop it.
 *
 * A chunk is prepared without locks (prepareDeclarations: read, decide, validate, build, XSD-check)
 * and written under the job row's lock: a second runner of the same job (another server after a
 * restart) finds the cursor moved and drops its chunk.
 *
 * Several app servers: a job belongs to the server running it, which touches the row (updated_at, the
 * database's clock) with every chunk. A job no server touched for ORPHAN_AFTER_MS — its server died or
 * was stopped — is taken by the first server whose sweep (every SWEEP_MS) moves its updated_at first
 * (one UPDATE decides), and resumes there at its cursor.
 */
import { sql } from 'kysely';
import { findBill } from '../../domain/bills/index.ts';
import type { BillDefinition } from '../../domain/bills/types.ts';
import type { Db } from '../db/database.ts';
import type { BillAnswerFailure, BatchAnswer } from './batch.ts';
import { commitDeclarations, failuresOf, prepareDeclarations } from './batch.ts';
import type { BillCall } from './call.ts';
import { companyReader } from './defaults.ts';
import { billModel } from './model.ts';
import { chinaDateTime } from './time.ts';
import type { StateNamesLoader } from './states.ts';

/** Bills per transaction: small enough for a live progress bar, large enough to stay fast. */
export const JOB_CHUNK = 50;
/** After a server fault (database gone) a job is tried again after this long. */
const RETRY_MS = 5000;
/** A running job whose server has not committed a chunk for this long is taken over by another. */
export const ORPHAN_AFTER_MS = 30_000;
/** How often each server looks for such jobs. */
export const SWEEP_MS = 5000;

export interface JobView {
  id: number;
  mode: string;
  key: string;
  action: string;
  /** running | done */
  state: string;
  total: number;
  /** bills handled so far (succeeded or failed) */
  done: number;
  succeeded: number;
  failed: BillAnswerFailure[];
  /** China time, 'YYYY-MM-DD HH:mm:ss', as every time the API answers */
  createTime: string | null;
  finishTime: string | null;
}

interface JobRow {
  id: number; company_id: number; mode: string; bill_key: string; action: string; ids: unknown; cursor: number;
  total: number; succeeded: number; failed: unknown; state: string; created_at: Date; finished_at: Date | null;
}

const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export function jobView(row: JobRow): JobView {
  return {
    id: Number(row.id), mode: row.mode, key: row.bill_key, action: row.action, state: row.state,
    total: row.total, done: row.cursor, succeeded: row.succeeded, failed: parsed<BillAnswerFailure[]>(row.failed),
    createTime: chinaDateTime(row.created_at), finishTime: chinaDateTime(row.finished_at),
  };
}

/** The job's answer in the shape of a batch call ({total, succeeded, failed}). */
export const batchAnswerOf = (job: JobView): BatchAnswer & { jobId: number } =>
  ({ jobId: job.id, total: job.total, succeeded: job.succeeded, failed: job.failed });

export async function createDeclareJob(db: Db, args: { companyId: number; userId: number | null; def: BillDefinition; ids: readonly number[] }): Promise<number> {
  const row = await db.insertInto('bill_jobs').values({
    company_id: args.companyId, user_id: args.userId, mode: args.def.mode, bill_key: args.def.key, action: 'declare',
    ids: JSON.stringify(args.ids), total: args.ids.length,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findJob(db: Db, companyId: number, id: number): Promise<JobView | undefined> {
  const row = await db.selectFrom('bill_jobs').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return row ? jobView(row as unknown as JobRow) : undefined;
}

/** The company's latest jobs of one bill type, newest first (running ones are what the list shows). */
export async function listJobs(db: Db, companyId: number, mode: string, key: string, limit = 10): Promise<JobView[]> {
  const rows = await db.selectFrom('bill_jobs').selectAll()
    .where('company_id', '=', companyId).where('mode', '=', mode).where('bill_key', '=', key)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => jobView(r as unknown as JobRow));
}

export interface JobRunnerDeps {
  db: Db;
  stateNames: StateNamesLoader;
  /** after a chunk's declarations are committed: the outbox delivers now */
  wake(): void;
  /** pause between chunks (config BILL_JOB_PAUSE_MS, 0) */
  pauseMs?: number;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface JobRunner {
  /** Runs the job to its end (or joins the run already going in this process). */
  run(jobId: number): Promise<JobView | undefined>;
  /** Resumes every job left running (at start), then keeps taking over jobs whose server stopped. */
  resumeAll(): Promise<void>;
  /** One look for jobs whose server stopped: each taken is run here (tests call it directly). */
  sweep(): Promise<number[]>;
  /** Waits for the runs in progress (shutdown, tests). */
  idle(): Promise<void>;
  /** Stops every run at its next chunk boundary and hands its job back to be taken over at once (shutdown). */
  stop(): Promise<void>;
}

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { db, stateNames, wake, log } = deps;
  const runs = new Map<number, Promise<JobView | undefined>>();
  const retries = new Set<NodeJS.Timeout>();
  let stopped = false;
  let sweeping: NodeJS.Timeout | undefined;
  /** the pauses between chunks in progress: stop() cuts them short */
  const pauses = new Set<() => void>();

  async function callFor(row: JobRow, def: BillDefinition): Promise<BillCall> {
    const model = billModel(def);
    return {
      db, model,
      scope: { companyId: row.company_id, model },
      states: await stateNames(def.states.mode, def.states.billType),
      company: companyReader(db, row.company_id),
      now: new Date(),
      declared: wake,
    };
  }

  /** One chunk; false when the job has nothing left (or is not ours to run). */
  async function step(jobId: number): Promise<boolean> {
    const row = await db.selectFrom('bill_jobs').selectAll().where('id', '=', jobId).executeTakeFirst() as unknown as JobRow | undefined;
    if (!row || row.state !== 'running') return false;
    const def = findBill(row.mode, row.bill_key);
    const ids = parsed<number[]>(row.ids);
    const from = row.cursor;
    const chunk = ids.slice(from, from + JOB_CHUNK);
    const call = def ? await callFor(row, def) : undefined;
    const { ready, refusals } = call ? await prepareDeclarations(call, chunk) : { ready: [], refusals: new Map() };
    const moved = await db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('bill_jobs').select(['cursor', 'state']).where('id', '=', jobId).forUpdate().executeTakeFirst();
      if (!locked || locked.state !== 'running' || locked.cursor !== from) return undefined;
      const done = call ? await commitDeclarations(trx, call, ready, refusals) : new Set<number>();
      const cursor = Math.min(ids.length, from + JOB_CHUNK);
      const finished = cursor >= ids.length;
      await trx.updateTable('bill_jobs').set({
        cursor,
        succeeded: sql<number>`succeeded + ${done.size}`,
        failed: sql<string>`failed || ${JSON.stringify(failuresOf(chunk, refusals))}::jsonb`,
        state: finished ? 'done' : 'running',
        // the database's clock: the servers' sweeps compare it with now()
        updated_at: sql<Date>`now()`,
        ...(finished ? { finished_at: new Date() } : {}),
      }).where('id', '=', jobId).execute();
      return { done, cursor };
    });
    if (moved) log.info({ jobId, done: moved.cursor, total: ids.length }, 'bill job: chunk committed');
    if (moved && moved.done.size > 0) wake();
    return moved !== undefined || from < ids.length;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const end = () => { clearTimeout(timer); pauses.delete(end); resolve(); };
      const timer = setTimeout(end, ms);
      pauses.add(end);
    });
  }

  async function runToEnd(jobId: number): Promise<JobView | undefined> {
    try {
      while (!stopped && await step(jobId)) {
        // on PGlite a chunk never waits on I/O: without a turn of the event loop between chunks the
        // server's timers and sockets (answers, live-event streams) would wait for the whole job
        if (deps.pauseMs) await pause(deps.pauseMs);
        else await new Promise((r) => setImmediate(r));
      }
    } catch (e) {
      // a fault of the server (database gone): the job keeps its place and is tried again
      log.error({ jobId, err: e instanceof Error ? e.message : String(e) }, 'bill job: chunk failed, retrying later');
      if (!stopped) {
        const t = setTimeout(() => { retries.delete(t); void run(jobId); }, RETRY_MS);
        t.unref?.();
        retries.add(t);
      }
    }
    const row = await db.selectFrom('bill_jobs').selectAll().where('id', '=', jobId).executeTakeFirst().catch(() => undefined);
    return row ? jobView(row as unknown as JobRow) : undefined;
  }

  function run(jobId: number): Promise<JobView | undefined> {
    const current = runs.get(jobId);
    if (current) return current;
    const p = runToEnd(jobId).finally(() => runs.delete(jobId));
    runs.set(jobId, p);
    return p;
  }

  async function sweep(): Promise<number[]> {
    if (stopped) return [];
    // taking a job moves its updated_at: of two servers sweeping at once, one UPDATE matches
    const taken = await db.updateTable('bill_jobs').set({ updated_at: sql<Date>`now()` })
      .where('state', '=', 'running')
      .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${ORPHAN_AFTER_MS / 1000})`)
      .where('id', 'not in', [0, ...runs.keys()])
      .returning('id').execute();
    const ids = taken.map((r) => Number(r.id));
    if (ids.length > 0) log.info({ jobs: ids }, 'bill jobs: taken over from a stopped server');
    for (const id of ids) void run(id);
    return ids;
  }

  return {
    run,
    sweep,
    async resumeAll() {
      const rows = await db.selectFrom('bill_jobs').select('id').where('state', '=', 'running').orderBy('id').execute();
      if (rows.length > 0) log.info({ jobs: rows.map((r) => Number(r.id)) }, 'bill jobs: resuming');
      for (const r of rows) void run(Number(r.id));
      if (!sweeping && !stopped) {
        sweeping = setInterval(() => {
          sweep().catch((e: unknown) => log.error({ err: e instanceof Error ? e.message : String(e) }, 'bill jobs: sweep failed'));
        }, SWEEP_MS);
        sweeping.unref?.();
      }
    },
    async idle() {
      while (runs.size > 0) await Promise.allSettled([...runs.values()]);
    },
    async stop() {
      stopped = true;
      clearInterval(sweeping);
      for (const t of retries) clearTimeout(t);
      for (const end of pauses) end();
      const ours = [...runs.keys()];
      await this.idle();
      // the lease handed back (shutdown): another server's next sweep, or the next start, takes the job at once
      if (ours.length > 0) {
        await db.updateTable('bill_jobs').set({ updated_at: sql<Date>`now() - make_interval(secs => ${ORPHAN_AFTER_MS / 1000 + 1})` })
          .where('id', 'in', ours).where('state', '=', 'running').execute()
          .catch((e: unknown) => log.error({ err: e instanceof Error ? e.message : String(e) }, 'bill jobs: handing back failed'));
      }
    },
  };
}
