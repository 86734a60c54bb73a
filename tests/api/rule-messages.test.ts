// Messages a declarant reads at once (issue 28 item 6), through the real routes on a real database:
// every refusal before sending names the field by its label and ends with its rule's code — the
// rules of the message (the goodsValue=999 against lines of 400, currency ABC), the field
// lengths and decimals checked when saving, a number with more decimals than the XSD allows
// (1079.000001, once rounded to 1079 in the message sent) — and a batch answer names the bill and
// the field (never a bare 请选择日期).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDetailedList } from '../../domain/bills/export-detailed-list.ts';
import { importOrder } from '../../domain/bills/import-order.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { detailedListBill } from '../customs/fixtures-export.ts';
import { importOrderBill } from '../customs/fixtures-import.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
}, 60_000);
afterAll(async () => { await t.close(); });

const db = () => t.handle.db;
const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);
const bodyOf = (bill: { head: Record<string, unknown>; lines: Record<string, unknown>[] }, head: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(Object.entries({ ...bill.head, ...head }).filter(([k]) => k !== 'appTime')),
  details: bill.lines.map((l, i) => ({ ...l, id: `temp${i}` })),
});
const stored = (orderNo: string) => db().selectFrom('bill_heads').select('id').where('order_no', '=', orderNo).execute();

describe('保存并申报: the field by its label and the rule\'s code, never an element name', () => {
  it('商品金额 999 against lines of 400, and 币制 ABC', async () => {
    const order = importOrderBill({ orderNo: 'YXI-MSG-0001' });
    order.lines = [{ ...order.lines[0]!, qty: 2, price: 200, totalPrice: 400 }];
    const r = await post(importOrder, 'saveAndApply', bodyOf(order, { goodsValue: 999, acturalPaid: 1032.53, currency: 'ABC' }));
    expect(r.body.code).toBe(-1);
    const errors = r.body.data.errors as { field: string; message: string }[];
    expect(errors).toEqual(expect.arrayContaining([
      { field: 'goodsValue', message: '商品金额（999）与表体各项商品总价之和（400）不一致（海关规则R102）' },
      { field: 'currency', message: '币制（ABC）不在海关参数代码表中（海关规则R301）' },
    ]));
    for (const e of errors) {
      expect(e.message).not.toMatch(/\[[a-zA-Z]+[=\]]|goodsValue|totalPrice|currency/);
      expect(e.message).toMatch(/（海关规则R\d{3}）$/);
    }
    expect(await stored('YXI-MSG-0001')).toEqual([]);
  });
});

describe('a number with more decimals than the message allows', () => {
  it('商品金额 1079.000001 is refused with the field and the allowed decimals, when saving and declaring, never rounded into a message', async () => {
    const order = importOrderBill({ orderNo: 'YXI-MSG-0002' });
    const message = '商品金额（1079.000001）最多5位小数，请改正后再保存（海关规则R410）';
    for (const key of ['save', 'saveAndApply'] as const) {
      const r = await post(importOrder, key, bodyOf(order, { goodsValue: 1079.000001 }));
      expect(r.body).toMatchObject({ code: -1, data: { errors: expect.arrayContaining([{ field: 'goodsValue', message }]) } });
    }
    expect(await stored('YXI-MSG-0002')).toEqual([]);
    expect(await db().selectFrom('customs_messages').select('id').where('xml', 'like', '%YXI-MSG-0002%').execute()).toEqual([]);
  });

  it('a save-time length refusal carries its rule code', async () => {
    const r = await post(importOrder, 'save', bodyOf(importOrderBill({ orderNo: 'YXI-MSG-0003' }), { buyerName: '陈'.repeat(61) }));
    expect(r.body.code).toBe(-1);
    expect(r.body.data.errors).toEqual(expect.arrayContaining([{ field: 'buyerName', message: expect.stringMatching(/^订购人姓名长度不能超过\d+个字符（海关规则R409）$/) }]));
  });
});

describe('批量申报 answers name the bill and the field', () => {
  it('an export inventory without its 出口日期: 请选择出口日期 for that bill, by its number', async () => {
    const inventory = detailedListBill({ copNo: 'QD-MSG-0001', ieDate: null });
    const saved = await post(exportDetailedList, 'save', bodyOf(inventory));
    expect(saved.body.code).toBe(0);
    const id = saved.body.data.id as number;
    const r = await post(exportDetailedList, 'apply', { ids: [id] });
    expect(r.body.data).toMatchObject({ total: 1, succeeded: 0, failed: [{ id, title: 'QD-MSG-0001' }] });
    const failure = r.body.data.failed[0] as { message: string };
    expect(failure.message).toContain('请选择出口日期');
    expect(failure.message).not.toMatch(/请选择日期(?!时间)|请选择日期$/);
  });
});
