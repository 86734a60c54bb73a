/**
 * The API-over-SQL overhead of one list call, measured the same way by every list benchmark:
 * the call through HTTP from a client in its own thread (as a browser is its own process), the
 * very SQL it ran replayed directly, Fastify's own server-side time, the CPU of this process, and
 * the loopback floor (a bare route's round trip) beside them — all medians of one run.
 *
 * And the floor of the machine with the same SQL: a bare node:http server in this process that, per
 * request, replays the captured SQL and writes an answer of the API's size, called by the same kind
 * of client. What the API adds over that is the app's own share (Fastify, auth, query building,
 * mapping, JSON); the rest of "overhead" is this loopback and these threads waking each other.
 */
import { ok } from '../server/http/route.ts';
import type { BenchSession } from './api-session.ts';
import { startBareRoute, type BareAnswer } from './bare-route.ts';
import { fmt, median, profiled, verdict } from './lib.ts';
import { startRemoteClient } from './remote-client.ts';

export interface OverheadMeter {
  measure(name: string, path: string, data: unknown, target: number): Promise<void>;
  close(): Promise<void>;
}

export async function startOverheadMeter(s: BenchSession, options: { runs: number; pg: boolean; table?: string }): Promise<OverheadMeter> {
  const RUNS = options.runs;
  const own = new RegExp(`\\b${options.table ?? 'bill_heads'}\\b`);
  const remote = startRemoteClient(s.address, s.token);
  // The transport's own floor: an unauthenticated route that touches nothing, from the same client.
  const floorTimes: number[] = [];
  for (let i = 0; i < 20 + RUNS; i++) floorTimes.push(await remote.time('/api/auth/public_key', {}));
  const floor = median(floorTimes.slice(20));

  let bare: BareAnswer = { queries: [], text: '{"code":0}' };
  const bareRoute = await startBareRoute((queries) => s.replay(queries), () => bare);
  const bareRemote = startRemoteClient(bareRoute.address, s.token);

  async function measure(name: string, path: string, data: unknown, target: number) {
    const call = () => s.post(path, data);
    for (let i = 0; i < 10; i++) { await call(); await remote.time(path, data); }
    const queries = await s.capture(call);
    // The replay is whatever ran during the call: background work landing here would inflate "SQL".
    for (const q of queries) {
      const foreign = !own.test(q.sql);
      if (foreign || process.env.BENCH_VERBOSE) console.log(`    captured${foreign ? ' (not the call\'s own? check for background work)' : ''}: ${q.sql.replace(/\s+/g, ' ').slice(0, 120)}`);
    }
    const api: number[] = [];
    const apiRemote: number[] = [];
    const direct: number[] = [];
    // CPU time of this process (HTTP client, app, database driver) per call: on a machine shared
    // with other jobs it moves far less than wall time, so it shows the app's own cost.
    const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    let apiCpu = 0;
    let directCpu = 0;
    const server: number[] = [];
    // the API's own answer, byte for byte the size the bare server writes
    bare = { queries, text: JSON.stringify(ok(await call())) };
    const bareTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let c = cpu();
      let t = performance.now(); await call(); api.push(performance.now() - t);
      apiCpu += cpu() - c;
      c = cpu();
      t = performance.now(); await s.replay(queries); direct.push(performance.now() - t);
      directCpu += cpu() - c;
      s.takeServerTimes();
      apiRemote.push(await remote.time(path, data));
      server.push(...s.takeServerTimes());
      bareTimes.push(await bareRemote.time(path, data));
    }
    const a = median(api);
    const r = median(apiRemote);
    const d = median(direct);
    const b = median(bareTimes);
    // BENCH_PROFILE=<dir>: a CPU profile of the server's thread during the API calls (the client runs in
    // its own thread; with PostgreSQL this is the app's own work).
    if (process.env.BENCH_PROFILE) {
      await profiled(name, async () => { for (let i = 0; i < RUNS; i++) await remote.time(path, data); });
      await profiled(`${name}-sql`, async () => { for (let i = 0; i < RUNS; i++) await s.replay(queries); });
    }
    console.log(`  ${name}: SQL ${fmt(d)} (${queries.length} queries) | API, client in its own thread ${fmt(r)} | overhead ${fmt(r - d)} (≤ 1.50 ms: ${verdict(r - d, 1.5)})` +
      (options.pg ? ` | API ≤ ${target} ms: ${verdict(r, target)}` : ''));
    console.log(`    server-side (Fastify's elapsedTime, request received → response written): ${fmt(median(server))}, overhead ${fmt(median(server) - d)}; a bare route's round trip on this loopback: ${fmt(floor)}`);
    console.log(`    the same SQL behind a bare node:http route answering ${(Buffer.byteLength(bare.text) / 1024).toFixed(1)} KB: ${fmt(b)}, over the SQL ${fmt(b - d)}; ` +
      `the app's own share (API − bare route with the same SQL): ${fmt(r - b)}`);
    console.log(`    API, client in the server's own event loop: ${fmt(a)}, overhead ${fmt(a - d)}`);
    console.log(`    CPU per call in this process: API ${fmt(apiCpu / RUNS)}, SQL ${fmt(directCpu / RUNS)}, difference ${fmt((apiCpu - directCpu) / RUNS)}` +
      (!options.pg ? ' (PGlite runs the queries in this process too)' : ''));
  }
  return {
    measure,
    close: async () => { await remote.close(); await bareRemote.close(); await bareRoute.close(); },
  };
}
