// The import inventory's own actions (issue 18 §1; bills §4, §7): 批量改为退单, 申请撤单 and 申请退货
// on the real server — the reason asked, each inventory decided by its state and named when
// refused, the 撤销申请 (CEB623) or 退货申请 (CEB625) made and declared through the outbox, its
// message valid against the official import XSD, and customs' receipts (CEB624, CEB626 from the
// embedded simulator) moving the made bills.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBillCancellation } from '../../domain/bills/import-bill-cancellation.ts';
import { importDetailedList } from '../../domain/bills/import-detailed-list.ts';
import { importOrder } from '../../domain/bills/import-order.ts';
import { importPayment } from '../../domain/bills/import-payment.ts';
import { importReturnApplicationForm } from '../../domain/bills/import-return-application-form.ts';
import { importWaybill } from '../../domain/bills/import-waybill.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { initCustomsSchemas, validateCebXml } from '../../server/customs/schemas.ts';
import { importInventoryBill, importOrderBill, importPaymentBill, importWaybillBill } from '../customs/fixtures-import.ts';
import { call, createTestApp, declareFixture, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;

beforeAll(async () => {
  await initCustomsSchemas();
  // no background polling: the outbox runs when a declaration wakes it and when the test drains it
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
});
afterAll(async () => { await t.close(); });

const inv = importDetailedList;
const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);
const details = (lines: Record<string, unknown>[]) => lines.map((l, i) => ({ ...l, id: `temp${i + 1}` }));

/** A saved import inventory (not declared) that customs answered with `state`, and its invtNo. */
async function heldInventory(copNo: string, state: string | null): Promise<number> {
  const { head, lines } = importInventoryBill({ copNo });
  const { appTime: _appTime, ...rest } = head;
  const r = await post(inv, 'save', { ...rest, details: details(lines) });
  expect(r.body, copNo).toMatchObject({ code: 0 });
  const id = r.body.data.id as number;
  if (state) {
    await t.handle.db.updateTable('bill_heads')
      .set({ state, return_status: state, return_time: '20260318102440123', invt_no: `31092026I${copNo.replace(/\D/g, '').padStart(9, '0')}` })
      .where('id', '=', id).execute();
  }
  return id;
}

const billsOf = (key: string) => t.handle.db.selectFrom('bill_heads').select(['id', 'state', 'cop_no', 'invt_no']).where('bill_key', '=', key).where('mode', '=', 'import').orderBy('id').execute();
const messagesOf = (billId: number) => t.handle.db.selectFrom('customs_messages').select(['message_type', 'xml']).where('bill_id', '=', billId).execute();
const head = (id: number) => t.handle.db.selectFrom('bill_heads').select(['state', 'return_status', 'return_info', 'pre_no']).where('id', '=', id).executeTakeFirstOrThrow();

