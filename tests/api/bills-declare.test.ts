// Declaring through the generated routes: the state change and the outbox message of a bill are
// written together; refused bills are named with their state; batches go on past a bad bill.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportReceipt } from '../../domain/bills/export-receipt.ts';
import { exportWaybill } from '../../domain/bills/export-waybill.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  // The customs plugin compiles the XSDs at start; done here too so this file does not depend on it.
  await initCustomsSchemas();
  t = await createTestApp();
  // Bills stay DECLARING here: the outbox worker (and the simulator answering behind it) is off.
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);
const line = (gnum: number, extra: Record<string, unknown> = {}) => ({
  id: `temp${gnum}`, gnum, itemNo: `SKU${gnum}`, itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 2, price: 50, totalPrice: 100, ...extra,
});
const order = (orderNo: string, extra: Record<string, unknown> = {}) => ({
  orderNo, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0, details: [line(1)], ...extra,
});
async function saveOrder(orderNo: string, extra: Record<string, unknown> = {}) {
  const r = await post(exportOrder, 'save', order(orderNo, extra));
  expect(r.body).toMatchObject({ code: 0 });
  return r.body.data.id as number;
}
const setState = (id: number, state: string) => t.handle.db.updateTable('bill_heads').set({ state }).where('id', '=', id).execute();
const messagesOf = (id: number) => t.handle.db.selectFrom('customs_messages').selectAll().where('bill_id', '=', id).orderBy('id').execute();
const countMessages = async () => (await t.handle.db.selectFrom('customs_messages').select('id').execute()).length;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('saveAndApply', () => {
  it('saves a new bill and queues its CEB303 in one go', async () => {
    const r = await post(exportOrder, 'saveAndApply', order('SO-DECL-1'));
    expect(r.body).toMatchObject({ code: 0, data: { version: 1, state: 'DECLARING' } });
    const id = r.body.data.id as number;
    const detail = (await post(exportOrder, 'detail', { id })).body.data;
    expect(detail).toMatchObject({ state: 'DECLARING', stateName: '申报中' });
    expect(detail.appTime).toMatch(TIME);
    const messages = await messagesOf(id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ message_type: 'CEB303', status: 'pending', company_id: admin.userInfo.companyId });
    expect(messages[0]!.xml).toContain('<ceb:orderNo>SO-DECL-1</ceb:orderNo>');
    expect(messages[0]!.xml).toContain(`<ceb:appTime>${detail.appTime.replace(/\D/g, '')}</ceb:appTime>`);
  });

  it('saves nothing when the bill is not complete enough to declare', async () => {
    const before = await countMessages();
    const r = await post(exportOrder, 'saveAndApply', order('SO-DECL-BAD', { details: [line(1, { itemNo: '' })] }));
    expect(r.body).toMatchObject({ code: -1, data: { errors: [{ field: 'lines.0.itemNo', message: '第1行：请填写企业商品货号' }] } });
    const list = await post(exportOrder, 'pageList', { pageIndex: 0, pageSize: 10, terms: [{ column: 'order_no', termType: 'eq', value: 'SO-DECL-BAD' }] });
    expect(list.body.data.total).toBe(0);
    expect(await countMessages()).toBe(before);
  });

  it('declares a stored bill with its stored lines, and refuses one customs holds', async () => {
    const id = await saveOrder('SO-DECL-2');
    const r = await post(exportOrder, 'saveAndApply', order('SO-DECL-2', { id, details: undefined }));
    expect(r.body).toMatchObject({ code: 0, data: { id, state: 'DECLARING' } });
    expect(await messagesOf(id)).toHaveLength(1);

    const held = await saveOrder('SO-DECL-3');
    await setState(held, '120');
    const refused = await post(exportOrder, 'saveAndApply', order('SO-DECL-3', { id: held }));
    expect(refused.body).toMatchObject({ code: -1, message: '订单编号 SO-DECL-3 当前状态为海关入库，不能申报' });
    expect(await messagesOf(held)).toHaveLength(0);
  });
});

