// A bill's 回执记录 on a real server: POST /api/receipter/timeline (outbox messages and receipts,
// oldest first, each receipt explained) and POST /api/receipter/raw (the stored XML, re-indented),
// for the three slice types (order, receipt of payment, waybill), a refused bill, a queued one,
// and another company's ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportReceipt } from '../../domain/bills/export-receipt.ts';
import { exportWaybill } from '../../domain/bills/export-waybill.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { buildDeclaration, enqueueDeclaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { exportOrderBill } from '../customs/fixtures.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;

beforeAll(async () => {
  // no background polling: each test drains the outbox itself
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  [admin, other] = await Promise.all([
    login(t.app, demo.admin.username, demo.admin.password),
    login(t.app, demo.other.username, demo.other.password),
  ]);
  await initCustomsSchemas();
});
afterAll(async () => { await t.close(); });

const db = () => t.handle.db;
const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);
const timeline = (billId: unknown, token = admin.token) => call(t.app, '/api/receipter/timeline', { billId }, token);
const raw = (kind: string, id: unknown, token = admin.token) => call(t.app, '/api/receipter/raw', { kind, id }, token);
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

const line = (gnum: number) => ({
  id: `temp${gnum}`, gnum, itemNo: `TL-SKU-${gnum}`, itemName: `商品${gnum}`, unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100,
});
const order = (orderNo: string, extra: Record<string, unknown> = {}) => ({
  orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 200, freight: 0, details: [line(1), line(2)], ...extra,
});

interface Event { kind: string; id: number; time: string; [k: string]: unknown }

/** An order written straight into the tables and queued, as an ERP or an older console might: customs judges it. */
async function queuedPastTheConsole(orderNo: string, goodsValue: number): Promise<number> {
  const { head } = exportOrderBill({ orderNo, ebpCode: '3302960E8F', ebcCode: admin.userInfo.companyCode, goodsValue });
  const lines = [line(1), line(2)].map(({ id: _id, ...l }) => l);
  const id = await db().transaction().execute(async (trx) => {
    const columns: Record<string, unknown> = {};
    const data: Record<string, unknown> = {};
    for (const f of exportOrder.head) {
      if (head[f.name] === undefined || head[f.name] === null) continue;
      if (f.column) columns[f.column] = head[f.name]; else data[f.name] = head[f.name];
    }
    const row = await trx.insertInto('bill_heads').values({
      company_id: admin.userInfo.companyId, bill_key: exportOrder.key, mode: exportOrder.mode, state: 'DECLARING', ...columns, data: JSON.stringify(data), app_time: new Date(),
    } as never).returning('id').executeTakeFirstOrThrow();
    for (const { gnum, ...rest } of lines) await trx.insertInto('bill_lines').values({ company_id: admin.userInfo.companyId, head_id: row.id, gnum, data: JSON.stringify(rest) }).execute();
    await enqueueDeclaration(trx, { companyId: admin.userInfo.companyId, billId: row.id, declaration: buildDeclaration(exportOrder, { ...head, appTime: new Date() }, lines, { appStatus: '2' }) });
    return row.id;
  });
  await t.app.customs.drain();
  return id;
}

async function declaredAndAnswered(def: BillDefinition, data: Record<string, unknown>): Promise<number> {
  const r = await post(def, 'saveAndApply', data);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
  await t.app.customs.drain();
  return r.body.data.id as number;
}

