/**
 * Exchange settlement on a real database: creating a settlement from released inventories, the
 * detail's lines, applying with a bank, the bank's and the audit's answers (review API), revoking
 * with a reason and the history, deleting; every §5 message; actions in the wrong state refused by
 * the machine with nothing changed; another company's records and inventories; batches that are
 * all or nothing.
 */
import { defaultSubAccountGrants } from '../../domain/grants.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementText as t } from '../../domain/texts/settlement.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { serverText } from '../../domain/texts/server.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, OTHER, released, review } from './settlement-fixtures.ts';

const REVIEW = 'settlement-review-secret';
let app: TestApp;
let admin: LoginAnswer;
let user: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  [admin, user, other] = await Promise.all([
    login(app.app, demo.admin.username, demo.admin.password), login(app.app, demo.user.username, demo.user.password), login(app.app, demo.other.username, demo.other.password),
  ]);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, session: LoginAnswer = admin) => call(app.app, `/api/enterprise${path}`, data, session.token);
const state = async (id: number) => (await app.handle.db.selectFrom('settlements').select('state').where('id', '=', id).executeTakeFirst())?.state;

/** A to_declare settlement of new released export inventories. */
async function draft(prices: number[][] = [[100.5, 20.25]], session = admin, extra = {}) {
  const ids = [];
  for (const p of prices) ids.push(await released(app, session === other ? OTHER.code : DEMO.code, { prices: p, ...extra }));
  const res = await api('/expuInventry/declarationSeList', { ids, startTime: '2026-01-01 00:00:00', endTime: '2099-12-31 23:59:59' }, session);
  expect(res.body).toMatchObject({ code: 0 });
  return { id: res.body.data.headId as number, inventories: ids };
}

