// 汇总申请 on its own page (bills §2, §7): 汇总 by condition (declarationByCondition), 改为退单, batch
// delete, 新增 → the inventory list; and 汇总申请明细, the list of the inventories inside the
// applications (its rows are the applications' lines, with their state).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDetailedList } from '../../domain/bills/export-detailed-list.ts';
import { exportSummaryApplicationDetailList } from '../../domain/bills/export-summary-application-detail-list.ts';
import { exportSummaryApplicationForm } from '../../domain/bills/export-summary-application-form.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import ExcelJS from 'exceljs';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp();
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
});
afterAll(async () => {
  await t.close();
});

const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);
const sum = exportSummaryApplicationForm;
const detail = exportSummaryApplicationDetailList;

const inventory = (copNo: string, extra: Record<string, unknown> = {}) => ({
  copNo, customsCode: '3105', ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', orderNo: `SO-${copNo}`,
  logisticsCode: '3302980001', logisticsName: '宁波顺达国际物流有限公司', logisticsNo: `YT${copNo}`, portCode: '3105', ieDate: '2026-03-18',
  statisticsFlag: 'B', ownerCode: '3302960002', ownerName: '宁波优品制造有限公司', tradeMode: '9610', trafMode: '5', country: 'USA', pod: 'USA',
  freight: 10, fcurrency: '142', fflag: '3', insuredFee: 0, icurrency: '142', iflag: '3', wrapType: '2', packNo: 1, grossWeight: 1.5, netWeight: 1.2,
  details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', gcode: '8518300000', gname: '蓝牙耳机', gmodel: 'X1', barCode: '无', country: 'USA', currency: '142', qty: 2, qty1: 2, unit: '007', unit1: '007', price: 50, totalPrice: 100 }],
  ...extra,
});

let serial = 0;
/** An inventory in `state`, declared at `appTime` (China time), with an invtNo. */
async function heldInventory(copNo: string, state: string, appTime: string, token = admin.token): Promise<number> {
  const r = await post(exportDetailedList, 'save', inventory(copNo), token);
  expect(r.body.code).toBe(0);
  serial += 1;
  await t.handle.db.updateTable('bill_heads')
    .set({ state, return_status: state, app_time: new Date(`${appTime.replace(' ', 'T')}+08:00`), invt_no: `31052026E${String(serial).padStart(9, '0')}` })
    .where('id', '=', r.body.data.id).execute();
  return r.body.data.id as number;
}
const invtNoOf = async (id: number) => (await post(exportDetailedList, 'detail', { id })).body.data.invtNo as string;
const between = (from: string, to: string) => [
  { column: 'app_time', termType: 'gte', value: from },
  { column: 'app_time', termType: 'lte', value: to },
];

describe('汇总 by condition (declarationByCondition)', () => {
  it('refuses without the consignor flag and when the filter finds nothing summarisable', async () => {
    expect((await post(sum, 'summarizeByCondition', { terms: [] })).body).toMatchObject({ code: -1, data: { errors: [{ field: 'summaryFlag' }] } });
    const none = await post(sum, 'summarizeByCondition', { summaryFlag: '1', terms: between('2001-01-01 00:00:00', '2001-01-31 23:59:59') });
    expect(none.body).toMatchObject({ code: -1, message: '没有符合条件的可汇总清单' });
    expect((await post(sum, 'summarizeByCondition', { summaryFlag: '1', terms: [{ column: 'no_such', termType: 'eq', value: 1 }] })).body.code).toBe(-1);
  });

  it('summarises the released inventories the filter finds, once each, skipping the others', async () => {
    const inside = [await heldInventory('BC0001', '800', '2026-01-05 10:00:00'), await heldInventory('BC0002', '899', '2026-01-06 10:00:00')];
    // not released, and outside the window: not taken
    await heldInventory('BC0003', '120', '2026-01-07 10:00:00');
    await heldInventory('BC0004', '800', '2026-02-05 10:00:00');
    // another company's inventory in the window is never found
    await heldInventory('BC0005', '800', '2026-01-08 10:00:00', other.token);
    const r = await post(sum, 'summarizeByCondition', { summaryFlag: '1', itemNameFlag: '1', terms: between('2026-01-01 00:00:00', '2026-01-31 23:59:59') });
    expect(r.body).toMatchObject({ code: 0, data: { total: 2, succeeded: 2, failed: [], created: [{ id: expect.any(Number) }] } });
    const id = r.body.data.created[0].id as number;
    const head = (await post(sum, 'detail', { id })).body.data;
    expect(head).toMatchObject({ summaryFlag: '1', itemNameFlag: '1', state: 'DECLARING' });
    const lines = (await post(sum, 'lines', { id, pageIndex: 1, pageSize: 10 })).body.data;
    expect(lines.datas.map((l: { invtNo: string }) => l.invtNo)).toEqual([await invtNoOf(inside[0]!), await invtNoOf(inside[1]!)]);
    expect(lines.datas[0]).toMatchObject({ orderNo: 'SO-BC0001', logisticsNo: 'YTBC0001', ebpName: '宁波跨境优选电商平台', ieDate: '2026-03-18' });
    // the same window again: everything in it is summarised already
    const again = await post(sum, 'summarizeByCondition', { summaryFlag: '1', terms: between('2026-01-01 00:00:00', '2026-01-31 23:59:59') });
    expect(again.body).toMatchObject({ code: -1, message: '没有符合条件的可汇总清单' });

    // 改为退单 (not while it waits in the outbox) frees its inventories: a refused application no longer holds them
    expect((await post(sum, 'customReturn', { ids: [id] })).body.data.failed[0].message).toContain('当前状态为申报中，不能改为退单');
    await t.handle.db.updateTable('bill_heads').set({ state: '2', return_status: '2', return_time: '20260318102440123' }).where('id', '=', id).execute();
    const returned = await post(sum, 'customReturn', { ids: [id] });
    expect(returned.body.data).toEqual({ total: 1, succeeded: 1, failed: [] });
    expect((await post(sum, 'detail', { id })).body.data).toMatchObject({ state: '100', stateName: '海关退单' });
    const redo = await post(sum, 'summarizeByCondition', { summaryFlag: '2', terms: between('2026-01-01 00:00:00', '2026-01-31 23:59:59') });
    expect(redo.body.data).toMatchObject({ total: 2, succeeded: 2 });

    // batch delete: the refused one can go, the one with customs cannot
    const del = await post(sum, 'delete', { ids: [id, redo.body.data.created[0].id] });
    expect(del.body.data).toMatchObject({ total: 2, succeeded: 1, failed: [{ id: redo.body.data.created[0].id }] });
  });
});

