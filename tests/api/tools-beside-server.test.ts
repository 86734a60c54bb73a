// Issue 27 item 5: `npm run create-operator` beside a running PGlite server printed 已创建平台审核账号
// and exited 0, but the server never saw the account and it was gone after the next restart. Now a
// command that would open the embedded database a server holds is refused, naming the server; a lock
// a killed process left is taken over; on PostgreSQL the command works beside the running server.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { pgliteDir } from '../../server/db/database.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { encryptPassword } from '../helpers/test-app.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-child.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cbec-tools-'));
const pgUrl = process.env.DATABASE_URL;
const pgName = `cbec_test_tools_${randomBytes(4).toString('hex')}`;
const PASSWORD = 'Shenhe#2026kq';
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`drop database if exists ${pgName} with (force)`);
    await c.end();
  }
});

function createOperator(login: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const full: Record<string, string> = { ...process.env as Record<string, string>, OPERATOR_PASSWORD: PASSWORD, ...env };
    if (!env.DATABASE_URL) delete full.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/create-operator.ts', login], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

async function loginThrough(port: number, username: string) {
  const post = (path: string) => fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{}}' })
    .then((r) => r.json() as Promise<{ code: number; message: string; data: any }>);
  const pem = (await post('/api/auth/public_key')).data as string;
  return post(`/api/auth/login?${new URLSearchParams({ username, password: encryptPassword(pem, PASSWORD), tag: 'admin' })}`);
}

it.skipIf(pgUrl)('PGlite: create-operator beside a running server is refused, naming the server; after it stops (or dies) it works', async () => {
  server = await startServerProcess({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: dataDir });
  const beside = await createOperator('shenhe2', { DATA_DIR: dataDir });
  expect(beside.code, beside.out).not.toBe(0);
  expect(beside.out).toContain(`进程 ${server.child.pid}`);
  expect(beside.out).toContain('server.ts');
  expect(beside.out).not.toContain('已创建');
  await server.stop();
  expect(existsSync(`${pgliteDir(dataDir)}.lock`), 'a clean stop releases the lock').toBe(false);

  // a lock a killed process left (its pid is gone) is taken over
  const dead = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => dead.on('exit', r));
  writeFileSync(`${pgliteDir(dataDir)}.lock`, JSON.stringify({ pid: dead.pid, command: 'server.ts', since: new Date().toISOString() }));
  const after = await createOperator('shenhe2', { DATA_DIR: dataDir });
  expect(after.code, after.out).toBe(0);

  server = await startServerProcess({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: dataDir });
  expect(await loginThrough(server.port, 'shenhe2')).toMatchObject({ code: 0 });
}, 240_000);

it.skipIf(!pgUrl)('PostgreSQL: create-operator beside a running server works, and the operator logs in through that server', async () => {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`create database ${pgName} template ${inject('templateDatabase')}`);
  await c.end();
  const env = { NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: dataDir, DATABASE_URL: withDatabase(pgUrl!, pgName) };
  server = await startServerProcess(env);
  const beside = await createOperator('shenhe2', env);
  expect(beside.code, beside.out).toBe(0);
  expect(await loginThrough(server.port, 'shenhe2')).toMatchObject({ code: 0 });
}, 120_000);