describe('creating a settlement from released inventories', () => {
  it('creates a 待生成 settlement with the lines, totals at 5 decimals, and no declaration number yet', async () => {
    const { id, inventories } = await draft([[100.5, 20.25], [0.1, 0.2]]);
    const head = (await api('/declarel/queryExpuInventHead', { id })).body.data;
    expect(head).toMatchObject({
      id, state: 'to_declare', stateName: '待生成', ieType: 'EXP', billType: 'export', declareNo: null, totalCount: 2, totalAmount: '121.05000',
      businessType: '结汇', tradeType: '9610', ebcCode: DEMO.code, totalAmountUnitName: '人民币', editable: true, viewable: true, node: '企业待申报', authState: 'self',
    });
    const lines = (await api('/SeExpuInventory/queryPageList', { pageIndex: 0, pageSize: 50, terms: [{ column: 'head_id', termType: 'eq', value: id }] })).body.data;
    expect(lines.total).toBe(2);
    expect(lines.datas.map((l: { billId: number; amount: string }) => [l.billId, l.amount])).toEqual([[inventories[0], '120.75000'], [inventories[1], '0.30000']]);
    expect((await api('/declarel/queryExpuInventList', { id, pageIndex: 0, pageSize: 10 })).body.data.total).toBe(2);
    // the import head path does not open an export settlement
    expect((await api('/declarel/queryInventHead', { id })).body).toMatchObject({ code: -1, message: t.notFound });
  });

  it('lists released inventories to add, without those already in a live settlement or not released', async () => {
    const free = await released(app, DEMO.code, { tradeMode: '1210' });
    const draftInv = await released(app, DEMO.code, { state: '120' });
    const { inventories } = await draft();
    const list = (await api('/expuInventry/quertSeList', { pageIndex: 0, pageSize: 500, terms: [{ column: 'trade_mode', termType: 'eq', value: '1210' }] })).body.data;
    const ids = list.datas.map((c: { id: number }) => c.id);
    expect(ids).toContain(free);
    expect(ids).not.toContain(draftInv);
    expect(ids).not.toContain(inventories[0]);
    expect(list.datas.every((c: { tradeMode: string }) => c.tradeMode === '1210')).toBe(true);
    // import candidates are import inventories
    const imp = await released(app, DEMO.code, { mode: 'import', tradeMode: '1210', zoneCode: '3105W60001', zoneName: '宁波保税区仓储' });
    const importIds = (await api('/invtInventory/querySeInventList', { pageIndex: 0, pageSize: 500 })).body.data.datas.map((c: { id: number }) => c.id);
    expect(importIds).toContain(imp);
    expect(importIds).not.toContain(free);
  });

  it('refuses an empty selection, someone else\'s or unreleased inventories, and mixed trade modes, leaving nothing behind', async () => {
    const before = Number((await app.handle.db.selectFrom('settlements').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect((await api('/expuInventry/declarationSeList', { ids: [] })).body).toMatchObject({ code: -1, message: t.selectAddInventory });
    expect((await api('/expuInventry/declarationSeList', {})).body).toMatchObject({ code: -1, message: t.selectAddInventory });
    const others = await released(app, OTHER.code);
    expect((await api('/expuInventry/declarationSeList', { ids: [others] })).body).toMatchObject({ code: -1, message: t.inventoryNotFound(1) });
    const unreleased = await released(app, DEMO.code, { state: '2' });
    expect((await api('/expuInventry/declarationSeList', { ids: [unreleased] })).body).toMatchObject({ code: -1, message: t.inventoryNotFound(1) });
    const a = await released(app, DEMO.code, { tradeMode: '9610' });
    const b = await released(app, DEMO.code, { tradeMode: '1210' });
    expect((await api('/expuInventry/declarationSeList', { ids: [a, b] })).body).toMatchObject({ code: -1, message: t.mixedTradeMode });
    const after = Number((await app.handle.db.selectFrom('settlements').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
    // an inventory already in a settlement: named
    const { inventories } = await draft();
    const taken = await api('/expuInventry/declarationSeList', { ids: [inventories[0]] });
    expect(taken.body.code).toBe(-1);
    expect(taken.body.message).toMatch(/^清单I.*已在其他结汇单中$/);
  });

  it('adds to and deletes from a 待生成 settlement, recomputing the totals', async () => {
    const { id } = await draft([[10]]);
    const more = await released(app, DEMO.code, { prices: [5.5] });
    expect((await api('/expuInventry/declarationSeList', { ids: [more], headId: id })).body.data).toEqual({ headId: id, added: 1 });
    const head = (await api('/declarel/queryExpuInventHead', { id })).body.data;
    expect(head).toMatchObject({ totalCount: 2, totalAmount: '15.50000' });
    const lines = (await api('/declarel/queryExpuInventList', { id })).body.data.datas as { id: number }[];
    expect((await api('/SeExpuInventory/delete', { ids: [] })).body).toMatchObject({ code: -1, message: t.selectDeleteInventory });
    expect((await api('/SeExpuInventory/delete', { ids: [lines[0]!.id] })).body).toMatchObject({ code: 0, message: t.deleted });
    expect((await api('/declarel/queryExpuInventHead', { id })).body.data).toMatchObject({ totalCount: 1, totalAmount: '5.50000' });
    // the import path does not delete export lines
    expect((await api('/SeInventory/delete', { ids: [lines[1]!.id] })).body).toMatchObject({ code: -1, message: t.notFound });
  });

  it('saves the seven specDeclFlag boxes while 待生成 and refuses anything else', async () => {
    const { id } = await draft();
    expect((await api('/declarel/saveHead', { id, specDeclFlag: '1000001' })).body).toMatchObject({ code: 0, data: { specDeclFlag: '1000001' } });
    expect((await api('/declarel/saveHead', { id, specDeclFlag: '12' })).body).toMatchObject({ code: -1, message: t.badSpecDeclFlag });
  });
});

describe('applying, the bank and the audit', () => {
  it('applies with a bank from bank_code: 申报中, a declaration number, the bank name', async () => {
    const { id } = await draft();
    expect((await api('/declarel/declaration', { id })).body).toMatchObject({ code: -1, message: t.bankRequired });
    expect((await api('/declarel/declaration', { id, bankCode: '999' })).body).toMatchObject({ code: -1, message: t.badBank });
    const res = await api('/declarel/declaration', { id, bankCode: '104', note: '十一月货款' });
    expect(res.body).toMatchObject({ code: 0, message: t.applied, data: { state: 'declare', stateName: '申报中', bankName: '中国银行', note: '十一月货款', editable: false, viewable: true } });
    expect(res.body.data.declareNo).toMatch(/^JH\d{8}\d{6}$/);
    expect(res.body.data.appTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses to apply a settlement without inventories', async () => {
    const { id } = await draft([[3]]);
    const line = (await api('/declarel/queryExpuInventList', { id })).body.data.datas[0];
    await api('/SeExpuInventory/delete', { ids: [line.id] });
    expect((await api('/declarel/declaration', { id, bankCode: '104' })).body).toMatchObject({ code: -1, message: t.noInventory });
    expect(await state(id)).toBe('to_declare');
  });

  it('refuses actions the state does not allow, naming the record and state, changing nothing', async () => {
    const { id } = await draft();
    const applied = (await api('/declarel/declaration', { id, bankCode: '102' })).body.data;
    const no = applied.declareNo;
    expect((await api('/declarel/delete', { ids: [id] })).body).toMatchObject({ code: -1, message: t.refused(no, '申报中', '删除') });
    expect((await api('/declare/revoke/revoke', { ids: [id], reason: '金额有误', revokeType: 1 })).body).toMatchObject({ code: -1, message: t.refused(no, '申报中', '撤销申请') });
    expect((await api('/declarel/declaration', { id, bankCode: '102' })).body).toMatchObject({ code: -1, message: t.refused(no, '申报中', '提交申请') });
    const more = await released(app, DEMO.code);
    expect((await api('/expuInventry/declarationSeList', { ids: [more], headId: id })).body).toMatchObject({ code: -1, message: t.refused(no, '申报中', '修改清单') });
    expect((await review(app, REVIEW, 'settlement/approve', { id })).body).toMatchObject({ code: -1, message: t.refused(no, '申报中', '审核通过') });
    expect(await state(id)).toBe('declare');
  });

  it('goes through the bank and the audit: 审核中, then 审核通过 with the settled amount', async () => {
    const { id } = await draft([[1000, 234.56789]]);
    await api('/declarel/declaration', { id, bankCode: '105' });
    expect((await review(app, REVIEW, 'settlement/accept', { id })).body).toMatchObject({ code: 0, data: { state: 'audit', stateName: '审核中' } });
    expect((await api('/declarel/queryExpuInventHead', { id })).body.data).toMatchObject({ state: 'audit', auditOpinion: t.bankAccepted, node: '海关审核' });
    expect((await review(app, REVIEW, 'settlement/approve', { id, opinion: '单证相符' })).body.data.state).toBe('approved');
    expect((await api('/declarel/queryExpuInventHead', { id })).body.data).toMatchObject({
      state: 'approved', stateName: '审核通过', auditOpinion: '单证相符', totalAmount: '1234.56789', alreadyAmount: '1234.56789', verAmount: '1234.56789', verProportion: '0.00%',
    });
  });

  it('a refusal needs an opinion and frees the inventories', async () => {
    const { id, inventories } = await draft();
    await api('/declarel/declaration', { id, bankCode: '105' });
    expect((await review(app, REVIEW, 'settlement/refuse', { id })).body).toMatchObject({ code: -1, message: t.opinionRequired });
    expect((await review(app, REVIEW, 'settlement/refuse', { id, opinion: '收款账户信息有误' })).body.data.state).toBe('not_approved');
    const head = (await api('/declarel/queryExpuInventHead', { id })).body.data;
    // a refused settlement is read like the others (查看, issue 31 item 13)
    expect(head).toMatchObject({ stateName: '审核不通过', auditOpinion: '收款账户信息有误', editable: false, viewable: true });
    const again = await api('/expuInventry/declarationSeList', { ids: inventories });
    expect(again.body.code).toBe(0);
  });
});

describe('revoking and the history', () => {
  it('revokes in audit with a reason (申请撤销理由不能为空), keeps it in the history, frees the inventories', async () => {
    const { id, inventories } = await draft();
    await api('/declarel/declaration', { id, bankCode: '301' });
    await review(app, REVIEW, 'settlement/accept', { id });
    expect((await api('/declare/revoke/revoke', { ids: [id], reason: '   ', revokeType: 1 })).body).toMatchObject({ code: -1, message: t.revokeReasonRequired });
    expect((await api('/declare/revoke/revoke', { ids: [], reason: '金额有误', revokeType: 1 })).body).toMatchObject({ code: -1, message: t.selectRevoke });
    expect((await api('/declare/revoke/revoke', { ids: [id], reason: '金额有误', revokeType: 2 })).body).toMatchObject({ code: -1, message: t.badRevokeType });
    expect(await state(id)).toBe('audit');
    expect((await api('/declare/revoke/revoke', { ids: [id], reason: '金额有误', revokeType: 1 })).body).toMatchObject({ code: 0, message: t.revoked });
    const head = (await api('/declarel/queryExpuInventHead', { id })).body.data;
    expect(head).toMatchObject({ state: 'revoke', stateName: '已撤销' });
    const history = (await api('/declare/revoke/revokePageList', { pageIndex: 0, pageSize: 10 })).body.data;
    expect(history.datas[0]).toMatchObject({ declareNo: head.declareNo, agentName: DEMO.name, reas: '金额有误', bankName: '交通银行', totalCount: 1, totalAmount: '120.75000', stateName: '已撤销' });
    expect(history.total).toBeGreaterThanOrEqual(1);
    expect((await api('/expuInventry/declarationSeList', { ids: inventories })).body.code).toBe(0);
    // revoked: nothing more
    expect((await review(app, REVIEW, 'settlement/approve', { id })).body.code).toBe(-1);
  });
});

describe('deleting', () => {
  it('deletes 待生成 records; a batch with one record in another state deletes none', async () => {
    const a = await draft();
    const b = await draft();
    await api('/declarel/declaration', { id: b.id, bankCode: '104' });
    expect((await api('/declarel/delete', { ids: [] })).body).toMatchObject({ code: -1, message: t.selectRows });
    const refused = await api('/declarel/delete', { ids: [a.id, b.id] });
    expect(refused.body.code).toBe(-1);
    expect(await state(a.id)).toBe('to_declare');
    expect((await api('/declarel/delete', { ids: [a.id] })).body).toMatchObject({ code: 0, message: t.deleted });
    expect(await state(a.id)).toBeUndefined();
    expect((await app.handle.db.selectFrom('settlement_inventories').select('id').where('settlement_id', '=', a.id).execute()).length).toBe(0);
  });
});

describe('the list', () => {
  it('filters by states, creation window and authorization state, newest application first', async () => {
    const d = await draft();
    const a = await draft();
    await api('/declarel/declaration', { id: a.id, bankCode: '104' });
    const list = (await api('/declarel/severList', {
      pageIndex: 0, pageSize: 50,
      terms: [
        { column: 'state', termType: 'in', value: ['to_declare', 'declare'] },
        { column: 'create_time', termType: 'btw', value: ['2020-01-01 00:00:00', '2099-12-31 23:59:59'] },
        { column: 'auth_state', termType: 'in', value: ['self'] },
      ],
    })).body.data;
    const ids = list.datas.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([d.id, a.id]));
    expect(list.datas.every((r: { state: string }) => ['to_declare', 'declare'].includes(r.state))).toBe(true);
    // app_time desc: applied records (with a time) after the drafts (null sorts first in desc), then by time
    const onlyDeclare = (await api('/declarel/queryPageList', { pageIndex: 0, pageSize: 50, terms: [{ column: 'state', termType: 'in', value: ['declare'] }] })).body.data;
    expect(onlyDeclare.datas.map((r: { id: number }) => r.id)).toContain(a.id);
    expect(onlyDeclare.datas.map((r: { id: number }) => r.id)).not.toContain(d.id);
    const unknownColumn = await api('/declarel/severList', { terms: [{ column: 'company_id', termType: 'eq', value: 1 }] });
    expect(unknownColumn.body.code).toBe(-1);
  });
});

describe('who may do what', () => {
  it('keeps companies apart: another company neither sees nor touches the demo\'s records', async () => {
    const { id } = await draft();
    expect((await api('/declarel/queryExpuInventHead', { id }, other)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/declarel/delete', { ids: [id] }, other)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/declarel/declaration', { id, bankCode: '104' }, other)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/declarel/severList', { pageIndex: 0, pageSize: 500 }, other)).body.data.datas.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(await state(id)).toBe('to_declare');
  });

  it('lets the sub-account work settlements once granted 结汇 (issue 17) but never the review API', async () => {
    const userId = (await app.handle.db.selectFrom('users').select('id').where('login_name', '=', demo.user.username).executeTakeFirstOrThrow()).id;
    const settlement = moduleSeeds.filter((m) => m.uri.startsWith('/exchangeSettlement'))
      .flatMap((m) => [{ moduleId: m.id, code: '' }, ...m.buttons.map((b) => ({ moduleId: m.id, code: b.code }))]);
    expect((await api('/user/saveGrants', { id: userId, grants: [...defaultSubAccountGrants(), ...settlement] }, admin)).body.code).toBe(0);
    const { id } = await draft([[7]], user);
    expect((await api('/declarel/declaration', { id, bankCode: '104' }, user)).body.code).toBe(0);
    const asUser = await app.app.inject({ method: 'POST', url: '/api/review/settlement/accept', payload: { data: { id } }, headers: { 'x-authorization': `Bearer ${user.token}` } });
    expect(asUser.statusCode).toBe(403);
    expect((await review(app, 'wrong-secret', 'settlement/accept', { id })).status).toBe(403);
    expect(await state(id)).toBe('declare');
  });

  it('refuses a logged-out caller and a company not yet filed', async () => {
    expect((await call(app.app, '/api/enterprise/declarel/severList', {})).status).toBe(401);
    const db = app.handle.db;
    const company = await db.insertInto('companies').values({ company_name: '未备案结汇测试企业', approve_state: 0, customs_regist_code: 'UNF0000001', profile: '{}' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('users').values({ company_id: company.id, login_name: 'unfiled-se', user_name: '未备案', user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Unfiled@2026pw') }).execute();
    const unfiled = await login(app.app, 'unfiled-se', 'Unfiled@2026pw');
    expect((await api('/declarel/severList', {}, unfiled)).body).toMatchObject({ code: -1, message: serverText.noCompany });
  });

  it('documents every call in the OpenAPI document', async () => {
    const doc = (await app.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/api/enterprise/declarel/severList', '/api/enterprise/declare/revoke/revoke', '/api/enterprise/expuInventry/quertSeList', '/api/enterprise/SeInventory/delete',
      '/api/enterprise/declare/verification/apply', '/api/enterprise/declare/authCommerce/tackBack', '/api/enterprise/subsidy/bill/import',
      '/api/enterprise/subsidy/result/{applyType}/list', '/api/agent/counts/list', '/api/review/settlement/accept']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
