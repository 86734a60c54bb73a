/**
 * Where a read-only screen reads (issue 30, docs/scaling.md step 3): a PostgreSQL hot standby
 * (DATABASE_READ_URL) when it is up, close behind the primary and has replayed the caller's
 * company's last write; the primary otherwise. Routes that only show (lists, state counts, sums,
 * statistics, exports) ask `run`; everything else, and every read that decides a write, keeps
 * using `app.db`. Without a standby `run` is simply the primary.
 *
 * Read-your-writes by LSN: after a state-changing call of a company (server/http/route.ts) the
 * primary's WAL insert position is taken as that company's fence; its reads stay on the primary
 * until the standby's replay position has passed it (usually within one poll). Changes nobody of
 * the company made (customs receipts, the outbox, a job running on) reach its screens with the
 * standby's lag, which READ_MAX_LAG_MS bounds.
 */
import { sql } from 'kysely';
import { openDatabase, type Db } from './database.ts';
import { isDatabaseUnavailable } from '../http/db-unavailable.ts';

export interface ReadTarget {
  db: Db;
  /** the connection string of the same database (the export worker opens its own connection) */
  url: string | undefined;
  /** true when this is the standby */
  replica: boolean;
}

/** What /metrics or a test may ask: whether reads go to the standby now, and its lag. */
export interface ReadRouterState {
  configured: boolean;
  usable: boolean;
  lagMs: number;
}

/** '16/B374D848' → a comparable number (null: no position, e.g. not a standby). */
export function lsnOf(text: string | null | undefined): bigint | null {
  const m = text ? /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(text) : null;
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/**
 * A failure of the standby rather than of the request: unreachable, the database not yet
 * replayed there (3D000 right after CREATE DATABASE), or a query cancelled because replay had to
 * remove rows it was reading (40001 "conflict with recovery"). The read is made again on the primary.
 */
function standbyTrouble(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isDatabaseUnavailable(error) || code === '3D000' || code === '40001'
    || (error instanceof Error && /conflict with recovery/.test(error.message));
}

interface Fence { lsn: bigint; pending: number }

const POLL_MS = 250;
/** A poll older than this means the standby (or the poll) hangs: its lag is unknown. */
const STALE_POLL_MS = 2000;

export class ReadRouter {
  private readonly fences = new Map<number, Fence>();
  /** the primary's WAL position at each poll the standby has not yet replayed, oldest first */
  private samples: { at: number; lsn: bigint }[] = [];
  private replayed: bigint | null = null;
  private polledAt = 0;
  private lagMs = Number.POSITIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private warned = false;

  constructor(
    private readonly primary: ReadTarget,
    private readonly standby: (ReadTarget & { close(): Promise<void> }) | undefined,
    private readonly maxLagMs: number,
    private readonly pollMs = POLL_MS,
  ) {
    if (standby) void this.poll();
  }

  /** Runs a read on the standby when it may serve this company now, else (or when it fails) on the primary. */
  async run<T>(companyId: number | undefined, read: (target: ReadTarget) => Promise<T>): Promise<T> {
    const target = this.choose(companyId);
    if (!target.replica) return read(target);
    try {
      return await read(target);
    } catch (error) {
      if (!standbyTrouble(error)) throw error;
      this.lost(error);
      return read(this.primary);
    }
  }

  /** A call of this company changed something (after its commit): its reads wait for the standby to replay it. */
  wrote(companyId: number | undefined): void {
    if (!this.standby || companyId === undefined) return;
    const fence = this.fences.get(companyId) ?? { lsn: 0n, pending: 0 };
    fence.pending += 1;
    this.fences.set(companyId, fence);
    sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(this.primary.db)
      .then((r) => { const lsn = lsnOf(r.rows[0]?.lsn); if (lsn !== null && lsn > fence.lsn) fence.lsn = lsn; })
      // the primary is unreachable: the fence falls back to "everything the primary has now"
      .catch(() => { if (this.samples.length > 0) fence.lsn = this.samples[this.samples.length - 1]!.lsn; })
      .finally(() => { fence.pending -= 1; });
  }

  /** Whether a read of this company would go to the standby now. */
  readsFromStandby(companyId?: number): boolean {
    return this.choose(companyId).replica;
  }

  state(): ReadRouterState {
    return { configured: this.standby !== undefined, usable: this.usable(), lagMs: this.lagMs };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.standby?.close();
  }

  private usable(): boolean {
    return this.standby !== undefined && this.replayed !== null && Date.now() - this.polledAt < STALE_POLL_MS && this.lagMs <= this.maxLagMs;
  }

  private choose(companyId: number | undefined): ReadTarget {
    if (!this.standby || !this.usable()) return this.primary;
    if (companyId === undefined) return this.standby;
    const fence = this.fences.get(companyId);
    if (!fence) return this.standby;
    if (fence.pending > 0 || this.replayed! < fence.lsn) return this.primary;
    this.fences.delete(companyId);
    return this.standby;
  }

  private lost(error: unknown): void {
    this.replayed = null;
    this.lagMs = Number.POSITIVE_INFINITY;
    if (!this.warned) console.warn(`read replica unavailable, reading from the primary: ${(error as Error)?.message ?? error}`);
    this.warned = true;
  }

  /** Measures the standby's lag: how long ago the primary had WAL the standby has still not replayed. */
  private async poll(): Promise<void> {
    const standby = this.standby!;
    try {
      const [p, s] = await Promise.all([
        sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(this.primary.db),
        sql<{ lsn: string | null }>`select pg_last_wal_replay_lsn()::text as lsn`.execute(standby.db),
      ]);
      const now = Date.now();
      const primaryLsn = lsnOf(p.rows[0]?.lsn);
      const replayed = lsnOf(s.rows[0]?.lsn);
      // null: the read URL names a server that is no standby; reading there would be reading elsewhere
      if (replayed === null) throw new Error('DATABASE_READ_URL is not a hot standby (pg_last_wal_replay_lsn() is null)');
      if (primaryLsn !== null) this.samples.push({ at: now, lsn: primaryLsn });
      while (this.samples.length > 0 && this.samples[0]!.lsn <= replayed) this.samples.shift();
      if (this.samples.length > 1000) this.samples.splice(0, this.samples.length - 1000);
      this.replayed = replayed;
      this.lagMs = this.samples.length > 0 ? now - this.samples[0]!.at : 0;
      this.polledAt = now;
      if (this.warned) console.warn('read replica answering again');
      this.warned = false;
    } catch (error) {
      this.samples = [];
      this.lost(error);
    } finally {
      if (!this.closed) {
        this.timer = setTimeout(() => void this.poll(), this.pollMs);
        this.timer.unref();
      }
    }
  }
}

/** The router for a configuration: a standby pool of its own when DATABASE_READ_URL is set. */
export async function openReadRouter(options: { db: Db; databaseUrl: string | undefined; databaseReadUrl: string | undefined; readMaxLagMs: number }): Promise<ReadRouter> {
  const primary: ReadTarget = { db: options.db, url: options.databaseUrl, replica: false };
  if (!options.databaseReadUrl) return new ReadRouter(primary, undefined, options.readMaxLagMs);
  // openDatabase gives its pool's every client an error listener: a standby going away never ends the process
  const handle = await openDatabase({ databaseUrl: options.databaseReadUrl, poolSize: 10 });
  return new ReadRouter(primary, { db: handle.db, url: options.databaseReadUrl, replica: true, close: () => handle.close() }, options.readMaxLagMs);
}
