// The receipt pipeline on a real database: every return element stored once, applied to its bill
// through the lifecycle (stale ones ignored), unknown bills kept, the official sample receipts
// read, hostile documents refused without harm. Receipts are fed by hand (the worker is stopped).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { newGuid } from '../../server/customs/declaration.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { XmlReadError } from '../../server/customs/xml/read.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  // Declared bills stay DECLARING with their message pending: the receipts below play customs.
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => { await t.close(); });

const db = () => t.handle.db;
const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const receiptRows = (where: { billId?: number | null; orderNo?: string }) => {
  let q = db().selectFrom('customs_receipts').selectAll();
  if (where.billId !== undefined) q = where.billId === null ? q.where('bill_id', 'is', null) : q.where('bill_id', '=', where.billId);
  return q.orderBy('id').execute();
};
const ingest = (xml: string | Uint8Array, companyId?: number) => t.app.customs.ingestReceiptXml(xml, companyId === undefined ? {} : { companyId });

const EBP = '3302960E8F';
const orderReceipt = findReceiptType('CEB304')!;
const receiptXml = (orderNo: string, returnStatus: string, returnTime: string, returnInfo = '', guid = newGuid()) =>
  buildReceiptXml(orderReceipt, newGuid(), [{ guid, fields: { ebpCode: EBP, ebcCode: admin.userInfo.companyCode!, orderNo }, returnStatus, returnTime, returnInfo }]);

async function declaredOrder(orderNo: string): Promise<number> {
  const r = await post(exportOrder, 'saveAndApply', {
    orderNo, ebpCode: EBP, ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0,
    details: [{ id: 'temp1', gnum: 1, itemNo: 'YX-TEA-0101', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 1, price: 100, totalPrice: 100 }],
  });
  expect(r.body).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
  return r.body.data.id as number;
}

describe('ingestReceiptXml', () => {
  it('stores a receipt once: the same file twice is one row, and the bill moves once', async () => {
    const id = await declaredOrder('YX-RCV-0001');
    const xml = receiptXml('YX-RCV-0001', '2', '20260318102440001', '新增申报成功[X]');
    expect(await ingest(xml)).toMatchObject({ messageType: 'CEB304', total: 1, stored: 1, duplicates: 0, applied: 1, unmatched: 0 });
    const after = await bill(id);
    expect(after).toMatchObject({ state: '2', return_status: '2', return_time: '20260318102440001', return_info: '新增申报成功[X]' });

    expect(await ingest(xml)).toMatchObject({ stored: 0, duplicates: 1, applied: 0 });
    expect(await receiptRows({ billId: id })).toHaveLength(1);
    expect((await bill(id)).version).toBe(after.version);
  });

  it('keeps the e-port guid repeated on later receipts of one declaration apart', async () => {
    const id = await declaredOrder('YX-RCV-0002');
    const guid = newGuid(); // the official samples carry one guid on every receipt of a declaration
    await ingest(receiptXml('YX-RCV-0002', '2', '20260318102440001', '新增申报成功', guid));
    await ingest(receiptXml('YX-RCV-0002', '120', '20260318102441001', '海关入库成功', guid));
    expect(await bill(id)).toMatchObject({ state: '120', return_info: '海关入库成功' });
    expect((await receiptRows({ billId: id })).map((r) => r.return_status)).toEqual(['2', '120']);
  });

  it('ignores a stale receipt after 120: stored, but the bill does not move back', async () => {
    const id = (await db().selectFrom('bill_heads').select('id').where('order_no', '=', 'YX-RCV-0002').executeTakeFirstOrThrow()).id;
    const before = await bill(id);
    expect(await ingest(receiptXml('YX-RCV-0002', '2', '20260318102439000', '迟到的回执'))).toMatchObject({ stored: 1, applied: 0 });
    expect(await bill(id)).toMatchObject({ state: '120', return_status: '120', return_time: '20260318102441001', version: before.version });
    expect(await receiptRows({ billId: id })).toHaveLength(3);
  });

  it('applies concurrent receipts of one bill one after the other, newest customs time winning', async () => {
    const id = await declaredOrder('YX-RCV-0003');
    await Promise.all([
      ingest(receiptXml('YX-RCV-0003', '120', '20260318110000300', '海关入库成功')),
      ingest(receiptXml('YX-RCV-0003', '2', '20260318110000100', '新增申报成功')),
      ingest(receiptXml('YX-RCV-0003', '2', '20260318110000100', '新增申报成功', newGuid())),
    ]);
    expect(await bill(id)).toMatchObject({ state: '120', return_time: '20260318110000300' });
  });

  it('keeps a code outside the bill\'s dictionary as a receipt only, and a negative one as 申报异常', async () => {
    const id = await declaredOrder('YX-RCV-0004');
    expect(await ingest(receiptXml('YX-RCV-0004', '18', '20260318120000000', '未知状态'))).toMatchObject({ stored: 1, applied: 0 });
    expect(await bill(id)).toMatchObject({ state: 'DECLARING' });
    expect(await ingest(receiptXml('YX-RCV-0004', '-301002', '20260318120000001', '表体序号重复'))).toMatchObject({ applied: 1 });
    expect(await bill(id)).toMatchObject({ state: 'ERROR', return_status: '-301002', return_info: '表体序号重复' });
  });

  it('keeps a receipt for an unknown bill with bill_id null, under the company the channel names', async () => {
    const r = await ingest(receiptXml('YX-NOBODY-1', '120', '20260318130000000', '海关入库成功'), admin.userInfo.companyId);
    expect(r).toMatchObject({ stored: 1, unmatched: 1, applied: 0 });
    const [row] = (await receiptRows({ billId: null })).filter((x) => (x.keys as { orderNo?: string }).orderNo === 'YX-NOBODY-1');
    expect(row).toMatchObject({ bill_id: null, company_id: admin.userInfo.companyId, return_status: '120' });
    const timeline = await call(t.app, '/api/receipter/messageFindByBill', { messageType: 'CEB304Message', ebpCode: EBP, orderNo: 'YX-NOBODY-1' }, admin.token);
    expect(timeline.body.data).toHaveLength(1);
  });

  it('matches only bills of the company the channel names', async () => {
    const id = await declaredOrder('YX-RCV-0005');
    const other = await login(t.app, demo.other.username, demo.other.password);
    expect(await ingest(receiptXml('YX-RCV-0005', '2', '20260318140000000'), other.userInfo.companyId)).toMatchObject({ unmatched: 1 });
    expect(await bill(id)).toMatchObject({ state: 'DECLARING' });
  });
});

