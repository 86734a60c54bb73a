// Receipts that used to be stored but seen by nobody, or applied to nothing:
// - a bare receipt (no DXP envelope, no channel) that matches no bill goes to the company whose
//   codes it carries — listed in that company's 未匹配回执, not in another's — and is applied when
//   that company saves the bill it names, once;
// - a status customs documents for no edition of the receipt is stored, shown with its raw code on
//   the timeline and flagged for the 回执 dialog's 未识别状态 line, and moves nothing.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportArrivalNote } from '../../domain/bills/export-arrival-note.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportWaybill } from '../../domain/bills/export-waybill.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { claimUnmatchedReceipts } from '../../server/customs/receipts/claim.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { returnTimeOf } from '../../server/customs/xml/format.ts';
import { uploadWorkbook } from '../helpers/upload-workbook.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
let adminCode: string;
let otherCode: string;

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  [admin, other] = await Promise.all([login(t.app, demo.admin.username, demo.admin.password), login(t.app, demo.other.username, demo.other.password)]);
  const codeOf = async (id: number) => (await t.handle.db.selectFrom('companies').select('company_code').where('id', '=', id).executeTakeFirstOrThrow()).company_code!;
  [adminCode, otherCode] = await Promise.all([codeOf(admin.userInfo.companyId), codeOf(other.userInfo.companyId)]);
});
afterAll(async () => { await t.close(); });

interface Row { messageType: string; keys: Record<string, string>; returnStatus: string; [k: string]: unknown }

const db = () => t.handle.db;
const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token: string) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);
const unmatched = async (token: string) => (await call(t.app, '/api/receipter/unmatched', { pageSize: 100 }, token)).body.data.datas as Row[];
const ago = (ms: number) => returnTimeOf(new Date(Date.now() - ms));

const waybillReceipt = (logisticsCode: string, logisticsNo: string, status: string, info: string, time: string) => {
  const guid = crypto.randomUUID().toUpperCase();
  return buildReceiptXml(findReceiptType('CEB506')!, guid, [{ guid, fields: { logisticsCode, logisticsNo }, returnStatus: status, returnTime: time, returnInfo: info }]);
};
const orderReceipt = (ebcCode: string, orderNo: string, status: string, info: string, time: string) => {
  const guid = crypto.randomUUID().toUpperCase();
  return buildReceiptXml(findReceiptType('CEB304')!, guid, [{ guid, fields: { ebpCode: '3302960E8F', ebcCode, orderNo }, returnStatus: status, returnTime: time, returnInfo: info }]);
};

const waybill = (logisticsNo: string) => ({
  logisticsName: '杭州云途国际物流有限公司', logisticsNo, freight: 35.5, grossWeight: 0.85, packNo: 1,
  goodsInfo: '茶叶礼盒', billNo: 'MAWB-2026-0318', consignee: 'Tan Mei Ling', consigneeTelephone: '+60 12 345 6789',
  consigneeAddress: 'Jalan Ampang 1, Kuala Lumpur', orderNo: 'UM-ORDER-0001',
});

describe('a bare receipt that matches no bill', () => {
  it('is listed in the 未匹配回执 of the company whose code it carries, and no other', async () => {
    // a waybill receipt names the carrier: the other enterprise's code
    const r = await t.app.customs.ingestReceiptXml(waybillReceipt(otherCode, 'UM-WAYBILL-0001', '2', '新增申报成功', ago(3000)));
    expect(r).toMatchObject({ stored: 1, unmatched: 1, applied: 0 });
    await t.app.customs.ingestReceiptXml(waybillReceipt(otherCode, 'UM-WAYBILL-0001', '120', '海关入库成功', ago(2000)));
    // an order receipt names the e-commerce enterprise (ebcCode) beside a platform no company here is
    await t.app.customs.ingestReceiptXml(orderReceipt(adminCode, 'UM-ORDER-0001', '120', '海关入库成功', ago(2000)));

    const theirs = await unmatched(other.token);
    expect(theirs.filter((x) => x.keys.logisticsNo === 'UM-WAYBILL-0001').map((x) => x.returnStatus).sort()).toEqual(['120', '2']);
    expect(theirs.some((x) => x.keys.orderNo === 'UM-ORDER-0001')).toBe(false);
    const mine = await unmatched(admin.token);
    expect(mine.some((x) => x.keys.logisticsNo === 'UM-WAYBILL-0001')).toBe(false);
    expect(mine.find((x) => x.keys.orderNo === 'UM-ORDER-0001')).toMatchObject({ messageType: 'CEB304', returnStatus: '120', returnStatusName: '海关入库' });
    // none of them is left without a company
    const orphans = await db().selectFrom('customs_receipts').select('id').where('company_id', 'is', null)
      .where((eb) => eb.or([eb(sql<string>`keys->>'logisticsNo'`, '=', 'UM-WAYBILL-0001'), eb(sql<string>`keys->>'orderNo'`, '=', 'UM-ORDER-0001')])).execute();
    expect(orphans).toEqual([]);
  });

  it('is kept on the bill its company saves, shown as 单据尚未申报, and moves nothing (issue 28: only sent bills move)', async () => {
    const r = await post(exportWaybill, 'save', { ...waybill('UM-WAYBILL-0001'), logisticsCode: otherCode }, other.token);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
    const id = r.body.data.id as number;
    const saved = await db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ state: 'DRAFT' });
    expect((await unmatched(other.token)).some((x) => x.keys.logisticsNo === 'UM-WAYBILL-0001')).toBe(false);
    const timeline = (await call(t.app, '/api/receipter/timeline', { billId: id }, other.token)).body.data;
    expect(timeline.events.map((e: Row) => [e.messageType, e.returnStatus, e.held])).toEqual([['CEB506', '2', '单据尚未申报'], ['CEB506', '120', '单据尚未申报']]);

    // a second claim (another save, an import) finds nothing left to apply
    expect(await db().transaction().execute((trx) => claimUnmatchedReceipts(trx, [id]))).toBe(0);
    expect(await db().selectFrom('bill_heads').select('version').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ version: saved.version });
    const receipts = await db().selectFrom('customs_receipts').select(['bill_id', 'company_id']).where('bill_id', '=', id).execute();
    expect(receipts).toHaveLength(2);
  });

  it('is not applied to another company’s bill with the same numbers', async () => {
    const r = await post(exportOrder, 'save', {
      orderNo: 'UM-ORDER-0001', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0,
      details: [{ id: 'temp1', gnum: 1, itemNo: 'YX-SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
    }, other.token);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
    const bill = await db().selectFrom('bill_heads').select('state').where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
    expect(bill.state).toBe('DRAFT');
    expect((await unmatched(admin.token)).some((x) => x.keys.orderNo === 'UM-ORDER-0001')).toBe(true);
  });
});

