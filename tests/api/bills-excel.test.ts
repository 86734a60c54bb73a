// Excel around a bill list: the streaming export, the query template and the batch query import.
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDeclarationForm } from '../../domain/bills/export-declaration-form.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { importDetailedList } from '../../domain/bills/import-detailed-list.ts';
import { orderedColumns } from '../../domain/bills/list-order.ts';
import { rowFields } from '../../src/features/bills/shared/row-fields.ts';
import { exportWaybill } from '../../domain/bills/export-waybill.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
const ids: number[] = [];

const post = (def: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${def.api[key]}`, data, admin.token);
const order = (orderNo: string, goodsValue: number) => ({
  orderNo, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue, freight: 0,
  details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 1, price: goodsValue, totalPrice: goodsValue }],
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  for (let i = 1; i <= 3; i++) ids.push((await post(exportOrder, 'save', order(`XL-${i}`, i * 100))).body.data.id);
  await t.handle.db.updateTable('bill_heads').set({ state: '120', return_info: '新增申报成功' }).where('id', '=', ids[0]!).execute();
});
afterAll(async () => {
  await t.close();
});

async function download(uri: string) {
  const res = await t.app.inject({ method: 'GET', url: uri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
  return res;
}
async function sheetRows(buffer: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const like = { column: 'order_no', termType: 'like', value: 'XL-' };

describe('export', () => {
  it('writes every matching row under the list columns\' Chinese headers', async () => {
    const r = await post(exportOrder, 'export', { pageIndex: 3, pageSize: 1, sorts: [{ name: 'order_no', order: 'asc' }], terms: [like] });
    expect(r.body.code).toBe(0);
    const uri = r.body.data.downloadUri as string;
    expect(uri).toMatch(/^\/api\/files\/download\/[0-9a-f-]{36}\/.+\.xlsx$/);
    expect(decodeURIComponent(uri)).toMatch(/\/出口订单_\d{8}\.xlsx$/);
    const res = await download(uri);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(decodeURIComponent(uri.split('/').pop()!))}`);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['订单编号', '状态', '回执信息', '电商平台名称', '电商企业名称', '商品金额', '币制', '申报时间', '创建时间']);
    expect(rows.slice(1).map((r) => [r[0], r[5], r[1]])).toEqual([['XL-1', 100, '海关入库'], ['XL-2', 200, '暂存'], ['XL-3', 300, '暂存']]);
    expect(rows[1]![2]).toBe('新增申报成功');
    expect(String(rows[1]![8])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('exports the selected rows only', async () => {
    const r = await post(exportOrder, 'export', { pageIndex: 0, pageSize: 50, terms: [{ column: 'id', termType: 'in', value: [ids[2], ids[0]] }], sorts: [{ name: 'id', order: 'asc' }] });
    const rows = await sheetRows((await download(r.body.data.downloadUri)).rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['XL-1', 'XL-3']);
    const none = await post(exportOrder, 'export', { pageIndex: 0, pageSize: 50, terms: [{ column: 'id', termType: 'in', value: [] }] });
    expect(await sheetRows((await download(none.body.data.downloadUri)).rawPayload)).toHaveLength(1);
  });

  it('serves a download for an hour, to whoever holds the link', async () => {
    const r = await post(exportOrder, 'export', { pageIndex: 0, pageSize: 50, terms: [like] });
    const uri = r.body.data.downloadUri as string;
    const [, , , , id, name] = uri.split('/');
    const file = join(t.dataDir, 'exports', id!, decodeURIComponent(name!));
    const old = new Date(Date.now() - 61 * 60 * 1000);
    utimesSync(file, old, old);
    const expired = await download(uri);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ code: -1, message: '下载链接已失效，请重新导出' });
    expect((await download(`/api/files/download/${id}/..%2F..%2Fsecrets.xlsx`)).statusCode).toBe(404);
    expect((await download('/api/files/download/not-a-uuid/x.xlsx')).statusCode).toBe(404);
  });
});

