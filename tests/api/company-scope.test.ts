/**
 * Every statement on a company's bill data names the company (docs/scaling.md): every route of the
 * OpenAPI document is called as the demo admin with plausible bodies (real ids of the demo bills),
 * the demo orders are declared and answered by customs, and each statement the database received
 * is checked. A new query without its company filter fails here, with its SQL.
 */
import type { LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDefinitions } from '../../domain/bills/index.ts';
import { snake } from '../../domain/bills/columns.ts';
import { seedDemoBills } from '../../server/db/seed/demo-bills.ts';
import { CROSS_COMPANY, scopeViolations } from '../helpers/company-scope.ts';
import { createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

const statements: string[] = [];
/** Only what the product sends while the walk runs: not the test's own set-up and look-ups. */
let capturing = false;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ log: (e: LogEvent) => { if (capturing && e.level === 'query') statements.push(e.query.sql); } });
  const admin = await login(t.app, demo.admin.username, demo.admin.password);
  token = admin.token;
  await seedDemoBills(t.handle.db, admin.userInfo.companyId);
}, 120_000);
afterAll(() => t.close());

interface OpenApi { paths: Record<string, Record<string, unknown>> }

/** The first demo bill of each route's bill type, by the route's path. */
async function idsByPath(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const d of billDefinitions) {
    const row = await t.handle.db.selectFrom('bill_heads').select('id').where('bill_key', '=', d.key).where('mode', '=', d.mode).orderBy('id').executeTakeFirst();
    if (!row) continue;
    for (const p of Object.values(d.api)) if (typeof p === 'string') out.set(`/api/enterprise${p}`, Number(row.id));
  }
  return out;
}

function columnsOf(path: string): string {
  const d = billDefinitions.find((b) => Object.values(b.api).some((p) => `/api/enterprise${p}` === path));
  return d ? snake(d.list.columns[0]!.field) : 'create_time';
}

describe('company scope', () => {
  it('every statement on bill data names the company, or is a listed cross-company one', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as OpenApi;
    const ids = await idsByPath();
    capturing = true;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path === '/api/auth/logout' || path === '/api/events' || path.includes('{')) continue;
      const id = ids.get(path) ?? 1;
      const bodies = [
        { pageIndex: 0, pageSize: 10, terms: [{ column: columnsOf(path), termType: 'like', value: 'A' }] },
        { id }, { ids: [id] }, { headId: id }, {},
      ];
      for (const method of Object.keys(methods)) {
        for (const data of bodies) {
          await t.app.inject(method === 'get'
            ? { method: 'GET', url: `${path}?id=${id}`, headers: { 'x-authorization': `Bearer ${token}` } }
            : { method: 'POST', url: path, headers: { 'x-authorization': `Bearer ${token}` }, payload: { data } });
        }
      }
    }
    await t.app.customs.drain();
    capturing = false;
    const violations = scopeViolations(statements, CROSS_COMPANY);
    expect(statements.length).toBeGreaterThan(1000);
    expect(violations.map((v) => `${v.count}× ${v.sql}`)).toEqual([]);
  }, 600_000);

  it('tells a statement without its company from one with it', () => {
    const unscoped = 'select "id" from "bill_heads" where "order_no" = $1';
    expect(scopeViolations([unscoped, unscoped], CROSS_COMPANY)).toEqual([{ sql: unscoped, tables: ['bill_heads'], count: 2 }]);
    expect(scopeViolations(['select "id" from "bill_heads" where "bill_heads"."company_id" = $1 and "order_no" = $2'], CROSS_COMPANY)).toEqual([]);
    expect(scopeViolations(['insert into "bill_heads" ("company_id", "order_no") values ($1, $2)'], CROSS_COMPANY)).toEqual([]);
    expect(scopeViolations(['update "bill_heads" set "company_id" = $1 where "order_no" = $2'], CROSS_COMPANY)).toHaveLength(1);
    expect(scopeViolations(['select "id" from "companies" where "id" = $1'], CROSS_COMPANY)).toEqual([]);
  });

  it('asks each reading of a company table for its own company: a join or subquery without it fails', () => {
    const joined = 'select "bill_lines".* from "bill_heads" inner join "bill_lines" on "bill_lines"."head_id" = "bill_heads"."id" where "bill_heads"."company_id" = $1';
    expect(scopeViolations([joined], CROSS_COMPANY)).toHaveLength(1);
    const sub = 'select "id" from "bill_heads" where "company_id" = $1 and "id" in (select "head_id" from "bill_lines" where "gnum" = $2)';
    expect(scopeViolations([sub], CROSS_COMPANY)).toHaveLength(1);
    const colocated = 'select "bill_lines".* from "bill_heads" inner join "bill_lines" on "bill_lines"."company_id" = "bill_heads"."company_id" and "bill_lines"."head_id" = "bill_heads"."id" where "bill_heads"."company_id" = $1';
    expect(scopeViolations([colocated], CROSS_COMPANY)).toEqual([]);
    const copied = 'insert into "bill_lines" ("company_id", "head_id", "gnum") select "company_id", "id", 1 from "bill_heads" where "company_id" = $1';
    expect(scopeViolations([copied], CROSS_COMPANY)).toEqual([]);
  });
});
