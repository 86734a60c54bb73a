// kill -9 of the server in the middle of a 500-bill batch declaration, then a restart on the same
// database: the job resumes, every bill is declared exactly once, and customs takes every message
// once (bills lost: 0, messages doubled: 0). A real server process (node server/server.ts), a
// real database (PGlite in a data dir, or a fresh PostgreSQL database when DATABASE_URL is set).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { openDatabase, pgliteDir, type DatabaseHandle } from '../../server/db/database.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { demo, encryptPassword } from '../helpers/test-app.ts';

const BILLS = 500;
const dataDir = mkdtempSync(join(tmpdir(), 'cbec-crash-'));
const pgUrl = process.env.DATABASE_URL;
const pgName = `cbec_test_crash_${randomBytes(4).toString('hex')}`;
let server: ChildProcess | undefined;

afterAll(async () => {
  server?.kill('SIGKILL');
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

async function startServer(port: number): Promise<ChildProcess> {
  const env: Record<string, string> = {
    ...process.env as Record<string, string>, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test',
    CAPTCHA: 'off', LOG_LEVEL: 'info', SIMULATOR_DELAY_MS: '0', WEB_DIR: '/nonexistent', CUSTOMS_POLL_MS: '200',
    // the job pauses between chunks, so the kill lands inside the batch and during deliveries
    BILL_JOB_PAUSE_MS: '150',
  };
  if (pgUrl) env.DATABASE_URL = withDatabase(pgUrl, pgName);
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/auth/public_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      .then((r) => r.ok, () => false);
    if (ok) return child;
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function client(port: number) {
  let token = '';
  const post = async (path: string, data: unknown) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-authorization': `Bearer ${token}` } : {}) },
      body: JSON.stringify({ data }),
    });
    return r.json() as Promise<{ code: number; message: string; data: any }>;
  };
  return {
    post,
    async login() {
      const pem = (await post('/api/auth/public_key', {})).data as string;
      const q = new URLSearchParams({ username: demo.admin.username, password: encryptPassword(pem, demo.admin.password), tag: 'admin' });
      const r = await post(`/api/auth/login?${q}`, {});
      if (r.code !== 0) throw new Error(r.message);
      token = r.data.token;
    },
  };
}

it(`loses no bill and doubles no message when the server is killed during a ${BILLS}-bill batch`, async () => {
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`create database ${pgName} template ${inject('templateDatabase')}`);
    await c.end();
  }
  const port = await freePort();
  server = await startServer(port);
  let api = client(port);
  await api.login();

  const line = { id: 'temp1', gnum: 1, itemNo: 'SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 };
  const ids: number[] = [];
  for (let i = 0; i < BILLS; i += 10) {
    const saved = await Promise.all(Array.from({ length: 10 }, (_, k) => api.post('/api/enterprise/expu/order/saveOrder', {
      orderNo: `CRASH-${String(i + k).padStart(4, '0')}`, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司',
      goodsValue: 100, freight: 0, details: [line],
    })));
    for (const s of saved) {
      expect(s.code, s.message).toBe(0);
      ids.push(s.data.id);
    }
  }

  const firstChunk = new Promise<void>((resolve) => {
    server!.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('bill job: chunk committed')) resolve(); });
  });
  const started = await api.post('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids });
  expect(started.code, started.message).toBe(0);
  const jobId = started.data.jobId as number;
  // kill -9 as soon as the server logs its first committed chunk, while the rest is still to do
  await firstChunk;
  server.kill('SIGKILL');
  await new Promise((r) => server!.once('exit', r));
  const doneAtKill = await withDatabase_(async (db) => {
    const job = await db.selectFrom('bill_jobs').select('cursor').where('id', '=', jobId).executeTakeFirstOrThrow();
    return job.cursor;
  });
  // the kill landed inside the batch (else the test proves less than it claims)
  expect(doneAtKill).toBeLessThan(BILLS);

  server = await startServer(port);
  api = client(port);
  await api.login();
  const deadline = Date.now() + 150_000;
  for (;;) {
    const job = (await api.post('/api/enterprise/bills/jobs/detail', { id: jobId })).data;
    const counts = (await api.post('/api/enterprise/expu/order/queryStateCount', { pageIndex: 0, pageSize: 10, sorts: [], terms: [] })).data as { state: string; count: number }[];
    const taken = counts.find((c) => c.state === '120')?.count ?? 0;
    if (job.state === 'done' && taken >= BILLS) break;
    if (Date.now() > deadline) throw new Error(`not settled: job ${JSON.stringify({ done: job.done, state: job.state })}, 120: ${taken}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const stopped = new Promise((r) => server!.once('exit', r));
  server.kill('SIGTERM');
  await stopped;
  server = undefined;

  await withDatabase_(async (db) => {
    const bills = await db.selectFrom('bill_heads').select(['id', 'state']).where('id', 'in', ids).execute();
    const messages = await db.selectFrom('customs_messages').select(['bill_id', 'attempts']).where('bill_id', 'in', ids).execute();
    const accepted = await db.selectFrom('customs_receipts').select(['bill_id']).where('bill_id', 'in', ids).where('return_status', '=', '2').execute();
    const perBill = (rows: { bill_id: number | null }[]) => {
      const m = new Map<number, number>();
      for (const r of rows) m.set(Number(r.bill_id), (m.get(Number(r.bill_id)) ?? 0) + 1);
      return m;
    };
    const messageCount = perBill(messages);
    const takenCount = perBill(accepted);
    const lost = bills.filter((b) => b.state !== '120').length + (BILLS - bills.length);
    const doubledMessages = [...messageCount.values()].filter((n) => n > 1).length;
    const doubledAtCustoms = [...takenCount.values()].filter((n) => n > 1).length;
    const redelivered = messages.filter((m) => m.attempts > 1).length;
    console.log(`crash test (${pgUrl ? 'PostgreSQL' : 'PGlite'}): killed after ${doneAtKill}/${BILLS} declared; `
      + `bills lost ${lost}, messages queued twice ${doubledMessages}, taken twice by customs ${doubledAtCustoms}, redelivered (deduplicated by guid) ${redelivered}`);
    expect(lost).toBe(0);
    expect(messageCount.size).toBe(BILLS);
    expect(doubledMessages).toBe(0);
    expect(doubledAtCustoms).toBe(0);
    const job = await db.selectFrom('bill_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect({ state: job.state, cursor: job.cursor, succeeded: job.succeeded }).toEqual({ state: 'done', cursor: BILLS, succeeded: BILLS });
  });
}, 300_000);

/** The server's database opened directly (the server is not running). */
async function withDatabase_<T>(fn: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
  const handle = await openDatabase(pgUrl ? { databaseUrl: withDatabase(pgUrl, pgName) } : { dataDir: pgliteDir(dataDir) });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}
