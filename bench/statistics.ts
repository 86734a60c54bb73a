/**
 * Statistics over 1,000,000 released inventories of one company within one year (issue 6 part 11):
 * /api/agent/counts/list for a one-year range, target < 500 ms median on PostgreSQL (PGlite reported
 * too). The inventories are bulk loaded with the statistics triggers off and the summary rebuilt in
 * one pass (timed); then the triggers' cost per write is measured on 2,000 more inventories (saved as
 * drafts, then released one by one).
 *
 *   node --import tsx bench/statistics.ts                    # PGlite
 *   DATABASE_URL=postgres://… node --import tsx bench/statistics.ts
 */
import { sql } from 'kysely';
import { statisticsTerms, type StatisticsTab } from '../domain/statistics/query.ts';
import { rebuildBillCounts } from '../server/bills/counts-sql.ts';
import { rebuildStatistics } from '../server/statistics/summary-sql.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { fmt, median, percentile, verdict } from './lib.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const opened = await openBenchDatabase();
const { db } = opened.handle;
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
const { id: companyId } = await db.selectFrom('companies').select('id').where('company_code', '=', '3302961A2B').executeTakeFirstOrThrow();

/**
 * n inventories spread over the last 365 days, as one company's year looks: 80 % export, 3 e-commerce
 * companies (its own brands), 4 platforms, 3 in-zone companies, 2 ports, 3 business modes.
 */
function insertInventories(n: number, prefix: string, state: 'released' | 'draft' = 'released') {
  return sql`insert into bill_heads (company_id, bill_key, mode, state, cop_no, invt_no, ebc_code, ebc_name, ebp_code, ebp_name, customs_code, trade_mode, app_type, app_time, create_time, data)
    select ${companyId}, 'detailedList', case when g % 5 = 0 then 'import' else 'export' end,
      ${state === 'draft' ? sql`'DRAFT'` : sql`case when g % 10 = 0 then '899' else '800' end`},
      ${prefix} || g, 'I' || ${prefix} || g, '33029610E' || (g % 3), '压测电商企业' || (g % 3), '33029600P' || (g % 4), '压测电商平台' || (g % 4),
      (array['3105','3104'])[1 + g % 2], (array['9610','1210','9710'])[1 + (g / 7) % 3], '1',
      now() - ((g % 365) || ' days')::interval, now() - ((g % 365) || ' days')::interval,
      jsonb_build_object('ieDate', to_char(now() - ((g % 365) || ' days')::interval, 'YYYY-MM-DD'), 'grossWeight', 0.5 + (g % 20) / 10.0,
        'iacCode', '3105W6000' || (g % 3), 'iacName', '压测区内企业' || (g % 3), 'areaCode', '3105W6000' || (g % 3), 'areaName', '压测区内企业' || (g % 3))
    from generate_series(1, ${n}) g`;
}
/** One line for each head inserted after `afterId` (a primary-key range, no scan of the table). */
const addLines = (afterId: number) => sql`insert into bill_lines (company_id, head_id, gnum, data)
  select h.company_id, h.id, 1, jsonb_build_object('gnum', 1, 'totalPrice', 50 + (h.id % 500), 'currency', '142') from bill_heads h where h.id > ${afterId}`;
const lastId = async (q: typeof db = db) => (await sql<{ id: number }>`select coalesce(max(id), 0)::bigint as id from bill_heads`.execute(q)).rows[0]!.id;

// a previous run on the same PostgreSQL database: its inventories go first
await db.transaction().execute(async (trx) => {
  await sql`set local session_replication_role = replica`.execute(trx);
  await sql`delete from bill_lines where head_id in (select id from bill_heads where bill_key = 'detailedList' and cop_no ~ '^(BSTAT|BWON|BWOFF)')`.execute(trx);
  await sql`delete from statistics_bills where bill_id in (select id from bill_heads where bill_key = 'detailedList' and cop_no ~ '^(BSTAT|BWON|BWOFF)')`.execute(trx);
  await sql`delete from bill_heads where bill_key = 'detailedList' and cop_no ~ '^(BSTAT|BWON|BWOFF)'`.execute(trx);
});