describe('申请撤单 (declarationInvtCancel)', () => {
  it('asks the reason, saving nothing without it', async () => {
    const id = await heldInventory('YXI-CX-0001', '800');
    const before = (await billsOf('billCancellation')).length;
    for (const reason of [undefined, '', '   ']) {
      expect((await post(inv, 'cancel', { ids: [id], reason })).body)
        .toMatchObject({ code: -1, message: '请输入撤单原因', data: { errors: [{ field: 'reason', message: '请输入撤单原因' }] } });
    }
    expect((await post(inv, 'cancel', { ids: [id], reason: '撤'.repeat(1001) })).body).toMatchObject({ code: -1, message: expect.stringContaining('撤单原因') });
    expect((await billsOf('billCancellation')).length).toBe(before);
  });

  it('says a repeated 申请撤单 was already applied for while the first is with customs (issue 31)', async () => {
    const id = await heldInventory('YXI-CX-0007', '800');
    expect((await post(inv, 'cancel', { ids: [id], reason: '买家取消' })).body.data).toMatchObject({ succeeded: 1 });
    await t.app.customs.drain();
    expect((await head(id)).state).toBe('800');
    expect((await post(inv, 'cancel', { ids: [id], reason: '再次撤单' })).body.data.failed[0].message).toBe('企业内部编号 YXI-CX-0007 已有撤销申请，不能重复申请撤单');
  });

  it('withdraws only a released inventory, naming each other one with its state', async () => {
    const ids = {
      draft: await heldInventory('YXI-CX-0002', null),
      stored: await heldInventory('YXI-CX-0003', '120'),
      concluded: await heldInventory('YXI-CX-0004', '399'),
      closed: await heldInventory('YXI-CX-0005', '899'),
    };
    const before = (await billsOf('billCancellation')).length;
    const r = await post(inv, 'cancel', { ids: [ids.draft, ids.stored, ids.concluded, ids.closed, 987654], reason: '买家取消' });
    expect(r.body).toMatchObject({ code: 0 });
    expect(r.body.data).toEqual({
      total: 5, succeeded: 0, created: [],
      failed: [
        { id: ids.draft, title: 'YXI-CX-0002', message: '企业内部编号 YXI-CX-0002 当前状态为暂存，不能申请撤单' },
        { id: ids.stored, title: 'YXI-CX-0003', message: '企业内部编号 YXI-CX-0003 当前状态为海关入库，不能申请撤单' },
        { id: ids.concluded, title: 'YXI-CX-0004', message: '企业内部编号 YXI-CX-0004 当前状态为海关审结，不能申请撤单' },
        { id: ids.closed, title: 'YXI-CX-0005', message: '企业内部编号 YXI-CX-0005 当前状态为结关，不能申请撤单' },
        { id: 987654, title: '', message: '单据不存在或无权访问' },
      ],
    });
    expect((await billsOf('billCancellation')).length).toBe(before);
  });

  it('answers another company\'s inventory as unknown', async () => {
    const id = await heldInventory('YXI-CX-0006', '800');
    const r = await post(inv, 'cancel', { ids: [id], reason: '买家取消' }, other.token);
    expect(r.body.data).toMatchObject({ succeeded: 0, failed: [{ id, message: '单据不存在或无权访问' }] });
  });
});

describe('申请退货 (declarationInvtRefund)', () => {
  it('asks the reason (1000 at most) and refuses an inventory not yet released', async () => {
    const released = await heldInventory('YXI-TH-0001', '800');
    const stored = await heldInventory('YXI-TH-0002', '120');
    expect((await post(inv, 'refund', { ids: [released], reason: '' })).body).toMatchObject({ code: -1, message: '请输入退货原因' });
    expect((await post(inv, 'refund', { ids: [released], reason: '退'.repeat(1001) })).body.code).toBe(-1);
    const before = (await billsOf('returnApplicationForm')).length;
    const r = await post(inv, 'refund', { ids: [stored], reason: '破损' });
    expect(r.body.data).toEqual({ total: 1, succeeded: 0, created: [], failed: [{ id: stored, title: 'YXI-TH-0002', message: '企业内部编号 YXI-TH-0002 当前状态为海关入库，不能申请退货' }] });
    expect((await billsOf('returnApplicationForm')).length).toBe(before);
  });
});

describe('批量改为退单 (updateCustomReturn)', () => {
  it('makes an inventory customs has not decided on 海关退单, and refuses a released one', async () => {
    const stored = await heldInventory('YXI-TD-0001', '120');
    const released = await heldInventory('YXI-TD-0002', '800');
    const r = await post(inv, 'customReturn', { ids: [stored, released] });
    expect(r.body.data).toEqual({ total: 2, succeeded: 1, failed: [{ id: released, title: 'YXI-TD-0002', message: '企业内部编号 YXI-TD-0002 当前状态为放行，不能改为退单' }] });
    // 回执信息 says what happened: the company's own action, not customs' 海关入库 (issue 31)
    expect((await post(inv, 'detail', { id: stored })).body.data).toMatchObject({ state: '100', stateName: '海关退单', returnInfo: billServerText.markedReturnedInfo });
    const listed = (await post(inv, 'pageList', { pageIndex: 0, pageSize: 50, terms: [] })).body.data.datas.find((r: { id: number }) => r.id === stored);
    expect(listed).toMatchObject({ stateName: '海关退单', returnInfo: billServerText.markedReturnedInfo });
    expect((await head(released)).state).toBe('800');
  });
});

