/**
 * Scale (issue 21): every list, count, search and statistics call on the mixed set of
 * bench/seed-mixed.ts, for the largest company (30 % of the rows) and a small one, against the
 * targets list ≤ 20 ms, counts ≤ 50 ms, searches ≤ 100 ms, statistics ≤ 500 ms (medians).
 *
 *   DATABASE_URL=… MIXED_HEADS=10000000 node --import tsx bench/mixed-scale.ts   # the figure of record
 *   MIXED_HEADS=1000000 node --import tsx bench/mixed-scale.ts                     # PGlite at 1M
 *   BENCH_KEEP=1 reuses a set of the same size already loaded (PostgreSQL keeps it between runs).
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { defaultCreateTimeWindow } from '../domain/query.ts';
import { statisticsTerms } from '../domain/statistics/query.ts';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { loginAs, openBenchDatabase, startBenchSession } from './api-session.ts';
import { fmt, median, verdict } from './lib.ts';
import { seedMixedBills } from './seed-mixed.ts';

const HEADS = Number(process.env.MIXED_HEADS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const opened = await openBenchDatabase();
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
const set = await seedMixedBills(opened.handle.db, HEADS);
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
await initCustomsSchemas();
const small = await loginAs(s.address, opened.handle, 'other', 'Cbec@2026other');
const load = () => loadavg()[0]!.toFixed(1);
console.log(`mixed-scale [${kind}] ${HEADS.toLocaleString('en')} heads over 1,000 companies (load ${set.loadSeconds.toFixed(0)} s; machine load ${load()})`);
const sizes = await sql<{ name: string; rows: string; size: string }>`select c.relname as name, c.reltuples::bigint::text as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as size
  from pg_class c where c.relname in ('bill_heads', 'bill_lines', 'customs_receipts', 'statistics_daily') order by c.relname`.execute(opened.handle.db);
console.log(`  on disk with indexes: ${sizes.rows.map((r) => `${r.name} ${Number(r.rows).toLocaleString('en')} rows ${r.size}`).join('; ')}`);

const [start, end] = defaultCreateTimeWindow(new Date());
const window = { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] };
const page = (terms: unknown[] = [], sorts: unknown[] = [{ name: 'app_time', order: 'desc' }]) => ({ pageIndex: 0, pageSize: 10, sorts, terms: [window, ...terms] });
const like = (column: string, value: string) => ({ column, termType: 'like', type: 'and', value });

const LISTS = [
  { name: '出口订单', base: '/api/enterprise/expu/order', list: 'pageList', count: 'queryStateCount', searches: [like('order_no', '0004711'), like('order_no', 'MXO000471123'), like('ebc_name', '企业7')] },
  { name: '出口清单', base: '/api/enterprise/expuInventry', list: 'queryPageList', count: 'queryStateCount', searches: [like('invt_no', '0004711'), like('logistics_no', 'MXL0004711'), like('cop_no', 'MXC000471')] },
  { name: '进口清单', base: '/api/enterprise/invtInventory', list: 'queryPageList', count: 'queryStateCount', searches: [like('order_no', '0004711'), like('invt_no', 'MXI000471123')] },
  { name: '进口运单', base: '/api/enterprise/invt/logistics', list: 'pageList', count: 'queryStateCount', searches: [like('logistics_no', '0004711')] },
];

async function median15(post: (path: string, data: unknown) => Promise<unknown>, path: string, data: unknown): Promise<number> {
  for (let i = 0; i < 3; i++) await post(path, data);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await post(path, data);
    times.push(performance.now() - t);
  }
  return median(times);
}

for (const [who, post] of [['largest company', s.post], ['small company', small.post]] as const) {
  console.log(` ${who}`);
  for (const l of LISTS) {
    const list = await median15(post, `${l.base}/${l.list}`, page());
    const count = await median15(post, `${l.base}/${l.count}`, page());
    console.log(`  ${l.name}: list ${fmt(list)} (≤ 20 ms: ${verdict(list, 20)}), counts ${fmt(count)} (≤ 50 ms: ${verdict(count, 50)})`);
    for (const term of l.searches) {
      const m = await median15(post, `${l.base}/${l.list}`, page([term]));
      console.log(`    search ${term.column} ~ ${term.value}: ${fmt(m)} (≤ 100 ms: ${verdict(m, 100)})`);
    }
  }
  const summary = await median15(post, '/api/enterprise/expuDeclaration/queryOrderList', page([like('order_no', '0004711')], [{ name: 'create_time', order: 'desc' }]));
  console.log(`  订单汇总 order number search: ${fmt(summary)} (≤ 100 ms: ${verdict(summary, 100)})`);
  const day = (ms: number) => new Date(Date.now() + 8 * 3600_000 - ms).toISOString().slice(0, 10);
  const stats = await median15(post, '/api/agent/counts/list', { terms: statisticsTerms('ebc', { startDate: day(364 * 86400_000), endDate: day(0), businessMode: 'E,ALL' }), sorts: [{ name: 'goodsValue', order: 'desc' }] });
  console.log(`  statistics, a year by e-commerce company: ${fmt(stats)} (≤ 500 ms: ${verdict(stats, 500)})`);
}
console.log(`machine load at the end ${load()}`);
await s.close();
