/**
 * Issue 14, reproductions 2–4: input the database cannot hold is refused at the boundary with the
 * envelope naming the field (HTTP 400, code -1), never a 500. Each case answered 500 before the
 * input guard (server/http/input-guard.ts) and the schema bounds (server/http/schema-bounds.ts).
 */
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputText } from '../../domain/texts/server.ts';
import { installErrorHandling } from '../../server/http/error-handler.ts';
import { billDefinitions } from '../../domain/bills/index.ts';
import { exportOrderBill } from '../customs/fixtures.ts';
import { INT4_MAX } from '../../server/http/input-guard.ts';
import { call, openDemoSuite, type DemoSuite } from '../helpers/test-app.ts';

let s: DemoSuite;
beforeAll(async () => { s = await openDemoSuite(); });
afterAll(() => s.t.close());

const NUL = 'a\u0000b';
const order = billDefinitions.find((d) => d.api.pageList === '/expu/order/pageList')!;
const api = (path: string | undefined) => `/api/enterprise${path!}`;
const nulTerm = { terms: [{ column: 'order_no', termType: 'like', value: NUL }] };

/** The refusal every case must get: 400, code -1, a Chinese message naming the field, no SQL. */
async function expectRefused(url: string, data: unknown, field: string, token: string = s.admin.token) {
  const r = await call(s.t.app, url, data, token);
  expect(r.status, `${url} ${JSON.stringify(r.body)}`).toBe(400);
  expect(r.body.code).toBe(-1);
  expect(r.body.message).toContain(`参数格式不正确：${field}`);
  expect(r.body.message).not.toMatch(/invalid byte|out of range|SELECT|relation|at \//);
  return r.body;
}

describe('NUL and lone surrogates (reproduction 2)', () => {
  it('refuses NUL in a list term value, naming the term', async () => {
    const body = await expectRefused(api(order.api.pageList), nulTerm, 'terms.0.value');
    expect(body.data.errors).toEqual([{ field: 'terms.0.value', message: body.message }]);
  });

  it('refuses NUL in an otherwise valid bill save', async () => {
    const { head: { appTime: _appTime, ...head }, lines } = exportOrderBill({ orderNo: 'NUL-SAVE-1', ebcCode: s.admin.userInfo.companyCode, note: NUL });
    await expectRefused(api(order.api.save), { ...head, details: lines.map((l, i) => ({ ...l, id: `temp${i + 1}` })) }, 'note');
  });

  it('refuses NUL in a bill save, for every bill type', async () => {
    for (const def of billDefinitions) {
      if (!def.api.save) continue;
      const field = def.head.find((f) => !f.readOnly && f.kind === 'text')?.name ?? 'note';
      await expectRefused(api(def.api.save), { [field]: NUL }, field);
    }
  });

  it('refuses NUL in state/list mode and in findCompany', async () => {
    await expectRefused('/api/enterprise/state/list', { mode: NUL, billType: 'ExpuOrderState' }, 'mode');
    await expectRefused('/api/enterprise/declare/authCommerce/findCompany', { companyName: NUL }, 'companyName');
  });

  it('refuses NUL in an export and in a key, and a lone surrogate', async () => {
    await expectRefused(api(order.api.export), nulTerm, 'terms.0.value');
    await expectRefused(api(order.api.pageList), { [`x${NUL}`]: 1 }, `x${NUL}`);
    await expectRefused(api(order.api.save), { copNo: 'A\uD800' }, 'copNo');
  });

  it('refuses NUL in a query string before the login reads it', async () => {
    const r = await s.t.app.inject({ method: 'POST', url: '/api/auth/login?username=ad%00min&password=x&tag=admin', payload: { data: {} } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: -1, message: expect.stringContaining('参数格式不正确：username') });
  });
});

describe('ids outside the id column (reproduction 3)', () => {
  it('refuses a user id past int4 (users.id is serial)', async () => {
    await expectRefused('/api/enterprise/user/deleteByIds', { ids: [INT4_MAX + 1] }, 'ids');
  });

  it('refuses 1e20 and 1e308 where the column is bigint', async () => {
    await expectRefused('/api/enterprise/company/deleteFileByFileId', { id: 1e20 }, 'id');
    await expectRefused('/api/enterprise/sign/signData/findById', { id: 1e20 }, 'id');
    await expectRefused('/api/enterprise/declare/verification/result', { id: 1e308 }, 'id');
  });

  it('refuses ids as text past the bound, zero, negatives and fractions; keeps new lines\' temp ids', async () => {
    await expectRefused(api(order.api.delete), { ids: ['9007199254740993'] }, 'ids');
    await expectRefused(api(order.api.delete), { ids: [0] }, 'ids');
    await expectRefused(api(order.api.detail), { id: -5 }, 'id');
    await expectRefused(api(order.api.detail), { id: 1.5 }, 'id');
    const inv = billDefinitions.find((d) => d.api.save === '/invtInventory/saveData')!;
    const r = await call(s.t.app, api(inv.api.save), { details: [{ id: 'temp1' }] }, s.admin.token);
    expect(r.status).toBe(200); // the bill's own validation answers, not the guard
  });

  it('still answers a valid id that does not exist with the route\'s own refusal', async () => {
    const r = await call(s.t.app, '/api/enterprise/sign/signData/findById', { id: 2 ** 40 }, s.admin.token);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(-1);
  });
});

describe('wrong shapes (reproduction 4)', () => {
  it('refuses terms given as a string', async () => {
    await expectRefused('/api/enterprise/SeInventory/queryPageList', { terms: 'head_id' }, 'terms');
    await expectRefused('/api/enterprise/subsidy/result/E9/list', { terms: 'x' }, 'terms');
    await expectRefused(api(order.api.pageList), { terms: ['x'] }, 'terms');
    await expectRefused(api(order.api.pageList), { sorts: { name: 'x' } }, 'sorts');
    await expectRefused(api(order.api.pageList), { pageIndex: 1e308 }, 'pageIndex');
    await expectRefused('/api/enterprise/subsidy/result/E9/list', { pageSize: 'abc' }, 'pageSize');
  });

  it('refuses ids nested 20,000 arrays deep before anything recurses', async () => {
    const deep = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
    const r = await s.t.app.inject({
      method: 'POST', url: api(order.api.delete), headers: { 'x-authorization': `Bearer ${s.admin.token}`, 'content-type': 'application/json' },
      payload: `{"data":{"ids":${deep}}}`,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: -1, message: expect.stringContaining('参数格式不正确：ids') });
  });
});

describe('a database refusal that slips past the checks', () => {
  it('is answered in words with HTTP 400, without SQL, for this database\'s error shape (PGlite or pg)', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    const db = s.t.handle.db;
    const queries: Record<string, () => Promise<unknown>> = {
      text: () => sql`select ${'a\u0000b'}::text as v`.execute(db),
      range: () => sql`select ${'2147483648'}::int as v`.execute(db),
      format: () => sql`select ${'abc'}::int as v`.execute(db),
    };
    for (const name of Object.keys(queries)) app.post(`/${name}`, async () => { await queries[name]!(); return { code: 0 }; });
    await app.ready();
    const expected: Record<string, string> = { text: inputText.dbText, range: inputText.dbRange, format: inputText.dbFormat };
    for (const [name, message] of Object.entries(expected)) {
      const r = await app.inject({ method: 'POST', url: `/${name}` });
      expect(r.statusCode, `${name} ${r.body}`).toBe(400);
      expect(r.json()).toEqual({ code: -1, message, data: null });
    }
    await app.close();
  });
});
