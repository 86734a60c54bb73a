import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import type { Database } from './schema.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { migrations } from './migrations/index.ts';
import { runMigrations, type MigrateOptions } from './migrate.ts';
import { pgListen, pgliteListen, type Listen } from './listener.ts';
import { OperationLogDialect } from '../oplog/dialect.ts';
import { lockDataDir } from './data-dir-lock.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'pg';
  /** PGlite only: the raw instance, for dumping a template in tests. */
  pglite?: PGlite;
  /** LISTEN/NOTIFY on this database (server/db/listener.ts): how app servers sharing it hear of each other's changes. */
  listen: Listen;
  /** PostgreSQL: the pool's connections (total, idle, waiting callers), for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/**
 * A date column (ieDate, a reward's check period) is a day, not an instant: both drivers hand it over
 * as its 'YYYY-MM-DD' text, as the schema types say. Parsed to a Date, pg makes it local midnight, so
 * on a server in China time 2026-11-22 became 2026-11-21T16:00Z and printed a day early.
 */
const DATE_OID = 1082;
const keepDay = (value: string) => value;

/** pg, loaded only when a PostgreSQL server is used (the embedded database never needs it). */
async function loadPg() {
  const pg = (await import('pg')).default;
  // int8 (count(*), bigserial) comes back as a string from pg and as a number from PGlite; make
  // both numbers so code and tests see one type. Values stay far below 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(DATE_OID, keepDay);
  return pg;
}

/** What hears of the database's reachability as the driver sees it (ServerState satisfies it). */
export interface DatabaseAvailability {
  databaseFailed(): void;
  databaseAnswered(): void;
}

/**
 * The pool's wait for a connection: refused connections fail at once anyway; this bounds a database
 * host that does not answer at all, and a pool whose every connection is taken.
 */
export const PG_CONNECT_TIMEOUT_MS = 2000;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a dumped data dir (fast test clones). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** PostgreSQL: how long a query waits for a connection before it fails as unavailable (default PG_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** Told when connections are lost and made again (the server's health, server/ops/server-state.ts). */
  availability?: DatabaseAvailability;
  /** Kysely's query log hook (benchmarks capture the SQL an API call runs to replay it directly). */
  log?: (event: LogEvent) => void;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pg = await loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl, max: options.poolSize ?? 10,
      // a database that cannot be reached answers the call at once (503), never after a TCP timeout
      connectionTimeoutMillis: options.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
    });
    // A connection killed by the server (restart, failover, admin) must not end the process: node-postgres
    // emits 'error' on the client — idle (the pool's 'error') or checked out by a query, a transaction
    // or a cursor (the client's own, which nobody else listens to: Node throws an unheard 'error').
    // The pool drops the dead client and the next query opens a new one.
    let lostSaid = false;
    const connectionLost = (err: Error) => {
      options.availability?.databaseFailed();
      if (lostSaid) return;
      lostSaid = true;
      console.warn(`PostgreSQL connection lost: ${err.message}`);
    };
    pool.on('error', connectionLost);
    pool.on('connect', (client) => {
      client.on('error', connectionLost);
      if (lostSaid) console.warn('PostgreSQL connected again');
      lostSaid = false;
      options.availability?.databaseAnswered();
    });
    const db = new Kysely<Database>({ dialect: new OperationLogDialect(new PostgresDialect({ pool })), ...(options.log ? { log: options.log } : {}) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'pg', listen: pgListen(pg, options.databaseUrl), poolStats, close: () => db.destroy() };
  }
  let dataDir: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = options.dataDir;
    unlock = lockDataDir(dataDir);
  }
  // pg_trgm: the order-number search index (migration 013). Imported here, not at the top, so a
  // PostgreSQL process never loads it; its files unpack as the instance starts.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create({
    extensions: { pg_trgm },
    parsers: { [DATE_OID]: keepDay },
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  }).catch((err: unknown) => { unlock(); throw err; });
  const db = new Kysely<Database>({ dialect: new OperationLogDialect(new PGliteDialect(pglite)), ...(options.log ? { log: options.log } : {}) });
  return {
    db, kind: 'pglite', pglite, listen: pgliteListen(pglite),
    close: async () => { try { await db.destroy(); await pglite.close(); } finally { unlock(); } },
  };
}

export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

/**
 * Every migration this code knows is applied, not only the newest (one added earlier in the order
 * than an applied one must still run — and Kysely then refuses it, which is the right outcome).
 * `strict`: a failed read throws instead of counting as "none applied" (/readyz must not call a
 * database it cannot reach un-migrated).
 */
export async function migrationsCurrent(db: Db, strict = false): Promise<boolean> {
  const known = Object.keys(migrations);
  const read = sql<{ name: string }>`select name from kysely_migration`.execute(db).then((r) => new Set(r.rows.map((x) => x.name)));
  const applied = await (strict ? read : read.catch(() => new Set<string>()));
  return known.every((name) => applied.has(name));
}

export async function migrateToLatest(db: Db, options?: MigrateOptions): Promise<string[]> {
  // A database already at the latest migration needs no migrator run (its lock tables and
  // checks cost ~150 ms of every start on PGlite).
  if (await migrationsCurrent(db)) return [];
  return runMigrations(db, options);
}