describe('the official export sample receipts', () => {
  it.each([
    ['CEB304Message.xml', 'CEB304', { ebpCode: '1105910159', ebcCode: '1105910159', orderNo: 'order2018050711340001' }],
    ['CEB404Message.xml', 'CEB404', { ebcCode: '1105910159', orderNo: 'order2018050711340001', payNo: 'P20180507001' }],
    ['CEB506Message.xml', 'CEB506', { logisticsCode: '1105910159', logisticsNo: 'L2018050700001' }],
  ])('%s: ten identical returns, one stored receipt, no bill', async (file, type, keys) => {
    const bytes = readFileSync(fileURLToPath(new URL(`../customs/samples/${file}`, import.meta.url)));
    expect(await ingest(bytes)).toEqual({ messageType: type, total: 10, stored: 1, duplicates: 9, applied: 0, unmatched: 1 });
    const rows = await db().selectFrom('customs_receipts').selectAll().where('message_type', '=', type).where('return_time', '=', '20180507153001001').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bill_id: null, company_id: null, return_status: '2', return_info: '新增申报成功[4CDE1CFD-EDED-46B1-946C-B8022E42FC94]', keys });
    // a many-return file is kept as a one-return document
    expect(rows[0]!.xml.match(new RegExp(`<ceb:${findReceiptType(type)!.element}>`, 'g'))).toHaveLength(1);
  });
});

describe('hostile XML', () => {
  const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<CEB304Message guid="1" version="1.0"><OrderReturn><guid>a</guid><ebpCode>x</ebpCode><orderNo>&lol3;</orderNo><returnStatus>2</returnStatus><returnTime>20260318102440123</returnTime><returnInfo>&lol3;</returnInfo></OrderReturn></CEB304Message>`;

  it.each([
    ['billion laughs', laughs],
    ['external entity', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><CEB304Message><OrderReturn><returnInfo>&x;</returnInfo></OrderReturn></CEB304Message>'],
    ['malformed', '<CEB304Message><OrderReturn><guid>a</OrderReturn>'],
    ['not a receipt', '<html><body>404</body></html>'],
  ])('refuses %s without storing anything, and the server keeps answering', async (_name, xml) => {
    const before = (await db().selectFrom('customs_receipts').select('id').execute()).length;
    await expect(ingest(xml)).rejects.toBeInstanceOf(XmlReadError);
    expect((await db().selectFrom('customs_receipts').select('id').execute()).length).toBe(before);
    const alive = await call(t.app, '/api/receipter/messageFindByBill', { messageType: 'CEB304Message', ebpCode: EBP, orderNo: 'YX-RCV-0001' }, admin.token);
    expect(alive.body.code).toBe(0);
  });
});
