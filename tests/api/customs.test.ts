// The customs exchange on a real server: declarations through the bill routes, the outbox worker,
// the embedded simulator answering with CEB304/404/506 receipts (SIMULATOR_DELAY_MS=0 under test),
// retries and SEND_FAILED, and the receipt timeline of POST /api/receipter/messageFindByBill.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportReceipt } from '../../domain/bills/export-receipt.ts';
import { exportWaybill } from '../../domain/bills/export-waybill.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { buildDeclaration, enqueueDeclaration } from '../../server/customs/declaration.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { TransportRejection, type Transport } from '../../server/customs/transport/types.ts';
import { createOutboxWorker } from '../../server/customs/worker.ts';
import { exportOrderBill } from '../customs/fixtures.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  // No background polling: each test drives the worker with drain(), so nothing races it.
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  // The schemas compile in the background after start; tests that build messages directly wait for them.
  await initCustomsSchemas();
});
afterAll(async () => { await t.close(); });

const db = () => t.handle.db;
const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);
const findByBill = (data: unknown, token = admin.token) => call(t.app, '/api/receipter/messageFindByBill', data, token);
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const messagesOf = (id: number) => db().selectFrom('customs_messages').selectAll().where('bill_id', '=', id).orderBy('id').execute();
const receiptsOf = (id: number) => db().selectFrom('customs_receipts').selectAll().where('bill_id', '=', id).orderBy('return_time').execute();

const line = (gnum: number, extra: Record<string, unknown> = {}) => ({
  id: `temp${gnum}`, gnum, itemNo: `YX-SKU-${gnum}`, itemName: gnum === 1 ? '西湖龙井茶礼盒' : '杭州真丝围巾', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100, ...extra,
});
const order = (orderNo: string, extra: Record<string, unknown> = {}) => ({
  orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 200, freight: 0, details: [line(1), line(2)], ...extra,
});

/** A bill written straight into the tables (bypassing the routes' checks) and its message queued. */
async function insertDeclared(head: Record<string, unknown>, lines: Record<string, unknown>[]) {
  const columns: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  for (const f of exportOrder.head) {
    if (head[f.name] === undefined || head[f.name] === null) continue;
    if (f.column) columns[f.column] = head[f.name];
    else data[f.name] = head[f.name];
  }
  return db().transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('bill_heads').values({
      company_id: admin.userInfo.companyId, bill_key: exportOrder.key, mode: exportOrder.mode, state: 'DECLARING',
      ...columns, data: JSON.stringify(data), app_time: new Date(),
    } as never).returning('id').executeTakeFirstOrThrow();
    for (const l of lines) {
      const { gnum, ...rest } = l;
      await trx.insertInto('bill_lines').values({ company_id: admin.userInfo.companyId, head_id: id, gnum: Number(gnum), data: JSON.stringify(rest) }).execute();
    }
    const declaration = buildDeclaration(exportOrder, head, lines, { appStatus: '2' });
    await enqueueDeclaration(trx, { companyId: admin.userInfo.companyId, billId: id, declaration });
    return id;
  });
}

