// Hostile uploads (issue 14, reproductions 1 and 5): a workbook whose zip headers lie about its
// size, deep XML and huge shared strings are refused by every reader with a Chinese message while
// the server keeps answering; an over-long file name (shortened since issue 31) and a multipart body without its closing
// boundary are refusals in the envelope, never a 500, and leave nothing behind.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportArrivalNote } from '../../domain/bills/export-arrival-note.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { billServerText, billText } from '../../domain/texts/bills.ts';
import { queryText } from '../../domain/query.ts';
import { deepSheet, hostileXlsx, hugeSharedStrings, SHARED_STRINGS, SHEET, sheetOfSharedRefs, sheetOfSpaces, sheetOfValues } from '../helpers/hostile-xlsx.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = 'cbecHostileBoundary';
const head = (name: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);

async function send(payload: Buffer) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/file/upload', payload,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-authorization': `Bearer ${admin.token}` },
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: { uri: string }[] } };
}
const upload = (name: string, content: Buffer) => send(Buffer.concat([head(name), content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
async function uploaded(content: Buffer): Promise<string> {
  const r = await upload('hostile_1.xlsx', content);
  expect(r.body.code).toBe(0);
  return r.body.data[0]!.uri;
}

const uploadsOnDisk = () => {
  const dir = join(t.dataDir, 'uploads', String(admin.userInfo.companyId));
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
const filesRows = async () => (await t.handle.db.selectFrom('files').select('id').where('company_id', '=', admin.userInfo.companyId).execute()).length;

/** Every reader of a user's workbook, given the uploaded file. */
const readers = (uri: string) => ({
  批量查询: () => call(t.app, `/api/enterprise/bills/export/order/parseQueryTemplate`, { filePath: uri }, admin.token),
  签名记录批量查询: () => call(t.app, '/api/enterprise/bills/export/signRecord/parseQueryTemplate', { filePath: uri }, admin.token),
  运抵单数据模板: () => call(t.app, `/api/enterprise${exportArrivalNote.api.uploadTemplate}`, { filePath: uri }, admin.token),
  补贴提单号导入: () => call(t.app, '/api/enterprise/subsidy/bill/import', { filePath: uri }, admin.token),
});

/** A light call made while a hostile file is being read: it must answer as usual. */
const light = () => call(t.app, '/api/dictionary/item/queryByCode', { dicCode: 'currency' }, admin.token);

describe('a workbook whose zip headers lie (reproduction 1)', () => {
  it('is refused by every reader with the existing message, and the server answers other calls meanwhile', async () => {
    // 256 MB of spaces in the sheet (~1 MB deflated) whose headers claim 1,000 bytes
    const bomb = await hostileXlsx([{ name: SHEET, chunks: sheetOfSpaces(256 * 1024 * 1024), claimedSize: 1000 }]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const uri = await uploaded(bomb);
    for (const [reader, read] of Object.entries(readers(uri))) {
      const hostile = read();
      const meanwhile = await Promise.all([light(), light(), light()]);
      for (const r of meanwhile) expect(r.body.code, reader).toBe(0);
      expect((await hostile).body, reader).toMatchObject({ code: -1, message: billServerText.workbookTooLarge });
    }
    expect(exportOrder.key).toBe('order');
  }, 120000);

  it('is refused when three arrive at once, and a good template read after them still works', async () => {
    const bomb = await hostileXlsx([{ name: SHEET, chunks: sheetOfSpaces(256 * 1024 * 1024), claimedSize: 1000 }]);
    const uris = await Promise.all([1, 2, 3].map(() => uploaded(bomb)));
    const answers = await Promise.all([...uris.map((uri) => readers(uri).批量查询()), light()]);
    expect(answers.slice(0, 3).map((a) => a.body)).toEqual(Array(3).fill({ code: -1, message: billServerText.workbookTooLarge, data: null }));
    expect(answers[3]!.body.code).toBe(0);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('查询模板').addRows([['订单编号'], ['SO-1']]);
    const good = Buffer.from(await book.xlsx.writeBuffer());
    expect((await readers(await uploaded(good)).批量查询()).body).toMatchObject({ code: 0, data: { column: 'order_no', values: ['SO-1'] } });
  }, 120000);
});

describe('a workbook whose XML is hostile within the size cap', () => {
  it('reads elements nested two million deep without recursion (one empty cell: refused as empty), and keeps serving', async () => {
    // exceljs' reader ran out of memory on it; the sheet is now scanned flat (server/files/sheet-xml.ts)
    const uri = await uploaded(await hostileXlsx([{ name: SHEET, chunks: deepSheet(2_000_000) }]));
    const hostile = readers(uri).批量查询();
    expect((await light()).body.code).toBe(0);
    expect((await hostile).body).toMatchObject({ code: -1, message: billText.emptyFile });
  }, 120000);

  it('refuses a shared string of a million characters repeated in 100,000 rows', async () => {
    const uri = await uploaded(await hostileXlsx([
      { name: SHEET, chunks: sheetOfSharedRefs(100_000) },
      { name: SHARED_STRINGS, chunks: hugeSharedStrings(1_000_000, '订单编号') },
    ]));
    const hostile = readers(uri).批量查询();
    expect((await light()).body.code).toBe(0);
    expect((await hostile).body).toMatchObject({ code: -1, message: billServerText.workbookTooLarge });
  }, 120000);
});

describe('a valid workbook longer than its reader takes (issue 29, reproduction 4)', () => {
  it('refuses 200,000 order numbers with the existing message, reading stopped at the 10,001st', async () => {
    const uri = await uploaded(await hostileXlsx([{ name: SHEET, chunks: sheetOfValues(200_000, '订单编号') }], '订单编号'));
    const hostile = readers(uri).批量查询();
    expect((await light()).body.code).toBe(0);
    expect((await hostile).body).toMatchObject({ code: -1, message: queryText.tooManyValues('订单编号', 10_000) });
  }, 120000);

  it('refuses 10,001 rows of one repeated number too (the file lists more than 10,000 values), takes 10,000', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('查询模板');
    sheet.addRow(['订单编号']);
    for (let i = 0; i < 10_001; i++) sheet.addRow(['SO-1']);
    const over = await readers(await uploaded(Buffer.from(await book.xlsx.writeBuffer()))).批量查询();
    expect(over.body).toMatchObject({ code: -1, message: queryText.tooManyValues('订单编号', 10_000) });
    sheet.spliceRows(2, 1);
    const within = await readers(await uploaded(Buffer.from(await book.xlsx.writeBuffer()))).批量查询();
    expect(within.body).toMatchObject({ code: 0, data: { values: ['SO-1'] } });
  }, 120000);
});

describe('upload bodies the database or the parser cannot take (reproduction 5)', () => {
  it('takes a name of 256 characters (and of 201, 1000), shortened to the 200 every later column holds (issue 31 item 3)', async () => {
    for (const length of [256, 201, 1000]) {
      const r = await upload(`${'订'.repeat(length - 5)}.xlsx`, Buffer.from('x'));
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(0);
      expect([...(r.body.data[0] as unknown as { name: string }).name]).toHaveLength(200);
    }
    const ok = await upload(`${'订'.repeat(195)}.xlsx`, Buffer.from('x'));
    expect(ok.body).toMatchObject({ code: 0, data: [{ name: `${'订'.repeat(195)}.xlsx` }] });
  });

  it('refuses a body without its closing boundary, or cut inside a part\'s header, and keeps nothing', async () => {
    const filesBefore = await filesRows();
    const diskBefore = uploadsOnDisk();
    const bodies = [
      Buffer.concat([head('a.xlsx'), Buffer.from('some bytes of a file')]),
      Buffer.concat([head('a.xlsx'), Buffer.alloc(300_000, 7), Buffer.from('\r\n')]),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filena`),
    ];
    for (const body of bodies) {
      const r = await send(body);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ code: -1, message: '文件上传不完整，请重新上传' });
    }
    expect(await filesRows()).toBe(filesBefore);
    expect(uploadsOnDisk()).toBe(diskBefore);
  });
});
