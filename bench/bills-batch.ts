/**
 * Bill engine throughput (targets from the bill engine issue):
 * - batch declare of 500 export orders (validate + XML + XSD + outbox, one API call): < 1 s
 * - export of 100,000 rows to .xlsx, streamed: < 10 s with flat memory (peak RSS reported)
 *
 *   node --import tsx bench/bills-batch.ts            # PGlite;  DATABASE_URL=… for PostgreSQL
 */
import { sql } from 'kysely';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { profiled, verdict } from './lib.ts';

/** BENCH_ONLY=declare or export runs one half. */
const only = process.env.BENCH_ONLY;

const opened = await openBenchDatabase();
const { db } = opened.handle;
await sql`delete from customs_messages`.execute(db);
await sql`delete from bill_heads`.execute(db);
// Nobody answers: no simulator (its planned receipts outlive a run and would reach the next run's
// bills of the same numbers) and no background delivery competing with the measured calls.
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
await initCustomsSchemas();
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';

const head = { copCode: '3302961A2B', copName: '宁波跨境优选供应链管理有限公司', dxpMode: 'DXP', dxpId: 'DXPENT0000458763', appType: '1', orderType: 'E',
  ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', ebcCode: '3302961A2B', ebcName: '宁波跨境优选供应链管理有限公司', goodsValue: 336, freight: 0, currency: '142' };
const lines = [
  { id: 'temp1', gnum: 1, itemNo: 'NB-TEA-001', itemName: '宁波白茶礼盒', unit: '140', currency: '142', qty: 1, price: 168, totalPrice: 168 },
  { id: 'temp2', gnum: 2, itemNo: 'NB-TEA-002', itemName: '宁波红茶礼盒', unit: '140', currency: '142', qty: 1, price: 168, totalPrice: 168 },
];
if (only !== 'export') {
  const ids: number[] = [];
  for (let i = 0; i < 500; i++) ids.push((await s.post('/api/enterprise/expu/order/saveOrder', { ...head, orderNo: `BATCH${String(i).padStart(5, '0')}`, details: lines })).id);
  const t0 = performance.now();
  const result = await profiled('declare', () => s.post('/api/enterprise/expu/order/applyByIds', { ids }));
  const declareMs = performance.now() - t0;
  const queued = await db.selectFrom('customs_messages').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (result.failed.length > 0) console.log(`  ${result.failed.length} refused, e.g. ${JSON.stringify(result.failed.slice(0, 3))}`);
  console.log(`bills-batch [${kind}] batch declare of 500 orders: ${declareMs.toFixed(0)} ms (${(500 / (declareMs / 1000)).toFixed(0)} bills/s), succeeded ${result.succeeded}, messages queued ${queued.n} (target < 1 s: ${verdict(declareMs, 1000)})`);
}
if (only === 'declare') {
  await s.close();
  process.exit(0);
}

await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebp_name, ebc_code, ebc_name, app_type, app_time, create_time, return_info, data)
  select c.id, 'order', 'export', '120', 'EXP' || lpad(g::text, 8, '0'), '3302960001', '宁波跨境优选电商平台', '3302961A2B', '宁波跨境优选供应链管理有限公司', '1',
         now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, '海关入库',
         jsonb_build_object('orderType', 'E', 'goodsValue', g % 5000, 'freight', 10, 'currency', '142', 'copCode', '3302961A2B', 'copName', '宁波跨境优选供应链管理有限公司', 'dxpMode', 'DXP')
  from generate_series(1, 100000) g, (select id from companies where company_code = '3302961A2B') c`.execute(db);
await sql`analyze bill_heads`.execute(db);
let peak = process.memoryUsage().rss;
const base = peak;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
const t1 = performance.now();
const exported = await profiled('export', () => s.post('/api/enterprise/expu/order/exportOrderData', { pageIndex: 0, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }], terms: [{ column: 'order_no', termType: 'like', value: 'EXP' }] }));
const exportMs = performance.now() - t1;
clearInterval(sampler);
console.log(`bills-batch [${kind}] export of 100,000 rows to .xlsx: ${(exportMs / 1000).toFixed(2)} s (target < 10 s: ${verdict(exportMs, 10_000)}); RSS before ${(base / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - base) / 1e6).toFixed(0)} MB); ${exported.downloadUri}`);
await s.close();
