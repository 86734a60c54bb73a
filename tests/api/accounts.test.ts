/**
 * Account management on a real database: the list (the main account's only, issue 17), new sub-accounts
 * (name@parent, the §5 rules), reset password, freeze and restore (a frozen user cannot log in),
 * delete; all of it main-account only, within the caller's company, nothing changed half.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountText as t } from '../../domain/texts/accounts.ts';
import { call, createTestApp, demo, encryptPassword, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let pem: string;
let admin: LoginAnswer;
let user: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp();
  pem = (await call(app.app, '/api/auth/public_key', {})).body.data;
  admin = await login(app.app, demo.admin.username, demo.admin.password);
  user = await login(app.app, demo.user.username, demo.user.password);
  other = await login(app.app, demo.other.username, demo.other.password);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, token: string) => call(app.app, `/api/enterprise/user${path}`, data, token);
const enc = (s: string) => (s ? encryptPassword(pem, s) : '');
const create = (loginName: string, password = 'clerk2026', again = password, state = 'EFFECTIVE', token = admin.token) =>
  api('/save', { loginName, loginPwd: enc(password), againPassword: enc(again), state }, token);
const idOf = async (loginName: string) => (await app.handle.db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirstOrThrow()).id;
/** A sub-account's first login: the sub-account rule is weaker than the login's own, so it must change it first. */
const loginAnswer = async (username: string, password: string) => {
  const key = (await call(app.app, '/api/auth/public_key', {})).body.data as string;
  const q = new URLSearchParams({ username, password: encryptPassword(key, password), tag: 'admin' });
  const res = await app.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } });
  return { status: res.statusCode, body: res.json() as { code: number; message: string } };
};

describe('account list', () => {
  it('shows the main account every account of its company, main account first', async () => {
    const res = await api('/pageList', { pageIndex: 0, pageSize: 50 }, admin.token);
    expect(res.body.code).toBe(0);
    expect(res.body.data.datas.map((r: { loginName: string }) => r.loginName).slice(0, 2)).toEqual(['admin', 'user@admin']);
    expect(res.body.data.datas[0]).toMatchObject({ username: '王丽华', userType: 'ADMIN', state: 'EFFECTIVE', companyName: '宁波跨境优选供应链管理有限公司' });
    expect(res.body.data.datas.every((r: { companyName: string }) => r.companyName === '宁波跨境优选供应链管理有限公司')).toBe(true);
  });

  it('shows a sub-account its own row alone: managing the others is the main account’s (issues 17, 29)', async () => {
    const res = await api('/pageList', { pageIndex: 0, pageSize: 50 }, user.token);
    expect(res.body.code).toBe(0);
    expect(res.body.data.datas.map((r: { loginName: string }) => r.loginName)).toEqual([demo.user.username]);
    expect(res.body.data.total).toBe(1);
  });

  it('filters by login name and refuses unknown columns', async () => {
    await create('filterme');
    const res = await api('/pageList', { pageIndex: 0, pageSize: 10, terms: [{ column: 'login_name', termType: 'like', value: 'filterme' }] }, admin.token);
    expect(res.body.data.datas.map((r: { loginName: string }) => r.loginName)).toEqual(['filterme@admin']);
    expect((await api('/pageList', { terms: [{ column: 'password_hash', termType: 'eq', value: 'x' }] }, admin.token)).body.code).toBe(-1);
  });
});

