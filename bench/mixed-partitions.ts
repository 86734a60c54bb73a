/**
 * Monthly partitions or not (issue 21): a trial on copies of the mixed set's orders, before any
 * partitioning is built. The orders of every company (24 % of the heads) are copied twice, into a
 * plain table and into a table range-partitioned by month of create_time, each with the indexes the
 * product reads orders by (the window index with its state, the app_time index of the list). Then,
 * for the largest company and a small one:
 *   - the state counts over the list's default one-year window (what queryStateCount and the list's
 *     total do),
 *   - the first page over that window sorted by app_time (the list),
 *   - the same count over the last month (a short window, where pruning could help),
 * and what retention costs: deleting the oldest month from the plain table against detaching its
 * partition (both inside a transaction that is rolled back, so the copies stay as they were).
 *
 *   DATABASE_URL=… MIXED_HEADS=10000000 BENCH_KEEP=1 node --import tsx bench/mixed-partitions.ts
 * (the set must be loaded: mixed-scale.ts loads it). The copies are dropped at the end.
 */
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { openBenchDatabase } from './api-session.ts';
import { fmt, median } from './lib.ts';
import { seedMixedBills } from './seed-mixed.ts';

/** Thrown to roll a timed transaction back (the copies stay as they were). */
class Rollback extends Error {}

const HEADS = Number(process.env.MIXED_HEADS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const opened = await openBenchDatabase();
if (opened.handle.kind !== 'pg') throw new Error('mixed-partitions needs PostgreSQL: set DATABASE_URL');
const db = opened.handle.db;
const set = await seedMixedBills(db, HEADS);
const load = () => loadavg()[0]!.toFixed(1);
console.log(`mixed-partitions [PostgreSQL] ${HEADS.toLocaleString('en')} heads (machine load ${load()})`);

const t0 = performance.now();
await sql`drop table if exists trial_plain, trial_part`.execute(db);
await sql`create table trial_plain as select id, company_id, mode, state, create_time, app_time from bill_heads where bill_key = 'order'`.execute(db);
await sql`create table trial_part (like trial_plain) partition by range (create_time)`.execute(db);
const { rows: [span] } = await sql<{ lo: Date; hi: Date }>`select date_trunc('month', min(create_time)) as lo, max(create_time) as hi from trial_plain`.execute(db);
let months = 0;
for (let m = new Date(span!.lo); m <= span!.hi; m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1)), months++) {
  const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
  const name = `trial_part_${m.toISOString().slice(0, 7).replace('-', '_')}`;
  await sql`create table ${sql.table(name)} partition of trial_part for values from (${sql.lit(m.toISOString())}) to (${sql.lit(next.toISOString())})`.execute(db);
}
await sql`insert into trial_part select * from trial_plain`.execute(db);
for (const t of ['trial_plain', 'trial_part']) {
  await sql`create index on ${sql.table(t)} (company_id, mode, create_time) include (state)`.execute(db);
  await sql`create index on ${sql.table(t)} (company_id, mode, app_time desc)`.execute(db);
  await sql`vacuum analyze ${sql.table(t)}`.execute(db);
}
const rows = Number((await sql<{ n: string }>`select count(*) as n from trial_plain`.execute(db)).rows[0]!.n);
console.log(`  copies: ${rows.toLocaleString('en')} orders, ${months} monthly partitions (${((performance.now() - t0) / 1000).toFixed(0)} s)`);

async function timed(statement: ReturnType<typeof sql>): Promise<number> {
  for (let i = 0; i < 3; i++) await statement.execute(db);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await statement.execute(db);
    times.push(performance.now() - t);
  }
  return median(times);
}

const yearAgo = sql`now() - interval '1 year'`;
const monthAgo = sql`now() - interval '1 month'`;
for (const [who, company] of [['largest company', set.bigCompanyId], ['small company', set.smallCompanyId]] as const) {
  console.log(` ${who}`);
  for (const t of ['trial_plain', 'trial_part']) {
    const table = sql.table(t);
    const counts = await timed(sql`select state, count(*) from ${table} where company_id = ${company} and mode = 'export' and create_time >= ${yearAgo} group by state`);
    const page = await timed(sql`select id from ${table} where company_id = ${company} and mode = 'export' and create_time >= ${yearAgo} order by app_time desc limit 10`);
    const month = await timed(sql`select state, count(*) from ${table} where company_id = ${company} and mode = 'export' and create_time >= ${monthAgo} group by state`);
    console.log(`  ${t === 'trial_plain' ? 'plain      ' : 'partitioned'}: counts over a year ${fmt(counts)}, first page ${fmt(page)}, counts over a month ${fmt(month)}`);
  }
}

// retention: the oldest month goes
const oldest = `trial_part_${new Date(span!.lo).toISOString().slice(0, 7).replace('-', '_')}`;
const next = new Date(Date.UTC(new Date(span!.lo).getUTCFullYear(), new Date(span!.lo).getUTCMonth() + 1, 1));
let deleted = 0;
const tDelete = performance.now();
await db.transaction().execute(async (trx) => {
  deleted = Number((await sql`delete from trial_plain where create_time < ${next.toISOString()}`.execute(trx)).numAffectedRows ?? 0);
  throw new Rollback();
}).catch((e) => { if (!(e instanceof Rollback)) throw e; });
const deleteMs = performance.now() - tDelete;
const tDetach = performance.now();
await db.transaction().execute(async (trx) => {
  await sql`alter table trial_part detach partition ${sql.table(oldest)}`.execute(trx);
  await sql`drop table ${sql.table(oldest)}`.execute(trx);
  throw new Rollback();
}).catch((e) => { if (!(e instanceof Rollback)) throw e; });
const detachMs = performance.now() - tDetach;
console.log(` retention, the oldest month (${deleted.toLocaleString('en')} orders): delete ${fmt(deleteMs)} (and a vacuum after it), detach + drop the partition ${fmt(detachMs)}`);

await sql`drop table if exists trial_plain, trial_part`.execute(db);
console.log(`machine load at the end ${load()}`);
await opened.handle.close();

