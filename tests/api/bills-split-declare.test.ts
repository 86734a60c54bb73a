// A large 清单总分单 (CEB607) declared through the real routes goes out as several messages
// (msgCount/msgSeqNo): all of them queued with the bill's state change, none when one part is
// refused; the outbox worker signs and sends each, and customs (the simulator) answers each part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { exportBillOfLading } from '../../domain/bills/export-bill-of-lading.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  // the outbox is looked at before the worker takes it: passes run only on drain()
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

const post = (key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${exportBillOfLading.api[key]}`, data, admin.token);
const serial = (n: number) => String(n).padStart(9, '0');
const line = (copNo: string, n: number) => ({
  id: `temp${n}`, gnum: n, totalPackageNo: 'YTBAG20260318001', logisticsNo: `YT26${copNo.slice(-4)}${serial(n)}`, invtNo: `31182026E${serial(n)}`,
});
const head = (copNo: string) => ({
  appType: '1', customsCode: '3118', copNo, trafMode: '5', trafName: 'B-30EF', voyageNo: 'CZ8461', billNo: '784-28173645',
  grossWeight: 1520.5, logisticsCode: '3301964C7D', logisticsName: '杭州云途国际物流有限公司',
});
async function saveLarge(copNo: string, count: number): Promise<number> {
  const details = Array.from({ length: count }, (_, i) => line(copNo, i + 1));
  const r = await post('save', { ...head(copNo), details });
  expect(r.body).toMatchObject({ code: 0 });
  return r.body.data.id as number;
}
const messagesOf = (billId: number) => t.handle.db.selectFrom('customs_messages').selectAll().where('bill_id', '=', billId).orderBy('id').execute();
const billOf = (id: number) => t.handle.db.selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const text = (xml: string, element: string) => new RegExp(`<ceb:${element}>([^<]*)</ceb:${element}>`).exec(xml)?.[1];

describe('declaring a 清单总分单 of 2,001 parcels', () => {
  it('queues 3 messages (1,000 + 1,000 + 1 lines, msgSeqNo 1..3 of 3) with the state change', async () => {
    const id = await saveLarge('ZF-SPLIT-0001', 2001);
    const r = await post('apply', { ids: [id] });
    expect(r.body).toMatchObject({ code: 0, data: { total: 1, succeeded: 1, failed: [] } });
    expect((await billOf(id)).state).toBe('DECLARING');

    const messages = await messagesOf(id);
    expect(messages).toHaveLength(3);
    expect(messages.map((m) => [m.message_type, m.status])).toEqual([['CEB607', 'pending'], ['CEB607', 'pending'], ['CEB607', 'pending']]);
    expect(messages.map((m) => text(m.xml, 'msgSeqNo'))).toEqual(['1', '2', '3']);
    expect(messages.map((m) => text(m.xml, 'msgCount'))).toEqual(['3', '3', '3']);
    expect(messages.map((m) => m.xml.split('<ceb:WayBillList>').length - 1)).toEqual([1000, 1000, 1]);
    expect(messages.map((m) => text(m.xml, 'guid'))).toEqual(messages.map((m) => m.guid));
    expect(new Set(messages.map((m) => m.guid)).size).toBe(3);

    // the worker signs and delivers each; customs takes each part and answers it by copNo + msgSeqNo
    await t.app.customs.drain();
    const sent = await messagesOf(id);
    expect(sent.map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    for (const m of sent) expect(m.xml).toContain('<ds:SignatureValue>');
    const receipts = await t.handle.db.selectFrom('customs_receipts').select(['message_type', 'keys', 'return_status', 'bill_id', 'xml'])
      .where('message_type', '=', 'CEB608').execute();
    const parts = receipts.filter((r) => (r.keys as Record<string, string>).copNo === 'ZF-SPLIT-0001');
    expect(new Set(parts.map((r) => (r.keys as Record<string, string>).msgSeqNo))).toEqual(new Set(['1', '2', '3']));
    // every part's answer belongs to the one bill, which shows the answer of all three
    expect(parts.every((r) => r.bill_id === id)).toBe(true);
    // customs numbers the three parts as one 清单总分单: one preNo, whichever part it answered first
    const preNos = parts.map((r) => /<ceb:preNo>([^<]+)<\/ceb:preNo>/.exec(r.xml)?.[1]).filter((n) => n !== undefined);
    expect(preNos.length).toBeGreaterThanOrEqual(3);
    expect(new Set(preNos).size).toBe(1);
    const finals = parts.map((r) => r.return_status).filter((s) => Number(s) >= 100);
    expect((await billOf(id)).state).toBe(String(Math.min(...finals.map(Number))));
    // the list's 回执 dialog asks by copNo alone (receiptMatchKeys) and sees every part's answers
    const dialog = await call(t.app, '/api/receipter/messageFindByBill', { messageType: 'CEB608Message', copNo: 'ZF-SPLIT-0001' }, admin.token);
    expect(dialog.body.code).toBe(0);
    expect(dialog.body.data).toHaveLength(parts.length);
  });

  it('one part refused refuses the bill; a later positive answer of another part does not lift it', async () => {
    const id = (await t.handle.db.selectFrom('bill_heads').select('id').where('cop_no', '=', 'ZF-SPLIT-0001').executeTakeFirstOrThrow()).id;
    const [one, two] = (await messagesOf(id)).map((m) => m.guid);
    const answer = (seq: number, status: string, returnTime: string, guid: string) => buildReceiptXml(findReceiptType('CEB608')!, guid, [{
      guid, returnStatus: status, returnTime, returnInfo: `第${seq}份 ${status}`,
      fields: { agentCode: admin.userInfo.companyCode!, logisticsCode: admin.userInfo.companyCode!, copNo: 'ZF-SPLIT-0001', preNo: 'B20261121000000001', billNo: 'MAWB-1', msgSeqNo: String(seq) },
    }]);
    await t.app.customs.ingestReceiptXml(answer(2, '100', '20991231000000000', two!));
    expect((await billOf(id)).state).toBe('100');
    await t.app.customs.ingestReceiptXml(answer(1, '800', '20991231000001000', one!));
    expect((await billOf(id)).state).toBe('100');
  });

  it('a parcel customs would refuse in the second message refuses the bill: nothing queued, state kept', async () => {
    const id = await saveLarge('ZF-SPLIT-0002', 1500);
    // a stored line the form would not take today (an older rule, an import): only the schema refuses it
    const stored = await t.handle.db.selectFrom('bill_lines').select(['id', 'data']).where('head_id', '=', id).where('gnum', '=', 1201).executeTakeFirstOrThrow();
    await t.handle.db.updateTable('bill_lines').set({ data: JSON.stringify({ ...(stored.data as object), logisticsNo: 'X'.repeat(33) }) })
      .where('id', '=', stored.id).execute();
    const before = await billOf(id);
    const r = await post('apply', { ids: [id] });
    expect(r.body.data).toMatchObject({ total: 1, succeeded: 0 });
    expect(r.body.data.failed[0].message).toContain('第1201行');
    expect(await messagesOf(id)).toEqual([]);
    expect(await billOf(id)).toMatchObject({ state: before.state, version: before.version });
  });
});