describe('declare → outbox → simulator → receipts', () => {
  it('takes an order to 120 海关入库 with its receipts stored once and the timeline answered', async () => {
    const r = await post(exportOrder, 'saveAndApply', order('YX-CUS-0001'));
    expect(r.body).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
    const id = r.body.data.id as number;

    await t.app.customs.drain();

    expect(await bill(id)).toMatchObject({ state: '120', return_status: '120', return_info: '海关入库成功' });
    const [message] = await messagesOf(id);
    expect(message).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    const receipts = await receiptsOf(id);
    expect(receipts.map((x) => [x.message_type, x.return_status])).toEqual([['CEB304', '2'], ['CEB304', '120']]);
    expect(receipts[0]!.return_info).toBe(`新增申报成功[${message!.guid}]`);
    expect(receipts[0]!.return_time < receipts[1]!.return_time).toBe(true);
    expect(receipts[1]!.xml).toContain('<ceb:CEB304Message');
    expect(receipts[1]!.keys).toEqual({ ebpCode: '3302960E8F', ebcCode: admin.userInfo.companyCode, orderNo: 'YX-CUS-0001' });

    const timeline = await findByBill({ messageType: 'CEB304Message', ebpCode: '3302960E8F', ebcCode: admin.userInfo.companyCode, orderNo: 'YX-CUS-0001' });
    expect(timeline.body.code).toBe(0);
    expect(timeline.body.data).toEqual([
      {
        returnTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/), returnStatus: '120', returnStatusName: '海关入库', returnInfo: '海关入库成功',
        explain: { meaning: expect.stringMatching(/^海关入库：/) },
      },
      {
        returnTime: expect.any(String), returnStatus: '2', returnStatusName: '电子口岸申报中', returnInfo: `新增申报成功[${message!.guid}]`,
        explain: { meaning: expect.stringMatching(/^电子口岸申报中：/) },
      },
    ]);
    // what left was signed with the installation's software key (SIGN_MODE=software)
    expect(message!.xml).toContain('<ds:SignatureValue>');
    // the detail page shows the bill's latest receipt
    const detail = await post(exportOrder, 'detail', { id });
    expect(detail.body.data).toMatchObject({ state: '120', returnStatus: '120', returnInfo: '海关入库成功' });
  });

  it('delivers at once when the bill routes wake the worker after committing (no poll runs here)', async () => {
    const r = await post(exportOrder, 'saveAndApply', order('YX-CUS-WAKE'));
    const id = r.body.data.id as number;
    await vi.waitFor(async () => expect((await bill(id)).state).toBe('120'), { timeout: 5000, interval: 20 });
  });

  it('ends an order whose goods value is not the sum of its lines in 100 海关退单 with the reason', async () => {
    // the console refuses it before sending, on the field, with customs' rule R102 …
    const r = await post(exportOrder, 'saveAndApply', order('YX-CUS-0002', { goodsValue: 150 }));
    expect(r.body).toMatchObject({ code: -1, data: { errors: [{ field: 'goodsValue', message: '商品金额（150）与表体各项商品总价之和（200）不一致（海关规则R102）' }] } });
    // … and customs refuses it with the same words when it reaches customs by another path
    const { head, lines } = exportOrderBill({ orderNo: 'YX-CUS-0002', ebpCode: '3302960E8F', ebcCode: admin.userInfo.companyCode, goodsValue: 150 });
    const id = await insertDeclared(head, lines);
    await t.app.customs.drain();
    const b = await bill(id);
    expect(b).toMatchObject({ state: '100', return_status: '100' });
    expect(b.return_info).toBe('海关退单：商品金额（150）与表体各项商品总价之和（309.3）不一致');
    const timeline = await findByBill({ messageType: 'CEB304Message', ebpCode: '3302960E8F', orderNo: 'YX-CUS-0002' });
    expect(timeline.body.data.map((x: { returnStatusName: string }) => x.returnStatusName)).toEqual(['海关退单', '电子口岸申报中']);

    // customs keeps the refused order: the bill is now a change (appType 2 变更) …
    expect(b.app_type).toBe('2');
    // … so fixed and declared again it goes out as 变更 and is taken
    const again = await post(exportOrder, 'saveAndApply', order('YX-CUS-0002', { id, version: b.version, details: undefined, goodsValue: 309.3, appType: '2' }));
    expect(again.body).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
    await t.app.customs.drain();
    expect(await bill(id)).toMatchObject({ state: '120' });
    const [, second] = await messagesOf(id);
    expect(second!.xml).toContain('<ceb:appType>2</ceb:appType>');
    const changed = await receiptsOf(id);
    expect(changed.at(-2)!.return_info).toBe(`变更申报成功[${second!.guid}]`);
  });

  it('answers a duplicate order number customs already stored with −301010 → 申报异常', async () => {
    const { head, lines } = exportOrderBill({ orderNo: 'YX-CUS-0001', ebpCode: '3302960E8F', ebcCode: admin.userInfo.companyCode });
    const id = await insertDeclared(head, lines);
    await t.app.customs.drain();
    expect(await bill(id)).toMatchObject({ state: 'ERROR', return_status: '-301010', return_info: '订单编号已存在' });
    const timeline = await findByBill({ messageType: 'CEB304', ebpCode: '3302960E8F', orderNo: 'YX-CUS-0001' });
    expect(timeline.body.data[0]).toMatchObject({ returnStatus: '-301010', returnStatusName: '申报异常', returnInfo: '订单编号已存在' });
  });

  it('takes a receipt of payment to 120 and a waybill to 399 海关审结', async () => {
    const pay = await post(exportReceipt, 'saveAndApply', {
      orderNo: 'YX-CUS-0001', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', payCode: '312226T001', payName: '连连银通电子支付有限公司',
      payNo: 'LL2026031811020987654', charge: 200, accountingDate: '2026-03-18 11:00:45',
      payerName: '张三', payerIdType: '1', payerIdNumber: '330206199001011234', payTime: '2026-03-18 10:59:00',
    });
    const way = await post(exportWaybill, 'saveAndApply', {
      logisticsCode: '3301964C7D', logisticsName: '杭州云途国际物流有限公司', logisticsNo: 'YT2603181430000123', freight: 35.5, grossWeight: 0.85, packNo: 1,
      goodsInfo: '茶叶礼盒、真丝围巾', billNo: 'MAWB-2026-0318', consignee: 'Tan Mei Ling', consigneeTelephone: '+60 12 345 6789',
      consigneeAddress: 'Jalan Ampang 1, Kuala Lumpur', orderNo: 'YX-CUS-0001',
    });
    expect([pay.body.code, way.body.code]).toEqual([0, 0]);
    await t.app.customs.drain();
    expect(await bill(pay.body.data.id)).toMatchObject({ state: '120', return_info: '海关入库成功' });
    expect(await bill(way.body.data.id)).toMatchObject({ state: '399', return_info: '海关审结' });

    const payTimeline = await findByBill({ messageType: 'CEB404Message', ebcCode: admin.userInfo.companyCode, orderNo: 'YX-CUS-0001' });
    expect(payTimeline.body.data.map((x: { returnStatus: string }) => x.returnStatus)).toEqual(['120', '2']);
    const wayTimeline = await findByBill({ messageType: 'CEB506Message', logisticsCode: '3301964C7D', logisticsNo: 'YT2603181430000123' });
    expect(wayTimeline.body.data.map((x: { returnStatusName: string }) => x.returnStatusName)).toEqual(['海关审结', '电子口岸申报中']);
  });
});

