/**
 * 1,000,000 import inventories (进口清单) across 10 companies: pageList with the trade_mode single
 * choice (9610 / 1210, bills §3) and a state, and queryStateCount with the trade_mode term, through
 * the API (HTTP on loopback, logged in) vs the very SQL those calls run, replayed directly.
 * Targets (issue 5, as the bill engine's): the API adds ≤ 1.5 ms over the SQL's own median; on
 * PostgreSQL list ≤ 20 ms, counts ≤ 50 ms. Import inventories share bill_heads with every other
 * bill (storage is not split), so these are the numbers of the one bill family.
 *
 *   node --import tsx bench/import-inventories.ts                    # PGlite
 *   DATABASE_URL=postgres://… node --import tsx bench/import-inventories.ts
 */
import { sql } from 'kysely';
import { defaultCreateTimeWindow } from '../domain/query.ts';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { startOverheadMeter } from './api-overhead.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
// 1,000 rounds on PostgreSQL: at 300 the medians of a 12–35 ms query still moved ±0.3 ms from run to run,
// which is a fifth of the 1.5 ms measured; PGlite's slower queries keep to 100.
const RUNS = Number(process.env.BENCH_RUNS ?? (process.env.DATABASE_URL ? 1000 : 100));

const opened = await openBenchDatabase();
const { db } = opened.handle;
const t0 = performance.now();
for (let i = 0; i < 8; i++) {
  await db.insertInto('companies').values({ company_code: `33029610${String(i).padStart(2, '0')}`, company_name: `压测企业${i + 1}`, approve_state: 2, profile: '{}' })
    .onConflict((oc) => oc.column('company_code').doNothing()).execute();
}
const companyIds = (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id);
const existing = Number((await sql<{ n: string }>`select count(*) as n from bill_heads where bill_key = 'detailedList' and mode = 'import'`.execute(db)).rows[0]!.n);
if (!(process.env.BENCH_KEEP && existing === ROWS)) {
  await sql`delete from bill_heads where bill_key = 'detailedList' and mode = 'import'`.execute(db);
  // a working mix: mostly released, some in flight, rejected and detained
  const states = ['DRAFT', 'DECLARING', '2', '120', '399', '800', '800', '800', '800', '800', '899', '100', '300', '500', '501', 'ERROR'];
  await sql`insert into bill_heads (company_id, bill_key, mode, state, cop_no, order_no, logistics_no, invt_no, pre_no, ebp_code, ebp_name, ebc_code, ebc_name,
      agent_code, agent_name, logistics_code, logistics_name, customs_code, trade_mode, app_type, app_time, create_time, update_time, return_info, data)
    select (${sql.val(companyIds)}::int[])[1 + g % ${companyIds.length}], 'detailedList', 'import',
           (${sql.val(states)}::text[])[1 + (g / 7) % ${states.length}],
           'YXI' || lpad(g::text, 12, '0'), 'YXO' || lpad(g::text, 12, '0'), 'YT' || lpad(g::text, 14, '0'), '31052026I' || lpad(g::text, 9, '0'),
           'B20260318' || lpad(g::text, 9, '0'), '3302960E8F', '宁波保税区跨境购电子商务平台有限公司', '3302961A2B', '宁波跨境优选供应链管理有限公司',
           '3302961A2B', '宁波跨境优选供应链管理有限公司', '3301964C7D', '杭州云途国际物流有限公司', '3105',
           case when g % 3 = 0 then '1210' else '9610' end, '1',
           now() - ((g % 730) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
           now() - ((g % 730) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
           now(), case when g % 16 = 11 then '海关退单：订购人年度交易额超过26000元限值' else '海关放行' end,
           jsonb_build_object('assureCode', '3302961A2B', 'ieFlag', 'I', 'portCode', '3105', 'buyerIdType', '1', 'buyerIdNumber', '330203199004123218',
             'buyerName', '陈思远', 'buyerTelephone', '13857412368', 'consigneeAddress', '浙江省宁波市海曙区中山西路138号', 'trafMode', '5', 'country', '116',
             'freight', 10, 'insuredFee', 0, 'currency', '142', 'packNo', 1, 'grossWeight', 1.35, 'netWeight', 1.2,
             'copCode', '3302961A2B', 'copName', '宁波跨境优选供应链管理有限公司', 'dxpMode', 'DXP', 'dxpId', 'DXPENT0000458763')
    from generate_series(1, ${ROWS}) g`.execute(db);
  await sql`vacuum analyze bill_heads`.execute(db);
}
const loadMs = performance.now() - t0;

const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
await initCustomsSchemas();
const [start, end] = defaultCreateTimeWindow(new Date());
const window = { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] };
const tradeMode = { column: 'trade_mode', termType: 'eq', type: 'and', value: '1210' };
const listRequest = { pageIndex: 0, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }], terms: [window, tradeMode, { column: 'state', termType: 'eq', type: 'and', value: '800' }] };
const countRequest = { pageIndex: 0, pageSize: 10, sorts: [], terms: [window, tradeMode] };

const meter = await startOverheadMeter(s, { runs: RUNS, pg: opened.handle.kind === 'pg' });

const sample = await s.post('/api/enterprise/invtInventory/queryPageList', listRequest);
console.log(`import-inventories [${opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}] ${ROWS.toLocaleString()} import inventories / ${companyIds.length} companies (load ${(loadMs / 1000).toFixed(1)} s); demo company 1210 + 800 in window: ${sample.total}`);
await meter.measure('pageList (trade_mode 1210, state 800)', '/api/enterprise/invtInventory/queryPageList', listRequest, 20);
await meter.measure('queryStateCount (trade_mode 1210)', '/api/enterprise/invtInventory/queryStateCount', countRequest, 50);
await meter.close();
await s.close();