describe('POST /api/receipter/timeline', () => {
  let orderId: number;

  it('lists the sent order message, then receipts 2 and 120, each explained', async () => {
    orderId = await declaredAndAnswered(exportOrder, order('TL-ORDER-0001'));
    const r = await timeline(orderId);
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ state: '120', stateName: '海关入库' });
    const events = r.body.data.events as Event[];
    expect(events.map((e) => [e.kind, e.kind === 'message' ? e.statusName : e.returnStatus])).toEqual([
      ['message', '已发送'], ['receipt', '2'], ['receipt', '120'],
    ]);
    const [message, first, stored] = events;
    const [row] = await db().selectFrom('customs_messages').selectAll().where('bill_id', '=', orderId).execute();
    expect(message).toEqual({
      kind: 'message', id: row!.id, time: expect.stringMatching(TIME), guid: row!.guid, messageType: 'CEB303', messageTypeName: '出口电子订单',
      status: 'sent', statusName: '已发送', attempts: 1, lastError: null, createdAt: message!.time, sentAt: expect.stringMatching(TIME),
    });
    expect(first).toMatchObject({
      kind: 'receipt', messageType: 'CEB304', messageTypeName: '出口订单回执', returnStatus: '2', returnStatusName: '电子口岸申报中',
      returnInfo: `新增申报成功[${row!.guid}]`, returnTime: expect.stringMatching(TIME),
      explain: { meaning: '电子口岸申报中：电子口岸已接收报文，正在向海关转发' },
    });
    expect(stored).toMatchObject({
      returnStatus: '120', returnStatusName: '海关入库', returnInfo: '海关入库成功',
      explain: { meaning: '海关入库：海关已接收并入库，等待与其他单证比对或后续审核' },
    });
    expect(stored!.explain).not.toHaveProperty('cause'); // nothing to fix
    // oldest first, on one clock
    const times = events.map((e) => e.time);
    expect([...times].sort()).toEqual(times);
    expect(stored!.time).toBe(stored!.returnTime);
  });

  it('answers the raw XML: the signed declaration and the receipt, indented for reading', async () => {
    const events = (await timeline(orderId)).body.data.events as Event[];
    const message = await raw('message', events[0]!.id);
    expect(message.body.code).toBe(0);
    const xml = message.body.data.xml as string;
    expect(xml).toContain('<ceb:CEB303Message');
    expect(xml).toContain('<ceb:orderNo>TL-ORDER-0001</ceb:orderNo>');
    expect(xml).toMatch(/\n\s+<ds:SignatureValue>[^<]+<\/ds:SignatureValue>/); // signed, one element a line
    expect(xml.split('\n').length).toBeGreaterThan(20);
    const receipt = await raw('receipt', events[2]!.id);
    expect(receipt.body.data.xml).toContain('<ceb:CEB304Message');
    expect(receipt.body.data.xml).toMatch(/\n\s+<ceb:returnStatus>120<\/ceb:returnStatus>\n/);
  });

  it('gives another company\'s bill, message or receipt the answer an unknown one gets', async () => {
    const events = (await timeline(orderId)).body.data.events as Event[];
    expect((await timeline(orderId, other.token)).body).toMatchObject({ code: -1, message: '单据不存在或无权访问' });
    expect((await timeline(987654321)).body).toMatchObject({ code: -1, message: '单据不存在或无权访问' });
    expect((await raw('message', events[0]!.id, other.token)).body).toMatchObject({ code: -1, message: '报文不存在或无权访问' });
    expect((await raw('receipt', events[2]!.id, other.token)).body).toMatchObject({ code: -1, message: '报文不存在或无权访问' });
    expect((await raw('receipt', 987654321)).body.code).toBe(-1);
    // a kind other than message or receipt is refused by the schema
    expect((await raw('bill', events[0]!.id)).status).toBe(400);
    expect((await call(t.app, '/api/receipter/timeline', { billId: orderId })).status).toBe(401);
  });

  it('shows a refused bill\'s 100 receipt with the cause and fix, and the corrected declaration after it', async () => {
    // the bill routes refuse it first (customs' rule R102, on the field); it reaches customs by another path
    expect((await post(exportOrder, 'saveAndApply', order('TL-ORDER-0002', { goodsValue: 150 }))).body.code).toBe(-1);
    const id = await queuedPastTheConsole('TL-ORDER-0002', 150);
    let events = (await timeline(id)).body.data.events as Event[];
    const refused = events.at(-1)!;
    expect(refused).toMatchObject({
      kind: 'receipt', returnStatus: '100', returnStatusName: '海关退单',
      returnInfo: '海关退单：商品金额（150）与表体各项商品总价之和（200）不一致',
      explain: {
        meaning: '海关退单：海关审核未通过，单证被退回',
        cause: expect.stringContaining('金额不一致'),
        fix: expect.stringContaining('表体总价=数量×单价'),
      },
    });

    const b = await db().selectFrom('bill_heads').select('version').where('id', '=', id).executeTakeFirstOrThrow();
    await declaredAndAnswered(exportOrder, order('TL-ORDER-0002', { id, version: b.version, details: undefined, goodsValue: 200 }));
    events = (await timeline(id)).body.data.events;
    // the second declaration and what customs answered to it come after the refusal
    expect(events.slice(0, 4).map((e) => (e.kind === 'message' ? e.statusName : e.returnStatus))).toEqual(['已发送', '2', '100', '已发送']);
    expect(events.length).toBeGreaterThan(4);
    expect(events.slice(4).every((e) => e.kind === 'receipt' && e.time >= events[3]!.time)).toBe(true);
  });

  it('shows a queued declaration as 待发送, never sent, not yet answered', async () => {
    const { head, lines } = exportOrderBill({ orderNo: 'TL-ORDER-QUEUED', ebcCode: admin.userInfo.companyCode });
    // written straight to the tables: the bill routes would wake the worker and deliver it
    const id = await db().transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('bill_heads').values({
        company_id: admin.userInfo.companyId, bill_key: exportOrder.key, mode: exportOrder.mode, state: 'DECLARING', order_no: 'TL-ORDER-QUEUED', data: '{}',
      } as never).returning('id').executeTakeFirstOrThrow();
      await enqueueDeclaration(trx, { companyId: admin.userInfo.companyId, billId: id, declaration: buildDeclaration(exportOrder, head, lines, { appStatus: '2' }) });
      return id;
    });
    const answer = (await timeline(id)).body.data;
    expect(answer).toMatchObject({ state: 'DECLARING', stateName: '申报中' });
    expect(answer.events).toEqual([expect.objectContaining({ kind: 'message', status: 'pending', statusName: '待发送', attempts: 0, sentAt: null })]);
  });

  it('answers the payment and waybill slices the same way (their own messages and receipts)', async () => {
    const payId = await declaredAndAnswered(exportReceipt, {
      orderNo: 'TL-ORDER-0001', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', payCode: '312226T001', payName: '连连银通电子支付有限公司',
      payNo: 'LL2026031811020900001', charge: 200, accountingDate: '2026-03-18 11:00:45',
      payerName: '张三', payerIdType: '1', payerIdNumber: '330206199001011234', payTime: '2026-03-18 10:59:00',
    });
    const wayId = await declaredAndAnswered(exportWaybill, {
      logisticsCode: '3301964C7D', logisticsName: '杭州云途国际物流有限公司', logisticsNo: 'YT2603181430009001', freight: 35.5, grossWeight: 0.85, packNo: 1,
      goodsInfo: '茶叶礼盒', billNo: 'MAWB-2026-0318', consignee: 'Tan Mei Ling', consigneeTelephone: '+60 12 345 6789',
      consigneeAddress: 'Jalan Ampang 1, Kuala Lumpur', orderNo: 'TL-ORDER-0001',
    });
    const pay = (await timeline(payId)).body.data;
    expect(pay.stateName).toBe('海关入库');
    expect(pay.events.map((e: Event) => [e.messageType, e.kind === 'message' ? e.statusName : e.returnStatusName]))
      .toEqual([['CEB403', '已发送'], ['CEB404', '电子口岸申报中'], ['CEB404', '海关入库']]);
    const way = (await timeline(wayId)).body.data;
    expect(way.stateName).toBe('海关审结');
    expect(way.events.map((e: Event) => [e.messageType, e.kind === 'message' ? e.statusName : e.returnStatusName]))
      .toEqual([['CEB505', '已发送'], ['CEB506', '电子口岸申报中'], ['CEB506', '海关审结']]);
    expect(way.events[2].explain.meaning).toMatch(/^海关审结/);
    expect((await raw('message', way.events[0].id)).body.data.xml).toContain('<ceb:CEB505Message');
  });
});