describe('delivery failures', () => {
  const failing = (error: () => Error): Transport & { calls: number } => {
    const transport = { name: 'failing', calls: 0, async deliver() { transport.calls++; throw error(); } };
    return transport;
  };

  it('retries with backoff, then fails the message and moves the bill to SEND_FAILED', async () => {
    const { head, lines } = exportOrderBill({ orderNo: 'YX-CUS-FAIL-1', goodsValue: 309.3 });
    const id = await insertDeclared(head, lines);
    const transport = failing(() => new Error('连接电子口岸超时'));

    // a long backoff: after the first failure the message waits, the bill stays DECLARING
    const patient = createOutboxWorker({ db: db(), transport, log: quiet, pollMs: 0, maxAttempts: 3, retryBaseMs: 60_000 });
    await patient.drain();
    let [m] = await messagesOf(id);
    expect(m).toMatchObject({ status: 'pending', attempts: 1, last_error: '连接电子口岸超时' });
    expect(m!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await bill(id)).toMatchObject({ state: 'DECLARING' });

    // due again: the remaining attempts run, then the message fails for good
    await db().updateTable('customs_messages').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('id', '=', m!.id).execute();
    const eager = createOutboxWorker({ db: db(), transport, log: quiet, pollMs: 0, maxAttempts: 3, retryBaseMs: 0 });
    await eager.drain();
    [m] = await messagesOf(id);
    expect(transport.calls).toBe(3);
    expect(m).toMatchObject({ status: 'failed', attempts: 3, last_error: '连接电子口岸超时' });
    expect(await bill(id)).toMatchObject({ state: 'SEND_FAILED', return_info: '报文发送失败（已尝试3次）：连接电子口岸超时' });
    const detail = await post(exportOrder, 'detail', { id });
    expect(detail.body.data).toMatchObject({ state: 'SEND_FAILED', stateName: '发送失败' });
  });

  it('fails a message the other side refuses for good at once, without retrying', async () => {
    const { head, lines } = exportOrderBill({ orderNo: 'YX-CUS-FAIL-2', goodsValue: 309.3 });
    const id = await insertDeclared(head, lines);
    const transport = failing(() => new TransportRejection('报文格式校验失败(0002)'));
    await createOutboxWorker({ db: db(), transport, log: quiet, pollMs: 0, maxAttempts: 5, retryBaseMs: 0 }).drain();
    expect(transport.calls).toBe(1);
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await bill(id)).toMatchObject({ state: 'SEND_FAILED', return_info: '报文被拒收：报文格式校验失败(0002)' });
  });

  it('sends a bill declared again after a failure as a new message', async () => {
    const [failed] = await db().selectFrom('bill_heads').select(['id', 'version']).where('order_no', '=', 'YX-CUS-FAIL-1').execute();
    const r = await post(exportOrder, 'apply', { ids: [failed!.id] });
    expect(r.body.data).toMatchObject({ succeeded: 1 });
    await t.app.customs.drain();
    expect(await bill(failed!.id)).toMatchObject({ state: '120' });
    expect((await messagesOf(failed!.id)).map((m) => m.status)).toEqual(['failed', 'sent']);
  });
});