/** The list's headers as the list table shows them: its order (DefinitionTableCells.tsx) and labels (BillList.tsx). */
const screenHeaders = (def: BillDefinition, hidden: string[] = []) =>
  orderedColumns(def.list.columns, hidden).map((c) => c.label ?? rowFields(def).get(c.field)?.label ?? c.field);

/** A bill of another type written straight into bill_heads: its indexed columns and its data. */
async function insertBill(def: BillDefinition, columns: Record<string, string>, data: Record<string, unknown>) {
  await t.handle.db.insertInto('bill_heads')
    .values({ company_id: admin.userInfo.companyId, bill_key: def.key, mode: def.mode, state: 'DRAFT', ...columns, data: JSON.stringify(data) } as never)
    .execute();
}
const exported = async (def: BillDefinition, request: unknown) => {
  const r = await post(def, 'export', request);
  expect(r.body).toMatchObject({ code: 0 });
  return sheetRows((await download(r.body.data.downloadUri)).rawPayload);
};

describe('export: the screen\'s columns in the screen\'s order, codes as "code name" (issue 31)', () => {
  it('orders the columns as the list table does and writes 币制 as code and name', async () => {
    const rows = await exported(exportOrder, { terms: [like], sorts: [{ name: 'order_no', order: 'asc' }] });
    expect(rows[0]).toEqual(['订单编号', '状态', '回执信息', '电商平台名称', '电商企业名称', '商品金额', '币制', '申报时间', '创建时间']);
    expect(rows[0]).toEqual(screenHeaders(exportOrder));
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[5]])).toEqual([['XL-1', '海关入库', '新增申报成功', 100], ['XL-2', '暂存', undefined, 200], ['XL-3', '暂存', undefined, 300]]);
    // 币制 was its order's only code column; it read 人民币 while 贸易方式 read 9610 直购进口
    expect(rows[1]![6]).toBe('142 人民币');
  });

  it('leaves out the columns 列设置 hides, never a pinned one', async () => {
    const rows = await exported(exportOrder, { terms: [like], hiddenColumns: ['ebpName', 'createTime', 'stateName', 'nonsense'] });
    expect(rows[0]).toEqual(['订单编号', '状态', '回执信息', '电商企业名称', '商品金额', '币制', '申报时间']);
    expect(rows[0]).toEqual(screenHeaders(exportOrder, ['ebpName', 'createTime']));
    // anything but a list of names hides nothing
    expect((await exported(exportOrder, { terms: [like], hiddenColumns: [3] }))[0]).toEqual(screenHeaders(exportOrder));
  });

  it('writes every coded column of an inventory and a declaration as "code name", 国别 included', async () => {
    await insertBill(importDetailedList, { cop_no: 'XLI-1', customs_code: '3105', trade_mode: '9610' }, {});
    const inventory = await exported(importDetailedList, { terms: [{ column: 'cop_no', termType: 'eq', value: 'XLI-1' }] });
    expect(inventory[0]).toEqual(screenHeaders(importDetailedList));
    const cell = (rows: unknown[][], label: string) => rows[1]![rows[0]!.indexOf(label)];
    expect(cell(inventory, '申报地海关代码')).toBe('3105 甬保税区');
    expect(cell(inventory, '贸易方式')).toBe('9610 直购进口');

    await insertBill(exportDeclarationForm, { cop_no: 'XLD-1', customs_code: '3105', trade_mode: '0110' }, { tradeCountry: '502', ownerCode: '3302961A2B' });
    const form = await exported(exportDeclarationForm, { terms: [{ column: 'cop_no', termType: 'eq', value: 'XLD-1' }] });
    expect(form[0]).toEqual(screenHeaders(exportDeclarationForm));
    expect(cell(form, '申报地海关')).toBe('3105 甬保税区');
    expect(cell(form, '监管方式')).toBe('0110 一般贸易');
    expect(cell(form, '运抵国（地区）')).toBe('502 美国');
  });
});

