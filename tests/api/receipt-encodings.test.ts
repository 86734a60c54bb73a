// Receipts whose declaration lies about their encoding, through the real ingest on a real
// database (issue 28 item 4): the bytes decide. UTF-8 declared gb2312 is stored as the text it is,
// a UTF-8 BOM is accepted, GBK bytes declared GBK are read as GBK, and bytes that are valid in no
// encoding customs uses are refused with the reason — nothing stored, nothing moved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { customsText } from '../../domain/texts/customs.ts';
import { newGuid } from '../../server/customs/declaration.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { ingestReceiptXml } from '../../server/customs/receipts/ingest.ts';
import { XmlReadError } from '../../server/customs/xml/read.ts';
import { asGbk } from '../customs/samples/samples.ts';
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
const utf8 = (s: string) => new TextEncoder().encode(s);

/** A declared export order of the test's own, and a 120 receipt for it as UTF-8 text. */
async function declaredOrder(orderNo: string): Promise<{ id: number; receipt: (returnTime: string) => string }> {
  const r = await call(t.app, `/api/enterprise${exportOrder.api.saveAndApply}`, {
    orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0,
    details: [{ id: 'temp1', gnum: 1, itemNo: 'YX-TEA-0101', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 1, price: 100, totalPrice: 100 }],
  }, admin.token);
  expect(r.body.code).toBe(0);
  const id = r.body.data.id as number;
  const row = await db().selectFrom('bill_heads').select('data').where('id', '=', id).executeTakeFirstOrThrow();
  const ebcCode = String((row.data as Record<string, unknown>).ebcCode ?? '');
  return {
    id,
    receipt: (returnTime) => buildReceiptXml(findReceiptType('CEB304')!, newGuid(), [{
      guid: newGuid(), returnStatus: '120', returnTime, returnInfo: '海关入库成功', fields: { ebpCode: '3302960E8F', ebcCode, orderNo },
    }]),
  };
}

const storedFor = (orderNo: string) => db().selectFrom('customs_receipts').select(['return_info', 'xml'])
  .where('message_type', '=', 'CEB304').where(({ eb, ref }) => eb(eb.fn('jsonb_extract_path_text' as never, [ref('keys'), eb.val('orderNo')] as never), '=', orderNo))
  .execute();

describe('a receipt is read by its bytes, not by its declaration', () => {
  it('UTF-8 bytes declared gb2312: stored as 海关入库成功, never as mojibake', async () => {
    const order = await declaredOrder('ENC-UTF8-GB2312');
    const xml = order.receipt('20260318100000000').replace(/encoding="UTF-8"/i, 'encoding="gb2312"');
    expect(xml).toContain('encoding="gb2312"');
    expect(await ingestReceiptXml(db(), utf8(xml), {})).toMatchObject({ messageType: 'CEB304', total: 1, stored: 1 });
    const rows = await storedFor('ENC-UTF8-GB2312');
    expect(rows.map((r) => r.return_info)).toEqual(['海关入库成功']);
    expect(rows[0]!.xml).toContain('海关入库成功');
    expect(rows[0]!.xml).not.toContain('娴峰叧');
  });

  it('a UTF-8 BOM is accepted (with a UTF-8 or a gb2312 declaration)', async () => {
    const order = await declaredOrder('ENC-UTF8-BOM');
    for (const [i, declared] of ['UTF-8', 'gb2312'].entries()) {
      const xml = order.receipt(`2026031810000000${i}`).replace(/encoding="UTF-8"/i, `encoding="${declared}"`);
      const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(xml)]);
      expect(await ingestReceiptXml(db(), bytes, {})).toMatchObject({ messageType: 'CEB304', total: 1, stored: 1 });
    }
    expect((await storedFor('ENC-UTF8-BOM')).map((r) => r.return_info)).toEqual(['海关入库成功', '海关入库成功']);
  });

  it('GBK bytes declared GBK are read as GBK', async () => {
    const order = await declaredOrder('ENC-GBK');
    const bytes = asGbk(order.receipt('20260318100000000'));
    expect(Buffer.from(bytes).toString('utf8')).not.toContain('海关入库成功');
    expect(await ingestReceiptXml(db(), bytes, {})).toMatchObject({ messageType: 'CEB304', total: 1, stored: 1 });
    expect((await storedFor('ENC-GBK')).map((r) => r.return_info)).toEqual(['海关入库成功']);
  });

  it('bytes valid in neither UTF-8 nor GBK are refused with the reason; nothing stored', async () => {
    const order = await declaredOrder('ENC-GARBAGE');
    const xml = utf8(order.receipt('20260318100000000'));
    const at = xml.indexOf(0x3c, 60); // inside the document, before an element
    const garbage = new Uint8Array([...xml.subarray(0, at), 0x81, 0x20, 0xff, 0x80, ...xml.subarray(at)]);
    const before = await db().selectFrom('customs_receipts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(ingestReceiptXml(db(), garbage, {})).rejects.toThrow(new XmlReadError(customsText.receiptUndecodable));
    const after = await db().selectFrom('customs_receipts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
