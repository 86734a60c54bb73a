// Customs' rules before sending (issue 15 §4): a CEB311 whose line says 200 × 10 = 12000 is refused
// on 保存并申报 with the rule's text on the line's total, saves nothing; in 批量申报 each refused
// bill answers its own field errors; and the same bill reaching customs by another path (written
// straight into the tables and queued) is refused by the embedded customs with the same words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOrder } from '../../domain/bills/import-order.ts';
import { importPayment } from '../../domain/bills/import-payment.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { buildDeclaration, enqueueDeclaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { importOrderBill, importPaymentBill } from '../customs/fixtures-import.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  await initCustomsSchemas();
}, 60_000);
afterAll(async () => { await t.close(); });

const db = () => t.handle.db;
const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const withoutAppTime = (head: Record<string, unknown>) => Object.fromEntries(Object.entries(head).filter(([k]) => k !== 'appTime'));

/** The reproduction: line 1 says 200 × 10 = 12000; the order's sums agree with the lines, so only R101 is broken. */
function wrongLineOrder(orderNo: string) {
  const { head, lines } = importOrderBill({ orderNo, goodsValue: 12045.5, acturalPaid: 12079.03 });
  return { head: withoutAppTime(head), lines: lines.map((l, i) => (i === 0 ? { ...l, qty: 200, price: 10, totalPrice: 12000 } : l)) };
}
const R101 = '第1项商品的总价（12000）与数量×单价（2000）不一致';

describe('保存并申报', () => {
  it('refuses 200 × 10 = 12000 on the line\'s total with the rule\'s text, and saves nothing', async () => {
    const { head, lines } = wrongLineOrder('YXI-RULE-0001');
    const r = await post(importOrder, 'saveAndApply', { ...head, details: lines.map((l, i) => ({ ...l, id: `temp${i}` })) });
    expect(r.body).toEqual({ code: -1, message: `${R101}（海关规则R101）`, data: { errors: [{ field: 'lines.0.totalPrice', message: `${R101}（海关规则R101）` }] } });
    expect(await db().selectFrom('bill_heads').select('id').where('order_no', '=', 'YXI-RULE-0001').execute()).toEqual([]);
  });

  it('keeps the draft it can save (暂存 checks no customs rule), and declares it once corrected', async () => {
    const { head, lines } = wrongLineOrder('YXI-RULE-0002');
    const saved = await post(importOrder, 'save', { ...head, details: lines.map((l, i) => ({ ...l, id: `temp${i}` })) });
    expect(saved.body.code).toBe(0);
    const { id, version } = saved.body.data as { id: number; version: number };
    const fixed = lines.map((l, i) => (i === 0 ? { ...l, qty: 200, price: 60, totalPrice: 12000 } : l));
    const r = await post(importOrder, 'saveAndApply', { ...head, id, version, details: fixed.map((l, i) => ({ ...l, id: `temp${i}` })) });
    expect(r.body).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
  });

  it('refuses a payment time in the future on its field', async () => {
    const { head } = importPaymentBill({ payTransactionId: 'LL-RULE-FUTURE-1', orderNo: 'YXI-RULE-0003', payTime: '2099-01-01 00:00:00' });
    const r = await post(importPayment, 'saveAndApply', withoutAppTime(head));
    expect(r.body).toMatchObject({ code: -1, data: { errors: [{ field: 'payTime', message: '支付时间（2099-01-01 00:00:00）晚于海关当前时间（海关规则R501）' }] } });
  });
});

describe('批量申报', () => {
  it('answers each refused bill with its own field errors; the others are declared', async () => {
    const ids: number[] = [];
    for (const bill of [importOrderBill({ orderNo: 'YXI-RULE-0101' }), wrongLineOrder('YXI-RULE-0102')]) {
      const r = await post(importOrder, 'save', { ...withoutAppTime(bill.head), details: bill.lines.map((l, i) => ({ ...l, id: `temp${i}` })) });
      expect(r.body.code).toBe(0);
      ids.push(r.body.data.id as number);
    }
    const r = await post(importOrder, 'apply', { ids });
    expect(r.body.data).toMatchObject({
      total: 2, succeeded: 1,
      failed: [{ id: ids[1], title: 'YXI-RULE-0102', message: `${R101}（海关规则R101）`, errors: [{ field: 'lines.0.totalPrice', message: `${R101}（海关规则R101）` }] }],
    });
    expect((await bill(ids[0]!)).state).toBe('DECLARING');
    expect((await bill(ids[1]!)).state).toBe('DRAFT');
  });
});

describe('the embedded customs, by the same table', () => {
  it('refuses the order that reaches it by another path with the rule\'s text', async () => {
    const { head, lines } = wrongLineOrder('YXI-RULE-0201');
    const id = await db().transaction().execute(async (trx) => {
      const columns: Record<string, unknown> = {};
      const data: Record<string, unknown> = {};
      for (const f of importOrder.head) {
        if (head[f.name] === undefined || head[f.name] === null) continue;
        if (f.column) columns[f.column] = head[f.name]; else data[f.name] = head[f.name];
      }
      const row = await trx.insertInto('bill_heads').values({
        company_id: admin.userInfo.companyId, bill_key: importOrder.key, mode: importOrder.mode, state: 'DECLARING', ...columns, data: JSON.stringify(data), app_time: new Date(),
      } as never).returning('id').executeTakeFirstOrThrow();
      for (const { gnum, ...rest } of lines) await trx.insertInto('bill_lines').values({ company_id: admin.userInfo.companyId, head_id: row.id, gnum: Number(gnum), data: JSON.stringify(rest) }).execute();
      const declaration = buildDeclaration(importOrder, { ...head, appTime: new Date() }, lines, { appStatus: '2' });
      await enqueueDeclaration(trx, { companyId: admin.userInfo.companyId, billId: row.id, declaration });
      return row.id;
    });
    await t.app.customs.drain();
    expect(await bill(id)).toMatchObject({ state: '100', return_status: '100', return_info: `海关退单：${R101}` });
  });
});
