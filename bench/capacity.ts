/**
 * What one app process holds (issue 21, "PGlite's place"): N clients in closed loops (each sends its
 * next call when its answer is in), a declarant's mix of calls — a list page, the state counts, a
 * bill's detail — on 100,000 orders, for CAPACITY_SECONDS each at 20 and 100 clients. Reports
 * requests/s and the p50/p99 of the answers. The clients run in a thread of their own.
 *
 *   node --import tsx bench/capacity.ts                  # PGlite;  DATABASE_URL=… for PostgreSQL
 *   CAPACITY_CLIENTS=20,50,100 CAPACITY_SECONDS=30 node --import tsx bench/capacity.ts
 */
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { defaultCreateTimeWindow } from '../domain/query.ts';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { fmt, percentile, verdict } from './lib.ts';
import { seedExportOrders } from './seed-orders.ts';

const CLIENTS = (process.env.CAPACITY_CLIENTS ?? '20,100').split(',').map(Number);
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 15);

const opened = await openBenchDatabase();
const kind = opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
const { companyIds } = await seedExportOrders(opened.handle.db, 100_000);
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' });
await initCustomsSchemas();
const ids = (await opened.handle.db.selectFrom('bill_heads').select('id').where('company_id', '=', companyIds[0]!).where('bill_key', '=', 'order').limit(1000).execute()).map((r) => Number(r.id));
const [start, end] = defaultCreateTimeWindow(new Date());
const window = { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] };
const calls = [
  { path: '/api/enterprise/expu/order/pageList', body: JSON.stringify({ data: { pageIndex: 0, pageSize: 20, sorts: [{ name: 'app_time', order: 'desc' }], terms: [window] } }) },
  { path: '/api/enterprise/expu/order/queryStateCount', body: JSON.stringify({ data: { pageIndex: 0, pageSize: 10, sorts: [], terms: [window] } }) },
  ...ids.slice(0, 50).map((id) => ({ path: '/api/enterprise/expu/order/findHeadById', body: JSON.stringify({ data: { id } }) })),
];

const source = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { address, token, calls, clients, seconds } = workerData;
const base = new URL(address);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const times = [];
let errors = 0;
const until = performance.now() + seconds * 1000;
function once(call) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request({ host: base.hostname, port: base.port, path: call.path, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'x-authorization': 'Bearer ' + token } }, (res) => {
      res.resume();
      res.on('end', () => { if (res.statusCode === 200) times.push(performance.now() - t0); else errors++; resolve(); });
    });
    req.on('error', () => { errors++; resolve(); });
    req.end(call.body);
  });
}
async function loop(k) {
  // a list page and the counts, then details: what a declarant's screen asks for
  for (let i = k; performance.now() < until; i++) await once(calls[i % 4 < 2 ? i % 2 : 2 + (i % (calls.length - 2))]);
}
Promise.all(Array.from({ length: clients }, (_, k) => loop(k))).then(() => parentPort.postMessage({ times, errors }));
`;

console.log(`capacity [${kind}] 100,000 orders; ${SECONDS} s per step; machine load ${loadavg()[0]!.toFixed(1)}`);
for (const clients of CLIENTS) {
  const worker = new Worker(source, { eval: true, workerData: { address: s.address, token: s.token, calls, clients, seconds: SECONDS } });
  const { times, errors } = await new Promise<{ times: number[]; errors: number }>((resolve) => worker.once('message', resolve));
  await worker.terminate();
  const p99 = percentile(times, 99);
  console.log(`  ${String(clients).padStart(3)} clients: ${(times.length / SECONDS).toFixed(0)} requests/s, p50 ${fmt(percentile(times, 50))}, p99 ${fmt(p99)} (p99 ≤ 100 ms: ${verdict(p99, 100)})${errors ? `, ${errors} errors` : ''}`);
}
await s.close();
