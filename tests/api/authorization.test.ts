/**
 * Settlement authorization on a real database: an agent asks an e-commerce company, which agrees,
 * refuses or recalls (§4 success texts), each list filtered to its side (§6), the wrong states
 * refused by the machine, duplicates and self-requests refused, another company's records, and an
 * agent settling the authorizing company's inventories only while authorized.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationText as t, settlementText } from '../../domain/texts/settlement.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, OTHER, released } from './settlement-fixtures.ts';
import { defaultSubAccountGrants } from '../../domain/grants.ts';

let app: TestApp;
let admin: LoginAnswer; // the demo company: e-commerce company (commerce)
let other: LoginAnswer; // the other company: the agent
let user: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp();
  [admin, other, user] = await Promise.all([
    login(app.app, demo.admin.username, demo.admin.password), login(app.app, demo.other.username, demo.other.password), login(app.app, demo.user.username, demo.user.password),
  ]);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, session: LoginAnswer) => call(app.app, `/api/enterprise${path}`, data, session.token);
const confirmList = async (session: LoginAnswer, states?: string[]) => (await api('/declare/authCommerce/queryPageList', {
  pageIndex: 0, pageSize: 50, terms: [{ column: 'commerceCode', termType: 'eq', value: session.userInfo.companyCode }, ...(states ? [{ column: 'state', termType: 'in', value: states }] : [])],
}, session)).body.data;
const applyList = async (session: LoginAnswer) => (await api('/declare/authCommerce/queryPageList', {
  pageIndex: 0, pageSize: 50, terms: [{ column: 'agentCode', termType: 'eq', value: session.userInfo.companyCode }],
}, session)).body.data;
const stored = async (id: number) => (await app.handle.db.selectFrom('settlement_authorizations').select('state').where('id', '=', id).executeTakeFirst())?.state;

describe('settlement authorization', () => {
  let id = 0;
  it('finds companies by name, never the caller itself', async () => {
    const found = (await api('/declare/authCommerce/findCompany', { companyName: '跨境优选' }, other)).body.data;
    expect(found).toEqual([{ companyCode: DEMO.code, companyName: DEMO.name }]);
    expect((await api('/declare/authCommerce/findCompany', { companyName: '云途' }, other)).body.data).toEqual([]);
  });

  it('requests an authorization: 待审核 on both lists, once per pair', async () => {
    const res = await api('/declare/authCommerce/save', { commerceCode: DEMO.code, commerceName: DEMO.name }, other);
    expect(res.body).toMatchObject({ code: 0, message: t.created, data: { agentCode: OTHER.code, agentName: OTHER.name, commerceCode: DEMO.code, state: 'to_audit', stateName: '待审核' } });
    id = res.body.data.id;
    expect((await api('/declare/authCommerce/save', { commerceCode: DEMO.code }, other)).body).toMatchObject({ code: -1, message: t.duplicate(DEMO.name) });
    expect((await api('/declare/authCommerce/save', { commerceCode: OTHER.code }, other)).body).toMatchObject({ code: -1, message: t.selfAuthorization });
    expect((await api('/declare/authCommerce/save', { commerceCode: 'NOPE000000' }, other)).body).toMatchObject({ code: -1, message: t.companyUnknown });
    expect((await api('/declare/authCommerce/save', {}, other)).body).toMatchObject({ code: -1, message: t.companyRequired });
    expect((await confirmList(admin)).datas.map((r: { id: number }) => r.id)).toContain(id);
    expect((await applyList(other)).datas.map((r: { id: number }) => r.id)).toContain(id);
    // the agent's confirm list and the commerce company's apply list do not hold it
    expect((await confirmList(other)).datas.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await applyList(admin)).datas.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('only the e-commerce company decides; recalling needs an approval first', async () => {
    expect((await api('/declare/authCommerce/audit', { flag: true, id }, other)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/declare/authCommerce/tackBack', { ids: [id] }, admin)).body).toMatchObject({ code: -1, message: t.stateMachineRefused(DEMO.name, '待审核', '回收授权') });
    expect((await api('/declare/authCommerce/audit', { flag: true, id }, admin)).body).toMatchObject({ code: 0, message: t.agreed });
    expect(await stored(id)).toBe('approved');
    expect((await api('/declare/authCommerce/audit', { flag: false, id }, admin)).body).toMatchObject({ code: -1, message: t.stateMachineRefused(DEMO.name, '已授权', '拒绝授权') });
    expect((await api('/declare/authCommerce/delete', { ids: [id] }, other)).body).toMatchObject({ code: -1, message: t.stateMachineRefused(DEMO.name, '已授权', '删除') });
    expect((await api('/declare/authCommerce/tackBack', { ids: [] }, admin)).body).toMatchObject({ code: -1, message: t.selectRows });
    expect((await api('/declare/authCommerce/tackBack', { ids: [id] }, admin)).body).toMatchObject({ code: 0, message: t.recalled });
    expect((await confirmList(admin, ['take_back'])).datas.find((r: { id: number }) => r.id === id)).toMatchObject({ stateName: '已回收' });
    expect((await api('/declare/authCommerce/delete', { ids: [id] }, other)).body).toMatchObject({ code: 0, message: t.deleted });
    expect(await stored(id)).toBeUndefined();
  });

  it('refuses (拒绝授权操作成功), and the agent may ask again afterwards', async () => {
    const first = (await api('/declare/authCommerce/save', { commerceCode: DEMO.code }, other)).body.data.id;
    expect((await api('/declare/authCommerce/audit', { flag: false, id: first }, admin)).body).toMatchObject({ code: 0, message: t.refused });
    expect(await stored(first)).toBe('not_approved');
    expect((await api('/declare/authCommerce/save', { commerceCode: DEMO.code }, other)).body.code).toBe(0);
    // the commerce company cannot delete the agent's records
    expect((await api('/declare/authCommerce/delete', { ids: [first] }, admin)).body).toMatchObject({ code: -1, message: t.notFound });
  });

  it('lets the agent settle the e-commerce company\'s inventories only while authorized', async () => {
    // the other company holds an inventory of the demo company as e-commerce company
    const inv = await released(app, OTHER.code, { ebcCode: DEMO.code, ebcName: DEMO.name });
    expect((await api('/expuInventry/declarationSeList', { ids: [inv] }, other)).body).toMatchObject({ code: -1, message: settlementText.inventoryNotFound(1) });
    const pending = (await applyList(other)).datas.find((r: { state: string }) => r.state === 'to_audit');
    await api('/declare/authCommerce/audit', { flag: true, id: pending.id }, admin);
    const created = await api('/expuInventry/declarationSeList', { ids: [inv] }, other);
    expect(created.body.code).toBe(0);
    const head = (await api('/declarel/queryExpuInventHead', { id: created.body.data.headId }, other)).body.data;
    expect(head).toMatchObject({ authState: 'approved', authStateName: '已授权', ebcName: DEMO.name });
    await api('/declare/authCommerce/tackBack', { ids: [pending.id] }, admin);
    expect((await api('/declarel/declaration', { id: head.id, bankCode: '104' }, other)).body).toMatchObject({ code: -1, message: settlementText.authorizationRecalled(DEMO.name) });
  });

  it('the sub-account of the e-commerce company may confirm once the main account grants it 授权确认 (issue 17)', async () => {
    const req = (await api('/declare/authCommerce/save', { commerceCode: DEMO.code }, other)).body;
    const target = req.code === 0 ? req.data.id : (await applyList(other)).datas.find((r: { state: string }) => r.state === 'to_audit').id;
    const refused = (await api('/declare/authCommerce/audit', { flag: true, id: target }, user)).body;
    expect(refused.code).toBe(-1);
    expect(refused.message).toContain('权限');
    const userId = (await app.handle.db.selectFrom('users').select('id').where('login_name', '=', demo.user.username).executeTakeFirstOrThrow()).id;
    const confirm = 405; // /settlementAuthorization/confirm (domain/modules.ts)
    const grants = [...defaultSubAccountGrants(), ...['', 'agree', 'refuse', 'recall'].map((code) => ({ moduleId: confirm, code }))];
    expect((await api('/user/saveGrants', { id: userId, grants }, admin)).body.code).toBe(0);
    expect((await api('/declare/authCommerce/audit', { flag: true, id: target }, user)).body).toMatchObject({ code: 0, message: t.agreed });
  });
});
