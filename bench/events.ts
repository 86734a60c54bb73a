/**
 * Live events (issue 16): from the commit of a bill's change to its event on an open stream, and
 * what 1,000 open streams cost one server.
 *
 * - Latency: a bill's receipt fields are changed in a transaction of their own (the trigger of
 *   migration 021 is the same for every write path) once every 250 ms, so each change is the first
 *   after a quiet spell (the coalescer's window is then not waited for); measured from the commit's
 *   return to the frame read by a raw-socket client. On PostgreSQL also across two app servers: the
 *   commit through server A's pool, the stream held on server B; and a customs receipt (a CEB304 file's
 *   bytes) ingested through server B's receipt pipeline, from the call to the frame on server A's stream.
 * - 1,000 streams: raw sockets (a few KB each client side; the process's heap and RSS before and
 *   after, after GC, are an upper bound of the server's share) and how long one change takes to
 *   reach them all.
 *
 * - A 500-bill batch declare (bills/jobs/start) and the receipts answering it: how many messages one
 *   open stream of the company receives, from the job's start until the last receipts' window closed.
 *
 * Targets: p50 ≤ 100 ms, p99 ≤ 500 ms; 1,000 streams add < 100 MB and all hear a change within 1 s;
 * a 500-bill batch is at most a few dozen messages per stream (verdict against 60).
 *
 *   node --import tsx bench/events.ts            (PGlite; DATABASE_URL=… for PostgreSQL and two servers)
 */
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { exportOrder } from '../domain/bills/export-order.ts';
import { buildApp } from '../server/app.ts';
import { buildReceiptXml } from '../server/customs/receipts/build.ts';
import { findReceiptType } from '../server/customs/receipts/catalogue.ts';
import { returnTimeOf } from '../server/customs/xml/format.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { percentile, verdict } from './lib.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const CHANGES = 120;
const STREAMS = 1000;

const opened = await openBenchDatabase();
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0' });
const db = opened.handle.db;
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
const line = { id: 'temp1', gnum: 1, itemNo: 'SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 };
const bill = await s.post(`/api/enterprise${exportOrder.api.save}`, {
  orderNo: `BENCH-EVT-${Date.now()}`, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0, details: [line],
});
const billId = bill.id as number;

/** A stream read by a bare socket: calls `heard` with the time a bill frame arrived. */
function rawStream(address: string, token: string, heard: (at: number) => void): Promise<Socket> {
  const url = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(`GET /api/events HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\nX-Authorization: Bearer ${token}\r\n\r\n`);
    });
    let opened = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const at = performance.now();
      if (!opened && chunk.startsWith('HTTP/1.1 200')) { opened = true; resolve(socket); }
      if (chunk.includes('event: bill')) heard(at);
    });
    socket.on('error', reject);
  });
}

async function change(): Promise<number> {
  await db.transaction().execute((trx) => trx.updateTable('bill_heads')
    .set({ return_time: String(Date.now()), return_status: '2', return_info: 'bench' }).where('id', '=', billId).execute());
  return performance.now();
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function latencies(address: string, label: string, changeOnce: (i: number) => Promise<number> = change, what = 'commit → event') {
  let waiting: ((at: number) => void) | undefined;
  const socket = await rawStream(address, s.token, (at) => waiting?.(at));
  await pause(300);
  const ms: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const arrived = new Promise<number>((resolve) => { waiting = resolve; });
    const committed = await changeOnce(i);
    ms.push(Math.max(0, (await arrived) - committed));
    await pause(250);
  }
  socket.destroy();
  const p50 = percentile(ms, 50); const p99 = percentile(ms, 99);
  console.log(`  ${label}: ${what}, ${CHANGES} changes: p50 ${p50.toFixed(1)} ms ${verdict(p50, 100)}, p99 ${p99.toFixed(1)} ms ${verdict(p99, 500)}, max ${Math.max(...ms).toFixed(1)} ms`);
}

console.log(`events [${kind}]`);
/** EVENTS_ONLY=batch: only the 500-bill batch (the slowest part to wait for) */
const batchOnly = process.env.EVENTS_ONLY === 'batch';
if (!batchOnly) await latencies(s.address, 'one server');

if (!batchOnly && opened.handle.kind === 'pg') {
  const handleB = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 4 });
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent', DATA_DIR: '/tmp/cbec-bench-data', CUSTOMS_POLL_MS: '0' });
  const b = await buildApp({ config, db: handleB.db, listen: handleB.listen });
  const addressB = await b.listen({ port: 0, host: '127.0.0.1' });
  await latencies(addressB, 'two servers (commit on A, stream on B)');

  // a declared order, and customs' answers to it read by server B's receipt pipeline
  const declared = await s.post(`/api/enterprise${exportOrder.api.saveAndApply}`, {
    orderNo: `BENCH-RCPT-${Date.now()}`, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0, details: [line],
  });
  const head = await db.selectFrom('bill_heads').select(['order_no', 'ebc_code']).where('id', '=', declared.id as number).executeTakeFirstOrThrow();
  const type = findReceiptType('CEB304')!;
  const start = Date.now();
  const receiptOnB = async (i: number) => {
    const guid = crypto.randomUUID();
    // each a new element (its own returnTime): the bill's receipt fields move every time
    const xml = buildReceiptXml(type, guid, [{
      guid, fields: { ebpCode: '3302960E8F', ebcCode: String(head.ebc_code), orderNo: String(head.order_no) },
      returnStatus: '2', returnTime: returnTimeOf(new Date(start + i * 1000)), returnInfo: `电子口岸已暂存 ${i}`,
    }]);
    const t0 = performance.now();
    const result = await b.customs.ingestReceiptXml(xml);
    if (result.applied < 1) throw new Error(`receipt ${i} moved no bill: ${JSON.stringify(result)}`);
    // the commit is inside the call: its start is the earliest the receipt could have been committed
    return t0;
  };
  await latencies(s.address, 'two servers (receipt ingested by B, stream on A)', receiptOnB, 'ingest call → event');
  await b.close();
  await handleB.close();
}

