/**
 * Retention of the operation log (OPERATION_LOG_DAYS, default 365): rows older than that are
 * deleted in the background, a bounded batch per statement so no delete holds many row locks.
 * Safe with several app servers on one database: each runs the same idempotent delete by time;
 * two at once delete disjoint or already-gone rows, never anything younger than the cutoff.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

const BATCH = 10_000;
/** How often a server prunes (and once shortly after start). */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Deletes the rows older than `days` before `now`; answers how many. */
export async function pruneOperationLogs(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 3600 * 1000);
  let total = 0;
  for (;;) {
    const result = await sql`delete from operation_logs where id in (select id from operation_logs where created_at < ${cutoff} limit ${BATCH})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

export interface Pruner { stop(): void }

export function startPruning(db: Db, days: number, onError: (error: unknown) => void, everyMs = PRUNE_EVERY_MS): Pruner {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    pruneOperationLogs(db, days).catch(onError).finally(() => { running = false; });
  };
  const first = setTimeout(tick, Math.min(everyMs, 60_000));
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return { stop: () => { clearTimeout(first); clearInterval(timer); } };
}