describe('new sub-account', () => {
  it('stores name@parent, lists it, and the new account logs in (after changing its initial password)', async () => {
    const res = await create('clerk1');
    expect(res.body).toMatchObject({ code: 0, message: t.created, data: { loginName: 'clerk1@admin' } });
    const row = await app.handle.db.selectFrom('users').selectAll().where('login_name', '=', 'clerk1@admin').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_type: 'USER', state: 'EFFECTIVE', company_id: admin.userInfo.companyId, user_name: 'clerk1' });
    expect((await loginAnswer('clerk1@admin', 'clerk2026')).body.message).toBe('请更改密码');
  });

  const cases: [string, () => Record<string, unknown>, string][] = [
    ['no name', () => ({ loginName: ' ' }), t.loginNameRequired],
    ['a name with @', () => ({ loginName: 'a@b' }), t.loginNameBad],
    ['no state', () => ({ state: '' }), t.stateRequired],
    ['no password', () => ({ loginPwd: '' }), t.passwordRequired],
    ['a password starting with a digit', () => ({ loginPwd: enc('1clerk2026'), againPassword: enc('1clerk2026') }), t.passwordRule],
    ['a password without a digit', () => ({ loginPwd: enc('clerkclerk'), againPassword: enc('clerkclerk') }), t.passwordRule],
    ['a password with a symbol', () => ({ loginPwd: enc('clerk@2026'), againPassword: enc('clerk@2026') }), t.passwordRule],
    ['a 5-character password', () => ({ loginPwd: enc('c2026'), againPassword: enc('c2026') }), t.passwordRule],
    ['a 31-character password', () => ({ loginPwd: enc(`c${'1'.repeat(30)}`), againPassword: enc(`c${'1'.repeat(30)}`) }), t.passwordRule],
    ['no confirmation', () => ({ againPassword: '' }), t.againRequired],
    ['a different confirmation', () => ({ againPassword: enc('clerk2027') }), t.mismatch],
  ];
  for (const [name, change, message] of cases) {
    it(`refuses ${name}: ${message}`, async () => {
      const res = await api('/save', { loginName: 'bad1', loginPwd: enc('clerk2026'), againPassword: enc('clerk2026'), state: 'EFFECTIVE', ...change() }, admin.token);
      expect(res.body).toMatchObject({ code: -1, message });
      expect(await app.handle.db.selectFrom('users').select('id').where('login_name', 'like', 'bad1%').executeTakeFirst()).toBeUndefined();
    });
  }

  it('accepts 6 and 30 characters and refuses a name already taken', async () => {
    expect((await create('six1', 'a12345')).body.code).toBe(0);
    expect((await create('thirty1', `a${'1'.repeat(29)}`)).body.code).toBe(0);
    expect((await create('six1')).body).toMatchObject({ code: -1, message: t.loginNameTaken });
    expect((await create('SIX1')).body).toMatchObject({ code: -1, message: t.loginNameTaken });
  });

  it('is refused to a USER (no button code) and to a frozen main account’s company neighbours', async () => {
    expect((await create('byuser', 'clerk2026', 'clerk2026', 'EFFECTIVE', user.token)).body).toMatchObject({ code: -1, message: '没有该操作的权限' });
    // another company's main account creates under its own name
    expect((await create('clerk1', 'clerk2026', 'clerk2026', 'EFFECTIVE', other.token)).body).toMatchObject({ code: 0, data: { loginName: 'clerk1@other' } });
  });
});

