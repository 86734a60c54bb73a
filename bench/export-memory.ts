/**
 * Export at flat memory (issue 21): the memory an export adds stays < 64 MB whether it writes
 * 10,000 or 1,000,000 rows, and 1,000,000 rows take < 60 s.
 *
 *   node --import tsx bench/export-memory.ts                 # PGlite;  DATABASE_URL=… for PostgreSQL
 *   EXPORT_SIZES=10000,100000 node --import tsx bench/export-memory.ts
 *   EXPORT_TIMELINE=1 …   # where the memory is every 0.5 s (RSS, new/old space, external, array buffers)
 *   EXPORT_LIVE=1 …       # also the server thread's live memory (a forced GC every 2 s: lowers the peak)
 *   EXPORT_WORKER=tsx …   # the export's worker from the sources through tsx (default: the server bundle)
 *
 * "Added" is the peak during the export over the level just before it (after a full GC, once the
 * RSS has settled): the process's RSS — the figure of record, which includes the export's writer
 * worker thread — and the server thread's JavaScript alone (heap + external + array buffers; a
 * worker's heap is not in it). On PGlite the RSS also holds the embedded database's own memory (its
 * WebAssembly heap grows for a large sort and never shrinks), which is why PostgreSQL is the figure
 * of record. The load average is printed with each result.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { rebuildBillCounts } from '../server/bills/counts-sql.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { verdict } from './lib.ts';
import { buildServerIfStale, serverBundle } from '../scripts/build-server.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
// The export's worker runs from the server bundle, as `npm start` runs it (EXPORT_WORKER=tsx: from
// the sources through tsx's loader, as `npm run dev` does, which costs the worker ~20 MB more).
if (process.env.EXPORT_WORKER !== 'tsx' && !process.env.WORKER_BUNDLE_DIR) {
  await buildServerIfStale();
  process.env.WORKER_BUNDLE_DIR = dirname(serverBundle);
}
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
// The server's config names the database as a deployed one does (the export's worker connects to PostgreSQL itself).
const s = await startBenchSession(opened, {
  CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
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
  // The level before: after a full GC, and after the pages it freed have gone back to the system
  // (V8 unmaps them a moment later; an RSS read at once was up to ~40 MB above the level it settles to).
  gc();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  gc();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const baseRss = process.memoryUsage().rss;
  const baseJs = jsBytes();
  let peakRss = baseRss;
  let peakJs = baseJs;
  let peakLive = baseJs;
  const t0 = performance.now();
  const timeline: string[] = [];
  let lastLine = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakJs = Math.max(peakJs, jsBytes());
    // EXPORT_TIMELINE=1: where the memory is, twice a second (RSS, V8 heap, external, array buffers over the base).
    if (process.env.EXPORT_TIMELINE && performance.now() - lastLine >= 500) {
      lastLine = performance.now();
      const mb = (n: number) => (n / 1e6).toFixed(0).padStart(4);
      const spaces = Object.fromEntries(getHeapSpaceStatistics().map((x) => [x.space_name, x.space_size]));
      timeline.push(`${((lastLine - t0) / 1000).toFixed(1).padStart(6)} s  rss ${mb(m.rss - baseRss)}  heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} (new ${mb(spaces.new_space ?? 0)}, old ${mb(spaces.old_space ?? 0)})  external ${mb(m.external)}  arrayBuffers ${mb(m.arrayBuffers)}`);
    }
  }, 10);
  // EXPORT_LIVE=1: what is still referenced on the server thread (a full GC first) every 2 s, without
  // the garbage V8 lets accumulate between its collections. Off by default: the forced collections
  // also lower the RSS peak, which the product does not get.
  const liveSampler = process.env.EXPORT_LIVE ? setInterval(() => {
    gc();
    peakLive = Math.max(peakLive, jsBytes());
  }, 2000) : undefined;
  const exported = await s.post('/api/enterprise/expu/order/exportOrderData', { sorts: [{ name: 'app_time', order: 'desc' }], terms: [{ column: 'order_no', termType: 'like', value: 'XMEM' }] });
  const ms = performance.now() - t0;
  clearInterval(sampler);
  clearInterval(liveSampler);
  const addedRss = (peakRss - baseRss) / 1e6;
  const addedJs = (peakJs - baseJs) / 1e6;
  console.log(`export-memory [${kind}] ${rows.toLocaleString('en')} rows: ${(ms / 1000).toFixed(2)} s${rows >= 1_000_000 ? ` (target < 60 s: ${verdict(ms, 60_000)})` : ''}; `
    + `added RSS +${addedRss.toFixed(0)} MB (target < 64 MB: ${verdict(addedRss, 64)}), server thread's JS heap+buffers +${addedJs.toFixed(0)} MB`
    + `${liveSampler ? `, of it live +${((peakLive - baseJs) / 1e6).toFixed(0)} MB` : ''}; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (timeline.length > 0) console.log(timeline.join('\n'));
  void exported;
}
await sql`delete from bill_heads where order_no like 'XMEM%'`.execute(db);
await s.close();
