/**
 * Issue 14, reproductions 7, 8 and 9: login does the same work for accounts that exist and ones that
 * do not; anonymous routes are rate-limited per IP in the database (captcha, registration, the rest)
 * with HTTP 429; expired captchas and rate-limit windows are purged, boundedly; a failed login locks
 * only its IP+account pair; every /api answer says Cache-Control: no-store.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authText } from '../../domain/texts/auth.ts';
import { serverText } from '../../domain/texts/server.ts';
import { PURGE_BATCH as CAPTCHA_PURGE_BATCH } from '../../server/auth/captcha.ts';
import { LIMITS, PURGE_BATCH as LOGIN_PURGE_BATCH } from '../../server/auth/login-limits.ts';
import { kdf } from '../../server/auth/passwords.ts';
import { PURGE_BATCH, RATE_LIMITS } from '../../server/http/rate-limit.ts';
import { call, createTestApp, demo, encryptPassword, login, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
});
afterAll(() => t.close());

function tryLogin(app: TestApp, username: string, password: string, ip = '127.0.0.1') {
  const q = new URLSearchParams({ username, password: encryptPassword(app.app.secrets.rsaPublicKeyPem, password), tag: 'admin' });
  return app.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} }, remoteAddress: ip });
}
const captcha = (app: TestApp, ip: string, id = `c${Math.random().toString(36).slice(2)}`) =>
  app.app.inject({ method: 'GET', url: `/api/enterprise/kaptcha/defaultKaptcha?captchaId=${id}`, remoteAddress: ip });

describe('login timing (reproduction 7)', () => {
  it('an unknown account runs the same scrypt as a known one with a wrong password', async () => {
    const spy = vi.spyOn(kdf, 'scrypt');
    try {
      expect((await tryLogin(t, 'nobody-at-all', 'Whatever@2026', '10.7.0.1')).json()).toMatchObject({ code: -1, message: authText.badCredentials });
      const unknown = spy.mock.calls.length;
      spy.mockClear();
      expect((await tryLogin(t, 'other', 'Whatever@2026', '10.7.0.1')).json()).toMatchObject({ code: -1, message: authText.badCredentials });
      const known = spy.mock.calls.length;
      expect(unknown).toBe(1);
      expect(known).toBe(1);
      // with the same parameters: the cost of the work, not only its count
      expect(spy.mock.calls[0]![3]).toEqual({ N: 16384, r: 8, p: 1 });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('lockout (reproduction 8)', () => {
  it('failing an account\'s login on purpose locks the one failing, not the account from another IP', async () => {
    const attacker = '10.8.0.66';
    for (let i = 0; i < LIMITS.pair.failures; i++) {
      expect((await tryLogin(t, demo.other.username, 'Bad@20260000', attacker)).json().message).toBe(authText.badCredentials);
    }
    // the attacker's address is locked for this account, even with the right password
    expect((await tryLogin(t, demo.other.username, demo.other.password, attacker)).json()).toMatchObject({ code: -1, message: authText.locked(15) });
    // the owner, elsewhere, logs in (after the account's slowdown, a second or so)
    const owner = await tryLogin(t, demo.other.username, demo.other.password, '10.8.0.7');
    expect(owner.json().code).toBe(0);
    // and the attacker's address is not locked for other accounts: a shared office is not locked out
    expect((await tryLogin(t, demo.admin.username, demo.admin.password, attacker)).json().code).toBe(0);
  }, 60_000);
});

describe('rate limits of anonymous routes (reproduction 8)', () => {
  it('captcha: HTTP 429 with the envelope once an IP has used its window; another IP is not affected', async () => {
    const ip = '10.9.0.1';
    const { hits } = RATE_LIMITS.captcha;
    for (let i = 0; i < hits; i++) expect((await captcha(t, ip)).statusCode).toBe(200);
    const refused = await captcha(t, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: -1, message: '操作过于频繁，请稍后再试', data: null });
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await captcha(t, '10.9.0.2')).statusCode).toBe(200);
    // no row was written for the refused call; the count lives in the database (every app server reads it)
    const written = await t.handle.db.selectFrom('captchas').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(written.n)).toBeLessThanOrEqual(hits + 1);
    const bucket = await t.handle.db.selectFrom('rate_limits').selectAll().where('bucket', '=', `captcha:${ip}`).executeTakeFirstOrThrow();
    expect(bucket.hits).toBe(hits + 1);
  });

  it('registration has its limit, and the other public routes share one', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < RATE_LIMITS.register.hits; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/third/user/registerForPc', payload: { data: {} }, remoteAddress: ip });
      expect(r.statusCode).toBe(200);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/third/user/registerForPc', payload: { data: {} }, remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(serverText.tooManyRequests);
    // the shared window of the same IP is another count (refresh still answers, with its own refusal)
    const refresh = () => t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', remoteAddress: ip });
    expect((await refresh()).json()).toMatchObject({ code: -1, message: authText.sessionEnded });
    await t.handle.db.updateTable('rate_limits').set({ hits: RATE_LIMITS.anonymous.hits }).where('bucket', '=', `anonymous:${ip}`).execute();
    expect((await refresh()).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, remoteAddress: ip })).statusCode).toBe(429);
  });

  it('the same limiter counts feedback per user (it needs a login here)', async () => {
    const user = await login(t.app, demo.user.username, demo.user.password);
    const admin = await login(t.app, demo.admin.username, demo.admin.password);
    const feedback = (token: string) => call(t.app, '/api/enterprise/feedback/save', { content: '希望支持批量导出' }, token);
    for (let i = 0; i < RATE_LIMITS.feedback.hits; i++) expect((await feedback(user.token)).body.code).toBe(0);
    const refused = await feedback(user.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: -1, message: serverText.tooManyRequests, data: null });
    expect((await feedback(admin.token)).body.code).toBe(0);
    const rows = await t.handle.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(RATE_LIMITS.feedback.hits + 1);
  });

  it('a window that has passed counts afresh', async () => {
    const ip = '10.9.2.1';
    await t.handle.db.insertInto('rate_limits').values({ bucket: `captcha:${ip}`, window_start: new Date(Date.now() - 61_000), hits: 10_000 }).execute();
    expect((await captcha(t, ip)).statusCode).toBe(200);
    const bucket = await t.handle.db.selectFrom('rate_limits').select('hits').where('bucket', '=', `captcha:${ip}`).executeTakeFirstOrThrow();
    expect(bucket.hits).toBe(1);
  });
});

describe('purges (reproduction 8)', () => {
  it('expired captchas go on the way, a bounded number a call', async () => {
    const t2 = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    try {
      const old = new Date(Date.now() - 60 * 60_000);
      const rows = Array.from({ length: CAPTCHA_PURGE_BATCH + 50 }, (_, i) => ({ captcha_id: `old${i}`, answer: 'abcd', expires_at: old, used_at: null }));
      await t2.handle.db.insertInto('captchas').values(rows).execute();
      const expired = async () => Number((await t2.handle.db.selectFrom('captchas').select((eb) => eb.fn.countAll<number>().as('n')).where('expires_at', '<', new Date()).executeTakeFirstOrThrow()).n);
      expect((await captcha(t2, '10.10.0.1')).statusCode).toBe(200);
      expect(await expired()).toBe(50);
      expect((await captcha(t2, '10.10.0.1')).statusCode).toBe(200);
      expect(await expired()).toBe(0);
    } finally {
      await t2.close();
    }
  });

  it('stale failure counts go on the way with the next failure, a bounded number; live locks stay', async () => {
    const t4 = await createTestApp();
    try {
      const old = new Date(Date.now() - 60 * 60_000);
      const rows = Array.from({ length: LOGIN_PURGE_BATCH + 20 }, (_, i) => ({ attempt_key: `pair:10.14.0.1|name${i}`, failures: 3, window_start: old, locked_until: null }));
      await t4.handle.db.insertInto('login_attempts').values([...rows, { attempt_key: 'pair:10.14.0.2|locked', failures: 5, window_start: old, locked_until: new Date(Date.now() + 60_000) }]).execute();
      expect((await tryLogin(t4, 'nobody-here', 'Whatever@2026', '10.14.0.3')).json().code).toBe(-1);
      const keys = (await t4.handle.db.selectFrom('login_attempts').select('attempt_key').execute()).map((r) => r.attempt_key);
      expect(keys.filter((k) => k.startsWith('pair:10.14.0.1|'))).toHaveLength(20);
      expect(keys).toContain('pair:10.14.0.2|locked');
      expect(keys).toEqual(expect.arrayContaining(['pair:10.14.0.3|nobody-here', 'account:nobody-here']));
    } finally {
      await t4.close();
    }
  });

  it('rate-limit windows long passed go on the way too, a bounded number at a time', async () => {
    const t3 = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    try {
      const old = new Date(Date.now() - 2 * 3600_000);
      const rows = Array.from({ length: PURGE_BATCH + 30 }, (_, i) => ({ bucket: `anonymous:10.11.${i >> 8}.${i & 255}`, window_start: old, hits: 3 }));
      await t3.handle.db.insertInto('rate_limits').values(rows).execute();
      expect((await t3.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, remoteAddress: '10.11.9.9' })).statusCode).toBe(200);
      const left = await t3.handle.db.selectFrom('rate_limits').select((eb) => eb.fn.countAll<number>().as('n')).where('window_start', '<', new Date(Date.now() - 3600_000)).executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(30);
    } finally {
      await t3.close();
    }
  });
});

describe('Cache-Control: no-store on every /api answer (reproduction 9)', () => {
  it('on the login\'s tokens, a refusal, a 401, a 404, a 400 and data', async () => {
    const ok = await tryLogin(t, demo.admin.username, demo.admin.password, '10.12.0.1');
    expect(ok.json().code).toBe(0);
    expect(ok.headers['cache-control']).toBe('no-store');
    const token = ok.json().data.token as string;
    const refused = await tryLogin(t, demo.admin.username, 'Wrong@2026xx', '10.12.0.1');
    expect(refused.json().code).toBe(-1);
    expect(refused.headers['cache-control']).toBe('no-store');
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/jwt_core/validate', payload: {} }),
      t.app.inject({ method: 'POST', url: '/api/no/such/route', payload: {} }),
      t.app.inject({ method: 'POST', url: '/api/jwt_core/validate', headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${token}` }, payload: '{bad json' }),
      t.app.inject({ method: 'POST', url: '/api/jwt_core/validate', headers: { 'x-authorization': `Bearer ${token}` }, payload: {} }),
      t.app.inject({ method: 'POST', url: '/api/enterprise/area/getProvinces', headers: { 'x-authorization': `Bearer ${token}` }, payload: {} }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 404, 400, 200, 200]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
  });
});

describe.runIf(process.env.DATABASE_URL)('the limiter on two app servers sharing one PostgreSQL database', () => {
  it('a second server is not a second chance', async () => {
    const second = await createTestApp({ env: { RATE_LIMIT: 'on' }, sameDatabaseAs: t });
    try {
      const ip = '10.13.0.1';
      const { hits } = RATE_LIMITS.captcha;
      for (let i = 0; i < hits; i++) expect((await captcha(i % 2 ? second : t, ip)).statusCode).toBe(200);
      expect((await captcha(second, ip)).statusCode).toBe(429);
      expect((await captcha(t, ip)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