describe('freeze, restore, reset, delete', () => {
  it('a frozen sub-account cannot log in and its sessions end; restoring lets it in again', async () => {
    await create('frozen1', 'Frozen2026a');
    const id = await idOf('frozen1@admin');
    // give it a password the login accepts as is, so the freeze is what stops it
    await app.handle.db.updateTable('users').set({ password_hash: (await app.handle.db.selectFrom('users').select('password_hash').where('login_name', '=', 'user@admin').executeTakeFirstOrThrow()).password_hash }).where('id', '=', id).execute();
    const session = await login(app.app, 'frozen1@admin', demo.user.password);
    expect((await api('/frozen', { ids: [id], state: 'INVALID' }, admin.token)).body).toMatchObject({ code: 0 });
    expect((await loginAnswer('frozen1@admin', demo.user.password)).body).toMatchObject({ code: -1, message: '账号已被冻结，禁止登录' });
    const refreshed = await app.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': session.refreshToken } });
    expect(refreshed.json().code).toBe(-1);
    const listed = (await api('/pageList', { pageIndex: 0, pageSize: 50 }, admin.token)).body.data.datas.find((r: { id: number }) => r.id === id);
    expect(listed.state).toBe('INVALID');
    expect((await api('/frozen', { ids: [id], state: 'EFFECTIVE' }, admin.token)).body.code).toBe(0);
    expect((await login(app.app, 'frozen1@admin', demo.user.password)).userInfo.account).toBe('frozen1@admin');
  });

  it('refuses the whole batch when one id is not a sub-account of the caller’s company', async () => {
    await create('batch1');
    const mine = await idOf('batch1@admin');
    const theirs = await idOf('clerk1@other');
    const adminId = await idOf('admin');
    expect((await api('/frozen', { ids: [mine, theirs], state: 'INVALID' }, admin.token)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/frozen', { ids: [mine, adminId], state: 'INVALID' }, admin.token)).body).toMatchObject({ code: -1, message: t.notSubAccount });
    expect((await api('/deleteByIds', { ids: [mine, theirs] }, admin.token)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/frozen', { ids: [], state: 'INVALID' }, admin.token)).body).toMatchObject({ code: -1, message: t.selectRows });
    expect((await api('/frozen', { ids: [mine], state: 'GONE' }, admin.token)).body).toMatchObject({ code: -1, message: t.badState });
    const row = await app.handle.db.selectFrom('users').select('state').where('id', '=', mine).executeTakeFirstOrThrow();
    expect(row.state).toBe('EFFECTIVE');
  });

  it('USER calls to the ADMIN endpoints are refused', async () => {
    const mine = await idOf('batch1@admin');
    for (const [path, data] of [
      ['/frozen', { ids: [mine], state: 'INVALID' }], ['/frozen', { ids: [mine], state: 'EFFECTIVE' }], ['/deleteByIds', { ids: [mine] }],
      ['/resetPasswprd', { id: mine, newPassword: enc('clerk2030'), againPassword: enc('clerk2030') }],
    ] as const) {
      expect((await api(path, data, user.token)).body, path).toMatchObject({ code: -1, message: '没有该操作的权限' });
    }
  });

  it('resets a sub-account’s password (rule and confirmation checked), ending its sessions', async () => {
    await create('reset1');
    const id = await idOf('reset1@admin');
    expect((await api('/resetPasswprd', { id, loginName: 'reset1@admin', newPassword: enc('short'), againPassword: enc('short') }, admin.token)).body).toMatchObject({ code: -1, message: t.passwordRule });
    expect((await api('/resetPasswprd', { id, newPassword: enc('clerk2030'), againPassword: enc('clerk2031') }, admin.token)).body).toMatchObject({ code: -1, message: t.mismatch });
    expect((await api('/resetPasswprd', { id, loginName: 'someone@admin', newPassword: enc('clerk2030'), againPassword: enc('clerk2030') }, admin.token)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/resetPasswprd', { id: await idOf('clerk1@other'), newPassword: enc('clerk2030'), againPassword: enc('clerk2030') }, admin.token)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/resetPasswprd', { id, loginName: 'reset1@admin', newPassword: enc('clerk2030'), againPassword: enc('clerk2030') }, admin.token)).body).toMatchObject({ code: 0, message: t.reset });
    expect((await loginAnswer('reset1@admin', 'clerk2026')).body.message).toBe('企业账号或密码错误');
    expect((await loginAnswer('reset1@admin', 'clerk2030')).body.message).toBe('请更改密码');
  });

  it('deletes sub-accounts; the main account cannot be deleted', async () => {
    await create('gone1');
    await create('gone2');
    const ids = [await idOf('gone1@admin'), await idOf('gone2@admin')];
    expect((await api('/deleteByIds', { ids: [await idOf('admin')] }, admin.token)).body).toMatchObject({ code: -1, message: t.notSubAccount });
    expect((await api('/deleteByIds', { ids }, admin.token)).body).toMatchObject({ code: 0, message: t.deleted });
    expect(await app.handle.db.selectFrom('users').select('id').where('id', 'in', ids).execute()).toEqual([]);
    expect((await loginAnswer('gone1@admin', 'clerk2026')).body.message).toBe('企业账号或密码错误');
  });
});
