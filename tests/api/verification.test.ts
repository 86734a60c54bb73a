/**
 * Settlement verification (核销) on a real database: the approved settlements with what is left,
 * applying an amount (non-positive, empty, too many decimals, more than available), the bank's
 * answer, revoking with a reason and the history, the result detail, the wrong states, and another
 * company's records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationText as t } from '../../domain/texts/settlement.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, released, review } from './settlement-fixtures.ts';

const REVIEW = 'verification-review-secret';
let app: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  [admin, other] = await Promise.all([login(app.app, demo.admin.username, demo.admin.password), login(app.app, demo.other.username, demo.other.password)]);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, session: LoginAnswer = admin) => call(app.app, `/api/enterprise${path}`, data, session.token);

/** An approved settlement of one inventory worth `total`. */
async function approved(total = 1000) {
  const inv = await released(app, DEMO.code, { prices: [total] });
  const id = (await api('/expuInventry/declarationSeList', { ids: [inv] })).body.data.headId as number;
  await api('/declarel/declaration', { id, bankCode: '104' });
  await review(app, REVIEW, 'settlement/accept', { id });
  await review(app, REVIEW, 'settlement/approve', { id });
  return id;
}
const row = async (id: number) => ((await api('/declare/verification/pageList', { pageIndex: 0, pageSize: 500 })).body.data.datas as { id: number }[]).find((r) => r.id === id) as any;

describe('verification', () => {
  it('lists only approved settlements, with the available amount', async () => {
    const id = await approved(1000);
    const inv = await released(app, DEMO.code);
    const pending = (await api('/expuInventry/declarationSeList', { ids: [inv] })).body.data.headId;
    const list = (await api('/declare/verification/pageList', { pageIndex: 0, pageSize: 500 })).body.data;
    const ids = list.datas.map((r: { id: number }) => r.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(pending);
    expect(await row(id)).toMatchObject({ alreadyAmount: '1000.00000', verAmount: '1000.00000', verificationAmount: '0.00000', verStateName: '未核销' });
  });

  it('checks the amount: empty or non-positive → 0 refused, more than 5 decimals, more than available, one row only', async () => {
    const id = await approved(100);
    expect((await api('/declare/verification/apply', { amount: '', ids: [id] })).body).toMatchObject({ code: -1, message: t.amountRequired });
    expect((await api('/declare/verification/apply', { amount: '-5', ids: [id] })).body).toMatchObject({ code: -1, message: t.amountRequired });
    expect((await api('/declare/verification/apply', { amount: '1.123456', ids: [id] })).body).toMatchObject({ code: -1, message: t.amountScale });
    expect((await api('/declare/verification/apply', { amount: '100.00001', ids: [id] })).body).toMatchObject({ code: -1, message: t.amountTooLarge });
    expect((await api('/declare/verification/apply', { amount: '10', ids: [] })).body).toMatchObject({ code: -1, message: t.selectOne });
    expect((await api('/declare/verification/apply', { amount: '10', ids: [id, id + 1] })).body).toMatchObject({ code: -1, message: t.selectOne });
    expect(await row(id)).toMatchObject({ verAmount: '100.00000', verifyingAmount: '0.00000' });
  });

  it('applies, the bank approves: verified amount, proportion and what is left (5 decimals)', async () => {
    const id = await approved(100);
    const res = await api('/declare/verification/apply', { amount: '30.12345', ids: [id] });
    expect(res.body).toMatchObject({ code: 0, message: t.applied, data: { amount: '30.12345', availableAmount: '69.87655' } });
    expect(await row(id)).toMatchObject({ verifyingAmount: '30.12345', verAmount: '69.87655', verStateName: '审核中' });
    expect((await api('/declare/verification/apply', { amount: '69.87656', ids: [id] })).body).toMatchObject({ code: -1, message: t.amountTooLarge });
    expect((await review(app, REVIEW, 'verification/approve', { id: res.body.data.id })).body.data.state).toBe('approved');
    expect(await row(id)).toMatchObject({ verificationAmount: '30.12345', verifyingAmount: '0.00000', verAmount: '69.87655', verProportion: '30.12%', verStateName: '核销成功' });
    // approved: cannot be revoked or decided again
    expect((await api('/declare/verification/revokes', { ids: [id], reason: '重复' })).body).toMatchObject({ code: -1, message: t.refused(res.body.data.verNo, '核销成功', '撤销') });
    expect((await review(app, REVIEW, 'verification/reject', { id: res.body.data.id, opinion: 'x' })).body.code).toBe(-1);
    const results = (await api('/declare/verification/result', { id })).body.data;
    expect(results.datas).toEqual([expect.objectContaining({ verNo: res.body.data.verNo, amount: '30.12345', stateName: '核销成功', auditOpinion: '核销通过' })]);
  });

  it('revokes an application in audit with a reason; the amount is available again; the history keeps it', async () => {
    const id = await approved(50);
    const applied = (await api('/declare/verification/apply', { amount: 20, ids: [id] })).body.data;
    expect((await api('/declare/verification/revokes', { ids: [id], reason: '' })).body).toMatchObject({ code: -1, message: t.revokeReasonRequired });
    expect((await api('/declare/verification/revokes', { ids: [], reason: '金额填错' })).body).toMatchObject({ code: -1, message: t.selectRevoke });
    expect((await api('/declare/verification/revokes', { ids: [id], reason: '金额填错' })).body).toMatchObject({ code: 0, message: t.revoked });
    expect(await row(id)).toMatchObject({ verAmount: '50.00000', verifyingAmount: '0.00000', verStateName: '已撤销' });
    const history = (await api('/declare/revoke/verificationPageList', { pageIndex: 0, pageSize: 10 })).body.data;
    expect(history.datas[0]).toMatchObject({ reas: '金额填错', totalAmount: '20.00000', stateName: '已撤销' });
    expect((await review(app, REVIEW, 'verification/approve', { id: applied.id })).body.code).toBe(-1);
  });

  it('a refused application gives its amount back', async () => {
    const id = await approved(10);
    const applied = (await api('/declare/verification/apply', { amount: 10, ids: [id] })).body.data;
    expect((await review(app, REVIEW, 'verification/reject', { id: applied.id })).body.code).toBe(-1);
    expect((await review(app, REVIEW, 'verification/reject', { id: applied.id, opinion: '与收汇记录不符' })).body.data.state).toBe('not_approved');
    expect(await row(id)).toMatchObject({ verAmount: '10.00000', verStateName: '核销失败' });
  });

  it('refuses a settlement not approved, and another company\'s', async () => {
    const inv = await released(app, DEMO.code);
    const pending = (await api('/expuInventry/declarationSeList', { ids: [inv] })).body.data.headId;
    expect((await api('/declare/verification/apply', { amount: 1, ids: [pending] })).body).toMatchObject({ code: -1, message: t.notFound });
    const id = await approved(10);
    expect((await api('/declare/verification/apply', { amount: 1, ids: [id] }, other)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/declare/verification/result', { id }, other)).body.code).toBe(-1);
    expect((await api('/declare/verification/pageList', { pageIndex: 0, pageSize: 500 }, other)).body.data.datas.map((r: { id: number }) => r.id)).not.toContain(id);
  });
});
