// Receipt files of many returns, ingested set-based (one transaction per file): a bill's returns
// applied in customs time order whatever their order in the file, matched and unmatched returns
// side by side, repeats inside a file stored once, issued numbers and appType recorded once per
// bill, and files ingested at the same time (on PostgreSQL really in parallel, over the pool)
// touching the same bills in opposite orders: no deadlock, every receipt stored once, every bill
// at its newest receipt. Bills are inserted directly; the outbox worker is stopped.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDefinitions } from '../../domain/bills/index.ts';
import { newGuid } from '../../server/customs/declaration.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { ingestReceiptXml } from '../../server/customs/receipts/ingest.ts';
import type { ReceiptRecord } from '../../server/customs/receipts/read.ts';
import { createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => { await t.close(); });

const db = () => t.handle.db;
const EBP = '3302960E8F';
const CEB304 = findReceiptType('CEB304')!;
const CEB622 = findReceiptType('CEB622')!;
const ingest = (xml: string) => ingestReceiptXml(db(), xml, { companyId: admin.userInfo.companyId });
const bill = (id: number) => db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const receiptsOf = (id: number) => db().selectFrom('customs_receipts').selectAll().where('bill_id', '=', id).orderBy('return_time').orderBy('id').execute();

/** Declared export orders (DECLARING, appType 1), inserted directly. */
async function orders(prefix: string, n: number): Promise<{ id: number; orderNo: string }[]> {
  const rows = await sql<{ id: number; order_no: string }>`
    insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebc_code, app_type, app_time, data)
    select ${admin.userInfo.companyId}, 'order', 'export', 'DECLARING', ${prefix} || lpad(g::text, 4, '0'), ${EBP}, ${admin.userInfo.companyCode}, '1', now(), '{}'::jsonb
    from generate_series(1, ${n}) g order by g returning id, order_no`.execute(db());
  return rows.rows.map((r) => ({ id: Number(r.id), orderNo: r.order_no }));
}

const orderReturn = (orderNo: string, returnStatus: string, returnTime: string, returnInfo = `回执${returnStatus}`, guid = newGuid()): ReceiptRecord =>
  ({ guid, fields: { ebpCode: EBP, ebcCode: admin.userInfo.companyCode!, orderNo }, returnStatus, returnTime, returnInfo });
const orderFile = (returns: ReceiptRecord[]) => buildReceiptXml(CEB304, newGuid(), returns);

