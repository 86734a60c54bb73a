/**
 * The bank's and customs' sandbox (SANDBOX_ADVANCE_MS): with no reviewer a settlement goes 申报中 →
 * 审核中 → 审核通过 on its own, a note with 不通过 ends 审核不通过, a verification is approved and a
 * reward application verified with its results; never in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_IMPORT } from '../../domain/rewards/bill-import.ts';
import { loadConfig } from '../../server/config.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, OTHER, released } from './settlement-fixtures.ts';

const STEP = 150;
let app: TestApp;
let admin: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { SANDBOX_ADVANCE_MS: String(STEP) } });
  admin = await login(app.app, demo.admin.username, demo.admin.password);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown) => call(app.app, `/api/enterprise${path}`, data, admin.token);
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const settlementState = (id: number) => app.handle.db.selectFrom('settlements').select(['state', 'audit_opinion']).where('id', '=', id).executeTakeFirstOrThrow();

describe('sandbox', () => {
  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_ADVANCE_MS: '1000' })).toThrow(/SANDBOX_ADVANCE_MS/);
    expect(loadConfig({ NODE_ENV: 'production' }).sandboxAdvanceMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'development' }).sandboxAdvanceMs).toBe(10_000);
  });

  it('moves a settlement through the bank and the audit, and a verification after it', async () => {
    const id = (await api('/expuInventry/declarationSeList', { ids: [await released(app, DEMO.code, { prices: [60] })] })).body.data.headId;
    await api('/declarel/declaration', { id, bankCode: '104' });
    const audit = await until(() => settlementState(id), (s) => s.state !== 'declare');
    expect(audit.state).toBe('audit');
    const approved = await until(() => settlementState(id), (s) => s.state === 'approved');
    expect(approved).toEqual({ state: 'approved', audit_opinion: '审核通过' });
    const v = (await api('/declare/verification/apply', { amount: 60, ids: [id] })).body.data;
    const done = await until(() => app.handle.db.selectFrom('settlement_verifications').select('state').where('id', '=', v.id).executeTakeFirstOrThrow(), (x) => x.state !== 'audit');
    expect(done.state).toBe('approved');
  });

  it('refuses a settlement whose note asks for it (不通过)', async () => {
    const id = (await api('/expuInventry/declarationSeList', { ids: [await released(app, DEMO.code)] })).body.data.headId;
    await api('/declarel/declaration', { id, bankCode: '104', note: '演示：审核不通过' });
    const end = await until(() => settlementState(id), (s) => s.state === 'not_approved');
    expect(end.state).toBe('not_approved');
  });

  it('verifies a reward application', async () => {
    const id = (await api('/subsidy/apply', {
      applyType: 'E9', companyType: '1', ckStartTime: '2020-01-01', ckEndTime: '2099-12-31', recCompanyList: [{ recCompanyCode: OTHER.code }], importNo: NO_IMPORT,
    })).body.data.id;
    const row = await until(() => app.handle.db.selectFrom('subsidies').select('state').where('id', '=', id).executeTakeFirstOrThrow(), (s) => s.state === 'approved');
    expect(row.state).toBe('approved');
  });
});
