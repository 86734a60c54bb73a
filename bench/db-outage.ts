/**
 * Issue 27, "done when": two app servers on one PostgreSQL, 4 writers (each retrying a refused save
 * with the same order number, as a user would) and a bulk-declare job; PostgreSQL stopped
 * (`pg_ctl stop -m fast`) for OUTAGE_S seconds, CYCLES times in a row. Reports the servers alive,
 * bills lost (acknowledged, then missing) and doubled (one order number saved twice), the job's
 * bills declared other than once, the share of calls made during an outage that were answered 503
 * in the envelope, and the seconds from each restart to each server's first 200.
 *
 *   node --import tsx bench/db-outage.ts         (needs the PostgreSQL binaries; uses its own cluster)
 *   OUTAGE_S=10 CYCLES=3 JOB_BILLS=300 …
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { operationsText } from '../domain/texts/operations.ts';
import { median } from './lib.ts';
import { freePort, postgresBinaries, startOwnCluster } from '../tests/helpers/own-cluster.ts';
import { apiClient, orderOf, startServerProcess, type ServerProcess } from '../tests/helpers/server-process.ts';

const OUTAGE_S = Number(process.env.OUTAGE_S ?? 10);
const CYCLES = Number(process.env.CYCLES ?? 3);
const UP_S = Number(process.env.UP_S ?? 5);
const JOB_BILLS = Number(process.env.JOB_BILLS ?? 300);
const WRITERS = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!postgresBinaries()) {
  console.log('db-outage: skipped (no PostgreSQL binaries; set PG_BIN)');
  process.exit(0);
}

const cluster = await startOwnCluster();
const dataDir = mkdtempSync(join(tmpdir(), 'cbec-outage-bench-'));
const servers: ServerProcess[] = [];
let exitCode = 0;
try {
  const env = { DATABASE_URL: cluster.url, DATA_DIR: dataDir, CUSTOMS_POLL_MS: '200', BILL_JOB_PAUSE_MS: '200', LOG_LEVEL: 'warn' };
  // the first migrates and seeds; the second starts on the finished database
  servers.push(await startServerProcess(await freePort(), env));
  servers.push(await startServerProcess(await freePort(), env));
  console.log(`db-outage: 2 servers on ${cluster.url}; ${WRITERS} writers, a ${JOB_BILLS}-bill job; ${CYCLES} × ${OUTAGE_S} s outage; load ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`);

  const seeder = apiClient(servers[0]!.port);
  await seeder.login();
  const jobIds: number[] = [];
  for (let i = 0; i < JOB_BILLS; i += 20) {
    const saved = await Promise.all(Array.from({ length: Math.min(20, JOB_BILLS - i) }, (_, k) => seeder.post('/api/enterprise/expu/order/saveOrder', orderOf(`JOB-${i + k}`))));
    for (const s of saved) { if (s.body?.code !== 0) throw new Error(`seed: ${s.body?.message}`); jobIds.push(s.body.data.id); }
  }
  const job = await seeder.post('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids: jobIds });
  if (job.body?.code !== 0) throw new Error(`job: ${job.body?.message}`);
  const jobId = job.body.data.jobId as number;

  // 'down': made after the stop finished and before the start began; 'starting': while pg_ctl start waits
  // (the database may already answer)
  type Phase = 'up' | 'down' | 'starting' | 'back';
  let phase: Phase = 'up';
  let cycle = 0;
  let writing = true;
  const acknowledged = new Set<string>();
  const calls: { phase: Phase; cycle: number; server: number; status: number; envelope: boolean; ms: number; at: number; message: string }[] = [];
  const writers = Array.from({ length: WRITERS }, async (_, w) => {
    const s = w % 2;
    const c = apiClient(servers[s]!.port);
    await c.login();
    let n = 0;
    while (writing) {
      const orderNo = `W${w}-${n++}`;
      // a refused save is tried again with the same number until it is taken
      for (;;) {
        const asked = phase;
        const askedCycle = cycle;
        const a = await c.post('/api/enterprise/expu/order/saveOrder', orderOf(orderNo));
        const envelope = a.body?.code === -1 && a.body?.message === operationsText.databaseUnavailable;
        calls.push({ phase: asked, cycle: askedCycle, server: s, status: a.status, envelope, ms: a.ms, at: performance.now(), message: a.body?.message ?? '' });
        if (a.status === 200 && a.body?.code === 0) { acknowledged.add(orderNo); break; }
        if (a.status === 200 && /已存在|重复/.test(a.body?.message ?? '')) { acknowledged.add(orderNo); break; }
        if (!writing) break;
        await sleep(100);
      }
    }
  });

  const firstOk: number[][] = [];
  for (cycle = 1; cycle <= CYCLES; cycle++) {
    phase = 'up';
    await sleep(UP_S * 1000);
    await cluster.stop();
    phase = 'down';
    await sleep(OUTAGE_S * 1000);
    phase = 'starting';
    await cluster.start();
    phase = 'back';
    const backAt = performance.now();
    const seen: number[] = [];
    for (const s of [0, 1]) {
      for (;;) {
        const ok = calls.find((c) => c.cycle === cycle && c.phase === 'back' && c.server === s && c.status === 200);
        if (ok) { seen[s] = (ok.at - backAt) / 1000; break; }
        if (performance.now() - backAt > 60_000) { seen[s] = Number.POSITIVE_INFINITY; break; }
        await sleep(20);
      }
    }
    firstOk.push(seen);
    const alive = servers.map((s) => s.alive());
    console.log(`  cycle ${cycle}: servers alive ${alive.filter(Boolean).length}/2; first 200 after the restart ${seen.map((x) => `${x.toFixed(2)} s`).join(' / ')}`);
  }
  phase = 'up';
  await sleep(2000);
  writing = false;
  await Promise.all(writers);

  // the job to its end (it paused with the database)
  const deadline = Date.now() + 180_000;
  let jobState = '';
  while (Date.now() < deadline) {
    const d = await seeder.post('/api/enterprise/bills/jobs/detail', { id: jobId });
    jobState = d.body?.data?.state ?? '';
    if (jobState === 'done' || jobState === 'failed') break;
    await sleep(500);
  }

  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const rows = (await db.query<{ order_no: string; n: number }>(`select order_no, count(*)::int as n from bill_heads where order_no like 'W%' group by order_no`)).rows;
  const counts = new Map(rows.map((r) => [r.order_no, r.n]));
  const messages = (await db.query<{ bill_id: string; n: number }>('select bill_id, count(*)::int as n from customs_messages where bill_id = any($1) group by bill_id', [jobIds])).rows;
  await db.end();
  const lost = [...acknowledged].filter((o) => !counts.has(o)).length;
  const doubled = [...counts.values()].filter((n) => n > 1).length;
  const jobOnce = messages.filter((m) => m.n === 1).length;
  const jobTwice = messages.filter((m) => m.n > 1).length;

  const during = calls.filter((c) => c.phase === 'down');
  const envelope503 = during.filter((c) => c.status === 503 && c.envelope);
  const slow = during.filter((c) => c.ms >= 1000).length;
  const fiveHundreds = calls.filter((c) => c.status === 500 || c.status === 0).length;
  const alive = servers.filter((s) => s.alive()).length;
  const worstBack = Math.max(...firstOk.flat());
  console.log(`  servers alive: ${alive}/2`);
  console.log(`  saves acknowledged ${acknowledged.size}; bills lost ${lost}, doubled ${doubled}`);
  console.log(`  job: ${jobState}; bills declared once ${jobOnce}/${JOB_BILLS}, more than once ${jobTwice}`);
  console.log(`  calls during the outages: ${during.length}, answered 503 in the envelope ${envelope503.length} (${(100 * envelope503.length / Math.max(1, during.length)).toFixed(1)} %), ≥ 1 s ${slow}; p50 ${median(during.map((c) => c.ms)).toFixed(0)} ms, max ${Math.max(...during.map((c) => c.ms)).toFixed(0)} ms`);
  const other = new Map<string, number>();
  for (const c of during) if (!(c.status === 503 && c.envelope)) other.set(`${c.status} ${c.message}`, (other.get(`${c.status} ${c.message}`) ?? 0) + 1);
  if (other.size) console.log(`  other answers during the outages: ${[...other].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  console.log(`  HTTP 500 or no answer at any time: ${fiveHundreds}`);
  const upSaves = calls.filter((c) => c.phase === 'up' && c.status === 200).map((c) => c.ms);
  console.log(`  a save while the database is up (for scale): p50 ${median(upSaves).toFixed(0)} ms, max ${Math.max(...upSaves).toFixed(0)} ms`);
  console.log(`  first 200 after a restart: worst ${worstBack.toFixed(2)} s (target < 5 s)`);
  const ok = alive === 2 && lost === 0 && doubled === 0 && jobTwice === 0 && envelope503.length === during.length && worstBack < 5 && fiveHundreds === 0;
  console.log(`db-outage: ${ok ? 'OK' : 'NOT MET'}; load ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim()}`);
  if (!ok) exitCode = 1;
} finally {
  for (const s of servers) await s.kill();
  cluster.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

