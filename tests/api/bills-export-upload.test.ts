// Bills made by uploading the data template (bills §7: /expu/delivery/downloadUploadTemplate,
// uploadTemplate {filePath}; /expuTallying likewise): all bills of a file or none, wrong templates
// and bad rows refused with the row Excel shows.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportArrivalNote } from '../../domain/bills/export-arrival-note.ts';
import { exportTallying } from '../../domain/bills/export-tallying.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { uploadWorkbook, type Cell } from '../helpers/upload-workbook.ts';
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

const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);

const upload = (rows: Cell[][], name = 'data_1.xlsx', token = admin.token): Promise<string> => uploadWorkbook(t.app, token, rows, name);
async function sheets(uri: string): Promise<unknown[][][]> {
  const res = await t.app.inject({ method: 'GET', url: uri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets.map((s) => {
    const rows: unknown[][] = [];
    s.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  });
}
const count = async (key: string) => (await t.handle.db.selectFrom('bill_heads').select('id').where('bill_key', '=', key).execute()).length;

const ARRIVAL_HEADER = ['企业内部编号', '申报地海关代码', '监管场所经营人代码', '监管场所经营人名称', '监管场所代码', '运输方式', '提运单号', '境内运输工具编号', '物流企业代码', '物流企业名称', '物流运单编号', '总包号', '备注'];
const arrivalRow = (copNo: string, logisticsNo: string, extra: Partial<Record<number, Cell>> = {}): Cell[] => {
  const row: Cell[] = [copNo, '3105', '3105980001', '宁波空港监管场所', null, '5', '999-1001', '浙B12345', '3302980001', '宁波顺达国际物流有限公司', logisticsNo, 'PK1', null];
  for (const [i, v] of Object.entries(extra)) row[Number(i)] = v ?? null;
  return row;
};

describe('运抵单 data template', () => {
  it('downloads the template headed by the fields\' labels, with what each column takes', async () => {
    const r = await post(exportArrivalNote, 'downloadUploadTemplate', {});
    expect(r.body.code).toBe(0);
    expect(decodeURIComponent(r.body.data.downloadUri)).toMatch(/\/运抵单数据模板\.xlsx$/);
    const [data, notes] = await sheets(r.body.data.downloadUri);
    expect(data![0]).toEqual(ARRIVAL_HEADER);
    expect(notes!.find((row) => row[0] === '物流运单编号')).toEqual(['物流运单编号', '是', 32]);
  });

  it('makes one draft 运抵单 per 企业内部编号, a line per row', async () => {
    const before = await count('arrivalNote');
    const filePath = await upload([ARRIVAL_HEADER, arrivalRow('YDU001', 'L1'), arrivalRow('YDU001', 'L2'), [], arrivalRow('YDU002', 'L3')]);
    const r = await post(exportArrivalNote, 'uploadTemplate', { filePath });
    expect(r.body).toMatchObject({ code: 0, message: '上传数据成功', data: { total: 2, created: [{ title: 'YDU001' }, { title: 'YDU002' }] } });
    expect(await count('arrivalNote')).toBe(before + 2);
    const id = r.body.data.created[0].id as number;
    expect((await post(exportArrivalNote, 'detail', { id })).body.data).toMatchObject({ copNo: 'YDU001', operatorName: '宁波空港监管场所', domesticTrafNo: '浙B12345', state: 'DRAFT', ieFlag: 'E' });
    expect((await post(exportArrivalNote, 'lines', { id, pageIndex: 1, pageSize: 10 })).body.data.datas.map((l: Record<string, unknown>) => [l.gnum, l.logisticsNo, l.totalPackageNo]))
      .toEqual([[1, 'L1', 'PK1'], [2, 'L2', 'PK1']]);
    // the same numbers again: refused, nothing saved
    const again = await post(exportArrivalNote, 'uploadTemplate', { filePath: await upload([ARRIVAL_HEADER, arrivalRow('YDU003', 'L9'), arrivalRow('YDU002', 'L3')]) });
    expect(again.body).toMatchObject({ code: -1, message: '第3行：企业内部编号 YDU002 已存在' });
    expect(await count('arrivalNote')).toBe(before + 2);
  });

  it('refuses a wrong template, an empty file, bad rows and a head that differs within one bill, saving nothing', async () => {
    const before = await count('arrivalNote');
    const refusal = async (rows: Cell[][]) => (await post(exportArrivalNote, 'uploadTemplate', { filePath: await upload(rows) })).body;
    expect(await refusal([['订单编号'], ['X']])).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
    expect(await refusal([ARRIVAL_HEADER.slice(0, 5), ['YDX']])).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
    expect(await refusal([])).toMatchObject({ code: -1, message: '文件数据为空或格式不正确！' });
    expect(await refusal([ARRIVAL_HEADER])).toMatchObject({ code: -1, message: '文件数据为空或格式不正确！' });
    expect(await refusal([ARRIVAL_HEADER, arrivalRow('YDX001', 'L1'), arrivalRow('YDX001', '', { 10: null })]))
      .toMatchObject({ code: -1, message: '第3行：请填写物流运单编号' });
    expect(await refusal([ARRIVAL_HEADER, arrivalRow('YDX002', 'L1'), arrivalRow('YDX002', 'L2', { 3: '另一个场所' })]))
      .toMatchObject({ code: -1, message: '第3行：监管场所经营人名称与同一单据（YDX002）的首行不一致' });
    expect(await refusal([ARRIVAL_HEADER, arrivalRow('YDX003', 'L1', { 2: null })]))
      .toMatchObject({ code: -1, message: '第2行：请填写监管场所经营人代码' });
    expect(await count('arrivalNote')).toBe(before);
    // another company's upload is no file of ours
    const theirs = await upload([ARRIVAL_HEADER, arrivalRow('YDX004', 'L1')], 'data_2.xlsx', other.token);
    expect((await post(exportArrivalNote, 'uploadTemplate', { filePath: theirs })).body).toMatchObject({ code: -1, message: '文件不存在或无权访问' });
  });
});

describe('the templates\' 填写示例 sheets', () => {
  it('hold the header and sample rows each page takes as they are', async () => {
    for (const def of [exportArrivalNote, exportTallying]) {
      const sample = (await sheets((await post(def, 'downloadUploadTemplate', {})).body.data.downloadUri))[2]!;
      expect(sample.length, def.label).toBe(def.upload!.sample.length + 1);
      const r = await post(def, 'uploadTemplate', { filePath: await upload(sample as Cell[][]) });
      expect(r.body, def.label).toMatchObject({ code: 0, data: { total: 1 } });
    }
  });

  it('refuse a bad row with its row, column and problem in data.rows', async () => {
    const r = await post(exportArrivalNote, 'uploadTemplate', { filePath: await upload([ARRIVAL_HEADER, arrivalRow('YDS001', 'L1', { 2: null })]) });
    expect(r.body).toMatchObject({ code: -1, data: { rows: [{ row: 2, column: '监管场所经营人代码', message: '请填写监管场所经营人代码' }] } });
  });
});

describe('理货明细单 data template', () => {
  const header = ['企业内部编号', '申报地海关代码', '监管场所经营人代码', '监管场所经营人名称', '物流企业代码', '物流企业名称', '物流运单编号', '原出口清单编号', '提运单号', '运输方式', '运输工具名称', '航班航次号', '卸货堆货位置', '备注'];
  const row = (coElNo: string): Cell[] => [coElNo, '3105', '3105980001', '宁波空港监管场所', '3302980001', '宁波顺达国际物流有限公司', `RT${coElNo}`, '31052026E000000001', '999-1001', '5', 'CA1234', 'CA1234', 'A区3排', null];

  it('makes a tally list per row, and refuses a number twice in one file', async () => {
    const r0 = await post(exportTallying, 'downloadUploadTemplate', {});
    expect((await sheets(r0.body.data.downloadUri))[0]![0]).toEqual(header);
    const r = await post(exportTallying, 'uploadTemplate', { filePath: await upload([header, row('LH001'), row('LH002')]) });
    expect(r.body.data).toMatchObject({ total: 2 });
    expect((await post(exportTallying, 'detail', { id: r.body.data.created[1].id })).body.data).toMatchObject({ coElNo: 'LH002', location: 'A区3排', ieFlag: 'I', state: 'DRAFT' });
    const dup = await post(exportTallying, 'uploadTemplate', { filePath: await upload([header, row('LH003'), row('LH003')]) });
    expect(dup.body).toMatchObject({ code: -1, message: '第3行：企业内部编号 LH003 在文件中重复' });
  });
});