describe('apply (batch declare)', () => {
  it('declares the good bills and names each refused one', async () => {
    const good = [await saveOrder('SO-BATCH-1'), await saveOrder('SO-BATCH-2'), await saveOrder('SO-BATCH-3')];
    const held = await saveOrder('SO-BATCH-HELD');
    await setState(held, '120');
    const incomplete = await saveOrder('SO-BATCH-INC', { details: [line(1, { itemNo: '' })] });
    const before = await countMessages();
    const r = await post(exportOrder, 'apply', { ids: [good[0], held, good[1], incomplete, 987654, good[2]], startTime: '', endTime: '' });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toEqual({
      jobId: expect.any(Number), total: 6, succeeded: 3,
      failed: [
        { id: held, title: 'SO-BATCH-HELD', message: '订单编号 SO-BATCH-HELD 当前状态为海关入库，不能申报' },
        { id: incomplete, title: 'SO-BATCH-INC', message: '第1行：请填写企业商品货号' },
        { id: 987654, title: '', message: '单据不存在或无权访问' },
      ],
    });
    expect(await countMessages()).toBe(before + 3);
    for (const id of good) expect((await post(exportOrder, 'detail', { id })).body.data.state).toBe('DECLARING');
    expect((await post(exportOrder, 'detail', { id: incomplete })).body.data).toMatchObject({ state: 'DRAFT', appTime: null });
  });

  it('does not declare a bill twice', async () => {
    const id = await saveOrder('SO-TWICE');
    expect((await post(exportOrder, 'apply', { ids: [id] })).body.data.succeeded).toBe(1);
    const again = await post(exportOrder, 'apply', { ids: [id, id] });
    expect(again.body.data).toEqual({ jobId: expect.any(Number), total: 1, succeeded: 0, failed: [{ id, title: 'SO-TWICE', message: '订单编号 SO-TWICE 当前状态为申报中，不能申报' }] });
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('lets a bill customs refused be changed and declared again, keeping the user\'s appType', async () => {
    const id = await saveOrder('SO-AGAIN');
    expect((await post(exportOrder, 'apply', { ids: [id] })).body.data.succeeded).toBe(1);
    await setState(id, '100');
    const version = (await post(exportOrder, 'detail', { id })).body.data.version;
    expect((await post(exportOrder, 'save', order('SO-AGAIN', { id, version, appType: '2', details: undefined }))).body.code).toBe(0);
    expect((await post(exportOrder, 'apply', { ids: [id] })).body.data.succeeded).toBe(1);
    const messages = await messagesOf(id);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.xml).toContain('<ceb:appType>2</ceb:appType>');
    expect((await post(exportOrder, 'detail', { id })).body.data).toMatchObject({ state: 'DECLARING', appType: '2' });
  });

  it('refuses more than 500 bills at once', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await post(exportOrder, 'apply', { ids })).body).toMatchObject({ code: -1, message: '一次最多操作500条单据' });
  });
});

describe('sendReceipt', () => {
  it('is allowed once customs has answered, refused before', async () => {
    const draft = await saveOrder('SO-RCPT-1');
    const answered = await saveOrder('SO-RCPT-2');
    await setState(answered, '120');
    const r = await post(exportOrder, 'sendReceipt', { ids: [draft, answered] });
    // the answered bill has no stored receipt here: nothing to deliver again
    expect(r.body.data).toEqual({ total: 2, succeeded: 0, failed: [
      { id: draft, title: 'SO-RCPT-1', message: '订单编号 SO-RCPT-1 当前状态为暂存，不能重新发送回执' },
      { id: answered, title: 'SO-RCPT-2', message: '该单据暂无海关回执，无法重新发送' },
    ] });
  });

  it('delivers the latest receipt to a bill that fell behind it, and leaves a current one', async () => {
    const id = await saveOrder('SO-RCPT-3');
    await setState(id, '2');
    const db = t.handle.db;
    await db.updateTable('bill_heads').set({ return_status: '2', return_time: '20261121100000000', return_info: '新增申报成功' }).where('id', '=', id).execute();
    await db.insertInto('customs_receipts').values({
      guid: 'A1B2C3D4-0000-4000-8000-000000000003', message_type: 'CEB304', business_key: 'SO-RCPT-3#120', company_id: admin.userInfo.companyId,
      bill_id: id, return_status: '120', return_time: '20261121100500000', return_info: '海关入库成功', keys: JSON.stringify({ orderNo: 'SO-RCPT-3' }), xml: '<x/>',
    }).execute();
    const r = await post(exportOrder, 'sendReceipt', { ids: [id] });
    expect(r.body.data).toEqual({ total: 1, succeeded: 1, failed: [] });
    expect(await db.selectFrom('bill_heads').select(['state', 'return_status', 'return_info']).where('id', '=', id).executeTakeFirstOrThrow())
      .toEqual({ state: '120', return_status: '120', return_info: '海关入库成功' });
    // again: the bill is current, nothing moves, and the call still succeeds
    expect((await post(exportOrder, 'sendReceipt', { ids: [id] })).body.data).toEqual({ total: 1, succeeded: 1, failed: [] });
  });
});

