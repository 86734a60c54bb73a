import { sql, type Kysely } from 'kysely';
import { addBillCountsRange, BILL_COUNT_FUNCTIONS, BILL_COUNT_TRIGGERS, holdBillCountCompaction, rebuildBillCounts } from '../../bills/counts-sql.ts';
import type { SnapshotBackfill } from './snapshot-backfill.ts';

/**
 * Issue 21: a list's total and its state counts over the default one-year window counted every bill
 * of the window — ~210,000–240,000 rows for the largest company of the 10M mixed set, 43–131 ms,
 * linear in the rows whatever the index. They are now summed from a per-day summary kept by
 * triggers (server/bills/counts-sql.ts, server/bills/count-summary.ts), with the partial first and
 * last days counted from the bills.
 *
 * - bill_counts: one row per company, bill type, mode, China day of create_time and state.
 * - bill_count_deltas: what each statement on bill_heads changed, appended (no shared row is
 *   updated by a writer: docs/decisions/counts-writers-append-they-never-update-shared.md, "Count summary"), folded into bill_counts by the servers.
 * - Safe on a live database: creating the triggers locks bill_heads against writes until the
 *   migration commits, so the backfill (one grouped insert) and the triggers see the same bills.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await schema(db);
  await rebuildBillCounts(db);
  await sql`analyze bill_counts`.execute(db);
}

async function schema(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('bill_counts')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('bill_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(6)', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  // a window of days of one list is one range of this key; with n in the index the sum reads no table page
  await sql`alter table bill_counts add constraint bill_counts_pk primary key (company_id, bill_key, mode, day, state) include (n)`.execute(db);
  await db.schema.createTable('bill_count_deltas')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('bill_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(6)', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index bill_count_deltas_key on bill_count_deltas (company_id, bill_key, mode, day)`.execute(db);
  for (const statement of BILL_COUNT_FUNCTIONS) await sql.raw(statement).execute(db);
}

/** Issue 30: on PostgreSQL the runner counts the bills after the commit, in batches, while writes go on. */
export const backfill: SnapshotBackfill = {
  table: 'bill_heads',
  schema,
  async fill(snapshot, progress) {
    await holdBillCountCompaction(snapshot);
    const { rows } = await sql<{ lo: number | null; hi: number | null }>`select min(id)::bigint as lo, max(id)::bigint as hi from bill_heads`.execute(snapshot);
    const lo = Number(rows[0]?.lo ?? 0);
    const hi = Number(rows[0]?.hi ?? 0);
    const step = 200_000;
    for (let from = lo - 1; from < hi; from += step) {
      await addBillCountsRange(snapshot, from, Math.min(from + step, hi));
      progress(`bill_counts: bills up to id ${Math.min(from + step, hi).toLocaleString('en')} of ${hi.toLocaleString('en')} counted`);
    }
    await sql`analyze bill_counts`.execute(snapshot);
  },
};

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of BILL_COUNT_TRIGGERS) await sql.raw(`drop trigger if exists ${trigger} on bill_heads`).execute(db);
  for (const op of ['insert', 'update', 'delete', 'truncate']) await sql.raw(`drop function if exists cbec_bill_counts_${op}()`).execute(db);
  await sql`drop function if exists cbec_bill_counts(integer, text, text, timestamptz, timestamptz, text[])`.execute(db);
  await db.schema.dropTable('bill_count_deltas').ifExists().execute();
  await db.schema.dropTable('bill_counts').ifExists().execute();
}
