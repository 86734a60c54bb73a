/**
 * Issue 29 item 6: a downloadUri is no bearer URL. An export of orders fetched without credentials,
 * or with another company's, or by another key of the same company, is refused; fetched with the
 * maker's login or API key (the header of every call) it downloads; a browser tab downloads with a
 * one-use ticket it asks with its session (POST /api/events/ticket), used once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { PAGE_GRANT } from '../../domain/grants.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => {
  t = await createTestApp();
  [admin, other] = await Promise.all([login(t.app, demo.admin.username, demo.admin.password), login(t.app, demo.other.username, demo.other.password)]);
}, 120_000);
afterAll(() => t?.close());

const order = moduleSeeds.find((m) => m.uri === '/bill/export/order')!.id;
const exportUri = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/enterprise${exportOrder.api.export}`, headers, payload: { data: { pageIndex: 0, pageSize: 10 } } });
  const body = res.json() as { code: number; data: { downloadUri: string } };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.downloadUri;
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bearer = (token: string) => ({ 'x-authorization': `Bearer ${token}` });
const key = async (name: string) => (await call(t.app, '/api/enterprise/apiKey/save', { name, grants: [{ moduleId: order, code: PAGE_GRANT }, { moduleId: order, code: 'export' }] }, admin.token)).body.data.secret as string;

describe('a download belongs to its maker', () => {
  it('refuses the link alone and another company’s login; the maker’s login downloads', async () => {
    const uri = await exportUri(bearer(admin.token));
    expect((await get(uri)).statusCode).toBe(401);
    const foreign = await get(uri, bearer(other.token));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-disposition']).toBeUndefined();
    const mine = await get(uri, bearer(admin.token));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(/attachment/);
  });

  it('a key’s export downloads with that key, not with another key of the company', async () => {
    const [a, b] = [await key('A'), await key('B')];
    const uri = await exportUri({ 'x-api-key': a });
    expect((await get(uri, { 'x-api-key': a })).statusCode).toBe(200);
    expect((await get(uri, { 'x-api-key': b })).statusCode).toBe(404);
    expect((await get(uri)).statusCode).toBe(401);
  });

  it('a browser tab downloads with a one-use ticket asked with its session', async () => {
    const uri = await exportUri(bearer(admin.token));
    const ticket = (await call(t.app, '/api/events/ticket', {}, admin.token)).body.data.ticket as string;
    expect((await get(`${uri}?ticket=${ticket}`)).statusCode).toBe(200);
    expect((await get(`${uri}?ticket=${ticket}`)).statusCode).toBe(401);
    const othersTicket = (await call(t.app, '/api/events/ticket', {}, other.token)).body.data.ticket as string;
    expect((await get(`${uri}?ticket=${othersTicket}`)).statusCode).toBe(404);
  });
});
