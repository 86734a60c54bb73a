/**
 * Parameter settings and common functions on a real database: the §5 rules, adding and changing a
 * parameter, (type, code) unique per company, the main account alone writing, another company's
 * parameters untouchable; the function catalogue per role, the defaults, saving a choice, refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_FUNCTION, DEFAULT_FUNCTION_IDS, MAX_USER_FUNCTIONS } from '../../domain/content/functions.ts';
import { serverText } from '../../domain/texts/server.ts';
import { functionsText, settingsText as t } from '../../domain/texts/settings.ts';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let admin: string;
let user: string;
let other: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await login(app.app, demo.admin.username, demo.admin.password)).token;
  user = (await login(app.app, demo.user.username, demo.user.password)).token;
  other = (await login(app.app, demo.other.username, demo.other.password)).token;
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, token = admin) => call(app.app, `/api/enterprise${path}`, data, token);

describe('parameter settings', () => {
  it('lists the company’s parameters to whoever holds the page, sorted by type and code', async () => {
    // a sub-account holds 参数设置 only when granted (issue 17): not by default
    expect((await api('/company/querySettingList', {}, user)).body).toMatchObject({ code: -1, message: serverText.noPermission });
    const list = (await api('/company/querySettingList', {}, admin)).body.data;
    expect(list.map((s: { type: string; code: string; value: string }) => [s.type, s.code, s.value])).toContainEqual(['申报', 'DEFAULT_TRADE_MODE', '9610']);
    expect(list[0]).toMatchObject({ companyCode: '3302961A2B' });
    expect((await api('/company/querySettingList', {}, other)).body.data).toEqual([]);
  });

  it('refuses a form without type, code or value: 请填写必填数据 with the field messages', async () => {
    const res = await api('/company/saveSetting', { type: ' ', code: '', value: null });
    expect(res.body).toMatchObject({ code: -1, message: t.incomplete });
    expect(res.body.data.errors).toEqual([
      { field: 'type', message: t.typeRequired }, { field: 'code', message: t.codeRequired }, { field: 'value', message: t.valueRequired },
    ]);
    expect((await api('/company/saveSetting', { type: '类'.repeat(51), code: 'A', value: '1' })).body.data.errors).toEqual([{ field: 'type', message: t.typeTooLong }]);
  });

  it('adds a parameter, changes it by id, and keeps (type, code) unique', async () => {
    const added = await api('/company/saveSetting', { type: '打印', code: 'LABEL_SIZE', value: '100x150', companyCode: '3302961A2B' });
    expect(added.body).toMatchObject({ code: 0, message: t.saved, data: { type: '打印', code: 'LABEL_SIZE', value: '100x150' } });
    const id = added.body.data.id;
    const changed = await api('/company/saveSetting', { id, type: '打印', code: 'LABEL_SIZE', value: '100x100' });
    expect(changed.body.data).toMatchObject({ id, value: '100x100' });
    expect((await api('/company/saveSetting', { type: '打印', code: 'LABEL_SIZE', value: '1' })).body).toMatchObject({ code: -1, message: t.duplicate('打印', 'LABEL_SIZE') });
    const list = (await api('/company/querySettingList', {})).body.data;
    expect(list.filter((s: { code: string }) => s.code === 'LABEL_SIZE')).toHaveLength(1);
  });

  it('lets only the main account write, and only its own company’s parameters', async () => {
    const before = (await api('/company/querySettingList', {})).body.data;
    expect((await api('/company/saveSetting', { type: '申报', code: 'X', value: '1' }, user)).body).toMatchObject({ code: -1, message: serverText.noPermission });
    const mine = before[0];
    expect((await api('/company/saveSetting', { id: mine.id, type: '改', code: '改', value: '改' }, other)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/company/saveSetting', { type: '申报', code: 'Y', value: '1', companyCode: '3301964C7D' })).body).toMatchObject({ code: -1, message: t.otherCompany });
    expect((await api('/company/querySettingList', {})).body.data).toEqual(before);
  });
});

describe('common functions', () => {
  it('offers the role’s pages by type, plus 修改密码, the defaults checked', async () => {
    const all = (await api('/user/function/findAll', {})).body.data as { id: number; type: string; name: string; uri: string; checked: boolean }[];
    expect(all.find((f) => f.uri === '/bill/export/order')).toMatchObject({ type: 'billExport', name: '出口订单', checked: true });
    expect(all.find((f) => f.uri === '/bill/import/order')).toMatchObject({ type: 'import', name: '进口订单', checked: false });
    expect(all.find((f) => f.uri === '/enterprise')).toMatchObject({ type: 'common', checked: true });
    expect(all.find((f) => f.id === CHANGE_PASSWORD_FUNCTION.id)).toMatchObject({ type: 'common', name: '修改密码', uri: '', checked: true });
    for (const uri of ['/home', '/commonFun', '/account/add', '/workorder/edit', '']) expect(all.some((f) => f.uri === uri && f.id !== CHANGE_PASSWORD_FUNCTION.id)).toBe(false);
    const mine = (await api('/user/function/findUserFunctions', {})).body.data as { id: number }[];
    expect(mine.map((f) => f.id)).toEqual(DEFAULT_FUNCTION_IDS);
  });

  it('saves a user’s own choice in order, leaving other users’ alone', async () => {
    const res = await api('/user/function/saveFunctions', [
      { type: 'import', moduleId: 201 }, { type: 'common', moduleId: 900 }, { type: 'billExport', moduleId: 101 }, { type: 'import', moduleId: 201 },
    ], user);
    expect(res.body).toMatchObject({ code: 0, message: functionsText.saved });
    const mine = (await api('/user/function/findUserFunctions', {}, user)).body.data;
    expect(mine).toEqual([
      { id: 201, name: '进口订单', uri: '/bill/import/order', icon: 'order', type: 'import' },
      { id: 900, name: '修改密码', uri: '', icon: 'settings', type: 'common' },
      { id: 101, name: '出口订单', uri: '/bill/export/order', icon: 'order', type: 'billExport' },
    ]);
    expect(((await api('/user/function/findUserFunctions', {})).body.data as { id: number }[]).map((f) => f.id)).toEqual(DEFAULT_FUNCTION_IDS);
    expect((await api('/user/function/saveFunctions', [], user)).body.code).toBe(0);
    expect((await api('/user/function/findUserFunctions', {}, user)).body.data).toEqual([]);
  });

  it('refuses a wrong type, a page the role may not open, a type that is not the page’s, and too many', async () => {
    expect((await api('/user/function/saveFunctions', [{ type: 'other', moduleId: 101 }], user)).body).toMatchObject({ code: -1, message: functionsText.badType });
    expect((await api('/user/function/saveFunctions', [{ type: 'common', moduleId: 603 }], user)).body).toMatchObject({ code: -1, message: functionsText.unknown });
    expect((await api('/user/function/saveFunctions', [{ type: 'common', moduleId: 101 }], user)).body).toMatchObject({ code: -1, message: functionsText.unknown });
    expect((await api('/user/function/saveFunctions', [{ type: 'common', moduleId: 99999 }], user)).body).toMatchObject({ code: -1, message: functionsText.unknown });
    const all = (await api('/user/function/findAll', {}, user)).body.data as { id: number; type: string }[];
    const many = all.slice(0, MAX_USER_FUNCTIONS + 1).map((f) => ({ type: f.type, moduleId: f.id }));
    expect((await api('/user/function/saveFunctions', many, user)).body).toMatchObject({ code: -1, message: functionsText.tooMany });
  });
});
