// Issue 27 item 2 / issue 29 item 7, in process: a draining server answers every new request HTTP
// 503 in the Chinese envelope with the security headers (not Fastify's own 503 body), and an export
// the shutdown aborts answers a clear message and leaves no file. The whole SIGTERM sequence on a
// real server process: shutdown.test.ts.
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { shutdownText } from '../../domain/texts/shutdown.ts';
import { exportsDir } from '../../server/files/store.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

it('answers every new request 503 in the envelope, with the security headers, while draining', async () => {
  t.app.serverState.draining = true;
  try {
    for (const [method, url] of [['POST', '/api/auth/public_key'], ['POST', `/api/enterprise${exportOrder.api.pageList}`], ['GET', '/home'], ['POST', '/api/no/such/route']] as const) {
      const r = await t.app.inject({ method, url, headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${admin.token}` }, payload: method === 'POST' ? '{"data":{}}' : undefined });
      expect(r.statusCode, url).toBe(503);
      expect(r.json(), url).toEqual({ code: -1, message: shutdownText.draining, data: null });
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(String(r.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(r.headers.connection).toBe('close');
      expect(r.headers['retry-after']).toBe('5');
    }
  } finally {
    t.app.serverState.draining = false;
  }
  const after = await call(t.app, '/api/auth/public_key', {});
  expect(after.body.code).toBe(0);
});

it('an export the shutdown aborts answers 503 with a clear message and leaves no file', async () => {
  t.app.drain.abort();
  const r = await call(t.app, `/api/enterprise${exportOrder.api.export}`, {}, admin.token);
  expect(r.status).toBe(503);
  expect(r.body).toEqual({ code: -1, message: shutdownText.exportAborted, data: null });
  const left = existsSync(exportsDir(t.dataDir)) ? readdirSync(exportsDir(t.dataDir)) : [];
  expect(left).toEqual([]);
});
