/**
 * Issue 20, 企业管理: the operator lists the enterprises with their filing state and accounts, and
 * freezes a company — its users cannot log in (企业已被平台冻结), its open sessions end, its refresh
 * and its API keys are refused — until it is unfrozen. Each decision is in the operation log, the
 * operator its actor.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { completeEnterprise } from '../../domain/enterprise/example.ts';
import { authText } from '../../domain/texts/auth.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { reviewCompanyText as t } from '../../domain/texts/review-company.ts';
import { demoCompanies, demoOperator } from '../../server/db/seed/demo.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let operator: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp();
  operator = await login(app.app, demoOperator.login_name, demoOperator.password);
  other = await login(app.app, demo.other.username, demo.other.password);
});
afterAll(() => app?.close());

const review = (verb: string, data: unknown) => call(app.app, `/api/review/enterprise/${verb}`, data, operator.token);
const loginMessage = async (username: string, password: string) => {
  try {
    await login(app.app, username, password);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
};

it('lists the enterprises with their filing state and account count, and one company’s accounts', async () => {
  const list = await review('pageList', { pageIndex: 0, pageSize: 50 });
  expect(list.body.code).toBe(0);
  const rows = list.body.data.datas as { id: number; companyName: string; showApproveState: string; accountCount: number; frozen: boolean }[];
  const demoCompany = rows.find((r) => r.companyName === demoCompanies[0].company_name);
  expect(demoCompany).toMatchObject({ showApproveState: '备案通过', frozen: false, accountCount: 2 });
  expect(list.body.data.total).toBeGreaterThanOrEqual(2);

  const byName = await review('pageList', { pageIndex: 0, pageSize: 50, terms: [{ column: 'company_name', termType: 'like', value: '云途' }] });
  expect((byName.body.data.datas as { id: number }[]).map((r) => r.id)).toEqual([other.userInfo.companyId]);

  const accounts = await review('accounts', { id: demoCompany!.id });
  expect((accounts.body.data as { loginName: string; userType: string }[]).map((a) => [a.loginName, a.userType])).toEqual([['admin', 'ADMIN'], ['user@admin', 'USER']]);
  expect((await review('accounts', { id: 999_999 })).body).toMatchObject({ code: -1, message: t.notFound });
});

it('a frozen company cannot log in, refresh or call, nor its API keys, until it is unfrozen', async () => {
  const id = other.userInfo.companyId;
  const key = await call(app.app, '/api/enterprise/apiKey/save', { name: 'freeze-test', grants: [{ moduleId: 101, code: '' }] }, other.token);
  const secret = key.body.data.secret as string;
  const keyCall = () => app.app.inject({ method: 'POST', url: '/api/enterprise/expu/order/pageList', headers: { 'x-api-key': secret }, payload: { data: { pageIndex: 0, pageSize: 10 } } });
  expect((await keyCall()).statusCode).toBe(200);

  expect((await review('freeze', { id })).body).toMatchObject({ code: 0, data: { id, frozen: true } });
  expect((await review('freeze', { id })).body).toMatchObject({ code: -1, message: t.alreadyFrozen });

  // the open session ends at its next call; the refresh and a new login are refused with the reason
  expect((await call(app.app, '/api/enterprise/expu/order/pageList', { pageIndex: 0, pageSize: 10 }, other.token)).status).toBe(401);
  const refreshed = await app.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': other.refreshToken } });
  expect(refreshed.json()).toMatchObject({ code: -1 });
  expect(await loginMessage(demo.other.username, demo.other.password)).toContain(authText.companyFrozen);
  expect((await keyCall()).statusCode).toBe(401);
  // other companies are untouched
  expect(await loginMessage(demo.admin.username, demo.admin.password)).toBe('ok');

  const listed = (await review('pageList', { pageIndex: 0, pageSize: 50, terms: [{ column: 'frozen', termType: 'eq', value: true }] })).body.data.datas as { id: number; frozen: boolean; frozenTime: string }[];
  expect(listed.map((r) => r.id)).toEqual([id]);
  expect(listed[0]!.frozenTime).not.toBe('');

  expect((await review('unfreeze', { id })).body).toMatchObject({ code: 0, data: { id, frozen: false } });
  expect((await review('unfreeze', { id })).body).toMatchObject({ code: -1, message: t.notFrozen });
  expect(await loginMessage(demo.other.username, demo.other.password)).toBe('ok');
  expect((await keyCall()).statusCode).toBe(200);
});

it('logs each decision with the operator as actor, on the platform’s side', async () => {
  const rows = await app.handle.db.selectFrom('operation_logs').select(['company_id', 'account', 'action', 'outcome', 'record_ids'])
    .where('action', 'in', ['冻结企业', '解冻企业']).orderBy('id').execute();
  expect(rows.map((r) => [r.action, r.outcome])).toEqual([['冻结企业', '成功'], ['冻结企业', '失败'], ['解冻企业', '成功'], ['解冻企业', '失败']]);
  for (const r of rows) {
    expect(r).toMatchObject({ company_id: null, account: demoOperator.login_name });
    expect(r.record_ids.map(Number)).toEqual([other.userInfo.companyId]);
  }
});

it('as in production (no REVIEW_TOKEN, no sandbox timer), the operator’s login alone carries a filing to 备案通过', async () => {
  expect(app.config).toMatchObject({ reviewToken: undefined, filingAutoApproveMs: 0, sandboxAdvanceMs: 0 });
  const db = app.handle.db;
  const company = await db.insertInto('companies').values({ company_name: '宁波审核端测试有限公司', approve_state: 0, customs_regist_code: '3302990Z01', profile: '{}' })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ company_id: company.id, login_name: 'opfiling', user_name: '备案员', user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Filing@2026pw') }).execute();
  const session = await login(app.app, 'opfiling', 'Filing@2026pw');
  const filing = (path: string, data: unknown) => call(app.app, `/api/enterprise${path}`, data, session.token);
  const decide = (verb: string, data: unknown) => call(app.app, `/api/review/company/${verb}`, data, operator.token);

  // before the filing is declared the machine refuses a decision
  expect((await decide('approve', { id: company.id })).body.code).toBe(-1);
  expect((await filing('/company/apply', completeEnterprise)).body.data.approveState).toBe(5);
  expect(((await decide('pageList', {})).body.data as { id: number }[]).map((r) => r.id)).toContain(company.id);
  expect((await decide('approve', { id: company.id, opinion: '资料齐全' })).body).toMatchObject({ code: 0, data: { approveState: 2 } });
  const detail = (await filing('/company/queryDetailById', {})).body.data;
  expect(detail).toMatchObject({ approveState: 2, companyCode: '3302990Z01' });
  // signed with the operator's own name
  expect(detail.approvalRecordVos[0]).toMatchObject({ stateName: '备案通过', userName: demoOperator.user_name });
  // scripts: the review token is off without REVIEW_TOKEN
  const scripted = await app.app.inject({ method: 'POST', url: '/api/review/company/pageList', headers: { 'x-review-token': 'anything' }, payload: { data: {} } });
  expect(scripted.json()).toMatchObject({ code: -1, message: enterpriseText.reviewDisabled });
});
