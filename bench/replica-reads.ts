/**
 * List throughput with and without the read replica (issue 30, docs/scaling.md step 3): 20 clients
 * in closed loops asking the order list (pages 1–10 of this month's orders, newest first) of 100,000
 * orders, against two app servers on the same primary — one reading there, one with
 * DATABASE_READ_URL on the standby — interleaved A, B, A, B so both see the same minutes of load.
 *
 *   export DATABASE_URL=$(scripts/pg-test.sh start) DATABASE_READ_URL=$(scripts/pg-test.sh start-standby)
 *   node --import tsx bench/replica-reads.ts     # REPLICA_CLIENTS=20 REPLICA_SECONDS=15 REPLICA_ROUNDS=2
 */
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { defaultCreateTimeWindow } from '../domain/query.ts';
import { openBenchDatabase, startBenchSession, type BenchSession } from './api-session.ts';
import { fmt, percentile } from './lib.ts';
import { seedExportOrders } from './seed-orders.ts';

const CLIENTS = Number(process.env.REPLICA_CLIENTS ?? 20);
const SECONDS = Number(process.env.REPLICA_SECONDS ?? 15);
const ROUNDS = Number(process.env.REPLICA_ROUNDS ?? 2);
const BILLS = Number(process.env.REPLICA_BILLS ?? 100_000);
const primaryUrl = process.env.DATABASE_URL;
const readUrl = process.env.DATABASE_READ_URL;
if (!primaryUrl || !readUrl) throw new Error('replica-reads needs DATABASE_URL and DATABASE_READ_URL (scripts/pg-test.sh start, start-standby)');

const opened = await openBenchDatabase();
await seedExportOrders(opened.handle.db, BILLS);
const env = { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0', DATABASE_URL: primaryUrl };
const onPrimary = await startBenchSession(opened, env);
const onStandby = await startBenchSession(opened, { ...env, DATABASE_READ_URL: readUrl });
// the seed replayed on the standby (its lag back to 0) before any reading is timed
const deadline = Date.now() + 120_000;
while (!(onStandby.app.reads.readsFromStandby() && onStandby.app.reads.state().lagMs === 0)) {
  if (Date.now() > deadline) throw new Error('the standby did not catch up with the seed in 2 minutes');
  await new Promise((r) => setTimeout(r, 200));
}

const [start, end] = defaultCreateTimeWindow(new Date());
const window = { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] };
const calls = Array.from({ length: 10 }, (_, page) => ({
  path: '/api/enterprise/expu/order/pageList',
  body: JSON.stringify({ data: { pageIndex: page, pageSize: 20, sorts: [{ name: 'app_time', order: 'desc' }], terms: [window] } }),
}));

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
  for (let i = k; performance.now() < until; i++) await once(calls[i % calls.length]);
}
Promise.all(Array.from({ length: clients }, (_, k) => loop(k))).then(() => parentPort.postMessage({ times, errors }));
`;

async function measure(s: BenchSession) {
  const worker = new Worker(source, { eval: true, workerData: { address: s.address, token: s.token, calls, clients: CLIENTS, seconds: SECONDS } });
  const { times, errors } = await new Promise<{ times: number[]; errors: number }>((resolve) => worker.once('message', resolve));
  await worker.terminate();
  return { rps: times.length / SECONDS, p50: percentile(times, 50), p99: percentile(times, 99), errors };
}

console.log(`replica-reads [PostgreSQL primary + streaming standby, one machine] ${BILLS.toLocaleString('en')} orders; ${CLIENTS} clients, ${SECONDS} s a step, A/B interleaved ${ROUNDS}×`);
for (let round = 1; round <= ROUNDS; round++) {
  for (const [name, s] of [['primary only', onPrimary], ['reads on standby', onStandby]] as const) {
    const load = loadavg()[0]!.toFixed(1);
    const r = await measure(s);
    console.log(`  round ${round} ${name.padEnd(16)}: ${r.rps.toFixed(0)} lists/s, p50 ${fmt(r.p50)}, p99 ${fmt(r.p99)}${r.errors ? `, ${r.errors} errors` : ''} (load ${load})`);
  }
}
await onStandby.app.close();
await onPrimary.close();
