/**
 * What a backup archive says of itself (manifest.json, its last entry): the product version, the
 * migration level of its database, row counts a restore is checked against, and a SHA-256 of every
 * other entry, so a damaged archive is refused before anything is restored from it.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export const BACKUP_FORMAT = 'cbec-backup/1';
export const MANIFEST_ENTRY = 'manifest.json';
/** The database's entry: PGlite's data directory as its own gzipped tarball, or pg_dump's custom format. */
export const DATABASE_ENTRY = { pglite: 'database/pgdata.tar.gz', pg: 'database/postgres.dump' } as const;
export const FILES_PREFIX = 'files/';

export interface ManifestEntry { name: string; size: number; sha256: string }

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: string;
  createdAt: string;
  database: 'pglite' | 'pg';
  /** the newest migration applied to the backed-up database */
  migration: string;
  /** migrations applied, for a restore's comparison with the code's */
  migrations: number;
  counts: Record<string, number>;
  entries: ManifestEntry[];
}

/** The tables whose row counts a backup records and a restore checks. */
export const COUNTED_TABLES = ['companies', 'users', 'bill_heads', 'bill_lines', 'customs_messages', 'customs_receipts', 'files'] as const;

export async function databaseFacts(db: Db): Promise<Pick<Manifest, 'migration' | 'migrations' | 'counts'>> {
  const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(r.rows[0]?.n ?? 0);
  }
  return { migration: applied.rows.at(-1)?.name ?? '', migrations: applied.rows.length, counts };
}
