/**
 * A benchmark's view of the product: the real app on a real database, listening on loopback,
 * logged in as the demo admin (captcha solved from its table, as a person reads the image), with
 * the SQL each API call runs captured so it can be replayed directly for the "same SQL" baseline.
 */
import type { CompiledQuery, LogEvent } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../server/db/database.ts';
import { seed } from '../server/db/seed/index.ts';
import { encryptPassword } from '../tests/helpers/test-app.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { isPublishedPassword } from '../server/auth/published-passwords.ts';
import { postJson } from './lib.ts';

export interface BenchSession {
  handle: DatabaseHandle;
  app: FastifyInstance;
  address: string;
  token: string;
  post(path: string, data: unknown): Promise<any>;
  /** Runs `fn` and returns the queries it sent to the database, in order. */
  capture(fn: () => Promise<unknown>): Promise<CompiledQuery[]>;
  /** Replays captured queries directly (no HTTP, no app code). */
  replay(queries: CompiledQuery[]): Promise<void>;
  /** Server-side milliseconds of each API call since the last call of this (request received → response written). */
  takeServerTimes(): number[];
  close(): Promise<void>;
}

export async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; setCapture: (f: ((q: CompiledQuery) => void) | null) => void }> {
  let sink: ((q: CompiledQuery) => void) | null = null;
  const log = (event: LogEvent) => { if (sink && event.level === 'query') sink(event.query); };
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(url ? { databaseUrl: url, log } : { log });
  await migrateToLatest(handle.db);
  await seed(handle.db, { demo: true });
  return { handle, setCapture: (f) => { sink = f; } };
}

export async function startBenchSession(opened: Awaited<ReturnType<typeof openBenchDatabase>>, env: Record<string, string> = {}): Promise<BenchSession> {
  const { handle, setCapture } = opened;
  // The product's own logger as deployed, at BENCH_LOG_LEVEL (default warn: no line per request).
  const config = loadConfig({
    NODE_ENV: 'production', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', WEB_DIR: '/nonexistent',
    DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/cbec-bench-data', ...env,
  });
  const app = await buildApp({ config, db: handle.db, listen: handle.listen });
  // Fastify's own clock of each request: from its arrival to the response written, without the
  // loopback transfer and the client's work on either side.
  let serverTimes: number[] = [];
  app.addHook('onResponse', async (_request, reply) => { serverTimes.push(reply.elapsedTime); });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token, post } = await loginAs(address, handle, 'admin', 'Cbec@2026demo');
  return {
    handle, app, address, token, post,
    async capture(fn) {
      const queries: CompiledQuery[] = [];
      setCapture((q) => queries.push(q));
      try { await fn(); } finally { setCapture(null); }
      return queries;
    },
    takeServerTimes() {
      const taken = serverTimes;
      serverTimes = [];
      return taken;
    },
    async replay(queries) {
      for (const q of queries) await handle.db.executeQuery(q);
    },
    close: async () => { await app.close(); await handle.close(); },
  };
}

/** Logs in on a running bench server as `username` (captcha read from its table) and posts as them. */
/**
 * The benches run the server as deployed (NODE_ENV=production), where the README's published demo
 * passwords are refused (issue 27): a demo account is given a password of the bench's own first.
 */
export async function unpublishedPassword(handle: DatabaseHandle, username: string, password: string): Promise<string> {
  if (!isPublishedPassword(password)) return password;
  const own = `${password}-bench`;
  await handle.db.updateTable('users').set({ password_hash: await hashPassword(own) }).where('login_name', '=', username).execute();
  return own;
}

export async function loginAs(address: string, handle: DatabaseHandle, username: string, given: string): Promise<{ token: string; post: (path: string, data: unknown) => Promise<any> }> {
  const password = await unpublishedPassword(handle, username, given);
  const pem = (await postJson(address, '/api/auth/public_key', '{}')).data as string;
  const captchaId = `bench${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  await fetch(`${address}/api/enterprise/kaptcha/defaultKaptcha?captchaId=${captchaId}`);
  const { answer } = await handle.db.selectFrom('captchas').select('answer').where('captcha_id', '=', captchaId).executeTakeFirstOrThrow();
  const q = new URLSearchParams({ username, password: encryptPassword(pem, password), tag: username, captcha: answer, captchaId });
  const login = await postJson(address, `/api/auth/login?${q}`, '{"data":{}}');
  if (login.code !== 0) throw new Error(`bench login failed: ${login.message}`);
  const token = login.data.token as string;
  const post = async (path: string, data: unknown) => {
    const body = await postJson(address, path, JSON.stringify({ data }), { 'x-authorization': `Bearer ${token}` });
    if (body.code !== 0) throw new Error(`${path}: ${body.message}`);
    return body.data;
  };
  return { token, post };
}
