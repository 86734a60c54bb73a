/**
 * Where a list call's time over its SQL goes, rung by rung: the very SQL the API runs, replayed
 * directly; the same SQL behind a bare node:http route; behind a bare Fastify route; behind a route of
 * the console's own Fastify (its hooks and error handling); the same through `defineRoute` (body
 * schema, token check, envelope); and the API itself (permission, query building, mapping). Every
 * rung answers the API's own answer from the same client thread, interleaved in random order, so the
 * steps between rungs are what each layer adds on this machine.
 *
 * Two pageList calls: one narrowed to a single order number (SQL ~1–2 ms, little noise) and the
 * bills-list one (one-year window, state 120). BENCH_ROWS (default 100,000) export orders.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/overhead-ladder.ts
 */
import Fastify from 'fastify';
import type { CompiledQuery } from 'kysely';
import { defaultCreateTimeWindow } from '../domain/query.ts';
import { buildApp } from '../server/app.ts';
import { listRequestSchema } from '../server/bills/schema.ts';
import { loadConfig } from '../server/config.ts';
import { initCustomsSchemas } from '../server/customs/schemas.ts';
import { defineRoute, ok } from '../server/http/route.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { startBareRoute } from './bare-route.ts';
import { fmt, median } from './lib.ts';
import { startRemoteClient } from './remote-client.ts';
import { seedExportOrders } from './seed-orders.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PATH = '/api/enterprise/expu/order/pageList';
const env = { CUSTOMS_POLL_MS: '0', CUSTOMS_TRANSPORT: 'folder', CUSTOMS_INBOX_POLL_MS: '0' };

const opened = await openBenchDatabase();
await seedExportOrders(opened.handle.db, ROWS);
const s = await startBenchSession(opened, env);
await initCustomsSchemas();

// What every rung answers: the captured SQL, then the API's answer.
let current: { queries: CompiledQuery[]; data: unknown; text: string } = { queries: [], data: null, text: '' };
const replayed = async () => { await s.replay(current.queries); return ok(current.data); };

const bare = await startBareRoute((queries) => s.replay(queries), () => current);
const fastify = Fastify({ logger: false });
fastify.post(PATH, replayed);
const fastifyAddress = await fastify.listen({ port: 0, host: '127.0.0.1' });
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent', DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/cbec-bench-data', ...env });
const own = await buildApp({ config, db: s.handle.db }); // the product's logger at warn, as the API rung (api-session.ts)
own.post(`/plain${PATH}`, replayed);
defineRoute(own, { path: `/defined${PATH}`, summary: 'ladder', access: 'company', data: listRequestSchema, handler: async () => (await replayed()).data });
const ownAddress = await own.listen({ port: 0, host: '127.0.0.1' });

const rungs: { name: string; address: string; path: string }[] = [
  { name: 'bare node:http route', address: bare.address, path: PATH },
  { name: 'bare Fastify route', address: fastifyAddress, path: PATH },
  { name: "the console's Fastify, plain route", address: ownAddress, path: `/plain${PATH}` },
  { name: '+ defineRoute (schema, token, envelope)', address: ownAddress, path: `/defined${PATH}` },
  { name: 'the API (permission, query, mapping)', address: s.address, path: PATH },
];
const clients = rungs.map((r) => startRemoteClient(r.address, s.token));

const [start, end] = defaultCreateTimeWindow(new Date());
const window = { column: 'create_time', termType: 'btw', type: 'and', value: [start, end] };
const calls = [
  { name: 'pageList, one order number', data: { pageIndex: 0, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }], terms: [window, { column: 'order_no', termType: 'eq', type: 'and', value: 'SO0000000010' }] } },
  { name: 'pageList, one-year window, state 120', data: { pageIndex: 0, pageSize: 50, sorts: [{ name: 'app_time', order: 'desc' }], terms: [window, { column: 'state', termType: 'eq', type: 'and', value: '120' }] } },
];

console.log(`overhead-ladder [${opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}] ${ROWS.toLocaleString()} orders, ${RUNS} rounds, medians`);
for (const c of calls) {
  for (let i = 0; i < 10; i++) await s.post(PATH, c.data);
  const queries = await s.capture(() => s.post(PATH, c.data));
  const data = await s.post(PATH, c.data);
  current = { queries, data, text: JSON.stringify(ok(data)) };
  const sqlTimes: number[] = [];
  const times = rungs.map(() => [] as number[]);
  for (let i = 0; i < RUNS + 10; i++) {
    const order = [-1, ...rungs.map((_, k) => k)].sort(() => Math.random() - 0.5);
    for (const k of order) {
      if (k < 0) {
        const t = performance.now();
        await s.replay(queries);
        if (i >= 10) sqlTimes.push(performance.now() - t);
      } else {
        const t = await clients[k]!.time(rungs[k]!.path, c.data);
        if (i >= 10) times[k]!.push(t);
      }
    }
  }
  const sqlMedian = median(sqlTimes);
  console.log(`  ${c.name} (${queries.length} query, answer ${(Buffer.byteLength(current.text) / 1024).toFixed(1)} KB): SQL replayed ${fmt(sqlMedian)}`);
  let previous = sqlMedian;
  rungs.forEach((r, k) => {
    const m = median(times[k]!);
    console.log(`    ${r.name.padEnd(42)} ${fmt(m)}  over the SQL ${fmt(m - sqlMedian)}  this rung ${fmt(m - previous)}`);
    previous = m;
  });
}
for (const c of clients) await c.close();
await fastify.close();
await bare.close();
await own.close();
await s.close();
