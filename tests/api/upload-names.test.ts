// Uploads keep the name a person's computer gave (issue 31 item 3): 入库明细单数据模板 (1).xlsx — what
// Chrome names a second download of our own template — and wh-filled.xlsx were refused with
// 非法文件名. The server stores every upload under a name of its own; the given name is only shown,
// so any name is taken, and hostile ones (a path, NUL, control characters, a bidi override, a name
// far too long) are harmless: nothing lands outside the company's folder, and what is shown is safe.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWarehousingDetails } from '../../domain/bills/import-warehousing-details.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => { await t.close(); });

/** One file part; `header` is the part's filename parameter(s) exactly as a client writes them. */
async function send(header: string, content: Buffer) {
  const boundary = 'cbecNamesBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${header}\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-authorization': `Bearer ${admin.token}` } });
  return res.json() as { code: number; message: string; data: { uri: string; name: string }[] };
}
/** A name as a browser sends it: UTF-8 in filename="…" (a quote or backslash escaped). */
const named = (name: string, content: Buffer) => send(`filename="${name.replace(/(["\\])/g, '\\$1')}"`, content);
/** A name with characters no header line may carry, sent encoded (RFC 5987 filename*). */
const encoded = (name: string, content: Buffer) => send(`filename*=UTF-8''${encodeURIComponent(name)}`, content);

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const uploadsDir = () => join(t.dataDir, 'uploads', String(admin.userInfo.companyId));
const storedName = async (uri: string) => (await t.handle.db.selectFrom('files').select('name').where('uri', '=', uri).executeTakeFirstOrThrow()).name;
const api = (path: string, data: unknown) => call(t.app, `/api/enterprise${path}`, data, admin.token);

describe('the names people\'s computers give', () => {
  it('takes 入库明细单数据模板 (1).xlsx — the template downloaded twice — and makes its bills', async () => {
    const def = importWarehousingDetails;
    const template = await api(def.api.downloadUploadTemplate!, {});
    const got = await t.app.inject({ method: 'GET', url: template.body.data.downloadUri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(got.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.getWorksheet('填写示例')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));

    const up = await named('入库明细单数据模板 (1).xlsx', await workbook(rows));
    expect(up).toMatchObject({ code: 0, data: [{ name: '入库明细单数据模板 (1).xlsx' }] });
    expect(up.data[0]!.uri).toMatch(/^upload\/[0-9a-f-]{36}\.xlsx$/);
    expect(await storedName(up.data[0]!.uri)).toBe('入库明细单数据模板 (1).xlsx');
    // stored under the server's own name only
    expect(readdirSync(uploadsDir()).every((f) => /^[0-9a-f-]{36}\.(xlsx|png|jpe?g)$/.test(f))).toBe(true);
    const made = await api(def.api.uploadTemplate!, { filePath: up.data[0]!.uri });
    expect(made.body).toMatchObject({ code: 0, message: '上传数据成功', data: { total: 1 } });
  });

  it('takes wh-filled.xlsx and other ordinary names as they are', async () => {
    for (const name of ['wh-filled.xlsx', '订单 查询.xlsx', 'a.b.xlsx', '订单（1）.xlsx', 'Q3 report [final] #2 & co.XLSX', "it's 100%.xlsx", '报关单 - 副本.xlsx']) {
      const up = await named(name, await workbook([['订单编号'], ['SO1']]));
      expect(up, name).toMatchObject({ code: 0, data: [{ name }] });
      expect(await storedName(up.data[0]!.uri)).toBe(name);
    }
  });

  it('keeps an enterprise attachment\'s name as given and downloads it under that name', async () => {
    const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d4e2a40000000049454e44ae426082', 'hex');
    const up = await named('营业执照 (扫描件)-1.png', PNG);
    expect(up).toMatchObject({ code: 0, data: [{ name: '营业执照 (扫描件)-1.png' }] });
    const saved = await api('/company/saveFile', { fileType: '01', fileUri: up.data[0]!.uri, companyId: admin.userInfo.companyId });
    expect(saved.body).toMatchObject({ code: 0, data: { fileName: '营业执照 (扫描件)-1.png' } });
    const file = (await api('/company/queryDetailById', {})).body.data.companyFileVos.find((f: { id: number }) => f.id === saved.body.data.id);
    const got = await t.app.inject({ method: 'GET', url: file.attachment.downloadUri });
    expect(got.statusCode).toBe(200);
    // RFC 5987: the brackets are percent-encoded too (they are no attr-char)
    expect(got.headers['content-disposition']).toBe(`inline; filename="____ (___)-1.png"; filename*=UTF-8''${encodeURIComponent('营业执照 ')}%28${encodeURIComponent('扫描件')}%29-1.png`);
    await api('/company/deleteFileByFileId', { id: file.id });
  });
});

describe('hostile names are harmless', () => {
  it('drops a path, keeps the file in the company\'s folder under the server\'s name', async () => {
    for (const name of ['../../../etc/passwd.xlsx', '..\\..\\win.xlsx', '/abs/path.xlsx']) {
      const up = await encoded(name, await workbook([['x']]));
      expect(up.code, name).toBe(0);
      expect(up.data[0]!.name).not.toMatch(/[\\/]/);
      expect(up.data[0]!.uri).toMatch(/^upload\/[0-9a-f-]{36}\.xlsx$/);
    }
    expect(readdirSync(join(t.dataDir, 'uploads')).every((d) => /^\d+$/.test(d))).toBe(true);
    expect(readdirSync(uploadsDir()).every((f) => /^[0-9a-f-]{36}\.(xlsx|png|jpe?g)$/.test(f))).toBe(true);
  });

  it('shows NUL, tabs, other control characters and direction overrides as _', async () => {
    const cases: [string, string][] = [
      ['a\u0000b.xlsx', 'a_b.xlsx'], ['tab\tand\u007fdel.xlsx', 'tab_and_del.xlsx'], ['bell\u0007\u001b[31m.xlsx', 'bell__[31m.xlsx'],
      ['invoice\u202Excod.xlsx', 'invoice_xcod.xlsx'],
    ];
    for (const [sent, shown] of cases) {
      const up = await encoded(sent, await workbook([['x']]));
      expect(up, JSON.stringify(sent)).toMatchObject({ code: 0, data: [{ name: shown }] });
      expect(await storedName(up.data[0]!.uri)).toBe(shown);
    }
  });

  it('takes a name longer than the record holds, shortened in the middle with its extension kept', async () => {
    for (const length of [201, 256, 1000]) {
      const up = await named(`${'订'.repeat(length - 5)}.xlsx`, await workbook([['x']]));
      expect(up.code, String(length)).toBe(0);
      expect([...up.data[0]!.name]).toHaveLength(200);
      expect(up.data[0]!.name.endsWith('订….xlsx')).toBe(true);
    }
  });

  it('still refuses what is no workbook or picture by its extension, and a name of nothing', async () => {
    expect(await named('orders.csv', Buffer.from('a,b'))).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
    expect(await named('old (1).xls', Buffer.from('x'))).toMatchObject({ code: -1, message: '请将文件另存为 .xlsx 后上传' });
    expect(await encoded('../', Buffer.from('x'))).toMatchObject({ code: -1 });
    expect(await named('.xlsx', Buffer.from('x'))).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
  });
});
