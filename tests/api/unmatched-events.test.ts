/**
 * The 未匹配回执 page follows the inbox live (migration 038): on a real listening server with the
 * streams of two companies open, a receipt that matches no bill is heard by the company whose code
 * it carries only, and so is its claim when that company saves the bill it names; a receipt of a
 * known bill raises no 'unmatched' event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { LiveEvent } from '../../domain/events.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { returnTimeOf } from '../../server/customs/xml/format.ts';
import { openSse, type SseReader } from '../helpers/sse.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
let mine: SseReader;
let theirs: SseReader;
const WAIT = 30_000;

async function stream(token: string): Promise<SseReader> {
  const ticket = (await call(t.app, '/api/events/ticket', {}, token)).body;
  const s = await openSse(`${t.url}/api/events?ticket=${ticket.data.ticket as string}`);
  expect(s.status).toBe(200);
  return s;
}

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp({ listen: true, env: { CUSTOMS_POLL_MS: '0' } });
  [admin, other] = await Promise.all([login(t.app, demo.admin.username, demo.admin.password), login(t.app, demo.other.username, demo.other.password)]);
  [mine, theirs] = await Promise.all([stream(admin.token), stream(other.token)]);
}, 120_000);
afterAll(async () => {
  mine?.close();
  theirs?.close();
  await t?.close();
});

const isUnmatched = (m: { data: unknown }) => (m.data as LiveEvent).type === 'unmatched';
const orderReceipt = (ebcCode: string, orderNo: string, ebpCode = '3302960E8F') => {
  const guid = crypto.randomUUID().toUpperCase();
  return buildReceiptXml(findReceiptType('CEB304')!, guid, [{
    guid, fields: { ebpCode, ebcCode, orderNo }, returnStatus: '120', returnTime: returnTimeOf(new Date(Date.now() - 2000)), returnInfo: '海关入库成功',
  }]);
};

describe('未匹配回执 live', () => {
  it('a receipt of no bill and its claim are heard by the company it names only', async () => {
    const code = admin.userInfo.companyCode!;
    const before = mine.messages.length;
    const r = await t.app.customs.ingestReceiptXml(orderReceipt(code, 'UM-LIVE-0001'));
    expect(r).toMatchObject({ stored: 1, unmatched: 1 });
    await mine.waitFor((m) => mine.messages.indexOf(m) >= before && isUnmatched(m), WAIT);

    // the company saves the order it names: the receipt is claimed and leaves the page, live
    const afterArrival = mine.messages.length;
    const saved = await call(t.app, `/api/enterprise${exportOrder.api.save}`, {
      orderNo: 'UM-LIVE-0001', ebpCode: '3302960E8F', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
      details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
    }, admin.token);
    expect(saved.body, saved.body.message).toMatchObject({ code: 0 });
    await mine.waitFor((m) => mine.messages.indexOf(m) >= afterArrival && isUnmatched(m), WAIT);

    // a receipt of that (now known) bill is no news for the page. The bill is a draft, so the receipt
    // only joins its timeline (issue 28: a bill never sent does not move) and raises no event of its own:
    // a later save's event marks the point by which an 'unmatched' event would have arrived
    const afterClaim = mine.messages.length;
    expect(await t.app.customs.ingestReceiptXml(orderReceipt(code, 'UM-LIVE-0001'))).toMatchObject({ stored: 1, unmatched: 0 });
    const marker = await call(t.app, `/api/enterprise${exportOrder.api.save}`, {
      orderNo: 'UM-LIVE-0002', ebpCode: '3302960E8F', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
      details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
    }, admin.token);
    expect(marker.body, marker.body.message).toMatchObject({ code: 0 });
    await mine.waitFor((m) => {
      const e = m.data as LiveEvent;
      return mine.messages.indexOf(m) >= afterClaim && e.type === 'bill' && e.id === marker.body.data.id;
    }, WAIT);
    expect(mine.messages.slice(afterClaim).filter(isUnmatched)).toEqual([]);

    expect(theirs.messages.filter(isUnmatched)).toEqual([]);
  });

  it('a receipt whose codes name both companies is heard by both', async () => {
    const [mineBefore, theirsBefore] = [mine.messages.length, theirs.messages.length];
    const r = await t.app.customs.ingestReceiptXml(orderReceipt(admin.userInfo.companyCode!, 'UM-LIVE-0003', other.userInfo.companyCode!));
    expect(r).toMatchObject({ stored: 1, unmatched: 1, applied: 0 });
    await Promise.all([
      mine.waitFor((m) => mine.messages.indexOf(m) >= mineBefore && isUnmatched(m), WAIT),
      theirs.waitFor((m) => theirs.messages.indexOf(m) >= theirsBefore && isUnmatched(m), WAIT),
    ]);
  });
});
