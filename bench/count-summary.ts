/**
 * Issue 21, migration 034: a list's total and its state counts from the count summary against
 * counting the window's rows, for the largest company of the mixed set (bench/seed-mixed.ts) and a
 * small one, over windows of 30 days to two years — the same statements the list engine sends
 * (runPagedList / runStateCount, with and without the summary), without HTTP, medians of BENCH_RUNS.
 * Then what the summary costs writers: N transactions at once, each changing the state of bills
 * of one company created on the same days (a declaration each), with the triggers as built
 * (append-only deltas) and with a variant that upserts the day rows directly (the alternative of
 * docs/decisions/counts-exact-always.md "Count summary"), checking the counts stay exact.
 *
 *   DATABASE_URL=… BENCH_KEEP=1 MIXED_HEADS=1000000 node --import tsx bench/count-summary.ts
 *   COUNT_WRITERS=0 leaves the writers out; COUNT_ALTERNATIVE=1 adds the upsert variant (minutes: it deadlocks)
 */
import { loadavg } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { findBill } from '../domain/bills/index.ts';
import { billCountSource } from '../server/bills/count-summary.ts';
import { BILL_COUNT_FUNCTIONS, compactBillCounts } from '../server/bills/counts-sql.ts';
import { billModel } from '../server/bills/model.ts';
import { selectListHeads } from '../server/bills/repository.ts';
import { boundBase, compileListQuery, runPagedList, runStateCount } from '../server/query/list-query.ts';
import { openBenchDatabase } from './api-session.ts';
import { fmt, median } from './lib.ts';
import { seedMixedBills } from './seed-mixed.ts';

const HEADS = Number(process.env.MIXED_HEADS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const opened = await openBenchDatabase();
const db = opened.handle.db as unknown as Kysely<any>;
const set = await seedMixedBills(opened.handle.db, HEADS);
const load = () => loadavg()[0]!.toFixed(1);
console.log(`count-summary [${opened.handle.kind}] ${HEADS.toLocaleString('en')} heads (machine load ${load()})`);

const LISTS: [string, string, string][] = [['出口订单', 'export', 'order'], ['出口清单', 'export', 'detailedList'], ['进口清单', 'import', 'detailedList'], ['进口运单', 'import', 'waybill']];
const wall = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

for (const [who, companyId] of process.env.COUNT_READS === '0' ? [] : [['largest', set.bigCompanyId], ['small', set.smallCompanyId]] as const) {
  console.log(` ${who} company`);
  for (const [name, mode, key] of LISTS) {
    const model = billModel(findBill(mode, key)!);
    const counts = billCountSource(model.whitelist, key, mode);
    const { base, cache } = boundBase(model, [companyId], (c) => selectListHeads(opened.handle.db, { model, companyId: c as number }));
    const cells: string[] = [];
    for (const days of [30, 182, 365, 730]) {
      const window = { column: 'create_time', termType: 'btw', value: [`${wall(Date.now() - days * 86_400_000)} 00:00:00`, `${wall(Date.now())} 23:59:59`] };
      const compiled = compileListQuery({ pageIndex: 0, pageSize: 10, terms: [window], sorts: [{ name: 'app_time', order: 'desc' }] }, model.whitelist, { tiebreaker: 'bill_heads.id' });
      const rows = (await runPagedList(db, base, compiled, { simple: false, cache })) as { total: number };
      const summed = (await runPagedList(db, base, compiled, { simple: false, cache, counts })) as { total: number };
      if (rows.total !== summed.total) throw new Error(`${name} ${days} days: ${summed.total} summed, ${rows.total} counted`);
      const list = [await timed(() => runPagedList(db, base, compiled, { simple: false, cache })), await timed(() => runPagedList(db, base, compiled, { simple: false, cache, counts }))];
      const state = [await timed(() => runStateCount(db, base, compiled, 'state', { cache })), await timed(() => runStateCount(db, base, compiled, 'state', { cache, counts }))];
      const page = await timed(() => runPagedList(db, base, compiled, { simple: true, cache }));
      cells.push(`${days} d (${rows.total.toLocaleString('en')} rows): list ${fmt(list[0]!)} → ${fmt(list[1]!)} (page alone ${fmt(page)}), counts ${fmt(state[0]!)} → ${fmt(state[1]!)}`);
    }
    console.log(`  ${name}\n    ${cells.join('\n    ')}`);
  }
}

// ---- writers: N declarations of one company at once -----------------------------------------

const WRITERS = Number(process.env.COUNT_WRITERS ?? 8);
/** the alternative: every statement upserts the day rows themselves, in the key order */
const UPSERT_UPDATE = `create or replace function cbec_bill_counts_update() returns trigger language plpgsql as $$
  begin
    insert into bill_counts (company_id, bill_key, mode, day, state, n)
    select company_id, bill_key, mode, day, state, sum(n) from (
      select g.company_id, g.bill_key, g.mode, (g.create_time at time zone 'Asia/Shanghai')::date, g.state, -1 from gone g
      union all select a.company_id, a.bill_key, a.mode, (a.create_time at time zone 'Asia/Shanghai')::date, a.state, 1 from added a) c(company_id, bill_key, mode, day, state, n)
    group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5
    on conflict (company_id, bill_key, mode, day, state) do update set n = bill_counts.n + excluded.n;
    return null;
  end $$`;

/** each: one statement a bill (as receipts go, one by one); set: one statement for the transaction's bills (as 批量申报 goes) */
async function declareAtOnce(label: string, how: 'each' | 'set'): Promise<void> {
  const PER_WRITER = how === 'each' ? 50 : 200;
  // the largest company's drafts of the last days: each writer takes its own bills, spread over the same days
  const ids = (await sql<{ id: string }>`select id from bill_heads where company_id = ${set.bigCompanyId} and bill_key = 'order' and mode = 'export'
    and create_time > now() - interval '20 days' order by id limit ${WRITERS * PER_WRITER}`.execute(db)).rows.map((r) => Number(r.id));
  const before = await sql<{ state: string }>`select state from bill_heads where id = any(${ids})`.execute(db);
  let deadlocks = 0;
  const t = performance.now();
  await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
    const mine = ids.filter((_, i) => i % WRITERS === w);
    for (;;) {
      try {
        await db.transaction().execute(async (trx) => {
          // one statement a bill, as the declaration's state change goes (plus its outbox row, not here)
          const flip = (where: ReturnType<typeof sql>) => sql`update bill_heads set state = case when state = 'DECLARING' then '2' else 'DECLARING' end where ${where}`.execute(trx);
          if (how === 'set') await flip(sql`id = any(${mine})`);
          else for (const id of mine) await flip(sql`id = ${id}`);
        });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01') throw error;
        deadlocks++;
      }
    }
  }));
  const ms = performance.now() - t;
  // put the states back (one statement) so the set stays what it was
  await sql`update bill_heads h set state = b.state from unnest(${ids}::bigint[], ${before.rows.map((r) => r.state)}::text[]) b(id, state) where h.id = b.id`.execute(db);
  console.log(`  ${label}: ${WRITERS} transactions × ${PER_WRITER} bills, ${how === 'each' ? 'one statement a bill' : 'one statement'}: ${fmt(ms)} (${((WRITERS * PER_WRITER) / (ms / 1000)).toFixed(0)} bills/s), ${deadlocks} deadlocks`);
}