describe('a file of many returns', () => {
  it('applies two returns of one bill in customs time order: the 120 listed before the 2 still ends at 120, one write', async () => {
    const [o] = await orders('RIF-ORDER-', 1);
    const before = await bill(o!.id);
    const r = await ingest(orderFile([
      orderReturn(o!.orderNo, '120', '20260318110000000', '海关入库成功'),
      orderReturn(o!.orderNo, '2', '20260318100000000', '新增申报成功'),
    ]));
    expect(r).toEqual({ messageType: 'CEB304', total: 2, stored: 2, duplicates: 0, applied: 2, unmatched: 0 });
    expect(await bill(o!.id)).toMatchObject({
      state: '120', return_status: '120', return_time: '20260318110000000', return_info: '海关入库成功', app_type: '2', version: before.version + 1,
    });
    expect((await receiptsOf(o!.id)).map((x) => [x.return_status, x.return_time])).toEqual([['2', '20260318100000000'], ['120', '20260318110000000']]);

    // a later file with an older receipt (a late 2) and a repeat of the 120: stored once each, nothing moves
    const late = await ingest(orderFile([
      orderReturn(o!.orderNo, '2', '20260318105000000', '新增申报成功（迟到）'),
      orderReturn(o!.orderNo, '120', '20260318110000000', '海关入库成功', (await receiptsOf(o!.id))[1]!.guid),
    ]));
    expect(late).toMatchObject({ stored: 1, duplicates: 1, applied: 0 });
    expect(await bill(o!.id)).toMatchObject({ state: '120', return_time: '20260318110000000', version: before.version + 1 });
  });

  it('equal customs times: the first in the file wins, the other is stored as a receipt only', async () => {
    const [o] = await orders('RIF-TIE-', 1);
    const r = await ingest(orderFile([
      orderReturn(o!.orderNo, '100', '20260318100000000', '海关退单'),
      orderReturn(o!.orderNo, '120', '20260318100000000', '海关入库成功'),
    ]));
    expect(r).toMatchObject({ stored: 2, applied: 1 });
    expect(await bill(o!.id)).toMatchObject({ state: '100', return_info: '海关退单' });
  });

  it('mixes matched and unmatched returns: the known bills move, the unknown ones are kept for the channel company; repeats inside the file count once', async () => {
    const [a, b] = await orders('RIF-MIX-', 2);
    const repeated = orderReturn(a!.orderNo, '2', '20260318100000000');
    const r = await ingest(orderFile([
      repeated,
      orderReturn('RIF-MIX-NOBODY-1', '2', '20260318100000000'),
      orderReturn(b!.orderNo, '-301010', '20260318100000001', '订单编号已存在'),
      repeated,
      orderReturn('RIF-MIX-NOBODY-2', '120', '20260318100000002'),
    ]));
    expect(r).toEqual({ messageType: 'CEB304', total: 5, stored: 4, duplicates: 1, applied: 2, unmatched: 2 });
    expect(await bill(a!.id)).toMatchObject({ state: '2', app_type: '2' });
    // a negative answer: the e-port did not take it, so the bill is not held (appType stays 1)
    expect(await bill(b!.id)).toMatchObject({ state: 'ERROR', return_status: '-301010', return_info: '订单编号已存在', app_type: '1' });
    const unknown = await db().selectFrom('customs_receipts').select(['bill_id', 'company_id', 'keys', 'xml'])
      .where('message_type', '=', 'CEB304').where(sql<string>`keys->>'orderNo'`, 'like', 'RIF-MIX-NOBODY-%').orderBy('id').execute();
    expect(unknown.map((u) => [u.bill_id, u.company_id, u.keys.orderNo])).toEqual([
      [null, admin.userInfo.companyId, 'RIF-MIX-NOBODY-1'], [null, admin.userInfo.companyId, 'RIF-MIX-NOBODY-2'],
    ]);
    // each kept as a one-return document
    expect(unknown.every((u) => u.xml.match(/<ceb:OrderReturn>/g)?.length === 1 && u.xml.includes(`<ceb:orderNo>${u.keys.orderNo}</ceb:orderNo>`))).toBe(true);
  });

  it('records the numbers customs issued from the newest receipt of the file, once per bill', async () => {
    const inventory = billDefinitions.find((d) => d.message?.type === 'CEB621')!;
    const { id } = await db().insertInto('bill_heads').values({
      company_id: admin.userInfo.companyId, bill_key: inventory.key, mode: inventory.mode, state: 'DECLARING', app_type: '1',
      cop_no: 'RIF-INV-0001', data: JSON.stringify({ copNo: 'RIF-INV-0001' }),
    }).returning('id').executeTakeFirstOrThrow();
    const inv = (returnStatus: string, returnTime: string, preNo: string, invtNo?: string): ReceiptRecord => ({
      guid: newGuid(), returnStatus, returnTime, returnInfo: returnStatus,
      fields: { customsCode: '3101', copNo: 'RIF-INV-0001', preNo, ...(invtNo ? { invtNo } : {}) },
    });
    const r = await ingest(buildReceiptXml(CEB622, newGuid(), [
      inv('800', '20260318120000000', 'B20260318000000002', '31012026I000099999'),
      inv('2', '20260318100000000', 'B20260318000000001'),
    ]));
    expect(r).toMatchObject({ stored: 2, applied: 2 });
    expect(await bill(id)).toMatchObject({ state: '800', pre_no: 'B20260318000000002', invt_no: '31012026I000099999', app_type: '2' });
  });
});

