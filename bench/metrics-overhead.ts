/**
 * What /metrics costs a request (issue 30: "API overhead unchanged within noise"): two servers on one
 * database, one with METRICS_TOKEN (a histogram observation and a counter check per request), one
 * without, called in alternation with the same list call; the medians of Fastify's own server time
 * and of the client's round trip, and their paired difference. A scrape's own time is shown apart.
 *
 *   node --import tsx bench/metrics-overhead.ts            (ROUNDS=2000; DATABASE_URL for PostgreSQL)
 */
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { fmt, median } from './lib.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 2000);
const opened = await openBenchDatabase();
const on = await startBenchSession(opened, { METRICS_TOKEN: 'bench-token' });
const off = await startBenchSession(opened, {});
const PATH = '/api/enterprise/invt/order/pageList';
const DATA = { current: 1, size: 20 };
try {
  for (let i = 0; i < 200; i++) { await on.post(PATH, DATA); await off.post(PATH, DATA); }
  on.takeServerTimes(); off.takeServerTimes();
  const client = { on: [] as number[], off: [] as number[], diff: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    const took: Record<'on' | 'off', number> = { on: 0, off: 0 };
    for (const side of order) {
      const t0 = performance.now();
      await (side === 'on' ? on : off).post(PATH, DATA);
      took[side] = performance.now() - t0;
    }
    client.on.push(took.on); client.off.push(took.off); client.diff.push(took.on - took.off);
  }
  const server = { on: on.takeServerTimes(), off: off.takeServerTimes() };
  const t0 = performance.now();
  const res = await fetch(`${on.address}/metrics`, { headers: { authorization: 'Bearer bench-token' } });
  const text = await res.text();
  const scrape = performance.now() - t0;
  console.log(`metrics-overhead (${ROUNDS} rounds, ${opened.handle.kind}): server time median on ${fmt(median(server.on))} / off ${fmt(median(server.off))}; ` +
    `client round trip on ${fmt(median(client.on))} / off ${fmt(median(client.off))}, paired median difference ${fmt(median(client.diff))}; ` +
    `one scrape ${fmt(scrape)} (${(text.length / 1024).toFixed(1)} KB)`);
} finally {
  await on.app.close();
  await off.close();
}
