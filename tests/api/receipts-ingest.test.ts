// Every file customs sends, through the receipt pipeline on a real database: each official sample
// and the hand-written customs-issued files stored once (bare, re-spelt or DXP-wrapped), receipts
// applied through the lifecycle in customs time order, tax bills attached to their inventory,
// CEB900 failing the refused declaration, unknown bills kept and listed, hostile files answered
// with an error result. The outbox worker is stopped: the tests play customs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDefinitions } from '../../domain/bills/index.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { newGuid } from '../../server/customs/declaration.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { ingestCustomsFile, ingestReceiptXml } from '../../server/customs/receipts/ingest.ts';
import { listUnmatchedReceipts } from '../../server/customs/receipts/unmatched.ts';
import { XmlReadError } from '../../server/customs/xml/read.ts';
import { asGbk, dxpEnvelope, expectedReceipts, sampleBytes, switchNamespace } from '../customs/samples/samples.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => { await t.close(); });

const db = () => t.handle.db;
const ingest = (xml: string | Uint8Array, companyId?: number) => ingestReceiptXml(db(), xml, companyId === undefined ? {} : { companyId });
const rowsOf = (type: string) => db().selectFrom('customs_receipts').selectAll().where('message_type', '=', type).orderBy('id').execute();
const countRows = async () => (await db().selectFrom('customs_receipts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);

describe('the official samples and the hand-written files', () => {
  it.each(expectedReceipts.map((e) => [e.file, e] as const))('%s: stored once however it arrives, kept without a bill', async (_file, e) => {
    const bytes = sampleBytes(e.file);
    expect(await ingest(bytes)).toEqual({ messageType: e.type, total: e.count, stored: e.distinct, duplicates: e.count - e.distinct, applied: 0, unmatched: e.distinct });
    const rows = await rowsOf(e.type);
    expect(rows).toHaveLength(e.distinct);
    expect(rows[0]).toMatchObject({
      guid: e.first.guid, bill_id: null, company_id: null, return_status: e.first.returnStatus, return_time: e.first.returnTime,
      return_info: e.first.returnInfo, keys: e.first.fields,
    });
    // each stored row is a one-return document of its own
    expect(rows[0]!.xml.match(new RegExp(`<ceb:${findReceiptType(e.type)!.element}>`, 'g'))).toHaveLength(1);
    // the same receipts re-spelt, GBK-encoded or DXP-wrapped are the same receipts: nothing doubled
    const text = bytes.toString('utf8');
    for (const again of [switchNamespace(text), asGbk(text), dxpEnvelope(text, { msgType: `${e.type}Message` })]) {
      expect(await ingest(again)).toMatchObject({ total: e.count, stored: 0, duplicates: e.count });
    }
    expect(await rowsOf(e.type)).toHaveLength(e.distinct);
  });

  it('CEB792 汇总结果单: ten identical results stored once, unmatched until its summary application exists', async () => {
    expect(await ingest(sampleBytes('CEB792Message.xml'))).toEqual({ messageType: 'CEB792', total: 10, stored: 1, duplicates: 9, applied: 0, unmatched: 1 });
    const [row] = await rowsOf('CEB792');
    expect(row).toMatchObject({ bill_id: null, return_status: 'A', return_time: '20180508101112012', return_info: '' });
    expect(row!.keys).toMatchObject({ sumNo: 'S20180507000000001', declSeqNo: 'S20180508000000001', customsCode: '1501', msgSeqNo: '1' });
    expect(row!.keys).not.toHaveProperty('decState');
    expect(row!.xml.match(/<ceb:SummaryResult>/g)).toHaveLength(1);
    expect(row!.xml.match(/<ceb:SummaryResultList>/g)).toHaveLength(2);
  });
});

describe('receipts move their bill through the lifecycle', () => {
  const inventory = billDefinitions.find((d) => d.message?.type === 'CEB621')!;
  let inventoryId: number;

  beforeAll(async () => {
    expect(inventory).toBeDefined();
    const copNo = 'RCPT-INV-0001';
    const invtNo = '31012026I000012345';
    const row = await db().insertInto('bill_heads').values({
      company_id: admin.userInfo.companyId, bill_key: inventory.key, mode: inventory.mode, state: 'DECLARING',
      cop_no: copNo, invt_no: invtNo, data: JSON.stringify({ copNo, invtNo }),
    }).returning('id').executeTakeFirstOrThrow();
    inventoryId = row.id;
  });

  const invReceipt = (returnStatus: string, returnTime: string, returnInfo: string) => buildReceiptXml(findReceiptType('CEB622')!, newGuid(), [{
    guid: 'A1B2C3D4-0000-4000-8000-000000000622', returnStatus, returnTime, returnInfo,
    // the declaring enterprise's code says whose bill it is (a bare receipt is matched within that company only)
    fields: { customsCode: '3101', agentCode: '3302961A2B', copNo: 'RCPT-INV-0001', preNo: 'B20260318000000001', invtNo: '31012026I000012345' },
  }]);

  it('newest customs time wins: a late older receipt is stored but never moves the bill back; a duplicate is stored once', async () => {
    expect(await ingest(invReceipt('2', '20260318100000000', '新增申报成功'))).toMatchObject({ stored: 1, applied: 1 });
    expect(await bill(inventoryId)).toMatchObject({ state: '2', return_time: '20260318100000000' });
    expect(await ingest(invReceipt('800', '20260318120000000', '放行'))).toMatchObject({ stored: 1, applied: 1 });
    const released = await bill(inventoryId);
    expect(released).toMatchObject({ state: '800', return_status: '800', return_info: '放行' });

    // arrives late: 120 was sent before the 800
    expect(await ingest(invReceipt('120', '20260318110000000', '海关入库成功'))).toMatchObject({ stored: 1, applied: 0, unmatched: 0 });
    // the same 800 again
    expect(await ingest(invReceipt('800', '20260318120000000', '放行'))).toMatchObject({ stored: 0, duplicates: 1, applied: 0 });
    expect(await bill(inventoryId)).toMatchObject({ state: '800', return_time: '20260318120000000', version: released.version });
    const rows = await db().selectFrom('customs_receipts').select(['return_status']).where('bill_id', '=', inventoryId).orderBy('return_time').execute();
    expect(rows.map((r) => r.return_status)).toEqual(['2', '120', '800']);
  });

  it('CEB816/818: a tax bill attaches to its inventory by invtNo and leaves its state alone; the other is kept unmatched', async () => {
    const before = await bill(inventoryId);
    expect(await ingest(sampleBytes('handwritten/CEB816Message.xml'))).toEqual({ messageType: 'CEB816', total: 2, stored: 2, duplicates: 0, applied: 0, unmatched: 1 });
    const taxes = await rowsOf('CEB816');
    expect(taxes.map((r) => [r.keys.invtNo, r.bill_id, r.return_status, r.return_time])).toEqual([
      ['31012026I000012345', inventoryId, '1', '20260318150102123'],
      ['31012026I000012346', null, '1', '20260318150102456'],
    ]);
    expect(taxes[0]).toMatchObject({ company_id: admin.userInfo.companyId, keys: { taxNo: '31012026I00001234501', valueAddedTax: '23.66' } });
    // two elements, two one-element documents
    expect(taxes.map((r) => r.xml.match(/<ceb:TaxHeadRd>/g)?.length)).toEqual([1, 1]);
    expect(await ingest(sampleBytes('handwritten/CEB818Message.xml'))).toMatchObject({ stored: 1, unmatched: 0, applied: 0 });
    expect((await rowsOf('CEB818'))[0]).toMatchObject({ bill_id: inventoryId, return_status: '2', keys: { entDutyNo: '310120260402000123' } });
    expect(await bill(inventoryId)).toMatchObject({ state: before.state, version: before.version });
    expect(await ingest(sampleBytes('handwritten/CEB816Message.xml'))).toMatchObject({ stored: 0, duplicates: 2 });
  });
});

describe('CEB900 报文格式校验回执', () => {
  const formatFailure = (oriCopMsgId: string, returnTime = '20990101000000000') => sampleBytes('handwritten/CEB900Message.xml').toString('utf8')
    .replace(/<oriCopMsgId>[^<]*<\/oriCopMsgId>/, `<oriCopMsgId>${oriCopMsgId}</oriCopMsgId>`)
    .replace('<returnTime>20260318102440123</returnTime>', `<returnTime>${returnTime}</returnTime>`);

  it('fails the refused declaration: message failed, bill 申报异常 with the reason', async () => {
    const r = await post(exportOrder, 'saveAndApply', {
      orderNo: 'RCPT-900-1', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0,
      details: [{ id: 'temp1', gnum: 1, itemNo: 'YX-TEA-0101', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 1, price: 100, totalPrice: 100 }],
    });
    expect(r.body.code).toBe(0);
    const id = r.body.data.id as number;
    const message = await db().selectFrom('customs_messages').selectAll().where('bill_id', '=', id).executeTakeFirstOrThrow();

    // CopMsgId spelt in lower case by the other side: still the same message
    expect(await ingest(formatFailure(message.guid.toLowerCase()))).toEqual({ messageType: 'CEB900', total: 1, stored: 1, duplicates: 0, applied: 1, unmatched: 0 });
    const failed = await bill(id);
    expect(failed).toMatchObject({ state: 'ERROR', return_status: '-1', return_time: '20990101000000000' });
    expect(failed.return_info).toMatch(/^报文格式校验失败：cvc-complex-type\.2\.4\.a/);
    expect(await db().selectFrom('customs_messages').select(['status', 'last_error']).where('id', '=', message.id).executeTakeFirstOrThrow())
      .toEqual({ status: 'failed', last_error: failed.return_info });
    const [row] = (await rowsOf('CEB900')).filter((x) => x.bill_id === id);
    expect(row).toMatchObject({ company_id: admin.userInfo.companyId, keys: { oriCopMsgId: message.guid.toLowerCase(), oriMessageType: 'CEB311Message' } });
    expect(row!.keys).not.toHaveProperty('oriBizMessage');

    // again: stored once, nothing moves
    expect(await ingest(formatFailure(message.guid.toLowerCase()))).toMatchObject({ stored: 0, duplicates: 1, applied: 0 });
    expect((await bill(id)).version).toBe(failed.version);
  });

  it('a CEB900 for a message the console never sent is kept unmatched', async () => {
    expect(await ingest(formatFailure('00000000-0000-4000-8000-000000000900'))).toMatchObject({ stored: 1, unmatched: 1, applied: 0 });
  });
});

describe('unknown bills: kept and listed', () => {
  const orderReceipt = (orderNo: string, returnStatus: string, returnTime: string, returnInfo: string) =>
    buildReceiptXml(findReceiptType('CEB304')!, newGuid(), [{ guid: newGuid(), fields: { ebpCode: '3302960E8F', ebcCode: admin.userInfo.companyCode!, orderNo }, returnStatus, returnTime, returnInfo }]);

  it('a DXP-wrapped receipt for an unknown bill goes to the company the envelope names, and is listed with its explanation', async () => {
    const xml = dxpEnvelope(orderReceipt('RCPT-NOBODY-1', '-301010', '20260318130000000', '订单编号已存在'), { receiverIds: ['DXPENT0000458763'] });
    const r = await ingest(xml);
    expect(r).toMatchObject({ messageType: 'CEB304', stored: 1, unmatched: 1, transInfo: { senderId: 'DXPEDCCEB0000003', receiverIds: ['DXPENT0000458763'] } });

    const page = await call(t.app, '/api/receipter/unmatched', { pageIndex: 0, pageSize: 10, messageType: 'CEB304Message' }, admin.token);
    expect(page.body.code).toBe(0);
    const item = page.body.data.datas.find((d: { keys: { orderNo?: string } }) => d.keys.orderNo === 'RCPT-NOBODY-1');
    expect(item).toMatchObject({
      messageType: 'CEB304', messageTypeName: '出口订单回执', returnStatus: '-301010', returnStatusName: '申报异常',
      returnTime: '2026-03-18 13:00:00.000', returnInfo: '订单编号已存在',
      explain: { meaning: '订单重复申报：订单编号已存在', cause: expect.stringMatching(/重复申报/), fix: expect.stringMatching(/appType=2/) },
    });
    expect(page.body.data.total).toBeGreaterThanOrEqual(1);
    // the other company does not see it
    const other = await login(t.app, demo.other.username, demo.other.password);
    const theirs = await call(t.app, '/api/receipter/unmatched', {}, other.token);
    expect(theirs.body.data.datas.some((d: { keys: { orderNo?: string } }) => d.keys.orderNo === 'RCPT-NOBODY-1')).toBe(false);
  });

  it('lists the ones no channel assigned, newest first, paged; a bad type is refused', async () => {
    const all = await listUnmatchedReceipts(db(), { companyId: null, pageIndex: 0, pageSize: 1000 });
    // the official samples and the unmatched tax bill and CEB900 above
    expect(all.total).toBe(all.datas.length);
    const types = new Set(all.datas.map((d) => d.messageType));
    for (const e of expectedReceipts) expect(types.has(e.type), e.type).toBe(true);
    expect(types.has('CEB792') && types.has('CEB900')).toBe(true);
    const second = await listUnmatchedReceipts(db(), { companyId: null, pageIndex: 1, pageSize: 2 });
    expect(second.datas.map((d) => d.id)).toEqual(all.datas.slice(2, 4).map((d) => d.id));
    expect(all.datas.every((d, i) => i === 0 || d.receivedAt.getTime() <= all.datas[i - 1]!.receivedAt.getTime())).toBe(true);
    const bad = await call(t.app, '/api/receipter/unmatched', { messageType: 'CEB303Message' }, admin.token);
    expect(bad.body).toMatchObject({ code: -1, message: '不支持的回执报文类型：CEB303Message' });
  });

  it('the bill receipt timeline explains each receipt beside it, in its existing shape', async () => {
    await ingest(orderReceipt('RCPT-NOBODY-2', '100', '20260318140000000', '海关退单：支付单不存在'), admin.userInfo.companyId);
    const timeline = await call(t.app, '/api/receipter/messageFindByBill', { messageType: 'CEB304Message', ebpCode: '3302960E8F', orderNo: 'RCPT-NOBODY-2' }, admin.token);
    expect(timeline.body.data).toEqual([{
      returnTime: '2026-03-18 14:00:00.000', returnStatus: '100', returnStatusName: '海关退单', returnInfo: '海关退单：支付单不存在',
      explain: { meaning: '海关退单：海关审核未通过，单证被退回', cause: expect.stringMatching(/^三单比对不通过：清单引用的支付单在海关不存在/), fix: expect.stringMatching(/支付交易编号/) },
    }]);
    // a customs-issued message by its keys: the tax bill of an inventory
    const tax = await call(t.app, '/api/receipter/messageFindByBill', { messageType: 'CEB816Message', invtNo: '31012026I000012345' }, admin.token);
    expect(tax.body.data).toEqual([expect.objectContaining({ returnStatus: '1', returnStatusName: '已生成', explain: { meaning: '电子税单已生成' } })]);
  });
});

describe('bad input never breaks the pipeline', () => {
  const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>
<CEB304Message guid="1" version="1.0"><OrderReturn><guid>a</guid><returnInfo>&lol2;</returnInfo></OrderReturn></CEB304Message>`;

  it.each([
    ['billion laughs', laughs, '回执报文不允许包含 DOCTYPE 或 ENTITY 声明'],
    ['external entity in a DXP envelope', dxpEnvelope('<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><CEB304Message>&x;</CEB304Message>'), 'DOCTYPE'],
    ['malformed', '<CEB304Message><OrderReturn><guid>a</OrderReturn>', '不是合法的 XML'],
    ['101 returns', `<CEB304Message guid="1" version="1.0">${'<OrderReturn><guid>a</guid><returnStatus>2</returnStatus><returnTime>20260318102440123</returnTime></OrderReturn>'.repeat(101)}</CEB304Message>`, '最多100条'],
    ['oversized', `<CEB304Message>${'x'.repeat(10 * 1024 * 1024 + 1)}</CEB304Message>`, '回执报文过大'],
    ['broken base64', dxpEnvelope('x').replace(/<dxp:Data>[^<]*/, '<dxp:Data>%%%'), 'base64'],
    ['not a customs message', '<html><body>404</body></html>', '无法识别的回执报文类型：html'],
  ])('%s: an error result with the reason, nothing stored; ingestReceiptXml throws XmlReadError', async (_name, xml, reason) => {
    const before = await countRows();
    const outcome = await ingestCustomsFile(db(), xml);
    expect(outcome).toMatchObject({ ok: false, retry: false });
    expect(outcome.ok === false && outcome.error).toContain(reason);
    await expect(ingest(xml)).rejects.toBeInstanceOf(XmlReadError);
    expect(await countRows()).toBe(before);
    const alive = await call(t.app, '/api/receipter/unmatched', {}, admin.token);
    expect(alive.body.code).toBe(0);
  });

  it('a storage failure is an error result to retry, not an exception; the retry stores it once', async () => {
    const xml = buildReceiptXml(findReceiptType('CEB304')!, newGuid(), [{ guid: newGuid(), fields: { ebpCode: 'X', ebcCode: 'Y', orderNo: 'RCPT-RETRY-1' }, returnStatus: '2', returnTime: '20260318150000000', returnInfo: '' }]);
    // a company that does not exist: the insert violates the foreign key
    const failed = await ingestCustomsFile(db(), xml, { companyId: 987654 });
    expect(failed).toMatchObject({ ok: false, retry: true, error: expect.stringMatching(/^回执处理失败，稍后重试：/) });
    const ok = await ingestCustomsFile(db(), xml, { companyId: admin.userInfo.companyId });
    expect(ok).toMatchObject({ ok: true, stored: 1 });
    expect(await ingestCustomsFile(db(), xml, { companyId: admin.userInfo.companyId })).toMatchObject({ ok: true, stored: 0, duplicates: 1 });
  });
});