if (!batchOnly) await streamsCost();

async function streamsCost(): Promise<void> {
  gc(); await pause(200); gc();
  const before = process.memoryUsage();
  const heardAt: number[] = [];
  const sockets: Socket[] = [];
  for (let i = 0; i < STREAMS; i += 50) {
    sockets.push(...await Promise.all(Array.from({ length: 50 }, () => rawStream(s.address, s.token, (at) => heardAt.push(at)))));
  }
  await pause(500);
  gc(); await pause(200); gc();
  const after = process.memoryUsage();
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const added = after.rss - before.rss;
  console.log(`  ${STREAMS} open streams (${s.app.events.streams.size} on the server): RSS +${mb(added)} ${verdict(added / 1024 / 1024, 100)}, heap +${mb(after.heapUsed - before.heapUsed)} (clients' sockets included)`);
  const committed = await change();
  const deadline = performance.now() + 10_000;
  while (heardAt.length < STREAMS && performance.now() < deadline) await pause(5);
  const all = heardAt.length === STREAMS ? Math.max(...heardAt) - committed : Number.POSITIVE_INFINITY;
  console.log(`  one change reaches all ${STREAMS} streams in ${all.toFixed(1)} ms (${heardAt.length} heard) ${verdict(all, 1000)}`);
  for (const socket of sockets) socket.destroy();
}

// ---- a 500-bill batch declare, as one open stream sees it ----
const BATCH = 500;
const copies = await sql<{ id: number }>`
  insert into bill_heads (company_id, bill_key, mode, state, cop_no, order_no, ebc_code, ebc_name, ebp_code, ebp_name, agent_code, agent_name,
    logistics_code, logistics_name, pay_code, customs_code, trade_mode, app_type, data)
  select company_id, bill_key, mode, 'DRAFT', case when cop_no is null then null else cop_no || '-' || g end, order_no || '-' || lpad(g::text, 3, '0'),
    ebc_code, ebc_name, ebp_code, ebp_name, agent_code, agent_name, logistics_code, logistics_name, pay_code, customs_code, trade_mode, app_type,
    jsonb_set(data, '{orderNo}', to_jsonb(order_no || '-' || lpad(g::text, 3, '0')))
  from bill_heads, generate_series(1, ${BATCH - 1}) g where id = ${billId} returning id`.execute(db);
await sql`insert into bill_lines (company_id, head_id, gnum, data) select h.company_id, h.id, l.gnum, l.data from bill_lines l, bill_heads h
  where l.company_id = h.company_id and l.head_id = ${billId} and h.id = any(${copies.rows.map((r) => Number(r.id))})`.execute(db);
await db.updateTable('bill_heads').set({ state: 'DRAFT' }).where('id', '=', billId).execute();
const batchIds = [billId, ...copies.rows.map((r) => Number(r.id))];
await pause(500); // the copies' own events are not the batch's

let text = '';
let lastMessageAt = 0;
let jobDone: (() => void) | undefined;
const done = new Promise<void>((resolve) => { jobDone = resolve; });
const counter = await new Promise<Socket>((resolve, reject) => {
  const url = new URL(s.address);
  const socket = connect(Number(url.port), url.hostname, () => {
    socket.write(`GET /api/events HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\nX-Authorization: Bearer ${s.token}\r\n\r\n`);
    resolve(socket);
  });
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
    if (chunk.includes('event: ')) lastMessageAt = performance.now();
    if (/event: job\ndata: [^\n]*"state":"done"/.test(text)) jobDone?.();
  });
  socket.on('error', reject);
});
await pause(300);
const openedAt = text.length;
const batchStarted = performance.now();
const started = await s.post('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids: batchIds });
await Promise.race([done, pause(300_000)]);
const jobMs = performance.now() - batchStarted;
await s.app.customs.drain();
await pause(2500); // the last receipts' window, at its longest (coalescer maxDelayMs 2 s)
counter.destroy();
const frames = text.slice(openedAt).match(/^event: \w+$/gm) ?? [];
const byType = new Map<string, number>();
for (const f of frames) { const t = f.slice(7); byType.set(t, (byType.get(t) ?? 0) + 1); }
const answered = await db.selectFrom('bill_heads').select(db.fn.countAll<number>().as('n')).where('id', 'in', batchIds).where('state', 'not in', ['DRAFT', 'DECLARING']).executeTakeFirst();
console.log(`  ${BATCH}-bill batch declare (job ${String(started?.jobId)} done in ${(jobMs / 1000).toFixed(1)} s, ${Number(answered?.n ?? 0)} bills answered by the simulator, last message at ${((lastMessageAt - batchStarted) / 1000).toFixed(1)} s): ${frames.length} messages on one stream ${verdict(frames.length, 60)} (${[...byType].map(([t, n]) => `${t} ${n}`).join(', ')})`);
await s.close();
