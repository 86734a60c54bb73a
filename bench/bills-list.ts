/**
 * 1,000,000 export orders across 10 companies: pageList and queryStateCount through the API
 * (HTTP on loopback, logged in) vs the very SQL those calls run, replayed directly, in one run.
 * Targets (bill engine issue): the API adds ≤ 1.5 ms over the SQL's own median; on PostgreSQL
 * list ≤ 20 ms, counts ≤ 50 ms.
 *
 *   node --import tsx bench/bills-list.ts                    # PGlite
 *   DATABASE_URL=postgres://… node --import tsx bench/bills-list.ts
 */
import { sql } from 'kysely';
import { defaultCreateTimeWindow } from '../domain/query.ts';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { startOverheadMeter } from './api-overhead.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

const opened = await openBenchDatabase();
const { db } = opened.handle;
const t0 = performance.now();
// Eight more enterprises beside the two demo ones.
for (let i = 0; i < 8; i++) {
  await db.insertInto('companies').values({ company_code: `33029610${String(i).padStart(2, '0')}`, company_name: `压测企业${i + 1}`, approve_state: 2, profile: '{}' })
    .onConflict((oc) => oc.column('company_code').doNothing()).execute();
}
const companyIds = (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id);
// BENCH_KEEP=1 reuses the rows of an earlier run of the same size (PostgreSQL keeps them).
const existing = Number((await sql<{ n: string }>`select count(*) as n from bill_heads where bill_key = 'order'`.execute(db)).rows[0]!.n);
if (!(process.env.BENCH_KEEP && existing === ROWS)) {
  await sql`delete from bill_heads where bill_key = 'order'`.execute(db);
  const states = ['DRAFT', 'DECLARING', 'SEND_FAILED', '2', '3', '100', '120', '120', '120', '120', '399', 'ERROR'];
  await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebp_name, ebc_code, ebc_name, app_type, app_time, create_time, update_time, return_info, data)
    select (${sql.val(companyIds)}::int[])[1 + g % ${companyIds.length}], 'order', 'export',
           (${sql.val(states)}::text[])[1 + (g / 7) % ${states.length}],
           'SO' || lpad(g::text, 10, '0'), '3302960001', '宁波跨境优选电商平台', '3302961A2B', '宁波跨境优选供应链管理有限公司', '1',
           now() - ((g % 730) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
           now() - ((g % 730) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
           now(), case when g % 12 = 5 then '商品总价与订单金额不符' else '新增申报成功' end,
           jsonb_build_object('orderType', 'E', 'goodsValue', (g % 5000) + 0.5, 'freight', 10, 'currency', '142',
             'copCode', '3302961A2B', 'copName', '宁波跨境优选供应链管理有限公司', 'dxpMode', 'DXP', 'dxpId', 'DXPENT0000458763', 'note', '压测数据')
    from generate_series(1, ${ROWS}) g`.execute(db);
  await sql`vacuum analyze bill_heads`.execute(db);
}
const loadMs = performance.now() - t0;

// Nothing in the background (outbox polling, the simulator's reply pump, the folder inbox): its
// queries would land in the captured SQL. The folder transport with polling off does nothing unasked.
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
// The customs schemas compile in the background after start (0.5–1 s of CPU): not during the runs.
await initCustomsSchemas();
const [start, end] = defaultCreateTimeWindow(new Date());
const request = {
  pageIndex: 0, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }],
  terms: [
    { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] },
    { column: 'state', termType: 'eq', type: 'and', value: '120' },
  ],
};
const countRequest = { pageIndex: 0, pageSize: 10, sorts: [], terms: [{ column: 'create_time', termType: 'btw', type: 'and', value: [start, end] }] };

const meter = await startOverheadMeter(s, { runs: RUNS, pg: opened.handle.kind === 'pg' });

const sample = await s.post('/api/enterprise/expu/order/pageList', request);
console.log(`bills-list [${opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}] ${ROWS.toLocaleString()} orders / ${companyIds.length} companies (load ${(loadMs / 1000).toFixed(1)} s); demo company total in window+state: ${sample.total}`);
await meter.measure('pageList', '/api/enterprise/expu/order/pageList', request, 20);
await meter.measure('queryStateCount', '/api/enterprise/expu/order/queryStateCount', countRequest, 50);
await meter.close();
await s.close();
