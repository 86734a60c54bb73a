import type { Kysely, RawBuilder } from 'kysely';

/**
 * The word a migration uses for an index that may be large: it exports
 * `concurrently(db): Promise<ConcurrentIndex[]>`, and the runner (server/db/migrate.ts) builds each
 * one before the migration's own transaction starts — on PostgreSQL with CREATE INDEX CONCURRENTLY,
 * which lets writes go on while it builds; on PGlite with a plain CREATE INDEX (one session, nobody to
 * block). The migration's up() keeps its own `create index if not exists` under the same name, so
 * what it leaves behind is the same whichever way it ran (a migration landed in the field keeps its
 * effect), and its in-transaction build finds the index already there.
 */
export interface ConcurrentIndex {
  name: string;
  /** What follows `on`: `bill_heads using gin (...) where ...`. */
  on: RawBuilder<unknown>;
  unique?: boolean;
}

export type ConcurrentIndexes = (db: Kysely<any>) => Promise<ConcurrentIndex[]>;
