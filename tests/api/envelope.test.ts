import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverText } from '../../domain/texts/server.ts';
import { compilePendingValidators } from '../../server/http/lazy-validation.ts';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, demo.admin.username, demo.admin.password)).token;
});
afterAll(() => t.close());

const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-authorization': `Bearer ${token}`, 'content-type': 'application/json', ...headers } });

describe('envelope and bad input', () => {
  it('compiles every route schema (validators compile lazily, on first use, in production)', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false }).split('\n').filter((l) => l.includes('/api/')).length;
    expect(routes).toBeGreaterThan(200);
    expect(compilePendingValidators()).toBeGreaterThan(200);
    expect(compilePendingValidators()).toBe(0);
  });

  it('answers malformed JSON with 400 and a Chinese message', async () => {
    const r = await post('/api/dictionary/item/queryByCode', '{"data": {"dicCode": ');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: -1, message: serverText.badJson });
  });

  it('answers a body without data', async () => {
    const r = await post('/api/dictionary/item/queryByCode', { dicCode: 'currency' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: -1, message: serverText.missingData });
  });

  it('answers wrong types and over-length strings with field errors naming the Chinese label', async () => {
    const long = await post('/api/enterprise/state/list', { data: { mode: '出口出口出口出口出口出口', billType: 'ExpuOrderState' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('业务模式长度不能超过10个字符');
    expect(long.json().data.errors[0]).toMatchObject({ field: 'mode' });
    const wrong = await post('/api/enterprise/state/list', { data: { mode: { x: 1 }, billType: 'ExpuOrderState' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('业务模式格式不正确');
  });

  it('answers an oversized body with 413', async () => {
    const r = await post('/api/dictionary/item/queryByCode', { data: { dicCode: 'x'.repeat(3 * 1024 * 1024) } });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({ code: -1, message: serverText.bodyTooLarge });
  });

  it('answers an unknown API path with 404 and the path, never the SPA', async () => {
    const r = await post('/api/enterprise/nope', { data: {} });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(`${serverText.notFound} /api/enterprise/nope`);
  });

  it('answers a non-JSON content type with 415', async () => {
    const r = await post('/api/dictionary/item/queryByCode', 'dicCode=currency', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(r.statusCode).toBe(415);
    expect(r.json().code).toBe(-1);
  });

  it('sets security headers with a Content-Security-Policy', async () => {
    const r = await post('/api/dictionary/item/queryByCode', { data: { dicCode: 'currency' } });
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBeDefined();
  });

  it('serves OpenAPI for every API route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/auth/login', '/api/auth/refresh_token', '/api/dictionary/item/queryByCode', '/api/enterprise/state/list', '/api/jwt_core/validate', '/api/enterprise/user/updatePasswprd']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/');
  });
});

describe('shared calls', () => {
  it('answers dictionaries from the real code tables', async () => {
    const currency = await call(t.app, '/api/dictionary/item/queryByCode', { dicCode: 'currency' }, token);
    expect(currency.body.code).toBe(0);
    expect(currency.body.data).toContainEqual({ value: '142', name: '人民币' });
    for (const dicCode of ['declare_port', 'apply_type', 'unit', 'country', 'bank_code', 'economic_zone', 'economic_type', 'biz_type', 'org_type', 'id_type', 'trade_mode', 'traf_mode', 'wrap_type', 'port']) {
      const r = await call(t.app, '/api/dictionary/item/queryByCode', { dicCode }, token);
      expect(r.body.data.length, dicCode).toBeGreaterThan(0);
    }
    const unknown = await call(t.app, '/api/dictionary/item/queryByCode', { dicCode: 'no_such_dict' }, token);
    expect(unknown.body).toMatchObject({ code: 0, data: [] });
  });

  it('answers the state dictionary of a bill type', async () => {
    const r = await call(t.app, '/api/enterprise/state/list', { mode: 'EXPU', billType: 'ExpuOrderState' }, token);
    expect(r.body.code).toBe(0);
    expect(r.body.data.length).toBeGreaterThan(3);
    expect(r.body.data[0]).toEqual({ state: expect.any(String), stateName: expect.any(String) });
  });

  it('requires login for dictionaries', async () => {
    expect((await call(t.app, '/api/dictionary/item/queryByCode', { dicCode: 'currency' })).status).toBe(401);
  });
});