describe('query template and batch query', () => {
  async function upload(rows: (string | number | null)[][], name = 'query_1.xlsx', sheets = 1, bytes?: Buffer) {
    const book = new ExcelJS.Workbook();
    for (let s = 0; s < sheets; s++) {
      const sheet = book.addWorksheet(`S${s}`);
      if (s === 0) for (const r of rows) sheet.addRow(r);
    }
    const content = bytes ?? Buffer.from(await book.xlsx.writeBuffer());
    const boundary = 'cbecExcelBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-authorization': `Bearer ${admin.token}` } });
    return res.json().data[0].uri as string;
  }
  const parse = (def: BillDefinition, data: unknown) => call(t.app, `/api/enterprise/bills/${def.mode}/${def.key}/parseQueryTemplate`, data, admin.token);

  it('downloads a template headed by the title field', async () => {
    const r = await post(exportOrder, 'downloadQueryTemplate', {});
    expect(r.body.code).toBe(0);
    expect(decodeURIComponent(r.body.data.downloadUri)).toMatch(/\/出口订单查询模板\.xlsx$/);
    const rows = await sheetRows((await download(r.body.data.downloadUri)).rawPayload);
    expect(rows[0]![0]).toBe('订单编号');
    expect(String(rows[1]![1])).toContain('每行填写一个订单编号');
    const waybill = await post(exportWaybill, 'downloadQueryTemplate', undefined);
    expect((await sheetRows((await download(waybill.body.data.downloadUri)).rawPayload))[0]![0]).toBe('物流运单编号');
  });

  it('reads the values of filled templates (blank and repeated ones dropped) for an in term', async () => {
    const a = await upload([['订单编号', '说明'], ['XL-1'], [''], ['XL-2'], ['XL-1']]);
    const b = await upload([['订单编号'], [' XL-3 '], [12345]]);
    const r = await parse(exportOrder, { filePath: [a, b] });
    expect(r.body).toMatchObject({ code: 0, data: { column: 'order_no', values: ['XL-1', 'XL-2', 'XL-3', '12345'] } });
    const list = await post(exportOrder, 'pageList', { pageIndex: 0, pageSize: 50, terms: [{ column: r.body.data.column, termType: 'in', value: r.body.data.values }] });
    expect(list.body.data.total).toBe(3);
    expect((await parse(exportOrder, { filePaths: [a] })).body.data.values).toEqual(['XL-1', 'XL-2']);
  });

  it('reads the downloaded template once filled (its note sits beside the column)', async () => {
    const template = (await post(exportOrder, 'downloadQueryTemplate', {})).body.data.downloadUri as string;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(template)).rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    sheet.getCell('A2').value = 'XL-2';
    sheet.getCell('A3').value = 'XL-3';
    const filled = await upload([], 'filled.xlsx', 0, Buffer.from(await book.xlsx.writeBuffer()));
    expect((await parse(exportOrder, { filePath: filled })).body).toMatchObject({ code: 0, data: { column: 'order_no', values: ['XL-2', 'XL-3'] } });
  });

  it('refuses a wrong header, an empty sheet, a non-xlsx file and a fourth file', async () => {
    expect((await parse(exportOrder, { filePath: await upload([['物流运单编号'], ['X1']]) })).body).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
    expect((await parse(exportOrder, { filePath: await upload([]) })).body).toMatchObject({ code: -1, message: '文件数据为空或格式不正确！' });
    expect((await parse(exportOrder, { filePath: await upload([['订单编号']]) })).body).toMatchObject({ code: -1, message: '文件数据为空或格式不正确！' });
    const boundary = 'cbecXls';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="old.xls"\r\n\r\nnot a workbook\r\n--${boundary}--\r\n`);
    // an .xls never gets as far as the parse: the upload refuses it with advice (issue 18)
    const xls = (await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-authorization': `Bearer ${admin.token}` } })).json();
    expect(xls).toMatchObject({ code: -1, message: '请将文件另存为 .xlsx 后上传' });
    expect((await parse(exportOrder, { filePath: await upload([], 'plain.xlsx', 0, Buffer.from('not a workbook')) })).body).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
    const good = await upload([['订单编号'], ['XL-1']]);
    expect((await parse(exportOrder, { filePath: [good, good, good, good] })).body).toMatchObject({ code: -1, message: '最多上传3个文件' });
    expect((await parse(exportOrder, { filePath: [] })).body).toMatchObject({ code: -1, message: '请选择上传文件' });
  });
});
