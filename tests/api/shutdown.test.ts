// Issue 27 item 2, the graceful shutdown: SIGTERM to a real server process (node server/server.ts)
// with an Excel export in flight (larger than the grace period allows), a bulk declaration job
// between its chunks, declarations in the outbox and a live-event stream open. It must: answer
// every new request 503 in the envelope with the security headers, end the stream, abort the
// export and remove its file, stop the job and hand back its lease, leave no message mid-send and
// no worker heartbeat row, close the database and exit 0 within SHUTDOWN_GRACE_MS. PGlite (a data
// dir) or PostgreSQL (a fresh database when DATABASE_URL is set; there a second server takes the
// job over at once). Run alone, like the crash test: its timings assume a machine not running the
// rest of the API suite beside it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { shutdownText } from '../../domain/texts/shutdown.ts';
import { openDatabase, pgliteDir, type DatabaseHandle } from '../../server/db/database.ts';
import { demoCompanies } from '../../server/db/seed/demo.ts';
import { ORPHAN_AFTER_MS } from '../../server/bills/jobs.ts';
import { exportsDir } from '../../server/files/store.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { openSse } from '../helpers/sse.ts';
import { demo, encryptPassword } from '../helpers/test-app.ts';

const GRACE_MS = 8000;
/** orders the export writes: seconds of work, in flight when the signal comes (whether it ends within the grace period depends on the machine's load) */
const EXPORT_ROWS = Number(process.env.SHUTDOWN_TEST_ROWS ?? (process.env.DATABASE_URL ? 30_000 : 5000));
const JOB_BILLS = 150;
const dataDir = mkdtempSync(join(tmpdir(), 'cbec-shutdown-'));
const pgUrl = process.env.DATABASE_URL;
const pgName = `cbec_test_shutdown_${randomBytes(4).toString('hex')}`;
const servers: ChildProcess[] = [];

afterAll(async () => {
  for (const s of servers) if (s.exitCode === null) s.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`drop database if exists ${pgName} with (force)`);
    await c.end();
  }
});

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

interface Running { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> }

async function startServer(): Promise<Running> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...process.env as Record<string, string>, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test',
    CAPTCHA: 'off', RATE_LIMIT: 'off', LOG_LEVEL: 'info', SIMULATOR_DELAY_MS: '0', WEB_DIR: '/nonexistent', CUSTOMS_POLL_MS: '100',
    // the job waits between its chunks: SIGTERM lands inside it
    BILL_JOB_PAUSE_MS: '2000',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
  };
  if (pgUrl) env.DATABASE_URL = withDatabase(pgUrl, pgName);
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  servers.push(child);
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/auth/public_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      .then((r) => r.ok, () => false);
    if (ok) return { child, port, output: () => output, exited };
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function login(port: number) {
  const post = (path: string, data: unknown, token = '') => fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-authorization': `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data }),
  });
  const pem = (await (await post('/api/auth/public_key', {})).json()).data as string;
  const q = new URLSearchParams({ username: demo.admin.username, password: encryptPassword(pem, demo.admin.password), tag: 'admin' });
  const r = await (await post(`/api/auth/login?${q}`, {})).json();
  if (r.code !== 0) throw new Error(r.message);
  const token = r.data.token as string;
  return {
    token,
    post: (path: string, data: unknown) => post(path, data, token),
    json: async (path: string, data: unknown) => (await post(path, data, token)).json() as Promise<{ code: number; message: string; data: any }>,
  };
}