describe('汇总申请明细 (summaryApplicationDetailList)', () => {
  it('lists the applications\' inventories with the application\'s number and state, counts, row and export', async () => {
    const a = await heldInventory('MX0001', '800', '2026-03-01 10:00:00');
    const b = await heldInventory('MX0002', '800', '2026-03-01 11:00:00');
    const made = await post(exportDetailedList, 'summarize', { inventoryIds: [a, b], summaryFlag: '1' });
    const summaryId = made.body.data.created[0].id as number;
    const copNo = made.body.data.created[0].title as string;
    const terms = [{ column: 'cop_no', termType: 'eq', value: copNo }];
    const list = await post(detail, 'pageList', { pageIndex: 0, pageSize: 50, terms, sorts: [{ name: 'invt_no', order: 'asc' }] });
    expect(list.body.code).toBe(0);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.datas[0]).toMatchObject({
      invtNo: await invtNoOf(a), orderNo: 'SO-MX0001', logisticsNo: 'YTMX0001', copNo, state: 'DECLARING', stateName: '申报中', headId: summaryId,
    });
    const counts = (await post(detail, 'queryStateCount', { pageIndex: 0, pageSize: 10, terms })).body.data as { state: string; count: number }[];
    expect(counts.find((c) => c.state === 'DECLARING')?.count).toBe(2);
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe(2);
    const rowId = list.body.data.datas[1].id as number;
    expect((await post(detail, 'detail', { id: rowId })).body.data).toMatchObject({ id: rowId, invtNo: await invtNoOf(b), copNo });
    // another company sees none of it
    expect((await post(detail, 'detail', { id: rowId }, other.token)).body).toMatchObject({ code: -1, message: '单据不存在或无权访问' });
    // the same list and counts asked by both companies in turn: one statement each, each its own lines
    const byInvtNo = { pageIndex: 0, pageSize: 50, terms, sorts: [{ name: 'invt_no', order: 'asc' }] };
    expect((await post(detail, 'pageList', byInvtNo, other.token)).body.data.total).toBe(0);
    expect((await post(detail, 'queryStateCount', { pageIndex: 0, pageSize: 10, terms }, other.token)).body.data.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(0);
    expect((await post(detail, 'pageList', byInvtNo)).body.data.total).toBe(2);

    const exported = await post(detail, 'export', { terms, sorts: [{ name: 'invt_no', order: 'asc' }] });
    const res = await t.app.inject({ method: 'GET', url: exported.body.data.downloadUri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    // the screen's order: the number, 状态 and 回执信息 first (list-order.ts)
    expect(rows[0]!.slice(0, 5)).toEqual(['清单编号', '状态', '回执信息', '订单编号', '物流运单编号']);
    expect(rows[1]![1]).toBe('申报中');
    expect(rows.slice(1).map((r) => r[0])).toEqual([await invtNoOf(a), await invtNoOf(b)]);
  });
});