let t0 = performance.now();
await db.transaction().execute(async (trx) => {
  // the bulk load bypasses the triggers (replica role); the summary is rebuilt once afterwards
  await sql`set local session_replication_role = replica`.execute(trx);
  const before = await lastId(trx);
  await insertInventories(ROWS, 'BSTAT').execute(trx);
  await addLines(before).execute(trx);
});
const loadMs = performance.now() - t0;
t0 = performance.now();
await rebuildStatistics(db);
const rebuildMs = performance.now() - t0;
await rebuildBillCounts(db);
await sql`vacuum analyze bill_heads`.execute(db);
await sql`vacuum analyze statistics_daily`.execute(db);
const { n: summaryRows } = (await sql<{ n: number }>`select count(*)::int as n from statistics_daily`.execute(db)).rows[0]!;

const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0' });
const day = (ms: number) => new Date(Date.now() + 8 * 3600_000 - ms).toISOString().slice(0, 10);
const year = { startDate: day(364 * 86400_000), endDate: day(0) };
console.log(`statistics [${kind}] ${ROWS.toLocaleString()} released inventories in one year (bulk load ${(loadMs / 1000).toFixed(1)} s, summary rebuild ${(rebuildMs / 1000).toFixed(1)} s, ${summaryRows.toLocaleString()} summary rows)`);

async function measure(name: string, tab: StatisticsTab, businessMode: string, customsCode?: string) {
  const data = { terms: statisticsTerms(tab, { ...year, businessMode, ...(customsCode ? { customsCode } : {}) }), sorts: [{ name: 'goodsValue', order: 'desc' }] };
  const first = await s.post('/api/agent/counts/list', data);
  for (let i = 0; i < 3; i++) await s.post('/api/agent/counts/list', data);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await s.post('/api/agent/counts/list', data);
    times.push(performance.now() - t);
  }
  const total = first.datas.at(-1);
  console.log(`  ${name}: median ${fmt(median(times))}, p95 ${fmt(percentile(times, 95))} (${first.datas.length - 1} rows, ${total.total.toLocaleString()} inventories)` +
    (kind === 'PostgreSQL' ? ` | median < 500 ms: ${verdict(median(times), 500)}` : ''));
}
await measure('by e-commerce company, export, all modes', 'ebc', 'E,ALL');
await measure('by platform, export 9610', 'ebp', 'E,9610');
await measure('by in-zone company, import, all modes, one port', 'zone', 'I,ALL', '3105');

// what the triggers add to the bill engine's writes: 2,000 inventories saved as drafts (head + line,
// batches of 100), then released one by one (the 800 receipt), with the triggers and without
async function writeCost(triggers: boolean, prefix: string): Promise<{ save: number; release: number }> {
  const off = triggers ? sql`select 1` : sql`set local session_replication_role = replica`;
  let t = performance.now();
  await db.transaction().execute(async (trx) => {
    await off.execute(trx);
    for (let i = 0; i < 2000; i += 100) {
      const before = await lastId(trx);
      await insertInventories(100, `${prefix}${i}_`, 'draft').execute(trx);
      await addLines(before).execute(trx);
    }
  });
  const save = performance.now() - t;
  const ids = (await sql<{ id: number }>`select id from bill_heads where state = 'DRAFT' and cop_no like ${`${prefix}%`}`.execute(db)).rows.map((r) => r.id);
  t = performance.now();
  for (const id of ids) {
    await db.transaction().execute(async (trx) => {
      await off.execute(trx);
      await sql`update bill_heads set state = '800', update_time = now() where id = ${id}`.execute(trx);
    });
  }
  return { save, release: performance.now() - t };
}
const without = await writeCost(false, 'BWOFF');
const withTriggers = await writeCost(true, 'BWON');
// the rows written without triggers: the count summary counted again
await rebuildBillCounts(db);
console.log(`  trigger cost per inventory: save (head + line, batches of 100) ${fmt(withTriggers.save / 2000)} vs ${fmt(without.save / 2000)} without; ` +
  `release (one transaction each) ${fmt(withTriggers.release / 2000)} vs ${fmt(without.release / 2000)} without`);
await s.close();
