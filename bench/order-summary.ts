/**
 * The 报关单's 订单汇总 dialog (bills §2, §7) over 100,000 export orders of the company (and as many
 * of nine others): /expuDeclaration/queryOrderList, first page of 10 in the one-year window, then
 * searched by part of an order number, by a whole one and by enterprise name (migration 013's
 * indexes). Target (issue 5): query < 100 ms median.
 *
 *   node --import tsx bench/order-summary.ts
 *   DATABASE_URL=postgres://… node --import tsx bench/order-summary.ts
 */
import { sql } from 'kysely';
import { defaultCreateTimeWindow } from '../domain/query.ts';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { fmt, median, verdict } from './lib.ts';

const ORDERS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const opened = await openBenchDatabase();
const { db } = opened.handle;
for (let i = 0; i < 8; i++) {
  await db.insertInto('companies').values({ company_code: `33029610${String(i).padStart(2, '0')}`, company_name: `压测企业${i + 1}`, approve_state: 2, profile: '{}' })
    .onConflict((oc) => oc.column('company_code').doNothing()).execute();
}
const companyIds = (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id);
const demo = (await db.selectFrom('companies').select('id').where('company_code', '=', '3302961A2B').executeTakeFirstOrThrow()).id;
const t0 = performance.now();
await sql`delete from bill_heads where bill_key = 'order' and mode = 'export'`.execute(db);
const states = ['DRAFT', '2', '100', '120', '120', '120', '120', '399'];
// the demo company's orders, then as many spread over the others: the dialog must pick its own
await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebp_name, ebc_code, ebc_name, app_type, app_time, create_time, update_time, data)
  select case when g <= ${ORDERS} then ${demo} else (${sql.val(companyIds)}::int[])[1 + g % ${companyIds.length}] end, 'order', 'export',
         (${sql.val(states)}::text[])[1 + (g / 3) % ${states.length}],
         'SO' || lpad(g::text, 10, '0'), '3302960E8F', '宁波保税区跨境购电子商务平台有限公司', '3302961A2B',
         case when g % 5 = 0 then '宁波茶业出口有限公司' else '宁波跨境优选供应链管理有限公司' end, '1',
         now() - ((g % 365) || ' days')::interval, now() - ((g % 365) || ' days')::interval - ((g % 86400) || ' seconds')::interval, now(),
         jsonb_build_object('orderType', 'E', 'goodsValue', 336, 'freight', 0, 'currency', '142')
  from generate_series(1, ${ORDERS * 2}) g`.execute(db);
await allVisible();
const loadMs = performance.now() - t0;

/**
 * VACUUM until the visibility map covers the table, as autovacuum leaves a settled table: the
 * counts then read their index alone. On PostgreSQL one VACUUM right after the bulk insert can
 * leave every page unmarked (a snapshot older than the insert was still open, such as an
 * auto-analyze started during it), and the counts then fetch every row from the heap.
 */
async function allVisible() {
  for (let i = 0; i < 20; i++) {
    await sql`vacuum analyze bill_heads`.execute(db);
    const { rows } = await sql<{ pages: number; visible: number }>`select relpages as pages, relallvisible as visible from pg_class where relname = 'bill_heads'`.execute(db);
    const r = rows[0];
    if (!r || r.visible >= r.pages * 0.95) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.warn('order-summary: bill_heads is not all-visible after 20 vacuums; counts read the heap');
}

const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
await initCustomsSchemas();
const [start, end] = defaultCreateTimeWindow(new Date());
const window = { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] };
const path = '/api/enterprise/expuDeclaration/queryOrderList';
const request = (terms: unknown[]) => ({ pageIndex: 0, pageSize: 10, sorts: [{ name: 'create_time', order: 'desc' }], terms: [...terms, window] });

async function measure(name: string, data: unknown) {
  for (let i = 0; i < 5; i++) await s.post(path, data);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await s.post(path, data);
    times.push(performance.now() - t);
  }
  const m = median(times);
  console.log(`  ${name}: median ${fmt(m)} (< 100 ms: ${verdict(m, 100)})`);
}

const first = await s.post(path, request([]));
console.log(`order-summary [${opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}] ${ORDERS.toLocaleString()} orders of the company (+${ORDERS.toLocaleString()} of others; load ${(loadMs / 1000).toFixed(1)} s); pickable in window: ${first.total}`);
await measure('first page', request([]));
await measure('order number like', request([{ column: 'order_no', termType: 'like', value: '0004' }]));
await measure('whole order number', request([{ column: 'order_no', termType: 'like', value: 'SO0000012345' }]));
await measure('enterprise name like', request([{ column: 'ebc_name', termType: 'like', value: '茶业' }]));
await measure('last page of 400', { ...request([]), pageIndex: Math.floor(first.total / 400), pageSize: 400 });
await s.close();
