/**
 * Issue 30, migrations that never stop writes: a migration's large indexes (035's list search
 * indexes) are built outside its transaction — on PostgreSQL with CREATE INDEX CONCURRENTLY, so a
 * writer is not held while they build; an INVALID index left by an interrupted build is built again;
 * PGlite still migrates (plain builds in the migration).
 */
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { compactBillCounts } from '../../server/bills/counts-sql.ts';
import { searchIndexName } from '../../server/db/migrations/035-list-search-indexes.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
const db = () => opened.handle.db;
const BEFORE_035 = '034-bill-counts';
const ORDERS_INDEX = searchIndexName('export', 'order');

beforeAll(async () => { opened = await openTestDatabase(); }, 120_000);
afterAll(async () => {
  await opened?.handle.close();
  await opened?.drop();
});

const backTo = async (name: string) => {
  const down = await new Migrator({ db: db(), provider: migrationProvider }).migrateTo(name);
  expect(down.error).toBeUndefined();
};
const companyId = async () => (await db().selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
const valid = async (name: string) =>
  (await sql<{ valid: boolean }>`select indisvalid as valid from pg_index where indexrelid = to_regclass(${name})`.execute(db())).rows[0]?.valid;

async function client(url: string, statementTimeoutMs?: number) {
  const c = new pg.Client({ connectionString: url, ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}) });
  await c.connect();
  return c;
}

