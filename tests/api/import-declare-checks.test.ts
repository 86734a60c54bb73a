// 三单比对 before an import inventory is declared (definition.declareChecks): through 保存并申报 and
// 批量申报, the inventory is refused with customs' reason until the order, payment and waybill are
// held by customs and line up; a refusal saves nothing; the 5,000 CNY limit; another company's
// documents never count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDetailedList } from '../../domain/bills/import-detailed-list.ts';
import { importOrder } from '../../domain/bills/import-order.ts';
import { importPayment } from '../../domain/bills/import-payment.ts';
import { importWaybill } from '../../domain/bills/import-waybill.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { importInventoryBill, importOrderBill, importPaymentBill, importWaybillBill } from '../customs/fixtures-import.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
});
afterAll(async () => { await t.close(); });

const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);
const strip = (head: Record<string, unknown>) => Object.fromEntries(Object.entries(head).filter(([k]) => !['appTime', 'preNo', 'invtNo'].includes(k)));
async function saved(def: BillDefinition, bill: { head: Record<string, unknown>; lines: Record<string, unknown>[] }, token = admin.token): Promise<number> {
  const r = await post(def, 'save', { ...strip(bill.head), ...(def.lines ? { details: bill.lines.map((l, i) => ({ ...l, id: `temp${i}` })) } : {}) }, token);
  expect(r.body, def.label).toMatchObject({ code: 0 });
  return r.body.data.id as number;
}
/** customs took it (入库) */
const taken = (id: number) => t.handle.db.updateTable('bill_heads').set({ state: '120', return_status: '120', return_time: '20260318100000000' }).where('id', '=', id).execute();
const state = async (id: number) => (await t.handle.db.selectFrom('bill_heads').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

describe('三单比对 before declaring an import inventory', () => {
  it('refuses the inventory until customs holds its order, payment and waybill, then declares it', async () => {
    const inventory = importInventoryBill();
    const id = await saved(importDetailedList, inventory);
    const missing = await post(importDetailedList, 'apply', { ids: [id] });
    expect(missing.body.data).toMatchObject({ succeeded: 0, failed: [{ id, title: 'YXI2603180001', message: expect.stringContaining('三单比对未通过：未找到') }] });
    expect(missing.body.data.failed[0].message).toContain('进口订单');
    expect(missing.body.data.failed[0].message).toMatch(/（海关规则R601）$/);

    const orderId = await saved(importOrder, importOrderBill());
    const paymentId = await saved(importPayment, importPaymentBill());
    const waybillId = await saved(importWaybill, importWaybillBill());
    // drafts do not count: customs has not taken them
    const drafts = await post(importDetailedList, 'apply', { ids: [id] });
    expect(drafts.body.data.failed[0].message).toBe('三单比对未通过：进口订单 YXI20260318093015001 当前状态为暂存，海关尚未入库（海关规则R601）');

    await taken(orderId); await taken(paymentId); await taken(waybillId);
    const ok = await post(importDetailedList, 'apply', { ids: [id] });
    expect(ok.body.data).toMatchObject({ succeeded: 1, failed: [] });
    expect(await state(id)).toBe('DECLARING');
  });

  it('refuses a mismatch through 保存并申报 and saves nothing of it', async () => {
    const inventory = importInventoryBill({ copNo: 'YXI2603180002', buyerName: '陈小远' });
    const r = await post(importDetailedList, 'saveAndApply', { ...strip(inventory.head), details: inventory.lines.map((l, i) => ({ ...l, id: `temp${i}` })) });
    expect(r.body).toMatchObject({ code: -1, message: '三单比对未通过：订购人姓名 与进口订单不一致（本单：陈小远，进口订单：陈思远）（海关规则R601）' });
    const found = await t.handle.db.selectFrom('bill_heads').select('id').where('cop_no', '=', 'YXI2603180002').execute();
    expect(found).toEqual([]);
  });

  it('refuses goods over the single-transaction limit', async () => {
    const inventory = importInventoryBill({ copNo: 'YXI2603180003' });
    const lines = inventory.lines.map((l, i) => (i === 0 ? { ...l, qty: 40, totalPrice: 5160 } : l));
    const r = await post(importDetailedList, 'saveAndApply', { ...strip(inventory.head), details: lines.map((l, i) => ({ ...l, id: `temp${i}` })) });
    expect(r.body).toMatchObject({ code: -1, message: '订购人单次交易金额（表体商品总价合计5205.5元）超过单次交易限值5000元（海关规则R104）', data: { errors: [{ field: 'lines', message: '订购人单次交易金额（表体商品总价合计5205.5元）超过单次交易限值5000元（海关规则R104）' }] } });
  });

  it('never counts another company\'s order, payment or waybill', async () => {
    const inventory = importInventoryBill({ copNo: 'YXI2603180004' });
    const id = await saved(importDetailedList, inventory, other.token);
    const r = await post(importDetailedList, 'apply', { ids: [id] }, other.token);
    expect(r.body.data.failed[0].message).toContain('三单比对未通过：未找到');
  });
});