describe('files ingested at the same time', () => {
  it('two files touching the same bills in opposite orders, each twice: no deadlock, every receipt once, every bill at its newest receipt', async () => {
    const bills = await orders('RIF-CONC-', 40);
    // file A: 2 for every bill, ascending; file B: 120 (one minute later) for every bill, descending.
    // Both carry the same two unknown receipts, in opposite orders.
    const stray = [orderReturn('RIF-CONC-NOBODY-1', '2', '20260318090000000'), orderReturn('RIF-CONC-NOBODY-2', '2', '20260318090000000')];
    const a = orderFile([...bills.map((o, k) => orderReturn(o.orderNo, '2', `202603181000${String(k).padStart(2, '0')}000`)), ...stray]);
    const b = orderFile([...stray].reverse().concat([...bills].reverse().map((o) => orderReturn(o.orderNo, '120', '20260318110000000'))));
    const results = await Promise.all([ingest(a), ingest(b), ingest(b), ingest(a)]);

    // each receipt stored by exactly one of the four
    const sum = (k: 'stored' | 'duplicates' | 'applied' | 'unmatched') => results.reduce((n, r) => n + r[k], 0);
    expect(sum('stored')).toBe(82);
    expect(sum('duplicates')).toBe(4 * 42 - 82);
    expect(sum('unmatched')).toBe(2);
    // every 120 applied; a 2 applied only where it came first
    expect(sum('applied')).toBeGreaterThanOrEqual(40);
    const heads = await db().selectFrom('bill_heads').select(['id', 'state', 'return_status', 'return_time', 'app_type'])
      .where('id', 'in', bills.map((o) => o.id)).execute();
    expect(heads).toHaveLength(40);
    for (const h of heads) expect(h).toMatchObject({ state: '120', return_status: '120', return_time: '20260318110000000', app_type: '2' });
    const stored = await db().selectFrom('customs_receipts').select(['bill_id', 'return_status'])
      .where(sql<string>`keys->>'orderNo'`, 'like', 'RIF-CONC-%').execute();
    expect(stored).toHaveLength(82);
    for (const o of bills) expect(stored.filter((s) => s.bill_id === o.id).map((s) => s.return_status).sort()).toEqual(['120', '2']);
  });

  it('two files of the same unknown receipts in opposite orders: stored once, no deadlock on the unique key', async () => {
    const unknown = Array.from({ length: 100 }, (_, k) => orderReturn(`RIF-STRAY-${String(k).padStart(3, '0')}`, '2', '20260318100000000'));
    const up = orderFile(unknown);
    const down = orderFile([...unknown].reverse());
    const results = await Promise.all([up, down, up, down, up, down].map((f) => ingest(f)));
    expect(results.reduce((n, r) => n + r.stored, 0)).toBe(100);
    expect(results.reduce((n, r) => n + r.unmatched, 0)).toBe(100);
    expect(results.reduce((n, r) => n + r.duplicates, 0)).toBe(500);
  });

  it('many files at once over a shared set of bills end in the state a one-by-one ingest gives', async () => {
    const bills = await orders('RIF-MANY-', 30);
    const statuses = ['1', '2', '3', '120', '399'];
    // five files, one per status, each over all bills in a shuffled order; customs times rise with the status
    const files = statuses.map((status, s) => {
      const order = bills.map((o, k) => ({ o, k: (k * (s + 7)) % bills.length })).sort((x, y) => x.k - y.k).map((x) => x.o);
      return orderFile(order.map((o) => orderReturn(o.orderNo, status, `2026031810${s}000000`)));
    });
    const results = await Promise.all([...files].reverse().map((f) => ingest(f)));
    expect(results.reduce((n, r) => n + r.stored, 0)).toBe(150);
    const heads = await db().selectFrom('bill_heads').select(['state', 'return_time']).where('id', 'in', bills.map((o) => o.id)).execute();
    expect(heads.every((h) => h.state === '399' && h.return_time === '20260318104000000')).toBe(true);
  });
});
