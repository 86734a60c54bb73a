// An export larger than one fetch chunk: the same rows, in the same order and with the same
// values as the list pages show them; and the size limit (EXPORT_MAX_ROWS, here 6,000) refused
// before anything is written.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { orderedColumns } from '../../domain/bills/list-order.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { EXPORT_MAX_ROWS: '6000' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

const post = (key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${exportOrder.api[key]}`, data, admin.token);

/** `rows` orders of the demo company numbered from 1, prefixed; every few lack a value or a time. */
async function insertOrders(prefix: string, rows: number) {
  await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no, ebp_code, ebp_name, ebc_code, ebc_name, app_type, app_time, return_status, return_time, return_info, data)
    select ${admin.userInfo.companyId}, 'order', 'export', (array['DRAFT','120','100','UNKNOWN'])[1 + g % 4], ${prefix} || lpad(g::text, 6, '0'),
           '3302960001', '宁波跨境优选电商平台', '3302961A2B', case when g % 7 = 0 then null else '宁波跨境优选供应链管理有限公司' end, '1',
           case when g % 5 = 0 then null else timestamptz '2026-11-21 10:00:00+08' - (g % 97 || ' minutes')::interval end,
           case when g % 4 = 1 then '120' end, case when g % 4 = 1 then '20261121093000123' end, case when g % 3 = 0 then '新增申报成功' end,
           case when g % 11 = 0 then jsonb_build_object('orderType', 'E')
                else jsonb_build_object('orderType', 'E', 'goodsValue', (g % 13) + 0.25, 'currency', '142') end
    from generate_series(1, ${rows}) g`.execute(t.handle.db);
}

/** a list value as the export writes it: coded values as code and name, amounts as numbers rounded to fen */
const shown = (field: string, value: unknown) =>
  value === null || value === undefined ? undefined : field === 'currency' ? ({ '142': '142 人民币' } as Record<string, string>)[String(value)] ?? value
    : field === 'goodsValue' ? Math.round(Number(value) * 100) / 100 : value;

async function sheetRows(uri: string): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url: uri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('export in chunks', () => {
  it('writes what the list pages show, in their order, across chunks', async () => {
    await insertOrders('EXC', 5600);
    // Sorted on a jsonb value with many ties (broken by id) and an indexed column's nulls.
    const query = { sorts: [{ name: 'goods_value', order: 'asc' }, { name: 'app_time', order: 'desc' }], terms: [{ column: 'order_no', termType: 'like', value: 'EXC' }] };
    const r = await post('export', { pageIndex: 0, pageSize: 50, ...query });
    expect(r.body.code).toBe(0);
    const rows = await sheetRows(r.body.data.downloadUri);
    const fields = orderedColumns(exportOrder.list.columns).map((c) => c.field);
    const listed: unknown[][] = [];
    for (let page = 0; page < 12; page++) {
      const list = await post('pageList', { pageIndex: page, pageSize: 500, ...query });
      expect(list.body.code).toBe(0);
      // An empty cell reads back as undefined; 币制 as the list shows it, amounts as numbers
      for (const row of list.body.data.datas) listed.push(fields.map((f) => shown(f, row[f]) ?? undefined));
    }
    expect(rows).toHaveLength(5601);
    expect(rows[0]).toEqual(['订单编号', '状态', '回执信息', '电商平台名称', '电商企业名称', '商品金额', '币制', '申报时间', '创建时间']);
    expect(listed).toHaveLength(5600);
    // Cells come back dense-trimmed: compare over the full width.
    expect(rows.slice(1).map((row) => fields.map((_, i) => row[i]))).toEqual(listed);
  });

  it('formats amounts as the list reads them (thousands separators, two decimals)', async () => {
    const r = await post('export', { terms: [{ column: 'order_no', termType: 'eq', value: 'EXC000001' }] });
    const res = await t.app.inject({ method: 'GET', url: r.body.data.downloadUri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const screen = orderedColumns(exportOrder.list.columns);
    const at = screen.findIndex((c) => c.field === 'goodsValue') + 1;
    const cell = book.worksheets[0]!.getRow(2).getCell(at);
    expect(cell.value).toBe(1.25);
    expect(cell.numFmt).toBe('#,##0.00');
    expect(book.worksheets[0]!.getRow(2).getCell(screen.findIndex((c) => c.field === 'currency') + 1).value).toBe('142 人民币');
  });

  it('refuses more rows than EXPORT_MAX_ROWS before writing a file', async () => {
    // Only what the filter reads.
    await sql`insert into bill_heads (company_id, bill_key, mode, state, order_no)
      select ${admin.userInfo.companyId}, 'order', 'export', 'DRAFT', 'BIG' || g from generate_series(1, 6001) g`.execute(t.handle.db);
    const exportsDir = join(t.dataDir, 'exports');
    const before = readdirSync(exportsDir).length;
    const r = await post('export', { terms: [{ column: 'order_no', termType: 'like', value: 'BIG' }] });
    expect(r.body).toMatchObject({ code: -1, message: '导出数据不能超过6000条，请缩小查询范围' });
    expect(readdirSync(exportsDir)).toHaveLength(before);
    const fits = await post('export', { terms: [{ column: 'order_no', termType: 'like', value: 'BIG' }, { column: 'order_no', termType: 'eq', value: 'BIG6001' }] });
    expect(fits.body.code).toBe(0);
    expect((await sheetRows(fits.body.data.downloadUri)).map((row) => row[0])).toEqual(['订单编号', 'BIG6001']);
  });
});
