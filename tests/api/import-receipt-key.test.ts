// Issue 18: the import payment slip's key is `receipt` (bills §2). Its module is /bill/import/receipt
// with the same buttons, its API paths stay /invt_payment/*, and migration 020 moves the bills and
// jobs stored under the old key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../server/db/migrations/020-import-receipt-key.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.handle.db;

describe('the import 支付单 under its key receipt', () => {
  it('is the module /bill/import/receipt with its buttons; no module is left at /bill/import/payment', () => {
    const uris = admin.modules.map((m) => m.uri);
    expect(uris).toContain('/bill/import/receipt');
    expect(uris).not.toContain('/bill/import/payment');
    const receipt = admin.modules.find((m) => m.uri === '/bill/import/receipt')!;
    expect(receipt.buttonVos.map((b) => b.code)).toEqual(expect.arrayContaining(['add', 'batchDeclare']));
  });

  it('lists the bills stored under receipt through /invt_payment/list', async () => {
    const { id } = await db().insertInto('bill_heads').values({
      company_id: admin.userInfo.companyId, bill_key: 'receipt', mode: 'import', state: 'DRAFT', data: JSON.stringify({ payTransactionId: 'LL-KEY-1' }),
    } as never).returning('id').executeTakeFirstOrThrow();
    const r = await call(t.app, '/api/enterprise/invt_payment/list', { pageIndex: 0, pageSize: 50 }, admin.token);
    expect(r.body.code).toBe(0);
    expect(r.body.data.datas.map((row: { id: number | string }) => Number(row.id))).toContain(Number(id));
  });

  it('migration 020 moves bills and jobs stored under the old key, and only those', async () => {
    const bill = (mode: string, key: string) => db().insertInto('bill_heads').values({
      company_id: admin.userInfo.companyId, bill_key: key, mode, state: 'DRAFT', data: JSON.stringify({}),
    } as never).returning('id').executeTakeFirstOrThrow();
    const old = await bill('import', 'payment');
    const exported = await bill('export', 'receipt');
    const job = await db().insertInto('bill_jobs').values({
      company_id: admin.userInfo.companyId, user_id: null, mode: 'import', bill_key: 'payment', action: 'declare', ids: JSON.stringify([old.id]), total: 1, state: 'done',
    } as never).returning('id').executeTakeFirstOrThrow();
    await up(db());
    const keyOf = async (id: number) => (await db().selectFrom('bill_heads').select(['mode', 'bill_key']).where('id', '=', id).executeTakeFirstOrThrow());
    expect(await keyOf(old.id)).toEqual({ mode: 'import', bill_key: 'receipt' });
    expect(await keyOf(exported.id)).toEqual({ mode: 'export', bill_key: 'receipt' });
    expect((await db().selectFrom('bill_jobs').select('bill_key').where('id', '=', job.id).executeTakeFirstOrThrow()).bill_key).toBe('receipt');
  });
});
