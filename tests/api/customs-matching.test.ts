// 三单比对 on a real server: companion documents declared through the bill routes, signed by the
// worker, judged by the embedded customs; an inventory is released only when customs holds its
// order, payment (or receipt of payment) and waybill, and the numbers customs issues land on the bill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBill } from '../../domain/bills/index.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { detailedListBill } from '../customs/fixtures-export.ts';
import { importInventoryBill, importOrderBill, importPaymentBill, importWaybillBill } from '../customs/fixtures-import.ts';
import { exportOrderBill, exportReceiptBill, exportWaybillBill } from '../customs/fixtures.ts';
import { call, createTestApp, declareFixture, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => { await t.close(); });

const def = (mode: string, key: string): BillDefinition => findBill(mode, key)!;
const post = (d: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${d.api[key]}`, data, admin.token);
const bill = (id: number) => t.handle.db.selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Saves and declares a fixture bill through the routes; answers its id once customs has answered. */
const declare = (d: BillDefinition, fixture: Parameters<typeof declareFixture>[3]) => declareFixture(t, admin.token, d, fixture);

describe('export: order, receipt of payment and waybill before the inventory', () => {
  const inventory = def('export', 'detailedList');
  const orderNo = 'YXM-0001';
  const logisticsNo = 'YTM000000001';

  it('refuses an inventory whose order customs does not hold, naming the document', async () => {
    const id = await declare(inventory, detailedListBill({ orderNo: 'YXM-NONE', copNo: 'YXM-INV-NONE' }));
    const b = await bill(id);
    expect(b).toMatchObject({ state: '100', return_status: '100' });
    expect(b.return_info).toMatch(/^海关退单：\[三单比对\]电子订单不存在或未入库\(ebpCode=[^,]+,orderNo=YXM-NONE\)$/);
  });

  it('releases the inventory once all three are taken, with preNo and invtNo on the bill', async () => {
    const order = await declare(def('export', 'order'), exportOrderBill({ orderNo }));
    const receipt = await declare(def('export', 'receipt'), exportReceiptBill({ orderNo, payerName: '陈思远', payerIdNumber: '330203199004123218', payTime: '2026-03-18 10:20:00' }));
    const waybill = await declare(def('export', 'waybill'), exportWaybillBill({ logisticsNo, orderNo, billNo: 'MU5077-20260318', consignee: 'Ahmad Faizal', consigneeTelephone: '+60123456789', consigneeAddress: 'No. 12, Jalan Ampang, Kuala Lumpur' }));
    expect([(await bill(order)).state, (await bill(receipt)).state, (await bill(waybill)).state]).toEqual(['120', '120', '399']);

    const fixture = detailedListBill({ orderNo, logisticsNo, copNo: 'YXM-INV-0001' });
    fixture.head.ebpCode = exportOrderBill().head.ebpCode;
    fixture.head.logisticsCode = exportWaybillBill().head.logisticsCode;
    const id = await declare(inventory, fixture);
    const b = await bill(id);
    expect(b.return_info, b.return_info ?? '').toBe('海关放行');
    expect(b).toMatchObject({ state: '800', return_status: '800' });
    expect(b.pre_no).toMatch(/^B\d{8}\d{9}$/);
    expect(b.invt_no).toMatch(/^\d{4}\d{4}E\d{9}$/);
    const statuses = await t.handle.db.selectFrom('customs_receipts').select('return_status').where('bill_id', '=', id).orderBy('return_time').execute();
    expect(statuses.map((s) => s.return_status)).toEqual(['2', '120', '399', '800']);
  });
});

describe('import: order, payment and waybill before the inventory', () => {
  const inventory = def('import', 'detailedList');

  it('releases a consistent inventory and refuses one over the single-transaction limit with −621005', async () => {
    await declare(def('import', 'order'), importOrderBill());
    await declare(def('import', 'receipt'), importPaymentBill());
    await declare(def('import', 'waybill'), importWaybillBill());
    const id = await declare(inventory, importInventoryBill());
    const b = await bill(id);
    expect(b.return_info, b.return_info ?? '').toBe('海关放行');
    expect(b.invt_no).toMatch(/^\d{4}\d{4}I\d{9}$/);

    // the console checks the limit (customs' rule R104) and 三单比对 (definition.declareChecks) before declaring, as customs
    // would (−621005, [三单比对]): such an inventory never reaches customs; the simulator's own
    // refusals are tested on messages (tests/customs/simulator-*.test.ts)
    const big = importInventoryBill({ copNo: 'YXI-BIG-0001' });
    big.lines = big.lines.map((l) => ({ ...l, qty: 40, totalPrice: 40 * Number(l.price) }));
    const { appTime: _t, ...bigHead } = big.head;
    const over = await post(inventory, 'saveAndApply', { ...bigHead, details: big.lines.map((l, i) => ({ ...l, id: `temp${i + 1}` })) });
    expect(over.body).toMatchObject({ code: -1, message: expect.stringMatching(/超过单次交易限值5000元（海关规则R104）/) });
  });

  it('refuses an inventory whose buyer differs from the order\'s', async () => {
    const { appTime: _t, ...head } = importInventoryBill({ copNo: 'YXI-BUYER-01', buyerName: '王五' }).head;
    const r = await post(inventory, 'saveAndApply', { ...head, details: importInventoryBill().lines.map((l, i) => ({ ...l, id: `temp${i + 1}` })) });
    expect(r.body).toMatchObject({ code: -1, message: '三单比对未通过：订购人姓名 与进口订单不一致（本单：王五，进口订单：陈思远）（海关规则R601）' });
  });
});
