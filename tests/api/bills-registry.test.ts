// "Adding a bill type is a definition file": every registered definition is well formed and gets
// every one of its routes (and they reach the engine, not a 404), documented in OpenAPI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWhitelistSpec, snake } from '../../domain/bills/columns.ts';
import { billDefinitions, findBill } from '../../domain/bills/index.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { statesFor } from '../../domain/bill-states.ts';
import { moduleSeeds } from '../../domain/modules.ts';
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

const ENGINE = new Set(['state', 'stateName', 'appTime', 'createTime', 'updateTime', 'returnInfo', 'returnTime', 'returnStatus', 'id']);

describe('the registry', () => {
  it('registers each bill once, each on a seeded bill page', () => {
    const keys = billDefinitions.map((d) => `${d.mode}/${d.key}`);
    expect(keys.slice(0, 3)).toEqual(['export/order', 'export/receipt', 'export/waybill']);
    expect(new Set(keys).size).toBe(keys.length);
    const pages = new Set(moduleSeeds.map((m) => m.uri));
    for (const key of keys) expect(pages, key).toContain(`/bill/${key}`);
    expect(findBill('export', 'waybill')?.label).toBe('出口运单');
  });

  for (const def of billDefinitions) {
    it(`${def.label}: a well-formed definition`, () => {
      const names = new Set(def.head.map((f) => f.name));
      expect(names.size).toBe(def.head.length);
      expect(names.has(def.titleField)).toBe(true);
      for (const f of def.uniqueBy ?? []) expect(names.has(f)).toBe(true);
      for (const c of def.list.columns) expect(names.has(c.field) || ENGINE.has(c.field)).toBe(true);
      const whitelist = listWhitelistSpec(def);
      for (const s of def.list.search) expect(Object.keys(whitelist)).toContain(snake(s.field));
      for (const s of def.list.defaultSort) expect(Object.keys(whitelist)).toContain(s.name);
      for (const k of def.message?.receipt.keys ?? []) expect(names.has(k)).toBe(true);
      for (const a of def.actions) expect(def.api[a.api]).toBeDefined();
      expect(statesFor(def.states.mode, def.states.billType)).toBeDefined();
      for (const f of def.head) if (f.column) expect(whitelist[snake(f.name)]?.column).toBe(f.column);
    });
  }

  it('gives every definition all of its routes, each reaching the engine', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, { post?: { summary?: string; requestBody?: unknown } }> };
    let routes = 0;
    for (const def of billDefinitions) {
      const paths = [
        ...(Object.entries(def.api) as [keyof BillApi, string][]).map(([key, path]) => ({ key, url: `/api/enterprise${path}` })),
        { key: 'parseQueryTemplate', url: `/api/enterprise/bills/${def.mode}/${def.key}/parseQueryTemplate` },
      ];
      for (const { key, url } of paths) {
        routes += 1;
        // A request the engine refuses on its own terms (an unknown bill, no file): the route exists.
        const data = key === 'pageList' || key === 'queryStateCount' || key === 'export' ? { pageIndex: 0, pageSize: 10 } : { id: 987654, ids: [987654], headId: 987654, filePath: 'none' };
        const r = await call(t.app, url, data, admin.token);
        expect(r.status, `${def.key} ${key} ${url}`).not.toBe(404);
        expect(typeof r.body.code, url).toBe('number');
        if (key === 'pageList' || key === 'queryStateCount' || key === 'downloadQueryTemplate' || key === 'export') expect(r.body.code, url).toBe(0);
        expect(doc.paths[url]?.post?.summary, url).toContain(def.label);
      }
    }
    expect(routes).toBe(billDefinitions.reduce((n, d) => n + Object.keys(d.api).length + 1, 0));
  }, 180_000); // every list's export starts its writer worker (and, on PostgreSQL, its connection): ~25 of them

  it('documents the save payload with the fields\' Chinese titles', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const body = doc.paths['/api/enterprise/expu/logistics/save'].post.requestBody.content['application/json'].schema;
    expect(body.properties.data.properties.logisticsNo).toMatchObject({ title: '物流运单编号', description: expect.stringContaining('最长32个字符') });
  });
});
