/**
 * Issue 20: the platform operator and the enterprise never cross. Walked over app.routeTable, so a
 * new route is covered the day it is registered: every 'operator' route is refused to an enterprise
 * account (main account, sub-account, API key) and to an anonymous call; every 'user' / 'company'
 * route is refused to the operator; every 'person' route (the session's own: its password, its
 * menu) admits the operator and an enterprise person alike, and refuses an API key and an anonymous
 * call. The operator logs in on the same login and gets 审核管理 only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleSeeds } from '../../domain/modules.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { serverText } from '../../domain/texts/server.ts';
import { demoOperator } from '../../server/db/seed/demo.ts';
import { authText } from '../../domain/texts/auth.ts';
import { call, createTestApp, demo, encryptPassword, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

const REVIEW = 'operator-access-secret';
let t: TestApp;
let admin: LoginAnswer;
let user: LoginAnswer;
let operator: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  user = await login(t.app, demo.user.username, demo.user.password);
  operator = await login(t.app, demoOperator.login_name, demoOperator.password);
});
afterAll(() => t?.close());

const urlOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
function send(method: string, url: string, headers: Record<string, string>) {
  return method === 'GET'
    ? t.app.inject({ method: 'GET', url: urlOf(url), headers })
    : t.app.inject({ method: 'POST', url: urlOf(url), headers, payload: { data: {} } });
}
const bearer = (token: string) => ({ 'x-authorization': `Bearer ${token}` });

describe('the operator login', () => {
  it('logs in on the same login and gets the 审核管理 menu only, no company', () => {
    expect(operator.userInfo).toMatchObject({ userType: 'PLATFORM', companyId: null, companyCode: null, account: 'operator' });
    const platformIds = new Set(moduleSeeds.filter((m) => m.roles.includes('PLATFORM')).map((m) => m.id));
    // the menu: 900–907; each screen's hidden detail pages (911+) come with it
    expect(moduleSeeds.filter((m) => platformIds.has(m.id) && !m.hidden).map((m) => m.id).sort()).toEqual([900, 901, 902, 903, 904, 905, 906, 907]);
    expect(moduleSeeds.filter((m) => platformIds.has(m.id) && m.hidden).every((m) => m.id >= 911 && m.id < 930)).toBe(true);
    expect(operator.modules.map((m) => m.id).sort()).toEqual([...platformIds].sort());
    expect(operator.modules.find((m) => m.id === 901)).toMatchObject({ uri: '/review/filing', parentId: 900 });
  });

  it('an enterprise account never gets a 审核管理 page', () => {
    for (const a of [admin, user]) expect(a.modules.filter((m) => m.id >= 900 && m.id < 1000)).toEqual([]);
  });

  it('the operator’s own modules call answers the same menu; its refresh keeps it an operator', async () => {
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': operator.refreshToken } });
    const answer = refreshed.json().data as LoginAnswer;
    expect(answer.userInfo).toMatchObject({ userType: 'PLATFORM', companyId: null });
    operator = { ...operator, token: answer.token, refreshToken: answer.refreshToken };
    const list = await send('POST', '/api/review/company/pageList', bearer(operator.token));
    expect(list.json()).toMatchObject({ code: 0 });
  });
});

describe('operator routes', () => {
  const operatorRoutes = () => t.app.routeTable.filter((r) => r.access === 'operator');

  it('are the review API, each declared under /api/review/', () => {
    const urls = operatorRoutes().map((r) => r.url);
    expect(urls.length).toBeGreaterThanOrEqual(15);
    for (const url of urls) expect(url).toMatch(/^\/api\/review\//);
    // and every /api/review/ route is an operator route: none is left public
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/api/review/') && r.access !== 'operator').map((r) => r.url)).toEqual([]);
  });

  it('refuse an anonymous call, an enterprise main account, a sub-account, an API key and a wrong review token', async () => {
    const key = await t.app.inject({
      method: 'POST', url: '/api/enterprise/apiKey/save', headers: bearer(admin.token), payload: { data: { name: 'operator-access', grants: [{ moduleId: 101, code: '' }] } },
    });
    const secret = (key.json().data as { secret: string }).secret;
    expect(secret).toBeTruthy();
    const callers: [string, Record<string, string>, number, string][] = [
      ['anonymous', {}, 403, serverText.operatorOnly],
      ['main account', bearer(admin.token), 403, serverText.operatorOnly],
      ['sub-account', bearer(user.token), 403, serverText.operatorOnly],
      ['API key', { 'x-api-key': secret }, 403, serverText.operatorOnly],
      ['wrong review token', { 'x-review-token': 'wrong' }, 403, enterpriseText.reviewForbidden],
    ];
    for (const r of operatorRoutes()) {
      for (const [who, headers, status, message] of callers) {
        const res = await send(r.method, r.url, headers);
        expect(res.statusCode, `${r.method} ${r.url} as ${who}`).toBe(status);
        expect(res.json(), `${r.method} ${r.url} as ${who}`).toMatchObject({ code: -1, message });
      }
    }
  }, 300_000);

  it('admit the operator’s login and the review token (their refusals, if any, are the route’s own)', async () => {
    for (const r of operatorRoutes()) {
      for (const headers of [bearer(operator.token), { 'x-review-token': REVIEW }]) {
        const res = await send(r.method, r.url, headers);
        expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(403);
        expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
        expect((res.json() as { message: string }).message, `${r.method} ${r.url}`).not.toBe(serverText.operatorOnly);
      }
    }
  }, 300_000);
});

describe('enterprise routes', () => {
  it('refuse the operator, which has no company, every one of them', async () => {
    const routes = t.app.routeTable.filter((r) => r.access === 'user' || r.access === 'company');
    expect(routes.length).toBeGreaterThan(300);
    for (const r of routes) {
      const res = await send(r.method, r.url, bearer(operator.token));
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json(), `${r.method} ${r.url}`).toMatchObject({ code: -1, message: serverText.operatorNotEnterprise });
    }
  }, 300_000);
  // the live stream is not an enterprise route: an operator's carries the review queues only
  // (tests/api/decision-events.test.ts)
});

describe('person routes (the session’s own, of an enterprise person or an operator)', () => {
  const personRoutes = () => t.app.routeTable.filter((r) => r.access === 'person');

  it('are the own password, the own menu and the own live stream’s ticket, nothing of an enterprise’s data', () => {
    expect(personRoutes().map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /api/enterprise/user/modules',
      'POST /api/enterprise/user/updatePasswprd',
      'POST /api/events/ticket',
    ]);
  });

  it('admit the operator and an enterprise person; refuse an API key, an anonymous call and the review token alone', async () => {
    const key = await t.app.inject({
      method: 'POST', url: '/api/enterprise/apiKey/save', headers: bearer(admin.token), payload: { data: { name: 'person-access', grants: [{ moduleId: 101, code: '' }] } },
    });
    const secret = (key.json().data as { secret: string }).secret;
    for (const r of personRoutes()) {
      for (const [who, token] of [['operator', operator.token], ['main account', admin.token], ['sub-account', user.token]] as const) {
        const res = await send(r.method, r.url, bearer(token));
        const message = (res.json() as { message: string }).message;
        expect(res.statusCode, `${r.method} ${r.url} as ${who}`).not.toBe(403);
        expect(res.statusCode, `${r.method} ${r.url} as ${who}`).not.toBe(401);
        expect([serverText.operatorNotEnterprise, serverText.keyNotAllowed, serverText.noPermission], `${r.method} ${r.url} as ${who}`).not.toContain(message);
      }
      const asKey = await send(r.method, r.url, { 'x-api-key': secret });
      expect(asKey.json(), `${r.method} ${r.url} as an API key`).toMatchObject({ code: -1, message: serverText.keyNotAllowed });
      expect((await send(r.method, r.url, {})).statusCode, `${r.method} ${r.url} anonymous`).toBe(401);
      expect((await send(r.method, r.url, { 'x-review-token': REVIEW })).statusCode, `${r.method} ${r.url} by review token`).toBe(401);
    }
  }, 300_000);

  it('the operator’s menu call answers its 审核管理 menu, as its login did', async () => {
    const res = await call(t.app, '/api/enterprise/user/modules', {}, operator.token);
    expect(res.body.code).toBe(0);
    expect((res.body.data as { id: number }[]).map((m) => m.id).sort()).toEqual(operator.modules.map((m) => m.id).sort());
  });
});

describe('the operator changes its own password (修改密码 in its header)', () => {
  it('logs in with the new one; the old one is refused, and the old session ends', async () => {
    const pem = (await call(t.app, '/api/auth/public_key', {})).body.data as string;
    const enc = (s: string) => encryptPassword(pem, s);
    const fresh = 'Cbec@2026operatorNew';
    const session = await login(t.app, demoOperator.login_name, demoOperator.password);
    const wrongOld = await call(t.app, '/api/enterprise/user/updatePasswprd', { oldPassword: enc('Wrong@2026x'), newPassword: enc(fresh), againPassword: enc(fresh) }, session.token);
    expect(wrongOld.body).toMatchObject({ code: -1, message: authText.oldPasswordWrong });
    const changed = await call(t.app, '/api/enterprise/user/updatePasswprd', { oldPassword: enc(demoOperator.password), newPassword: enc(fresh), againPassword: enc(fresh) }, session.token);
    expect(changed.body).toMatchObject({ code: 0, message: authText.changed });

    const again = await login(t.app, demoOperator.login_name, fresh);
    expect(again.userInfo).toMatchObject({ userType: 'PLATFORM', companyId: null });
    await expect(login(t.app, demoOperator.login_name, demoOperator.password)).rejects.toThrow(authText.badCredentials);
    // every session of the operator ended: its old refresh token is refused
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': session.refreshToken } });
    expect(refreshed.json()).toMatchObject({ code: -1, message: authText.sessionEnded });
    // and the new login still reviews
    expect((await send('POST', '/api/review/company/pageList', bearer(again.token))).json()).toMatchObject({ code: 0 });
  });
});
