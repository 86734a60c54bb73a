import type { Kysely } from 'kysely';

/**
 * The word a migration uses for a backfill of a large table that triggers keep up afterwards (034:
 * bill_counts from bill_heads). In the migration's transaction a backfill must hold the table's
 * writes until the commit (37 s at 10M for 034), or the triggers and the backfill count some rows
 * twice or never. With `backfill`, the runner (server/db/migrate.ts) on PostgreSQL runs `schema` in
 * the migration's transaction, locks `table` against writes, and takes a snapshot on a second
 * connection before the commit: that snapshot sees every write before the triggers and none after.
 * After the commit (writes go on, counted by the triggers) `fill` reads that snapshot in batches.
 * up() stays the whole migration (schema, then the backfill under the lock) for PGlite and for
 * Kysely's Migrator alone: what the migration leaves is the same either way.
 */
export interface SnapshotBackfill {
  table: string;
  /** up() without its backfill. */
  schema(trx: Kysely<any>): Promise<void>;
  /** The backfill, in the snapshot's transaction; `progress` says how far it is. */
  fill(snapshot: Kysely<any>, progress: (line: string) => void): Promise<void>;
}