describe('through customs: a released inventory returned, then withdrawn', () => {
  it('declares the 退货申请 and the 撤销申请, each XSD-valid, and their receipts move them', async () => {
    // the inventory released by the embedded customs, after its order, payment and waybill
    await declareFixture(t, admin.token, importOrder, importOrderBill());
    await declareFixture(t, admin.token, importPayment, importPaymentBill());
    await declareFixture(t, admin.token, importWaybill, importWaybillBill());
    const inventory = await declareFixture(t, admin.token, inv, importInventoryBill());
    expect(await head(inventory)).toMatchObject({ state: '800' });
    const { invt_no: invtNo } = await t.handle.db.selectFrom('bill_heads').select('invt_no').where('id', '=', inventory).executeTakeFirstOrThrow();

    // 申请退货: one 退货申请 with the inventory's goods, declared at once (the outbox is woken), with
    // its own 企业内部编号 (TH, the China time with a two-digit year and a serial: the import copNo's 20)
    const refund = await post(inv, 'refund', { ids: [inventory], reason: '护手霜外包装破损' });
    expect(refund.body).toMatchObject({ code: 0, data: { total: 1, succeeded: 1, failed: [], created: [{ title: expect.stringMatching(/^TH\d{18}$/) }] } });
    const refundId = refund.body.data.created[0].id as number;
    expect((await post(importReturnApplicationForm, 'detail', { id: refundId })).body.data).toMatchObject({
      copNo: refund.body.data.created[0].title, invtNo, reason: '护手霜外包装破损', buyerName: '陈思远', orderNo: importInventoryBill().head.orderNo,
    });
    expect((await post(importReturnApplicationForm, 'lines', { id: refundId })).body.data.map((l: Record<string, unknown>) => [l.gnum, l.gcode, l.qty, l.unit]))
      .toEqual([[1, '9619001100', 2, '125'], [2, '3304990099', 1, '012']]);
    // one live request of each kind per inventory; a repeated one says it was already applied for (issue 31)
    expect((await post(inv, 'refund', { ids: [inventory], reason: '再次退货' })).body.data.failed[0].message).toBe('企业内部编号 YXI2603180001 已有退货申请，不能重复申请退货');

    // 申请撤单: one 撤销申请, declared at once
    const cancel = await post(inv, 'cancel', { ids: [inventory], reason: '消费者取消订单' });
    expect(cancel.body).toMatchObject({ code: 0, data: { succeeded: 1, created: [{ title: expect.stringMatching(/^CD\d{18}$/) }] } });
    const cancelId = cancel.body.data.created[0].id as number;
    expect((await post(importBillCancellation, 'detail', { id: cancelId })).body.data).toMatchObject({ copNo: cancel.body.data.created[0].title, invtNo, reason: '消费者取消订单' });

    await t.app.customs.drain();
    for (const [id, type] of [[refundId, 'CEB625'], [cancelId, 'CEB623']] as const) {
      const [message] = await messagesOf(id);
      expect(message!.message_type).toBe(type);
      expect(message!.xml).toContain(`<ceb:invtNo>${invtNo}</ceb:invtNo>`);
      // the signed message as sent: the official import schema takes it
      expect(validateCebXml('import', message!.xml), type).toEqual([]);
      // customs' receipts (CEB626, CEB624): taken, then concluded
      const b = await head(id);
      expect(b, JSON.stringify(b)).toMatchObject({ state: '399', return_status: '399' });
      expect(b.pre_no).toMatch(/^B\d{17}$/);
    }
    // customs concluded the cancellation (399): the inventory follows, withdrawn (issue 31: it showed 放行 still)
    expect(await head(inventory)).toMatchObject({ state: 'WITHDRAWN', return_info: `撤销申请${cancel.body.data.created[0].title}海关审结，清单已撤单` });
    expect((await post(inv, 'detail', { id: inventory })).body.data).toMatchObject({ state: 'WITHDRAWN', stateName: '已撤单' });
    // and nothing more can be asked of it
    expect((await post(inv, 'refund', { ids: [inventory], reason: '撤单后退货' })).body.data.failed[0].message).toBe('企业内部编号 YXI2603180001 当前状态为已撤单，不能申请退货');
    expect((await post(inv, 'cancel', { ids: [inventory], reason: '再次撤单' })).body.data.failed[0].message).toBe('企业内部编号 YXI2603180001 当前状态为已撤单，不能申请撤单');
  });
});
