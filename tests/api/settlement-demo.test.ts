/**
 * The demo data of settlement, authorization and rewards: created through the real functions on a
 * fresh database, every settlement state present, the confirm list holding a request, a verified
 * reward with results, and statistics with released inventories.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSettlement } from '../../server/db/seed/demo-settlement.ts';
import { chinaTodayText } from '../../domain/query.ts';
import { statisticsTerms } from '../../domain/statistics/query.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, OTHER } from './settlement-fixtures.ts';

let app: TestApp;
let admin: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemoSettlement(app.handle.db, DEMO.code, OTHER.code);
  admin = await login(app.app, demo.admin.username, demo.admin.password);
});
afterAll(() => app?.close());

describe('demo settlement data', () => {
  it('holds a settlement in every state, a verification, an authorization to confirm and a verified reward', async () => {
    const list = (await call(app.app, '/api/enterprise/declarel/severList', { pageIndex: 0, pageSize: 50 }, admin.token)).body.data;
    expect(new Set(list.datas.map((r: { state: string }) => r.state))).toEqual(new Set(['to_declare', 'declare', 'audit', 'approved', 'not_approved', 'revoke']));
    expect((await call(app.app, '/api/enterprise/declare/revoke/revokePageList', { pageIndex: 0, pageSize: 10 }, admin.token)).body.data.total).toBe(1);
    const verifiable = (await call(app.app, '/api/enterprise/declare/verification/pageList', { pageIndex: 0, pageSize: 50 }, admin.token)).body.data.datas;
    expect(verifiable.some((r: { verificationAmount: string; verifyingAmount: string }) => r.verificationAmount === '600.00000' && r.verifyingAmount === '300.50000')).toBe(true);
    const confirm = (await call(app.app, '/api/enterprise/declare/authCommerce/queryPageList', { terms: [{ column: 'commerceCode', termType: 'eq', value: DEMO.code }] }, admin.token)).body.data;
    expect(confirm.datas).toEqual([expect.objectContaining({ agentCode: OTHER.code, state: 'to_audit' })]);
    const rewards = (await call(app.app, '/api/enterprise/subsidy/list', { pageIndex: 0, pageSize: 10 }, admin.token)).body.data.datas;
    const verified = rewards.find((r: { checkable: boolean }) => r.checkable);
    const results = (await call(app.app, `/api/enterprise/subsidy/result/${verified.applyType}/list`, { terms: [{ column: 'subsidy_id', termType: 'eq', value: verified.id }] }, admin.token)).body.data;
    expect(results.total).toBeGreaterThan(10);
    // days as customs and the statistics count them: China's (the demo's newest inventory is China's today)
    const today = chinaTodayText(new Date());
    const stats = (await call(app.app, '/api/agent/counts/list', { terms: statisticsTerms('ebc', { startDate: '2000-01-01', endDate: today, businessMode: 'E,9610' }) }, admin.token)).body;
    expect(stats.code).toBe(-1);
    const year = chinaTodayText(new Date(Date.now() - 300 * 86400_000));
    const rows = (await call(app.app, '/api/agent/counts/list', { terms: statisticsTerms('ebc', { startDate: year, endDate: today, businessMode: 'E,9610' }) }, admin.token)).body.data.datas;
    expect(rows.at(-1)).toMatchObject({ isTotal: true, total: 60 });
  });
});
