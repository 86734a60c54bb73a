// POST /api/file/upload: one Excel file, at most 10 MB, usable by its company only.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
});
afterAll(async () => {
  await t.close();
});

export function multipart(files: { name: string; content: Buffer }[]) {
  const boundary = `----cbec${Math.random().toString(16).slice(2)}`;
  const parts = files.map((f) => Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    f.content,
    Buffer.from('\r\n'),
  ]));
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function template(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('查询模板');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(files: { name: string; content: Buffer }[], token = admin.token) {
  const { payload, headers } = multipart(files);
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, 'x-authorization': `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any } };
}

const uploadedFiles = (companyId: number) => {
  const dir = join(t.dataDir, 'uploads', String(companyId));
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('upload', () => {
  it('stores one .xlsx under the company and answers its uri and name', async () => {
    const r = await upload([{ name: '订单查询_2026.xlsx', content: await template([['订单编号'], ['SO1']]) }]);
    expect(r.body).toMatchObject({ code: 0, data: [{ name: '订单查询_2026.xlsx' }] });
    const { uri } = r.body.data[0];
    expect(uri).toMatch(/^upload\/[0-9a-f-]{36}\.xlsx$/);
    expect(uploadedFiles(admin.userInfo.companyId)).toContain(uri.slice('upload/'.length));
    const row = await t.handle.db.selectFrom('files').selectAll().where('uri', '=', uri).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: admin.userInfo.companyId, name: '订单查询_2026.xlsx' });
    expect(row.size).toBeGreaterThan(0);
  });

  it('refuses an .xls at upload with 请将文件另存为 .xlsx 后上传, by name or by its bytes, keeping nothing', async () => {
    const before = uploadedFiles(admin.userInfo.companyId).length;
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect((await upload([{ name: 'Query_1.XLS', content: ole2 }])).body).toMatchObject({ code: -1, message: '请将文件另存为 .xlsx 后上传' });
    expect((await upload([{ name: 'old.xls', content: Buffer.from('old excel') }])).body).toMatchObject({ code: -1, message: '请将文件另存为 .xlsx 后上传' });
    // an .xls renamed to .xlsx
    expect((await upload([{ name: 'renamed.xlsx', content: ole2 }])).body).toMatchObject({ code: -1, message: '请将文件另存为 .xlsx 后上传' });
    expect(uploadedFiles(admin.userInfo.companyId)).toHaveLength(before);
    const names = await t.handle.db.selectFrom('files').select('name').where('company_id', '=', admin.userInfo.companyId).execute();
    expect(names.map((n) => n.name)).not.toContain('renamed.xlsx');
  });

  it('refuses other extensions, a second file and no file (any name is taken: upload-names.test.ts)', async () => {
    const before = uploadedFiles(admin.userInfo.companyId).length;
    expect((await upload([{ name: 'orders.csv', content: Buffer.from('a,b') }])).body).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
    expect((await upload([{ name: 'orders', content: Buffer.from('a') }])).body).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
    const two = await upload([{ name: 'a.xlsx', content: Buffer.from('x') }, { name: 'b.xlsx', content: Buffer.from('y') }]);
    expect(two.body).toMatchObject({ code: -1, message: '一次只能上传一个文件' });
    expect((await upload([])).body).toMatchObject({ code: -1, message: '请选择上传文件' });
    expect(uploadedFiles(admin.userInfo.companyId)).toHaveLength(before);
  });

  it('refuses a file over 10 MB and keeps nothing of it', async () => {
    const before = uploadedFiles(admin.userInfo.companyId).length;
    const r = await upload([{ name: 'big.xlsx', content: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }]);
    expect(r.body).toMatchObject({ code: -1, message: '文件大小不能超过10MB' });
    expect(uploadedFiles(admin.userInfo.companyId)).toHaveLength(before);
    expect((await upload([{ name: 'exact.xlsx', content: Buffer.alloc(10 * 1024 * 1024, 1) }])).body.code).toBe(0);
  });

  it('needs a login', async () => {
    const { payload, headers } = multipart([{ name: 'a.xlsx', content: Buffer.from('x') }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers });
    expect(res.statusCode).toBe(401);
  });

  it('lets only the uploading company use the uri', async () => {
    const mine = (await upload([{ name: 'mine.xlsx', content: await template([['订单编号'], ['SO1']]) }])).body.data[0].uri;
    const parse = `/api/enterprise/bills/export/order/parseQueryTemplate`;
    expect((await call(t.app, parse, { filePath: mine }, admin.token)).body).toMatchObject({ code: 0, data: { column: 'order_no', values: ['SO1'] } });
    expect((await call(t.app, parse, { filePath: mine }, other.token)).body).toMatchObject({ code: -1, message: '文件不存在或无权访问' });
    expect((await call(t.app, parse, { filePath: 'upload/../../etc/passwd' }, admin.token)).body).toMatchObject({ code: -1, message: '文件不存在或无权访问' });
    expect(exportOrder.key).toBe('order');
  });
});
