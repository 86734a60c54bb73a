/**
 * The operator's 结汇审核, 核销审核 and 补贴审核 (issue 20) on a real database: the queues across
 * companies with their filters (state, company, application time, number) and paging, the detail
 * with inventories and amounts, every decision, a refusal without a reason, and a decision in a
 * state the machine does not allow — refused, nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_IMPORT } from '../../domain/rewards/bill-import.ts';
import { reviewSettlementText as rt } from '../../domain/texts/review-settlement.ts';
import { rewardText } from '../../domain/texts/rewards.ts';
import { settlementText, verificationText } from '../../domain/texts/settlement.ts';
import { demoOperator } from '../../server/db/seed/demo.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, OTHER, released, review as reviewCall, upload, workbook } from './settlement-fixtures.ts';

const REVIEW = 'operator-settlement-review-secret';
let app: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  [admin, other] = await Promise.all([login(app.app, demo.admin.username, demo.admin.password), login(app.app, demo.other.username, demo.other.password)]);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, session: LoginAnswer = admin) => call(app.app, `/api/enterprise${path}`, data, session.token);
const review = (path: string, data: unknown) => reviewCall(app, REVIEW, path, data);
const db = () => app.handle.db;
const WIDE = ['2020-01-01 00:00:00', '2099-12-31 23:59:59'];

/** A settlement applied to the bank (申报中) of new released inventories of `session`'s company. */
async function applied(prices: number[][] = [[100.5, 20.25]], session = admin) {
  const ids = [];
  for (const p of prices) ids.push(await released(app, session === other ? OTHER.code : DEMO.code, { prices: p }));
  const headId = (await api('/expuInventry/declarationSeList', { ids, startTime: '2026-01-01 00:00:00', endTime: '2099-12-31 23:59:59' }, session)).body.data.headId as number;
  expect((await api('/declarel/declaration', { id: headId, bankCode: '104' }, session)).body.code).toBe(0);
  const declareNo = (await db().selectFrom('settlements').select('declare_no').where('id', '=', headId).executeTakeFirstOrThrow()).declare_no!;
  return { id: headId, declareNo, inventories: ids };
}
const stateOf = async (id: number) => (await db().selectFrom('settlements').select(['state', 'audit_opinion']).where('id', '=', id).executeTakeFirstOrThrow());
const idsOf = (page: { datas: { id: number }[] }) => page.datas.map((r) => r.id);

