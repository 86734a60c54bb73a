/**
 * Issue 17 part 3: API keys. The main account makes a key (secret answered once, stored as its
 * SHA-256), a machine client calls the console's own endpoints with X-Api-Key within the key's
 * grants; disabled, deleted or expired keys answer 401 on the next call; calls are counted per key
 * (HTTP 429 with the envelope); the OpenAPI document marks the routes a key may call.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportReceipt } from '../../domain/bills/export-receipt.ts';
import { PAGE_GRANT } from '../../domain/grants.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import { serverText } from '../../domain/texts/server.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

const idOf = (uri: string) => moduleSeeds.find((m) => m.uri === uri)!.id;
const orderGrants = [
  { moduleId: idOf('/bill/export/order'), code: PAGE_GRANT },
  { moduleId: idOf('/bill/export/order'), code: 'save' },
  { moduleId: idOf('/bill/export/order'), code: 'declare' },
];
const listPath = `/api/enterprise${exportOrder.api.pageList}`;

async function keyCall(t: TestApp, url: string, data: unknown, secret: string) {
  const res = await t.app.inject({ method: 'POST', url, headers: { 'x-api-key': secret }, payload: { data } });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any }, headers: res.headers };
}

describe('API keys', () => {
  let t: TestApp;
  let admin: LoginAnswer;
  let user: LoginAnswer;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, demo.admin.username, demo.admin.password);
    user = await login(t.app, demo.user.username, demo.user.password);
  }, 120_000);
  afterAll(() => t?.close());

  const make = (data: unknown, token = admin.token) => call(t.app, '/api/enterprise/apiKey/save', data, token);

  it('answers the secret once and stores only its SHA-256', async () => {
    const made = await make({ name: 'ERP 正式', grants: orderGrants });
    expect(made.body).toMatchObject({ code: 0, data: { id: expect.any(Number), secret: expect.stringMatching(/^cbk_[A-Za-z0-9_-]{43}$/) } });
    const row = await t.handle.db.selectFrom('api_keys').selectAll().where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(made.body.data.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.body.data.secret);
    const list = (await call(t.app, '/api/enterprise/apiKey/pageList', {}, admin.token)).body.data;
    expect(JSON.stringify(list)).not.toContain(made.body.data.secret);
    expect(list.datas[0]).toMatchObject({ name: 'ERP 正式', state: 'EFFECTIVE', lastUsedAt: null, secretPrefix: made.body.data.secret.slice(0, 12) });
  });

  it('refuses a key without a name or grants, an expiry in the past, and a sub-account making keys', async () => {
    expect((await make({ name: ' ', grants: orderGrants })).body).toMatchObject({ code: -1, message: '请输入密钥名称' });
    expect((await make({ name: 'x', grants: [] })).body).toMatchObject({ code: -1, message: '请至少选择一项可用功能' });
    expect((await make({ name: 'x', grants: orderGrants, expiresAt: '2020-01-01' })).body).toMatchObject({ code: -1, message: '有效期须晚于当前时间' });
    const bySub = await make({ name: 'x', grants: orderGrants }, user.token);
    expect(bySub.body.code).toBe(-1);
    expect(bySub.body.message).toContain('权限');
  });

  it('acts within its grants, as its company, and records its last use', async () => {
    const { secret } = (await make({ name: 'WMS', grants: orderGrants })).body.data;
    const list = await keyCall(t, listPath, { pageIndex: 0, pageSize: 5 }, secret);
    expect(list.body.code).toBe(0);
    for (const [url, data] of [
      ['/api/enterprise/company/generateAuthCode', {}],
      [`/api/enterprise${exportReceipt.api.pageList}`, {}],
      ['/api/enterprise/user/pageList', {}],
      ['/api/enterprise/apiKey/save', { name: 'y', grants: orderGrants }],
      ['/api/enterprise/user/function/findUserFunctions', {}],
    ] as const) {
      const refused = await keyCall(t, url, data, secret);
      expect(refused.body.code, url).toBe(-1);
      expect(refused.body.message, url).toContain('权限');
    }
    const row = (await call(t.app, '/api/enterprise/apiKey/pageList', {}, admin.token)).body.data.datas.find((k: { name: string }) => k.name === 'WMS');
    expect(row.lastUsedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.lastUsedIp).toBeTruthy();
  });

  it('refuses an unknown, disabled, deleted or expired key with 401 on the next call', async () => {
    expect((await keyCall(t, listPath, {}, 'cbk_nothing')).status).toBe(401);
    const a = (await make({ name: 'A', grants: orderGrants })).body.data;
    const b = (await make({ name: 'B', grants: orderGrants })).body.data;
    const c = (await make({ name: 'C', grants: orderGrants })).body.data;
    for (const k of [a, b, c]) expect((await keyCall(t, listPath, {}, k.secret)).body.code).toBe(0);

    expect((await call(t.app, '/api/enterprise/apiKey/disable', { ids: [a.id] }, admin.token)).body.code).toBe(0);
    const disabled = await keyCall(t, listPath, {}, a.secret);
    expect(disabled.status).toBe(401);
    expect(disabled.body).toMatchObject({ message: serverText.badApiKey, data: null });

    expect((await call(t.app, '/api/enterprise/apiKey/deleteByIds', { ids: [b.id] }, admin.token)).body.code).toBe(0);
    expect((await keyCall(t, listPath, {}, b.secret)).status).toBe(401);
    const names = (await call(t.app, '/api/enterprise/apiKey/pageList', {}, admin.token)).body.data.datas.map((k: { name: string }) => k.name);
    expect(names).not.toContain('B');

    // an expiry reached (here: moved by SQL, as another server would; the trigger's NOTIFY drops the cache)
    await t.handle.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', c.id).execute();
    await new Promise((r) => setTimeout(r, 50));
    expect((await keyCall(t, listPath, {}, c.secret)).status).toBe(401);
  });

  it('takes grant changes made elsewhere (SQL) on the next call', async () => {
    const k = (await make({ name: 'D', grants: orderGrants })).body.data;
    expect((await keyCall(t, listPath, {}, k.secret)).body.code).toBe(0);
    await t.handle.db.deleteFrom('api_key_grants').where('api_key_id', '=', k.id).execute();
    await new Promise((r) => setTimeout(r, 50));
    expect((await keyCall(t, listPath, {}, k.secret)).body.message).toBe(serverText.noPermission);
  });

  it('marks in the OpenAPI document which routes a key may call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, { post?: { security?: Record<string, unknown>[] } }>; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    const schemes = (path: string) => (doc.paths[path]?.post?.security ?? []).flatMap((s) => Object.keys(s));
    expect(schemes(listPath)).toContain('apiKey');
    expect(schemes('/api/enterprise/user/save')).not.toContain('apiKey');
    expect(schemes('/api/enterprise/apiKey/save')).not.toContain('apiKey');
  });
});

describe('API key rate limit', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ env: { RATE_LIMIT: 'on', API_KEY_RATE_LIMIT: '3' } }); }, 120_000);
  afterAll(() => t?.close());

  it('answers HTTP 429 with the envelope once a key spent its calls of the minute, counted per key', async () => {
    const admin = await login(t.app, demo.admin.username, demo.admin.password);
    const one = (await call(t.app, '/api/enterprise/apiKey/save', { name: 'one', grants: orderGrants }, admin.token)).body.data;
    const two = (await call(t.app, '/api/enterprise/apiKey/save', { name: 'two', grants: orderGrants }, admin.token)).body.data;
    for (let i = 0; i < 3; i++) expect((await keyCall(t, listPath, {}, one.secret)).body.code).toBe(0);
    const limited = await keyCall(t, listPath, {}, one.secret);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: -1, message: serverText.tooManyRequests, data: null });
    expect(limited.headers['retry-after']).toBe('60');
    expect((await keyCall(t, listPath, {}, two.secret)).body.code).toBe(0);
  });
});