describe('several workers on one outbox', () => {
  it('deliver every message exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const { head, lines } = exportOrderBill({ orderNo: `YX-CUS-PAR-${i}`, goodsValue: 309.3 });
      ids.push(await insertDeclared(head, lines));
    }
    const delivered: string[] = [];
    const transport: Transport = {
      name: 'counting',
      async deliver(m) { delivered.push(m.guid); await new Promise((r) => setTimeout(r, 5)); },
    };
    const workers = [1, 2, 3].map(() => createOutboxWorker({ db: db(), transport, log: quiet, pollMs: 0, batchSize: 2 }));
    await Promise.all(workers.map((w) => w.drain()));
    expect(delivered).toHaveLength(6);
    expect(new Set(delivered).size).toBe(6);
    for (const id of ids) expect((await messagesOf(id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('a worker that died mid-send (kill -9)', () => {
  it('its claimed messages are due again once it stops beating; a live worker\'s are left alone', async () => {
    const { head, lines } = exportOrderBill({ orderNo: 'YX-CUS-DEAD-1', goodsValue: 99 });
    const id = await insertDeclared(head, lines);
    const [m] = await messagesOf(id);
    const dead = '00000000-0000-4000-8000-00000000dead';
    const live = '00000000-0000-4000-8000-0000000011fe';
    const far = new Date(Date.now() + 3600_000); // a lease an hour away
    await db().insertInto('outbox_workers').values([{ id: dead, seen_at: new Date(Date.now() - 120_000) }, { id: live }]).execute();
    await db().updateTable('customs_messages').set({ status: 'sending', claimed_by: live, next_attempt_at: far, attempts: 1 }).where('id', '=', m!.id).execute();
    const delivered: string[] = [];
    const counting: Transport = { name: 'counting', async deliver(x) { delivered.push(x.guid); } };
    // not the sole owner of the database: only the heartbeat can tell a dead worker
    await createOutboxWorker({ db: db(), transport: counting, log: quiet, pollMs: 0 }).drain();
    expect(delivered).toEqual([]);
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'sending' });

    await db().updateTable('customs_messages').set({ claimed_by: dead }).where('id', '=', m!.id).execute();
    await createOutboxWorker({ db: db(), transport: counting, log: quiet, pollMs: 0 }).drain();
    expect(delivered).toEqual([m!.guid]);
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('a worker stopped mid-batch (shutdown, issue 27)', () => {
  it('finishes the message it is sending, hands back the rest of its batch untried and removes its heartbeat row', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const { head, lines } = exportOrderBill({ orderNo: `YX-CUS-STOP-${i}`, goodsValue: 309.3 });
      ids.push(await insertDeclared(head, lines));
    }
    const beating = async () => (await db().selectFrom('outbox_workers').select('id').execute()).map((r) => r.id).sort();
    const before = await beating();
    let stopping: Promise<void> | undefined;
    const delivered: string[] = [];
    const transport: Transport = {
      name: 'slow',
      async deliver(m) {
        // the signal arrives while the batch's first message is on its way
        stopping ??= worker.stop();
        await new Promise((r) => setTimeout(r, 50));
        delivered.push(m.guid);
      },
    };
    // one lane: the batch's other messages are not yet started when the signal comes (with several
    // lanes each one in flight is finished the same way, and only the unstarted are handed back)
    const worker = createOutboxWorker({ db: db(), transport, log: quiet, pollMs: 0, batchSize: 10, concurrency: 1 });
    await worker.tick();
    await stopping;
    const messages = (await Promise.all(ids.map(messagesOf))).flat();
    expect(delivered).toHaveLength(1);
    expect(messages.filter((m) => m.status === 'sent')).toHaveLength(1);
    for (const m of messages.filter((x) => x.status !== 'sent')) expect(m).toMatchObject({ status: 'pending', attempts: 0, claimed_by: null });
    expect(await beating()).toEqual(before);
    await t.app.customs.drain();
    for (const id of ids) expect((await messagesOf(id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('messageFindByBill', () => {
  it('refuses an unknown message type and a missing key, in Chinese', async () => {
    const unknown = await findByBill({ messageType: 'CEB999Message', orderNo: 'x' });
    expect(unknown.body).toMatchObject({ code: -1, message: '不支持的回执报文类型：CEB999Message' });
    const missing = await findByBill({ messageType: 'CEB304Message', ebpCode: '3302960E8F' });
    expect(missing.body).toMatchObject({ code: -1, message: '请提供订单编号' });
    const noType = await findByBill({ orderNo: 'x' });
    expect(noType.body.code).toBe(-1);
  });

  it('shows a company only its own receipts', async () => {
    const other = await login(t.app, demo.other.username, demo.other.password);
    const r = await findByBill({ messageType: 'CEB304Message', ebpCode: '3302960E8F', orderNo: 'YX-CUS-0001' }, other.token);
    expect(r.body).toMatchObject({ code: 0, data: [] });
    const anonymous = await call(t.app, '/api/receipter/messageFindByBill', { messageType: 'CEB304Message' });
    expect(anonymous.status).toBe(401);
  });
});