describe('结汇审核', () => {
  it('queues every company\'s applications, filtered by state, company, application time and number, paged, never a draft', async () => {
    const mine = await applied();
    const theirs = await applied([[7]], other);
    const draft = (await api('/expuInventry/declarationSeList', { ids: [await released(app, DEMO.code)] })).body.data.headId as number;
    const all = (await review('settlement/pageList', { pageIndex: 0, pageSize: 500 })).body.data;
    expect(idsOf(all)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(idsOf(all)).not.toContain(draft);
    expect(all.datas.find((r: { id: number }) => r.id === mine.id)).toMatchObject({
      declareNo: mine.declareNo, state: 'declare', stateName: '申报中', companyName: DEMO.name, companyCode: DEMO.code, totalAmount: '120.75000', totalCount: 1,
      bankName: expect.any(String), canAccept: true, canApprove: false,
    });

    const byCompany = (await review('settlement/pageList', { pageIndex: 0, pageSize: 500, terms: [{ column: 'company_name', termType: 'like', value: '云途' }] })).body.data;
    expect(idsOf(byCompany)).toContain(theirs.id);
    expect(idsOf(byCompany)).not.toContain(mine.id);
    const byNumber = (await review('settlement/pageList', { terms: [{ column: 'declare_no', termType: 'like', value: mine.declareNo }] })).body.data;
    expect(idsOf(byNumber)).toEqual([mine.id]);
    const byTime = (await review('settlement/pageList', { pageSize: 500, terms: [{ column: 'app_time', termType: 'btw', value: ['2020-01-01 00:00:00', '2020-12-31 23:59:59'] }] })).body.data;
    expect(byTime.total).toBe(0);
    const inWindow = (await review('settlement/pageList', { pageSize: 500, terms: [{ column: 'app_time', termType: 'btw', value: WIDE }, { column: 'state', termType: 'in', value: ['declare'] }] })).body.data;
    expect(idsOf(inWindow)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(inWindow.datas.every((r: { state: string }) => r.state === 'declare')).toBe(true);
    // the review API's first payload, {state}, still filters
    await review('settlement/accept', { id: theirs.id });
    const legacy = (await review('settlement/pageList', { state: 'audit', pageSize: 500 })).body.data;
    expect(idsOf(legacy)).toContain(theirs.id);
    expect(idsOf(legacy)).not.toContain(mine.id);
    // paging: a page of one, the total of all; oldest application first
    const first = (await review('settlement/pageList', { pageIndex: 0, pageSize: 1, terms: [{ column: 'state', termType: 'in', value: ['declare', 'audit'] }] })).body.data;
    expect(first.datas).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(idsOf(first)[0]).toBeLessThan(Math.max(mine.id, theirs.id) + 1);
    // a column the queue does not know is refused with the list's message
    expect((await review('settlement/pageList', { terms: [{ column: 'password_hash', termType: 'eq', value: 'x' }] })).body.code).toBe(-1);
  });

  it('shows the detail with amounts and the inventories, paged', async () => {
    const s = await applied([[10, 0.5], [3], [4]]);
    const detail = (await review('settlement/detail', { id: s.id })).body.data;
    expect(detail).toMatchObject({ id: s.id, declareNo: s.declareNo, totalAmount: '17.50000', totalCount: 3, verifiedAmount: '0.00000', remainingAmount: '0.00000', verifications: [] });
    const lines = (await review('settlement/inventories', { id: s.id, pageIndex: 0, pageSize: 2 })).body.data;
    expect(lines.total).toBe(3);
    expect(lines.datas.map((l: { billId: number; amount: string }) => [l.billId, l.amount])).toEqual([[s.inventories[0], '10.50000'], [s.inventories[1], '3.00000']]);
    expect((await review('settlement/inventories', { id: s.id, pageIndex: 1, pageSize: 2 })).body.data.datas).toHaveLength(1);
    expect((await review('settlement/detail', { id: 99_999_999 })).body).toMatchObject({ code: -1, message: rt.notFound.settlement });
  });

  it('accepts, then approves through the machine; a wrong state is refused and changes nothing', async () => {
    const s = await applied();
    expect((await review('settlement/approve', { id: s.id })).body).toMatchObject({ code: -1, message: settlementText.refused(s.declareNo, '申报中', '审核通过') });
    expect((await review('settlement/accept', { id: s.id, opinion: '资料齐全，予以受理' })).body).toMatchObject({ code: 0, data: { state: 'audit', stateName: '审核中' } });
    expect(await stateOf(s.id)).toEqual({ state: 'audit', audit_opinion: '资料齐全，予以受理' });
    expect((await review('settlement/accept', { id: s.id })).body).toMatchObject({ code: -1, message: settlementText.refused(s.declareNo, '审核中', '受理') });
    expect((await review('settlement/approve', { id: s.id })).body).toMatchObject({ code: 0, data: { state: 'approved' } });
    expect((await review('settlement/reject', { id: s.id, opinion: '迟到的不通过' })).body).toMatchObject({ code: -1, message: settlementText.refused(s.declareNo, '审核通过', '审核不通过') });
    expect(await stateOf(s.id)).toEqual({ state: 'approved', audit_opinion: settlementText.approvedOpinion });
    // the enterprise sees the outcome on its own record
    const head = (await api('/declarel/queryExpuInventHead', { id: s.id })).body.data;
    expect(head).toMatchObject({ state: 'approved', auditOpinion: settlementText.approvedOpinion });
  });

  it('refuses 不受理 and 审核不通过 without a reason; with one, the enterprise reads it and the inventories are free again', async () => {
    const a = await applied();
    for (const opinion of [undefined, '', '   ']) {
      expect((await review('settlement/refuse', { id: a.id, ...(opinion === undefined ? {} : { opinion }) })).body).toMatchObject({ code: -1, message: settlementText.opinionRequired });
    }
    expect((await stateOf(a.id)).state).toBe('declare');
    expect((await review('settlement/refuse', { id: a.id, opinion: '收款账户信息不符' })).body).toMatchObject({ code: 0, data: { state: 'not_approved' } });
    expect((await api('/declarel/queryExpuInventHead', { id: a.id })).body.data).toMatchObject({ state: 'not_approved', auditOpinion: '收款账户信息不符' });
    const free = (await db().selectFrom('settlement_inventories').select('active').where('settlement_id', '=', a.id).execute()).map((r) => r.active);
    expect(free).toEqual([false]);

    const b = await applied();
    await review('settlement/accept', { id: b.id });
    expect((await review('settlement/reject', { id: b.id })).body).toMatchObject({ code: -1, message: settlementText.opinionRequired });
    expect((await review('settlement/reject', { id: b.id, opinion: '贸易背景不真实' })).body).toMatchObject({ code: 0, data: { state: 'not_approved' } });
    expect(await stateOf(b.id)).toEqual({ state: 'not_approved', audit_opinion: '贸易背景不真实' });
  });
});

/** An approved settlement of one inventory worth `total`, with a verification of `amount` applied. */
async function verifying(total: number, amount: string) {
  const s = await applied([[total]]);
  await review('settlement/accept', { id: s.id });
  await review('settlement/approve', { id: s.id });
  const res = await api('/declare/verification/apply', { amount, ids: [s.id] });
  expect(res.body.code).toBe(0);
  return { settlement: s, id: res.body.data.id as number, verNo: res.body.data.verNo as string };
}

describe('核销审核', () => {
  it('queues applications with their settlement\'s amounts, filtered by state, company, time and number; the detail holds the settlement', async () => {
    const v = await verifying(200, '50');
    const list = (await review('verification/pageList', { pageSize: 500, terms: [{ column: 'state', termType: 'in', value: ['audit'] }, { column: 'app_time', termType: 'btw', value: WIDE }] })).body.data;
    expect(list.datas.find((r: { id: number }) => r.id === v.id)).toMatchObject({
      verNo: v.verNo, declareNo: v.settlement.declareNo, companyName: DEMO.name, amount: '50.00000', totalAmount: '200.00000', verifyingAmount: '50.00000', stateName: '审核中', canApprove: true,
    });
    expect(idsOf((await review('verification/pageList', { terms: [{ column: 'ver_no', termType: 'eq', value: v.verNo }] })).body.data)).toEqual([v.id]);
    expect(idsOf((await review('verification/pageList', { terms: [{ column: 'declare_no', termType: 'eq', value: v.settlement.declareNo }] })).body.data)).toEqual([v.id]);
    expect(idsOf((await review('verification/pageList', { pageSize: 500, terms: [{ column: 'company_name', termType: 'like', value: '云途' }] })).body.data)).not.toContain(v.id);
    const detail = (await review('verification/detail', { id: v.id })).body.data;
    expect(detail).toMatchObject({ id: v.id, amount: '50.00000', settlement: { id: v.settlement.id, totalAmount: '200.00000', verifyingAmount: '50.00000', remainingAmount: '150.00000' } });
    expect(detail.settlement.verifications.map((x: { id: number }) => x.id)).toEqual([v.id]);
    expect((await review('verification/detail', { id: 99_999_999 })).body).toMatchObject({ code: -1, message: rt.notFound.verification });
  });

  it('approves (the amount becomes verified), refuses only with a reason (the amount is free again), and never twice', async () => {
    const v = await verifying(100, '40');
    expect((await review('verification/approve', { id: v.id })).body).toMatchObject({ code: 0, data: { state: 'approved' } });
    expect((await review('verification/detail', { id: v.id })).body.data.settlement).toMatchObject({ verifiedAmount: '40.00000', verifyingAmount: '0.00000', remainingAmount: '60.00000' });
    expect((await review('verification/reject', { id: v.id, opinion: '重复' })).body).toMatchObject({ code: -1, message: verificationText.refused(v.verNo, '核销成功', '核销不通过') });

    const w = await verifying(100, '30');
    expect((await review('verification/reject', { id: w.id, opinion: ' ' })).body).toMatchObject({ code: -1, message: settlementText.opinionRequired });
    expect((await review('verification/reject', { id: w.id, opinion: '金额与收汇不符' })).body).toMatchObject({ code: 0, data: { state: 'not_approved' } });
    expect((await review('verification/detail', { id: w.id })).body.data).toMatchObject({ auditOpinion: '金额与收汇不符', settlement: { verifyingAmount: '0.00000', remainingAmount: '100.00000' } });
    expect((await review('verification/approve', { id: w.id })).body).toMatchObject({ code: -1, message: verificationText.refused(w.verNo, '核销失败', '核销通过') });
  });
});

describe('补贴审核', () => {
  const application = (extra: Record<string, unknown> = {}) => ({
    applyType: 'E9', companyType: '1', ckStartTime: '2026-01-01', ckEndTime: '2099-12-31', note: '运营审核',
    recCompanyList: [{ recCompanyName: OTHER.name, recCompanyCode: OTHER.code }], importNo: NO_IMPORT, ...extra,
  });

  it('queues applications with their bills, verifies them start → finish through the machine, then shows the results', async () => {
    const header = ['提单号', '付款企业', '收款企业', '提货时间', '航班号', '航班日期', '毛重（千克）'];
    const { uri } = await upload(app, admin.token, '提单号.xlsx', await workbook([header, ['784-20000001', '甲', '乙', '2026-11-20 10:00', 'CA1', '2026-11-20', 1], ['784-20000002', '甲', '乙', null, null, null, null]]));
    const importNo = (await api('/subsidy/bill/import', { filePath: uri })).body.data.importNo;
    const id = (await api('/subsidy/apply', application({ importNo }))).body.data.id as number;
    const plain = (await api('/subsidy/apply', application())).body.data.id as number;

    const queue = (await review('subsidy/pageList', { pageSize: 500, terms: [{ column: 'state', termType: 'in', value: ['wait_audit'] }, { column: 'apply_time', termType: 'btw', value: WIDE }] })).body.data;
    expect(queue.datas.find((r: { id: number }) => r.id === id)).toMatchObject({ companyName: DEMO.name, companyCode: DEMO.code, applyType: 'E9', billCount: 2, stateName: '待核验', canStart: true, canFinish: false });
    expect(idsOf((await review('subsidy/pageList', { terms: [{ column: 'id', termType: 'eq', value: id }] })).body.data)).toEqual([id]);
    expect(idsOf((await review('subsidy/pageList', { pageSize: 500, terms: [{ column: 'company_name', termType: 'like', value: '云途' }] })).body.data)).not.toContain(id);
    const detail = (await review('subsidy/detail', { id })).body.data;
    expect(detail).toMatchObject({ id, billCount: 2, resultCount: 0, recCompanyList: [{ recCompanyCode: OTHER.code }] });
    expect(detail.resultColumns.length).toBeGreaterThan(0);
    const bills = (await review('subsidy/bills', { id, pageIndex: 0, pageSize: 1 })).body.data;
    expect(bills).toMatchObject({ total: 2, datas: [{ billNo: '784-20000001', flightNo: 'CA1' }] });

    expect((await review('subsidy/finish', { id })).body).toMatchObject({ code: -1, message: rewardText.refused('待核验', '完成核验') });
    expect((await review('subsidy/start', { id })).body).toMatchObject({ code: 0, data: { state: 'audit' } });
    expect((await review('subsidy/start', { id })).body).toMatchObject({ code: -1, message: rewardText.refused('核验中', '开始核验') });
    expect((await review('subsidy/finish', { id })).body).toMatchObject({ code: 0, data: { state: 'approved' } });
    expect((await review('subsidy/finish', { id })).body).toMatchObject({ code: -1, message: rewardText.refused('核验完成', '完成核验') });
    const results = (await review('subsidy/results', { id, pageSize: 50 })).body.data;
    // E9 is per main waybill: each imported bill is a row even when no inventory carries it
    expect(results.total).toBe(2);
    expect(results.datas.map((r: { billNo: string }) => r.billNo).sort()).toEqual(['784-20000001', '784-20000002']);
    expect((await review('subsidy/detail', { id })).body.data).toMatchObject({ state: 'approved', resultCount: 2, canStart: false, canFinish: false, auditTime: expect.any(String) });
    expect((await review('subsidy/detail', { id: plain })).body.data).toMatchObject({ billCount: 0, state: 'wait_audit' });
    expect((await review('subsidy/detail', { id: 99_999_999 })).body).toMatchObject({ code: -1, message: rt.notFound.subsidy });
  });
});

describe('the operator\'s login', () => {
  it('works the queues and decides with its own login; each decision is logged with the operator as actor; an enterprise account is refused', async () => {
    const operator = await login(app.app, demoOperator.login_name, demoOperator.password);
    const asOperator = (path: string, data: unknown) => call(app.app, `/api/review/${path}`, data, operator.token);
    const s = await applied();
    expect(idsOf((await asOperator('settlement/pageList', { terms: [{ column: 'declare_no', termType: 'eq', value: s.declareNo }] })).body.data)).toEqual([s.id]);
    expect((await asOperator('settlement/detail', { id: s.id })).body.data).toMatchObject({ id: s.id, canAccept: true });
    expect((await asOperator('settlement/refuse', { id: s.id })).body).toMatchObject({ code: -1, message: settlementText.opinionRequired });
    expect((await asOperator('settlement/accept', { id: s.id, opinion: '受理' })).body).toMatchObject({ code: 0, data: { state: 'audit' } });
    const logged = await db().selectFrom('operation_logs').select(['account', 'action', 'outcome', 'company_id']).where('action', 'in', ['结汇单受理', '结汇单不受理'])
      .where('account', '=', demoOperator.login_name).orderBy('id').execute();
    expect(logged.map((r) => [r.action, r.outcome])).toEqual([['结汇单不受理', '失败'], ['结汇单受理', '成功']]);
    // the enterprise's own login is no operator's: refused, nothing read or changed
    for (const path of ['settlement/pageList', 'settlement/detail', 'verification/pageList', 'subsidy/detail', 'settlement/approve']) {
      const res = await call(app.app, `/api/review/${path}`, { id: s.id }, admin.token);
      expect(res.body.code, path).not.toBe(0);
    }
    expect((await stateOf(s.id)).state).toBe('audit');
  });
});