/** The server's database opened directly (no server holds it, or PostgreSQL). */
async function withDb<T>(fn: (db: DatabaseHandle['db']) => Promise<T>, template?: Blob): Promise<T> {
  const handle = await openDatabase(pgUrl ? { databaseUrl: withDatabase(pgUrl, pgName) } : { dataDir: pgliteDir(dataDir), loadDataDir: template });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/** The demo company with EXPORT_ROWS orders more, written before any server starts. */
async function prepare() {
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`create database ${pgName} template ${inject('templateDatabase')}`);
    await c.end();
  }
  // PGlite: the run's migrated and seeded template, unpacked into the server's data dir
  const template = pgUrl ? undefined : new Blob([readFileSync(inject('templateDump'))]);
  await withDb(async (db) => {
    const company = await db.selectFrom('companies').select('id').where('company_code', '=', demoCompanies[0].company_code).executeTakeFirstOrThrow();
    await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebp_name, ebc_code, ebc_name, app_type, data)
      select ${company.id}, 'order', 'export', 'UNKNOWN', 'BIG' || lpad(g::text, 7, '0'), '3302960001', '宁波跨境优选电商平台',
             '3302961A2B', '宁波跨境优选供应链管理有限公司', '1', jsonb_build_object('orderType', 'E', 'goodsValue', g % 13, 'currency', '142')
      from generate_series(1, ${EXPORT_ROWS}) g`.execute(db);
  }, template);
}

const line = { gnum: 1, itemNo: 'SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 };

const t0 = Date.now();
const phase = (what: string) => { if (process.env.SHUTDOWN_TEST_TRACE) console.log(`${Date.now() - t0} ms: ${what}`); };

it('SIGTERM drains: 503 envelope, stream ended, export finished or aborted, job handed back, outbox settled, exit 0', async () => {
  await prepare();
  phase('prepared');
  const a = await startServer();
  // PostgreSQL: a second server beside it, which must take the job over at once
  const b = pgUrl ? await startServer() : undefined;
  phase('started');
  const api = await login(a.port);

  const bills = Array.from({ length: JOB_BILLS }, (_, i) => ({
    orderNo: `STOP-${String(i).padStart(4, '0')}`, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司',
    goodsValue: 100, freight: 0, lines: [line],
  }));
  const saved = await api.json('/api/enterprise/bills/export/order/saveBatch', { bills });
  expect(saved.code, saved.message).toBe(0);
  expect(saved.data.succeeded).toBe(JOB_BILLS);
  const ids = (saved.data.bills as { id: number }[]).map((b) => b.id);
  phase('saved');
  const stream = await openSse(`http://127.0.0.1:${a.port}/api/events`, { 'x-authorization': `Bearer ${api.token}` });
  expect(stream.status).toBe(200);

  const firstChunk = new Promise<void>((resolve) => {
    a.child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('bill job: chunk committed')) resolve(); });
  });
  const started = await api.json('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids });
  expect(started.code, started.message).toBe(0);
  const jobId = started.data.jobId as number;
  await firstChunk;
  phase('first chunk');

  // the export of every BIG order, in flight when the signal comes
  const exporting = api.post(`/api/enterprise${exportOrder.api.export}`, { terms: [{ column: 'order_no', termType: 'like', value: 'BIG' }] })
    .then(async (r) => ({ status: r.status, body: await r.json() as { code: number; message: string } }), (e: Error) => ({ status: 0, body: { code: 0, message: e.message } }));
  await new Promise((r) => setTimeout(r, 500));

  phase('export sent');
  const heard = new Promise<void>((resolve) => {
    a.child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('shutting down')) resolve(); });
  });
  const signalled = Date.now();
  a.child.kill('SIGTERM');
  await heard;
  phase('signal heard');

  // a new request during the drain: 503 in the envelope, with the security headers
  const during = await fetch(`http://127.0.0.1:${a.port}/api/auth/public_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    .then(async (r) => ({ status: r.status, headers: r.headers, body: await r.json() }), (e: Error) => ({ status: 0, headers: new Headers(), body: e.message }));
  expect(during.status, `${JSON.stringify(during.body)} ${a.output().slice(-2000)}`).toBe(503);
  expect(during.body).toEqual({ code: -1, message: shutdownText.draining, data: null });
  expect(during.headers.get('x-content-type-options')).toBe('nosniff');
  expect(during.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(during.headers.get('cache-control')).toBe('no-store');

  // the live stream was ended (the browser reconnects elsewhere), long before the grace period ends
  const streamEnded = await Promise.race([stream.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 2000))]);
  stream.close();
  expect(streamEnded).toBe(true);

  phase('drain checked');
  const code = await Promise.race([a.exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), GRACE_MS + 6000))]);
  const took = Date.now() - signalled;
  expect(code, a.output().slice(-3000)).toBe(0);
  // Exit code 0 says the drain ended by itself, not by its forced exit (code 1). The bound is loose: on
  // a machine at load 20+ the server's timers fire seconds late (13.5 s measured for an 8 s grace);
  // at ordinary load it exits within the grace period (docs/decisions/graceful-shutdown.md).
  expect(took, a.output().slice(-3000)).toBeLessThanOrEqual(2 * GRACE_MS);

  // the export either ended within the grace period, its file complete, or was aborted with a clear
  // answer and left no file (server/bills/export-abort.test.ts aborts one for certain)
  const exported = await exporting;
  const left = existsSync(exportsDir(dataDir)) ? readdirSync(exportsDir(dataDir)) : [];
  if (exported.status === 503) {
    expect(exported.body.message).toBe(shutdownText.exportAborted);
    expect(left).toEqual([]);
  } else {
    expect(exported.body.code, exported.body.message).toBe(0);
    expect(left).toHaveLength(1);
  }
  // where a's job stood when a stopped (its last committed chunk)
  const aCursor = Math.max(...[...a.output().matchAll(/"done":(\d+),"total":\d+,"msg":"bill job: chunk committed"/g)].map((m) => Number(m[1])));
  const after = await withDb(async (db) => {
    // 'sending' under no beating worker: left mid-send by a (server b's own sends in progress are its)
    const orphans = await db.selectFrom('customs_messages').select('id').where('status', '=', 'sending')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('outbox_workers').select('id').whereRef('outbox_workers.id', '=', 'customs_messages.claimed_by'))))
      .execute();
    const workers = await db.selectFrom('outbox_workers').select('id').execute();
    const job = await db.selectFrom('bill_jobs').select(['state', 'cursor', sql<number>`extract(epoch from now() - updated_at)`.as('idle')])
      .where('id', '=', jobId).executeTakeFirstOrThrow();
    return { orphans: orphans.length, workers: workers.length, job };
  });
  console.log(`shutdown test (${pgUrl ? 'PostgreSQL' : 'PGlite'}): exit ${code} after ${took} ms (grace ${GRACE_MS} ms); `
    + `export ${exported.status === 503 ? 'aborted' : 'finished'}; job stopped at ${aCursor}/${JOB_BILLS}, now ${after.job.cursor} (${after.job.state}); `
    + `${after.orphans} messages left mid-send; ${after.workers} heartbeat rows (server b's: ${b ? 1 : 0})`);
  expect(after.orphans).toBe(0);
  // a's heartbeat row is gone (server b still beats)
  expect(after.workers).toBe(b ? 1 : 0);
  // the job was stopped mid-job, at a chunk boundary
  expect(aCursor % 50).toBe(0);
  expect(aCursor).toBeLessThan(JOB_BILLS);

  if (!b) {
    // its lease handed back: the next start (or any server's sweep) takes it at once
    expect(after.job).toMatchObject({ state: 'running', cursor: aCursor });
    expect(Number(after.job.idle)).toBeGreaterThan(ORPHAN_AFTER_MS / 1000);
  } else {
    // server b's next sweep (every 5 s) took the job over and ran it on, not ORPHAN_AFTER_MS later
    const other = await login(b.port);
    const deadline = Date.now() + 8000;
    let job = (await other.json('/api/enterprise/bills/jobs/detail', { id: jobId })).data as { done: number; state: string };
    while (job.done === aCursor && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      job = (await other.json('/api/enterprise/bills/jobs/detail', { id: jobId })).data;
    }
    expect(job.done).toBeGreaterThan(aCursor);
    expect(b.output()).toContain('taken over from a stopped server');
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }
}, 240_000);
