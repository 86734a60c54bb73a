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
 *
 * Every round runs each way of calling once, in an order shuffled per round (a fixed seed), each
 * after the event loop has settled: on this 2-vCPU machine a call is slower right after some calls
 * than after others, and a fixed order had charged that to one side by up to 2 ms. The paired
 * median (of each round's API − SQL) is shown beside the difference of the medians: the machine's
 * speed drifts by several milliseconds over seconds, and a pair is taken within one round.
 */
import { ok } from '../server/http/route.ts';
import type { BenchSession } from './api-session.ts';
import { startBareRoute, type BareAnswer } from './bare-route.ts';
import { fmt, median, profiled, seeded, settled, shuffled, verdict } from './lib.ts';
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
  const nodeHttp = startRemoteClient(s.address, s.token, 'node-http');

  async function measure(name: string, path: string, data: unknown, target: number) {
    const call = () => s.post(path, data);
    for (let i = 0; i < 10; i++) { await call(); await remote.time(path, data); await nodeHttp.time(path, data); }
    const queries = await s.capture(call);
    // The replay is whatever ran during the call: background work landing here would inflate "SQL".
    for (const q of queries) {
      const foreign = !own.test(q.sql);
      if (foreign || process.env.BENCH_VERBOSE) console.log(`    captured${foreign ? ' (not the call\'s own? check for background work)' : ''}: ${q.sql.replace(/\s+/g, ' ').slice(0, 120)}`);
    }
    // the API's own answer, byte for byte the size the bare server writes
    bare = { queries, text: JSON.stringify(ok(await call())) };
    // CPU time of this process (server, database driver and the client threads) per call: on a machine
    // shared with other jobs it moves far less than wall time, so it shows the app's own cost.
    const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const ways = {
      sql: async () => { const t = performance.now(); await s.replay(queries); return performance.now() - t; },
      api: () => remote.time(path, data),
      nodeHttp: () => nodeHttp.time(path, data),
      bare: () => bareRemote.time(path, data),
    };
    type Way = keyof typeof ways;
    const times: Record<Way, number[]> = { sql: [], api: [], nodeHttp: [], bare: [] };
    const cpuOf: Record<Way, number> = { sql: 0, api: 0, nodeHttp: 0, bare: 0 };
    const server: number[] = [];
    const random = seeded(20261121);
    for (let i = 0; i < RUNS; i++) {
      for (const way of shuffled(Object.keys(ways) as Way[], random)) {
        await settled();
        s.takeServerTimes();
        const c = cpu();
        times[way].push(await ways[way]());
        cpuOf[way] += cpu() - c;
        if (way === 'api') server.push(...s.takeServerTimes());
      }
    }
    const d = median(times.sql);
    const r = median(times.api);
    const b = median(times.bare);
    const h = median(times.nodeHttp);
    const paired = median(times.api.map((t, i) => t - times.sql[i]!));
    // BENCH_PROFILE=<dir>: a CPU profile of the server's thread during the API calls (the client runs in
    // its own thread; with PostgreSQL this is the app's own work).
    if (process.env.BENCH_PROFILE) {
      await profiled(name, async () => { for (let i = 0; i < RUNS; i++) await remote.time(path, data); });
      await profiled(`${name}-sql`, async () => { for (let i = 0; i < RUNS; i++) await s.replay(queries); });
    }
    console.log(`  ${name}: SQL ${fmt(d)} (${queries.length} queries) | API, client in its own thread ${fmt(r)} | overhead ${fmt(r - d)} (≤ 1.50 ms: ${verdict(r - d, 1.5)}), paired ${fmt(paired)}` +
      (options.pg ? ` | API ≤ ${target} ms: ${verdict(r, target)}` : ''));
    console.log(`    server-side (Fastify's elapsedTime, request received → response written): ${fmt(median(server))}, overhead ${fmt(median(server) - d)}; a bare route's round trip on this loopback: ${fmt(floor)}`);
    console.log(`    the same SQL behind a bare node:http route answering ${(Buffer.byteLength(bare.text) / 1024).toFixed(1)} KB: ${fmt(b)}, over the SQL ${fmt(b - d)}; ` +
      `the app's own share (API − bare route with the same SQL): ${fmt(r - b)}`);
    console.log(`    API through node:http's client: ${fmt(h)}, overhead ${fmt(h - d)}`);
    console.log(`    CPU per call in this process (server and client threads): API ${fmt(cpuOf.api / RUNS)}, SQL ${fmt(cpuOf.sql / RUNS)}, difference ${fmt((cpuOf.api - cpuOf.sql) / RUNS)}; ` +
      `bare route ${fmt(cpuOf.bare / RUNS)}, API through node:http's client ${fmt(cpuOf.nodeHttp / RUNS)}` +
      (!options.pg ? ' (PGlite runs the queries in this process too)' : ''));
  }
  return {
    measure,
    close: async () => { await remote.close(); await bareRemote.close(); await nodeHttp.close(); await bareRoute.close(); },
  };
}