const ARRIVAL_HEADER = ['企业内部编号', '申报地海关代码', '监管场所经营人代码', '监管场所经营人名称', '监管场所代码', '运输方式', '提运单号', '境内运输工具编号', '物流企业代码', '物流企业名称', '物流运单编号', '总包号', '备注'];

/** A filled 运抵单 data template, uploaded: its file path. */
const uploaded = (rows: (string | null)[][]): Promise<string> => uploadWorkbook(t.app, admin.token, rows, 'arrival.xlsx');

describe('a receipt before the bill an Excel upload makes', () => {
  it('is kept on the imported bill without moving it: a 2018-edition CEB508 120 stays on the 运抵单 (暂存)', async () => {
    const guid = crypto.randomUUID().toUpperCase();
    const receipt = buildReceiptXml(findReceiptType('CEB508')!, guid, [{
      guid, fields: { operatorCode: adminCode, logisticsCode: '3302980001', copNo: 'YDU-UM-01', billNo: '999-1001', msgSeqNo: '1' },
      returnStatus: '120', returnTime: ago(1000), returnInfo: '运抵单海关入库',
    }]);
    expect(await t.app.customs.ingestReceiptXml(receipt)).toMatchObject({ stored: 1, unmatched: 1 });
    expect((await unmatched(admin.token)).some((x) => x.keys.copNo === 'YDU-UM-01')).toBe(true);

    const filePath = await uploaded([ARRIVAL_HEADER,
      ['YDU-UM-01', '3105', adminCode, '宁波空港监管场所', null, '5', '999-1001', '浙B12345', '3302980001', '宁波顺达国际物流有限公司', 'L-UM-1', 'PK1', null]]);
    const r = await post(exportArrivalNote, 'uploadTemplate', { filePath }, admin.token);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0, data: { total: 1 } });
    const id = r.body.data.created[0].id as number;
    expect(await db().selectFrom('bill_heads').select(['state']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ state: 'DRAFT' });
    expect(await db().selectFrom('customs_receipts').select('bill_id').where(sql<string>`keys->>'copNo'`, '=', 'YDU-UM-01').execute()).toEqual([{ bill_id: id }]);
    expect((await unmatched(admin.token)).some((x) => x.keys.copNo === 'YDU-UM-01')).toBe(false);
  });
});

describe('a status customs documents for no edition of the receipt', () => {
  it('is stored, shown with its raw code and flagged unrecognised, and moves nothing', async () => {
    const r = await post(exportOrder, 'saveAndApply', {
      orderNo: 'UM-ORDER-0018', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0,
      details: [{ id: 'temp1', gnum: 1, itemNo: 'YX-SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
    }, admin.token);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
    const id = r.body.data.id as number;
    await t.app.customs.drain();
    const before = await db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const later = returnTimeOf(new Date(Date.now() + 60_000));
    const result = await t.app.customs.ingestReceiptXml(orderReceipt(adminCode, 'UM-ORDER-0018', '18', '状态18', later));
    expect(result).toMatchObject({ stored: 1, applied: 0 });
    const after = await db().selectFrom('bill_heads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ state: before.state, version: before.version });

    const events = (await call(t.app, '/api/receipter/timeline', { billId: id }, admin.token)).body.data.events as Row[];
    expect(events.at(-1)).toMatchObject({ messageType: 'CEB304', returnStatus: '18', returnStatusName: '其它状态(18)', unrecognised: true });
    expect(events.filter((e) => e.kind === 'receipt' && e.returnStatus !== '18').every((e) => e.unrecognised === undefined)).toBe(true);

    const dialog = (await call(t.app, '/api/receipter/messageFindByBill', { messageType: 'CEB304Message', ebpCode: '3302960E8F', orderNo: 'UM-ORDER-0018' }, admin.token)).body.data as Row[];
    expect(dialog.filter((x) => x.unrecognised).map((x) => x.returnStatus)).toEqual(['18']);
  });
});
