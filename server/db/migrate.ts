import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { migrationProvider, migrations } from './migrations/index.ts';
import type { ConcurrentIndex, ConcurrentIndexes } from './migrations/concurrent-index.ts';
import type { SnapshotBackfill } from './migrations/snapshot-backfill.ts';

export interface MigrateOptions {
  /** Where progress lines go (a start on a large database says what it does and for how long); default console.log. */
  log?: (line: string) => void;
  /** How often a long step says it is still running (ms). */
  heartbeatMs?: number;
}

type WithIndexes = Migration & { concurrently?: ConcurrentIndexes; backfill?: SnapshotBackfill };

/**
 * Runs the pending migrations one at a time. Kysely runs each in a transaction on PostgreSQL (its
 * DDL is transactional), so a CREATE INDEX inside one holds a share lock on the table — every write
 * to it waits — until the migration commits. A migration's `concurrently` indexes are therefore built
 * first, outside that transaction (docs/decisions/migrations-concurrent-indexes.md).
 */
export async function runMigrations(db: Kysely<any>, options: MigrateOptions = {}): Promise<string[]> {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    .then((r) => new Set(r.rows.map((x) => x.name)), () => new Set<string>());
  const pending = Object.keys(migrations).filter((name) => !applied.has(name));
  if (pending.length === 0) return [];
  const server = await isPostgresServer(db);
  const rows = applied.size > 0 ? await estimatedRows(db, 'bill_heads') : 0;
  // a small database migrates in moments: quiet, and in as few migrator runs as the indexes allow
  // (each run takes the migrator's lock and reads its tables again: ~150 ms on PGlite)
  const large = rows >= LARGE_ROWS;
  const log = options.log ?? (large ? (line: string) => console.log(line) : () => {});
  const started = performance.now();
  log(`migrations: ${pending.length} pending (${pending[0]} … ${pending[pending.length - 1]}), bill_heads ≈ ${rows.toLocaleString('en')} rows`);
  // a migration's backfill takes its snapshot inside the migration's transaction and is read after the commit
  let snapshot: Snapshot | undefined;
  const provider = server ? {
    async getMigrations() {
      return Object.fromEntries(Object.entries(migrations).map(([name, m]) => {
        const fill = (m as WithIndexes).backfill;
        if (!fill) return [name, m];
        return [name, { ...m, up: async (trx: Kysely<any>) => {
          await fill.schema(trx);
          await sql`lock table ${sql.table(fill.table)} in share mode`.execute(trx);
          snapshot = await takeSnapshot(db);
        } }];
      }));
    },
  } : migrationProvider;
  const migrator = new Migrator({ db, provider });
  const done: string[] = [];
  const migrateTo = async (name: string) => {
    try {
      const { error, results } = await step(log, heartbeatMs, name, () => migrator.migrateTo(name));
      if (error) throw error instanceof Error ? error : new Error(String(error));
      done.push(...(results ?? []).filter((r) => r.status === 'Success' && r.direction === 'Up').map((r) => r.migrationName));
    } catch (err) {
      snapshot?.abandon();
      snapshot = undefined;
      throw err;
    }
    const taken = snapshot;
    snapshot = undefined;
    const fill = (migrations[name] as WithIndexes).backfill;
    if (taken && fill) await step(log, heartbeatMs, `${name}: backfill (in batches, writes go on)`, () => taken.fill((conn) => fill.fill(conn, (line) => log(`  ${line}`))));
  };
  const boundary = (name: string | undefined) => name !== undefined && server
    && ((migrations[name] as WithIndexes).concurrently !== undefined);
  for (const [at, name] of pending.entries()) {
    const migration = migrations[name] as WithIndexes;
    if (server && migration.concurrently) {
      // one server builds at a time (the others wait, then find the indexes built): the migrator's own
      // lock does not cover these builds, and a repair must never drop an index another one is building
      await db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(${BUILD_LOCK}::bigint)`.execute(conn);
        try {
          const indexes = await migration.concurrently!(conn);
          for (const [i, index] of indexes.entries()) {
            await step(log, heartbeatMs, `${name}: index ${index.name} (${i + 1}/${indexes.length}, concurrently, writes go on)`,
              () => buildConcurrently(conn, index, log));
          }
        } finally {
          await sql`select pg_advisory_unlock(${BUILD_LOCK}::bigint)`.execute(conn);
        }
      });
    }
    const next = pending[at + 1];
    if (large || next === undefined || boundary(next) || (server && migration.backfill)) await migrateTo(name);
  }
  log(`migrations: done in ${seconds(performance.now() - started)}`);
  return done;
}

/** The advisory lock of the concurrent index builds ('cbec' 'ix'), across servers. */
const BUILD_LOCK = 0x63626563_6978n;

/** bill_heads rows from which a start says what its migrations do. */
const LARGE_ROWS = 10_000;

/** PGlite is one session in this process: nobody to block, and no CONCURRENTLY to gain from. */
async function isPostgresServer(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ v: string }>`select version() as v`.execute(db);
  return !rows[0]?.v.includes('PGlite');
}

async function estimatedRows(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass(${table})`.execute(db)
    .catch(() => ({ rows: [] as { n: number }[] }));
  return Number(rows[0]?.n ?? 0);
}

/**
 * An interrupted CREATE INDEX CONCURRENTLY (a stopped server, a cancelled statement) leaves an
 * INVALID index under the name: never used by queries, yet kept up by every write, and
 * `if not exists` would take it as built. It is dropped and built again.
 */
async function buildConcurrently(db: Kysely<any>, index: ConcurrentIndex, log: (line: string) => void): Promise<void> {
  const { rows } = await sql<{ valid: boolean }>`select i.indisvalid as valid from pg_index i where i.indexrelid = to_regclass(${index.name})`.execute(db);
  if (rows[0] && !rows[0].valid) {
    log(`  ${index.name}: left INVALID by an interrupted build, dropped and built again`);
    await sql`drop index concurrently if exists ${sql.id(index.name)}`.execute(db);
  }
  await sql`create ${sql.raw(index.unique ? 'unique ' : '')}index concurrently if not exists ${sql.id(index.name)} on ${index.on}`.execute(db);
}

async function step<T>(log: (line: string) => void, heartbeatMs: number, what: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  log(`migrating ${what} …`);
  const beat = setInterval(() => log(`  still ${what}: ${seconds(performance.now() - t0)} so far`), heartbeatMs);
  beat.unref();
  try {
    const result = await work();
    log(`  ${what}: ${seconds(performance.now() - t0)}`);
    return result;
  } finally {
    clearInterval(beat);
  }
}

interface Snapshot {
  /** Runs the work in the snapshot's transaction, then commits it. */
  fill(work: (conn: Kysely<any>) => Promise<void>): Promise<void>;
  abandon(): void;
}

/**
 * A repeatable-read transaction on a connection of its own, its snapshot taken at once: called while
 * the migration's transaction holds the table, it sees every write before and none after.
 */
async function takeSnapshot(db: Kysely<any>): Promise<Snapshot> {
  let proceed!: (work: ((conn: Kysely<any>) => Promise<void>) | null) => void;
  const next = new Promise<((conn: Kysely<any>) => Promise<void>) | null>((resolve) => { proceed = resolve; });
  let taken!: () => void;
  let failed!: (err: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => { taken = resolve; failed = reject; });
  const finished = db.connection().execute(async (conn) => {
    await sql`begin isolation level repeatable read`.execute(conn);
    try {
      await sql`select 1`.execute(conn);
      taken();
      const work = await next;
      if (work) await work(conn);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
  });
  finished.catch(failed);
  await ready;
  return {
    fill: async (work) => { proceed(work); await finished; },
    abandon: () => { proceed(null); finished.catch(() => {}); },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
