/**
 * Export at flat memory (issue 21): the memory an export adds stays < 64 MB whether it writes
 * 10,000 or 1,000,000 rows, and 1,000,000 rows take < 60 s.
 *
 *   node --import tsx bench/export-memory.ts                 # PGlite;  DATABASE_URL=… for PostgreSQL
 *   EXPORT_SIZES=10000,100000 node --import tsx bench/export-memory.ts
 *
 * "Added" is the peak during the export over the level just before it, after a full GC: the
 * process's RSS, and the JavaScript side alone (heap + external + array buffers). On PGlite the RSS
 * also holds the embedded database's own memory (its WebAssembly heap grows for a large sort and
 * never shrinks), which is why PostgreSQL is the figure of record.
 */
import { spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { rebuildBillCounts } from '../server/bills/counts-sql.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { verdict } from './lib.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const sizes = (process.env.EXPORT_SIZES ?? '10000,100000,1000000').split(',').map(Number);
// Each size in a process of its own: what one export leaves in the heap must not count for the next.
if (sizes.length > 1) {
  for (const size of sizes) {
    spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename], { stdio: 'inherit', env: { ...process.env, EXPORT_SIZES: String(size) } });
  }
  process.exit(0);
}

const opened = await openBenchDatabase();
const { db } = opened.handle;
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
const jsBytes = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

for (const rows of sizes) {
  // The set-up is not the product: its rows skip the triggers (a live event per row would keep the
  // server's event hub busy through the export being measured).
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`delete from bill_heads where order_no like 'XMEM%'`.execute(trx);
    await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebp_name, ebc_code, ebc_name, app_type, app_time, create_time, return_info, data)
      select c.id, 'order', 'export', '120', 'XMEM' || lpad(g::text, 8, '0'), '3302960001', '宁波跨境优选电商平台', '3302961A2B', '宁波跨境优选供应链管理有限公司', '1',
             now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, '海关入库',
             jsonb_build_object('orderType', 'E', 'goodsValue', g % 5000, 'freight', 10, 'currency', '142', 'copCode', '3302961A2B', 'copName', '宁波跨境优选供应链管理有限公司', 'dxpMode', 'DXP')
      from generate_series(1, ${rows}) g, (select id from companies where company_code = '3302961A2B') c`.execute(trx);
  });
  // the count summary the triggers did not keep: counted again (the list's total reads it)
  await rebuildBillCounts(db);
  await sql`analyze bill_heads`.execute(db);
  // The keep-alive socket idled through the insert; the server may have closed it meanwhile.
  await s.post('/api/enterprise/expu/order/pageList', { pageSize: 1 }).catch(() => undefined);
  await s.post('/api/enterprise/expu/order/pageList', { pageSize: 1 });
  gc();
  const baseRss = process.memoryUsage().rss;
  const baseJs = jsBytes();
  let peakRss = baseRss;
  let peakJs = baseJs;
  let peakLive = baseJs;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    peakJs = Math.max(peakJs, jsBytes());
  }, 10);
  // What is still referenced (a full GC first) every 2 s: the export's own live memory, without the
  // garbage V8 lets accumulate between its collections.
  const liveSampler = setInterval(() => {
    gc();
    peakLive = Math.max(peakLive, jsBytes());
  }, 2000);
  const t0 = performance.now();
  const exported = await s.post('/api/enterprise/expu/order/exportOrderData', { sorts: [{ name: 'app_time', order: 'desc' }], terms: [{ column: 'order_no', termType: 'like', value: 'XMEM' }] });
  const ms = performance.now() - t0;
  clearInterval(sampler);
  clearInterval(liveSampler);
  const addedRss = (peakRss - baseRss) / 1e6;
  const addedJs = (peakJs - baseJs) / 1e6;
  console.log(`export-memory [${kind}] ${rows.toLocaleString('en')} rows: ${(ms / 1000).toFixed(2)} s${rows >= 1_000_000 ? ` (target < 60 s: ${verdict(ms, 60_000)})` : ''}; `
    + `added RSS +${addedRss.toFixed(0)} MB (target < 64 MB: ${verdict(addedRss, 64)}), JS heap+buffers +${addedJs.toFixed(0)} MB, of it live +${((peakLive - baseJs) / 1e6).toFixed(0)} MB`);
  void exported;
}
await sql`delete from bill_heads where order_no like 'XMEM%'`.execute(db);
await s.close();
