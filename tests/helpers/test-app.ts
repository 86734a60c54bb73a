import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, publicEncrypt, constants } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { BillDefinition } from '../../domain/bills/types.ts';
import pg from 'pg';
import type { LogEvent } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { seedDemoBills } from '../../server/db/seed/demo-bills.ts';
import { withDatabase } from './global-setup.ts';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  /** Moves the server's token clock (ms); lets a test expire an access token server-side. */
  advanceClock(ms: number): void;
  /** Base URL when started with listen: true. */
  url: string;
  /** The app's DATA_DIR (uploads, exports): a temp dir of its own, removed on close. */
  dataDir: string;
  /** PostgreSQL only: the URL of this app's database (a second app server may share it: sameDatabaseAs). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A fresh database cloned from the run's template, and an app on it. */
export async function openTestDatabase(log?: (event: LogEvent) => void): Promise<{ handle: DatabaseHandle; drop: () => Promise<void>; databaseUrl?: string }> {
  const url = process.env.DATABASE_URL;
  const template = inject('templateDatabase');
  if (url && template) {
    const name = `cbec_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const databaseUrl = withDatabase(url, name);
    const handle = await openDatabase({ databaseUrl, poolSize: 4, ...(log ? { log } : {}) });
    return {
      handle, databaseUrl,
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name}`);
        await c.end();
      },
    };
  }
  const dump = readFileSync(inject('templateDump'));
  const handle = await openDatabase({ loadDataDir: new Blob([dump]), ...(log ? { log } : {}) });
  return { handle, drop: async () => undefined };
}

/**
 * `sameDatabaseAs`: a second app server on the first one's PostgreSQL database (PGlite has one
 * session in one process: it cannot be shared); close it before the first.
 */
export async function createTestApp(options: { listen?: boolean; env?: Record<string, string>; sameDatabaseAs?: TestApp; log?: (event: LogEvent) => void } = {}): Promise<TestApp> {
  const shared = options.sameDatabaseAs?.databaseUrl;
  if (options.sameDatabaseAs && !shared) throw new Error('sameDatabaseAs needs PostgreSQL (DATABASE_URL)');
  const { handle, drop, databaseUrl } = shared
    ? { handle: await openDatabase({ databaseUrl: shared, poolSize: 4 }), drop: async () => undefined, databaseUrl: shared }
    : await openTestDatabase(options.log);
  // Never the repository's ./data: uploads and exports of a test go to a temp dir of its own.
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cbec-test-data-'));
  // the configuration says which database it is, as in production: on PostgreSQL the app never takes
  // itself for the database's only server (what a dead process left is another server's until stale)
  const config = loadConfig({
    NODE_ENV: 'test', CAPTCHA: 'off', RATE_LIMIT: 'off', LOG_LEVEL: 'silent', WEB_DIR: '/nonexistent', DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // CI's replica run: reads of the read-only screens on the standby's copy of this test database
    ...(databaseUrl && process.env.DATABASE_READ_URL ? { DATABASE_READ_URL: withDatabase(process.env.DATABASE_READ_URL, new URL(databaseUrl).pathname.slice(1)) } : {}),
    ...options.env,
  });
  let offset = 0;
  const app = await buildApp({ config, db: handle.db, listen: handle.listen, now: () => Date.now() + offset, logger: false, ...(handle.poolStats ? { poolStats: handle.poolStats } : {}) });
  let url = '';
  if (options.listen) url = await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  return {
    app, handle, config, url, dataDir, ...(databaseUrl ? { databaseUrl } : {}),
    advanceClock: (ms) => { offset += ms; },
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
      if (!options.env?.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test app with the demo enterprise's admin and the other enterprise's user logged in. */
export interface DemoSuite {
  t: TestApp;
  admin: LoginAnswer;
  other: LoginAnswer;
}

/**
 * createTestApp plus the two demo logins most API files start with; `seedBills` adds the demo bills a
 * first start seeds (server/start.ts; the test template holds the reference data only).
 */
export async function openDemoSuite(options: { env?: Record<string, string>; seedBills?: boolean } = {}): Promise<DemoSuite> {
  const t = await createTestApp(options.env ? { env: options.env } : {});
  const admin = await login(t.app, demo.admin.username, demo.admin.password);
  const other = await login(t.app, demo.other.username, demo.other.password);
  if (options.seedBills) await seedDemoBills(t.handle.db, admin.userInfo.companyId);
  return { t, admin, other };
}

/** Encrypts a password the way the console does (RSA-OAEP SHA-256, base64). */
export function encryptPassword(publicKeyPem: string, password: string): string {
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString('base64');
}

export interface LoginAnswer {
  token: string;
  refreshToken: string;
  userInfo: { companyCode: string | null; companyName: string; companyId: number; userType: string; account: string; username: string };
  modules: { id: number; parentId: number; uri: string; buttonVos: { code: string }[] }[];
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<LoginAnswer> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/public_key', payload: {} });
  const pem = res.json().data as string;
  const q = new URLSearchParams({ username, password: encryptPassword(pem, password), tag: 'admin' });
  const answer = await app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } });
  const body = answer.json();
  if (body.code !== 0) throw new Error(`login ${username} failed: ${answer.statusCode} ${body.message}`);
  return body.data as LoginAnswer;
}

export const demo = {
  admin: { username: 'admin', password: 'Cbec@2026demo' },
  user: { username: 'user@admin', password: 'Cbec@2026user' },
  other: { username: 'other', password: 'Cbec@2026other' },
} as const;

/** POST {data} with a bearer token through inject; returns status and the parsed envelope. */
export async function call(app: FastifyInstance, url: string, data: unknown, token?: string) {
  const res = await app.inject({
    method: 'POST', url,
    headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
    payload: data === undefined ? {} : { data },
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any }, headers: res.headers };
}

/**
 * Saves and declares a fixture bill through its saveAndApply route (the fixture's appTime is the
 * server's to set; lines get temp ids), lets customs answer, and answers the bill's id.
 */
export async function declareFixture(t: TestApp, token: string, d: BillDefinition, fixture: { head: Record<string, unknown>; lines: Record<string, unknown>[] }): Promise<number> {
  const { appTime: _appTime, ...head } = fixture.head;
  const details = fixture.lines.map((l, i) => ({ ...l, id: `temp${i + 1}` }));
  const r = await call(t.app, `/api/enterprise${d.api.saveAndApply}`, { ...head, ...(d.lines ? { details } : {}) }, token);
  expect(r.body, `${d.label} ${JSON.stringify(r.body)}`).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
  await t.app.customs.drain();
  return r.body.data.id as number;
}