describe('flat messages: 收款单 CEB403 and 出口运单 CEB505', () => {
  it('declares a receipt of payment', async () => {
    const r = await post(exportReceipt, 'saveAndApply', {
      orderNo: 'SO-PAY-1', ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', payCode: '3302960002', payName: '支付宝（中国）网络技术有限公司',
      payNo: 'P2026112100001', charge: '200.5', accountingDate: '2026-11-21 10:00:00',
      payerName: '张三', payerIdType: '1', payerIdNumber: '330206199001011234', payTime: '2026-11-21 09:59:00',
    });
    expect(r.body).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
    const [message] = await messagesOf(r.body.data.id);
    expect(message).toMatchObject({ message_type: 'CEB403' });
    expect(message!.xml).toContain('<ceb:charge>200.5</ceb:charge>');
    expect(message!.xml).toContain('<ceb:accountingDate>20261121100000</ceb:accountingDate>');
    expect(message!.xml).not.toContain('payerIdNumber');
    expect(message!.xml).not.toContain('330206199001011234');
  });

  it('declares a waybill', async () => {
    const r = await post(exportWaybill, 'saveAndApply', {
      logisticsCode: '3301964C7D', logisticsName: '杭州云途国际物流有限公司', logisticsNo: 'YT2026112100001', freight: 20, grossWeight: 1.25, packNo: 1,
      goodsInfo: '蓝牙耳机', billNo: 'MAWB-2026-0001', consignee: 'John Smith', consigneeTelephone: '+1 555 0100', consigneeAddress: '1 Main St, Springfield',
      orderNo: 'SO-PAY-1',
    });
    expect(r.body).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
    const [message] = await messagesOf(r.body.data.id);
    expect(message).toMatchObject({ message_type: 'CEB505' });
    expect(message!.xml).toContain('<ceb:logisticsNo>YT2026112100001</ceb:logisticsNo>');
    expect(message!.xml).toContain('<ceb:insuredFee>0</ceb:insuredFee>');
    expect(message!.xml).not.toContain('consignee');
  });

  it('asks for what the XSD needs before declaring a waybill', async () => {
    const r = await post(exportWaybill, 'saveAndApply', {
      logisticsCode: '3301964C7D', logisticsName: '杭州云途国际物流有限公司', logisticsNo: 'YT2026112100002', freight: 20, grossWeight: 1.25, packNo: 1,
      billNo: 'MAWB-2026-0001', consignee: 'John Smith', consigneeTelephone: '+1 555 0100', consigneeAddress: '1 Main St', orderNo: 'SO-PAY-2',
    });
    expect(r.body).toMatchObject({ code: -1, data: { errors: [{ field: 'goodsInfo', message: '请填写主要货物信息' }] } });
  });
});

describe('with the outbox worker on', () => {
  it('wakes the worker after a declaration commits, and the simulated receipt moves the bill', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cbec-bills-worker-'));
    // A poll an hour apart: only the wake-up after the commit can deliver within the test.
    const live = await createTestApp({ env: { DATA_DIR: dir, CUSTOMS_POLL_MS: '3600000' } });
    try {
      const token = (await login(live.app, demo.admin.username, demo.admin.password)).token;
      const r = await call(live.app, `/api/enterprise${exportOrder.api.saveAndApply}`, order('SO-LIVE-1'), token);
      expect(r.body).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
      let state = 'DECLARING';
      for (let i = 0; i < 50 && state === 'DECLARING'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = (await call(live.app, `/api/enterprise${exportOrder.api.detail}`, { id: r.body.data.id }, token)).body.data.state;
      }
      expect(state).not.toBe('DECLARING');
      await live.app.customs.drain();
      const detail = (await call(live.app, `/api/enterprise${exportOrder.api.detail}`, { id: r.body.data.id }, token)).body.data;
      expect(detail).toMatchObject({ state: '120', stateName: '海关入库' });
      expect(detail.returnTime).toMatch(TIME);
    } finally {
      await live.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
