/**
 * Issue 17 part 1: each sub-account's own grants. The main account ticks modules and buttons; the
 * sub-account's menu (login modules), its buttons and every server check follow them, from its next
 * call on. The table-driven part walks every route the server registered: each logged-in route
 * declares what it needs, every (module uri, button code) it names is in the module seed, and a
 * sub-account holding everything but that is refused while one holding just that gets through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSubAccountGrants, isGrantable, PAGE_GRANT, type GrantPair } from '../../domain/grants.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { serverText } from '../../domain/texts/server.ts';
import type { Requirement } from '../../server/http/permission.ts';
import { call, createTestApp, demo, encryptPassword, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let user: LoginAnswer;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  user = await login(t.app, demo.user.username, demo.user.password);
  userId = (await t.handle.db.selectFrom('users').select('id').where('login_name', '=', demo.user.username).executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(() => t?.close());

type Module = { uri: string; buttonVos: { code: string }[] };
const byUri = new Map(moduleSeeds.map((m) => [m.uri, m]));
const idOf = (uri: string) => byUri.get(uri)!.id;
const saveGrants = (id: number, grants: GrantPair[]) => call(t.app, '/api/enterprise/user/saveGrants', { id, grants }, admin.token);
const modulesOf = async (token: string) => (await call(t.app, '/api/enterprise/user/modules', {}, token)).body.data as Module[];
const holds = (modules: Module[], uri: string, code?: string) => {
  const m = modules.find((x) => x.uri === uri);
  return !!m && (code === undefined || m.buttonVos.some((b) => b.code === code));
};
const refused = (body: { code: number; message: string }) => body.code === -1 && body.message.includes('权限');

describe('defaults', () => {
  it('gives the demo sub-account the bill modules and nothing of filing edits, settlement, parameters or accounts', async () => {
    const modules = user.modules as Module[];
    expect(holds(modules, '/bill/export/order', 'declare')).toBe(true);
    expect(holds(modules, '/bill/import/detailedList', 'export')).toBe(true);
    expect(holds(modules, '/enterprise')).toBe(true);
    expect(modules.find((m) => m.uri === '/enterprise')!.buttonVos).toEqual([]);
    for (const uri of ['/exchangeSettlement', '/settlementVerification', '/settlementAuthorization/apply', '/settlementAuthorization/confirm', '/parametersSetting', '/account', '/account/add', '/apiKey', '/rewardApplication']) {
      expect(holds(modules, uri), uri).toBe(false);
    }
    // the main account keeps everything
    expect(holds(admin.modules as Module[], '/apiKey', 'add')).toBe(true);
    expect(holds(admin.modules as Module[], '/settlementAuthorization/confirm', 'agree')).toBe(true);
  });

  it('gives a new sub-account the same defaults', async () => {
    const pem = (await call(t.app, '/api/auth/public_key', {})).body.data as string;
    const made = await call(t.app, '/api/enterprise/user/save', { loginName: 'clerk', loginPwd: encryptPassword(pem, 'clerk2026'), againPassword: encryptPassword(pem, 'clerk2026'), state: 'EFFECTIVE' }, admin.token);
    expect(made.body.code).toBe(0);
    const stored = (await call(t.app, '/api/enterprise/user/grants', { id: made.body.data.id }, admin.token)).body.data as GrantPair[];
    expect(stored).toEqual(expect.arrayContaining(defaultSubAccountGrants()));
    expect(stored).toHaveLength(defaultSubAccountGrants().length);
  });
});

describe('per module family: refused without the grant, allowed with it, from the next call on', () => {
  const families: { family: string; uri: string; code?: string; path: string; data: unknown }[] = [
    { family: '企业备案', uri: '/enterprise', code: 'generateAuthCode', path: '/api/enterprise/company/generateAuthCode', data: {} },
    { family: '授权确认', uri: '/settlementAuthorization/confirm', code: 'agree', path: '/api/enterprise/declare/authCommerce/audit', data: { flag: true, id: 987654 } },
    { family: '授权申请', uri: '/settlementAuthorization/apply', path: '/api/enterprise/declare/authCommerce/queryPageList', data: {} },
    { family: '结汇', uri: '/exchangeSettlement', code: 'apply', path: '/api/enterprise/declarel/declaration', data: { id: 987654 } },
    { family: '核销', uri: '/settlementVerification', path: '/api/enterprise/declare/verification/pageList', data: {} },
    { family: '补贴', uri: '/rewardApplication', path: '/api/enterprise/subsidy/list', data: {} },
    { family: '参数设置', uri: '/parametersSetting', code: 'save', path: '/api/enterprise/company/saveSetting', data: { type: '测试', code: 'GRANT', value: '1' } },
  ];
  for (const f of families) {
    it(`${f.family} (${f.uri}${f.code ? ` ${f.code}` : ''})`, async () => {
      const before = await call(t.app, f.path, f.data, user.token);
      expect(refused(before.body), JSON.stringify(before.body)).toBe(true);
      expect(holds(await modulesOf(user.token), f.uri, f.code)).toBe(false);

      const pairs = [...defaultSubAccountGrants(), { moduleId: idOf(f.uri), code: f.code ?? PAGE_GRANT }];
      expect((await saveGrants(userId, pairs)).body.code).toBe(0);
      const after = await call(t.app, f.path, f.data, user.token);
      expect(refused(after.body), JSON.stringify(after.body)).toBe(false);
      expect(holds(await modulesOf(user.token), f.uri, f.code)).toBe(true);

      // taken back: the very next call is refused, no new login
      expect((await saveGrants(userId, defaultSubAccountGrants())).body.code).toBe(0);
      expect(refused((await call(t.app, f.path, f.data, user.token)).body)).toBe(true);
    });
  }

  it('bills: a sub-account without 出口订单 is refused its list and loses the menu entry', async () => {
    const list = `/api/enterprise${exportOrder.api.pageList}`;
    expect((await call(t.app, list, { pageIndex: 0, pageSize: 5 }, user.token)).body.code).toBe(0);
    const without = defaultSubAccountGrants().filter((g) => g.moduleId !== idOf('/bill/export/order'));
    await saveGrants(userId, without);
    expect(refused((await call(t.app, list, { pageIndex: 0, pageSize: 5 }, user.token)).body)).toBe(true);
    expect(holds(await modulesOf(user.token), '/bill/export/order')).toBe(false);
    await saveGrants(userId, defaultSubAccountGrants());
    expect((await call(t.app, list, { pageIndex: 0, pageSize: 5 }, user.token)).body.code).toBe(0);
  });

  it('accounts: never a sub-account’s, not even when ticked; a sub-account cannot grant', async () => {
    const saved = await saveGrants(userId, [...defaultSubAccountGrants(), { moduleId: idOf('/account'), code: 'grant' }, { moduleId: idOf('/apiKey'), code: 'add' }]);
    expect(saved.body.data).toEqual(expect.not.arrayContaining([expect.objectContaining({ moduleId: idOf('/account') })]));
    expect(refused((await call(t.app, '/api/enterprise/user/saveGrants', { id: userId, grants: [] }, user.token)).body)).toBe(true);
    // every user sees its own account row, and only its own (issue 29 item 10)
    const own = (await call(t.app, '/api/enterprise/user/pageList', {}, user.token)).body;
    expect(own.code, JSON.stringify(own)).toBe(0);
    expect(own.data.datas.map((r: { loginName: string }) => r.loginName)).toEqual([demo.user.username]);
    expect(refused((await call(t.app, '/api/enterprise/apiKey/save', { name: 'x' }, user.token)).body)).toBe(true);
  });
});

describe('every route declares its permission (table-driven over the module seed)', () => {
  const pairKey = (uri: string, code: string) => `${uri}:${code}`;
  const seedPairs = new Set(moduleSeeds.flatMap((m) => [pairKey(m.uri, PAGE_GRANT), ...m.buttons.map((b) => pairKey(m.uri, b.code))]));
  const requirementsOf = (p: unknown): Requirement[] | undefined =>
    (typeof p === 'object' && p !== null ? (Array.isArray(p) ? p : [p]) as Requirement[] : undefined);

  it('every logged-in route declares one, naming only modules and buttons of the seed', () => {
    const routes = t.app.routeTable.filter((r) => r.access === 'user' || r.access === 'company');
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      expect(r.permission, r.url).toBeDefined();
      for (const req of requirementsOf(r.permission) ?? []) {
        // a list of codes (a bill call any of several actions use) needs one of them on the page
        const codes = req.code === undefined ? [PAGE_GRANT] : [req.code].flat();
        expect(codes.some((code) => seedPairs.has(pairKey(req.uri, code))), `${r.url} → ${req.uri} ${codes.join('|')}`).toBe(true);
      }
    }
  });

  /** Every grantable pair, less those that would meet one of these requirements (and hidden pages under a removed page). */
  function everythingBut(reqs: Requirement[]): GrantPair[] {
    const pairs: GrantPair[] = [];
    const removedPages = new Set(reqs.filter((r) => r.code === undefined).map((r) => r.uri));
    for (const m of moduleSeeds) {
      if (!isGrantable(m)) continue;
      const parent = moduleSeeds.find((p) => p.id === m.parentId);
      if (removedPages.has(m.uri) || (parent && removedPages.has(parent.uri))) continue;
      pairs.push({ moduleId: m.id, code: PAGE_GRANT });
      for (const b of m.buttons) {
        if (!b.roles.includes('USER')) continue;
        if (reqs.some((r) => r.uri === m.uri && r.code !== undefined && [r.code].flat().includes(b.code))) continue;
        pairs.push({ moduleId: m.id, code: b.code });
      }
    }
    return pairs;
  }

  it('a sub-account with everything but the route’s grant is refused; with just that grant it gets through', async () => {
    const routes = t.app.routeTable.filter((r) => r.access !== 'public' && requirementsOf(r.permission));
    let walked = 0;
    for (const r of routes) {
      const reqs = requirementsOf(r.permission)!;
      const grantable = reqs.filter((q) => isGrantable(byUri.get(q.uri)!));
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      const send = () => (r.method === 'GET'
        ? t.app.inject({ method: 'GET', url, headers: { 'x-authorization': `Bearer ${user.token}` } })
        : t.app.inject({ method: 'POST', url, headers: { 'x-authorization': `Bearer ${user.token}` }, payload: { data: {} } }));
      const message = async () => { const res = await send(); return (res.json() as { message: string }).message; };

      await saveGrants(userId, everythingBut(reqs));
      expect(await message(), `${r.method} ${r.url} without its grant`).toBe(serverText.noPermission);
      if (grantable.length === 0) continue; // the main account's alone
      const first = grantable[0]!;
      const code = first.code === undefined ? PAGE_GRANT : [first.code].flat()[0]!;
      await saveGrants(userId, [{ moduleId: idOf(first.uri), code }]);
      expect(await message(), `${r.method} ${r.url} with ${first.uri} ${code}`).not.toBe(serverText.noPermission);
      walked++;
    }
    expect(walked).toBeGreaterThan(100);
    await saveGrants(userId, defaultSubAccountGrants());
  }, 600_000);
});