describe('migrations and their indexes', () => {
  it('migrates 035 down and up again (PGlite: plain builds in the migration; PostgreSQL: concurrently)', async () => {
    await backTo(BEFORE_035);
    expect(await valid(ORDERS_INDEX)).toBeUndefined();
    expect(await migrateToLatest(db())).toContain('035-list-search-indexes');
    expect(await valid(ORDERS_INDEX)).toBe(true);
  }, 120_000);

  it('builds the indexes while a writer goes on (PostgreSQL: concurrently, outside the transaction)', async (ctx) => {
    if (!opened.databaseUrl) return ctx.skip();
    const url = opened.databaseUrl;
    await backTo(BEFORE_035);
    const company = await companyId();
    // a transaction that wrote to bill_heads and is still open: any index build waits for it
    const holder = await client(url);
    const writer = await client(url, 3000);
    let migrating: Promise<string[]> | undefined;
    try {
      await holder.query('begin');
      await holder.query(`insert into bill_heads (company_id, bill_key, mode, state, cop_no, data) values ($1, 'order', 'export', 'DRAFT', 'MIG-HOLD', '{}')`, [company]);
      migrating = migrateToLatest(db(), { log: () => {} });
      migrating.catch(() => {});
      // until a build of 035 waits for the open transaction (a concurrent build shows its wait, not its text)
      let waiting = false;
      for (let i = 0; i < 200 && !waiting; i++) {
        // asked outside a transaction: inside one, pg_stat_activity stays as its first read saw it
        const { rows } = await writer.query(`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`);
        waiting = rows[0].n > 0;
        if (!waiting) await new Promise((r) => setTimeout(r, 100));
      }
      expect(waiting).toBe(true);
      // no share lock on bill_heads is held or asked for while it builds, and a new write goes through
      const { rows: locks } = await holder.query(`select mode from pg_locks where relation = 'bill_heads'::regclass and mode in ('ShareLock', 'AccessExclusiveLock')`);
      expect(locks).toEqual([]);
      const t0 = performance.now();
      await writer.query(`insert into bill_heads (company_id, bill_key, mode, state, cop_no, data) values ($1, 'order', 'export', 'DRAFT', 'MIG-WRITER', '{}')`, [company]);
      expect(performance.now() - t0).toBeLessThan(1000);
      await holder.query('commit');
      expect(await migrating).toContain('035-list-search-indexes');
      expect(await valid(ORDERS_INDEX)).toBe(true);
    } finally {
      await holder.query('rollback').catch(() => {});
      await migrating?.catch(() => {});
      await holder.end();
      await writer.end();
    }
  }, 120_000);

  it('builds again an index an interrupted concurrent build left INVALID (PostgreSQL)', async (ctx) => {
    if (!opened.databaseUrl) return ctx.skip();
    const url = opened.databaseUrl;
    await backTo(BEFORE_035);
    const company = await companyId();
    const holder = await client(url);
    const builder = await client(url, 1000);
    try {
      // an operator's (or a runner's) concurrent build, stopped while it waited for a writer
      await holder.query('begin');
      await holder.query(`insert into bill_heads (company_id, bill_key, mode, state, cop_no, data) values ($1, 'order', 'export', 'DRAFT', 'MIG-HOLD2', '{}')`, [company]);
      await expect(builder.query(`create index concurrently ${ORDERS_INDEX} on bill_heads using gin (order_no gin_trgm_ops)
        where bill_key = 'order' and mode = 'export'`)).rejects.toMatchObject({ code: '57014' });
      await holder.query('commit');
      expect(await valid(ORDERS_INDEX)).toBe(false);
      await migrateToLatest(db(), { log: () => {} });
      expect(await valid(ORDERS_INDEX)).toBe(true);
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
      await builder.end();
    }
  }, 120_000);

  it('counts the bills for 034 after its commit while a writer goes on, and the counts add up (PostgreSQL)', async (ctx) => {
    if (!opened.databaseUrl) return ctx.skip();
    const url = opened.databaseUrl;
    await backTo('033-decision-events');
    const company = await companyId();
    const insert = (c: pg.Client, copNo: string, state = 'DRAFT') =>
      c.query(`insert into bill_heads (company_id, bill_key, mode, state, cop_no, data) values ($1, 'order', 'export', $2, $3, '{}')`, [company, state, copNo]);
    // the compaction's lock, which the backfill takes: held here, it stops the backfill where it waits
    const compaction = await client(url);
    const writer = await client(url, 3000);
    let migrating: Promise<string[]> | undefined;
    try {
      for (let i = 0; i < 20; i++) await insert(writer, `MIG-034-${i}`, i % 2 ? '120' : 'DRAFT');
      await compaction.query('begin');
      await compaction.query('select pg_advisory_xact_lock(109274258956899)');
      migrating = migrateToLatest(db(), { log: () => {} });
      migrating.catch(() => {});
      let waiting = false;
      for (let i = 0; i < 200 && !waiting; i++) {
        const { rows } = await writer.query(`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event = 'advisory'`);
        waiting = rows[0].n > 0;
        if (!waiting) await new Promise((r) => setTimeout(r, 100));
      }
      expect(waiting).toBe(true);
      // while the backfill waits, bills are written and changed (counted by the triggers, not by it)
      const t0 = performance.now();
      await insert(writer, 'MIG-034-DURING');
      await writer.query(`update bill_heads set state = '120' where cop_no = 'MIG-034-0'`);
      await writer.query(`delete from bill_heads where cop_no = 'MIG-034-1'`);
      expect(performance.now() - t0).toBeLessThan(1000);
      await compaction.query('commit');
      expect(await migrating).toContain('034-bill-counts');
      await compactBillCounts(db());
      const summed = await sql<{ k: string; n: number }>`select company_id || bill_key || mode || day || state as k, n from bill_counts where n <> 0 order by 1`.execute(db());
      const counted = await sql<{ k: string; n: number }>`select company_id || bill_key || mode || (create_time at time zone 'Asia/Shanghai')::date || state as k, count(*)::int as n
        from bill_heads group by 1 order by 1`.execute(db());
      expect(summed.rows).toEqual(counted.rows);
    } finally {
      await compaction.query('rollback').catch(() => {});
      await migrating?.catch(() => {});
      await compaction.end();
      await writer.end();
    }
  }, 120_000);
});
