/**
 * Every server folds the count summary's deltas into bill_counts now and then (server/bills/counts-sql.ts).
 * Counts are exact without it; it keeps the deltas a count reads few. Several servers on one
 * database take turns through an advisory lock; a turn that finds the lock held does nothing.
 */
import type { Kysely } from 'kysely';
import { compactBillCounts } from './counts-sql.ts';

/** Often enough that a busy minute of declarations leaves a few hundred delta rows, not thousands. */
export const COMPACT_EVERY_MS = 2_000;

export interface Compactor { stop(): Promise<void> }

export function startCompacting(db: Kysely<any>, onError: (error: unknown) => void, everyMs = COMPACT_EVERY_MS): Compactor {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = compactBillCounts(db).catch(onError).finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  return {
    // a turn under way ends before the database closes
    stop: async () => { clearInterval(timer); await running; },
  };
}