async function exact(): Promise<void> {
  const diff = await sql<{ n: number }>`select count(*)::int as n from (
      select company_id, bill_key, mode, (create_time at time zone 'Asia/Shanghai')::date as day, state, count(*)::int as n from bill_heads where company_id = ${set.bigCompanyId} group by 1, 2, 3, 4, 5
      except
      select company_id, bill_key, mode, day, state, sum(n)::int from (select * from bill_counts union all select * from bill_count_deltas) s where company_id = ${set.bigCompanyId} group by 1, 2, 3, 4, 5 having sum(n) <> 0) x`.execute(db);
  if (diff.rows[0]!.n !== 0) throw new Error(`the summary is off on ${diff.rows[0]!.n} keys`);
}

if (opened.handle.kind === 'pg' && WRITERS > 0) {
  console.log(` writers (load ${load()})`);
  await sql`alter table bill_heads disable trigger bill_heads_counts_update`.execute(db);
  for (const how of ['set', 'each'] as const) await declareAtOnce('no count trigger', how);
  await sql`alter table bill_heads enable trigger bill_heads_counts_update`.execute(db);
  for (const how of ['set', 'each'] as const) await declareAtOnce('append-only deltas (as built)', how);
  await compactBillCounts(db);
  await exact();
  if (process.env.COUNT_ALTERNATIVE === '1') {
    await sql.raw(UPSERT_UPDATE).execute(db);
    try {
      for (const how of ['set', 'each'] as const) await declareAtOnce('upsert of the day rows (the alternative)', how);
      await exact();
    } finally {
      for (const statement of BILL_COUNT_FUNCTIONS) await sql.raw(statement).execute(db);
    }
    await exact();
  }
}
console.log(`machine load at the end ${load()}`);
await opened.handle.close();
