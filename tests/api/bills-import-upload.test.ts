// 入库明细单 made from its data template (issue 18 §2; /invt/delivery/downloadUploadTemplate and
// uploadTemplate {filePath}, as the export 运抵单): the template's columns and sample rows, a file
// made into draft bills and declared, and a file with bad rows refused row by row (row, column,
// message) with nothing saved.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWarehousingDetails } from '../../domain/bills/import-warehousing-details.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { uploadWorkbook, type Cell } from '../helpers/upload-workbook.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => { await t.close(); });

const def = importWarehousingDetails;
const post = (d: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${d.api[key]}`, data, admin.token);

const upload = (rows: Cell[][]): Promise<string> => uploadWorkbook(t.app, admin.token, rows, 'rkd_1.xlsx');
async function sheets(uri: string): Promise<{ name: string; rows: unknown[][] }[]> {
  const res = await t.app.inject({ method: 'GET', url: uri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets.map((s) => {
    const rows: unknown[][] = [];
    s.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: s.name, rows };
  });
}
const count = async () => (await t.handle.db.selectFrom('bill_heads').select('id').where('bill_key', '=', 'warehousingDetails').where('mode', '=', 'import').execute()).length;

const HEADER = ['企业内部编号', '申报地海关代码', '监管场所经营人代码', '监管场所经营人名称', '运输方式', '运输工具编号', '航班航次号', '提运单号', '物流企业代码', '物流企业名称', '卸货库位', '物流运单编号', '备注'];
const row = (copNo: string, logisticsNo: Cell, extra: Partial<Record<number, Cell>> = {}): Cell[] => {
  const r: Cell[] = [copNo, '3109', '3302961A2B', '宁波跨境优选供应链管理有限公司', '5', 'MU730', '20260318', '784-56120348', '3301964C7D', '杭州云途国际物流有限公司', 'A区03排', logisticsNo, null];
  for (const [i, v] of Object.entries(extra)) r[Number(i)] = v ?? null;
  return r;
};

describe('入库明细单 data template', () => {
  it('downloads the columns, what each takes, and sample rows that are themselves a valid upload', async () => {
    const r = await post(def, 'downloadUploadTemplate', {});
    expect(r.body.code).toBe(0);
    expect(decodeURIComponent(r.body.data.downloadUri)).toMatch(/\/入库明细单数据模板\.xlsx$/);
    const [data, notes, sample] = await sheets(r.body.data.downloadUri);
    expect(data).toEqual({ name: '数据模板', rows: [HEADER] });
    expect(notes!.name).toBe('说明');
    expect(notes!.rows.find((x) => x[0] === '物流运单编号')).toEqual(['物流运单编号', '是', 60]);
    // a coded column names its codes (a short table) or its table in Chinese, never the table's key (issue 31)
    expect(notes!.rows.find((x) => x[0] === '运输方式')).toEqual(['运输方式', '是', 1, expect.stringMatching(/^填写代码：0 非保税区、1 监管仓库、2 水路运输、.*、Z 出口加工区$/)]);
    expect(notes!.rows.flat().filter((c) => /[a-z]+_[a-z]+/.test(String(c)))).toEqual([]);
    expect(notes!.rows.flat().filter((c) => String(c).includes('关区代码表'))).not.toHaveLength(0);
    expect(sample!.name).toBe('填写示例');
    expect(sample!.rows[0]).toEqual(HEADER);
    expect(sample!.rows).toHaveLength(3);

    // the sample, uploaded as it is, makes one bill of two parcels
    const before = await count();
    const made = await post(def, 'uploadTemplate', { filePath: await upload(sample!.rows as Cell[][]) });
    expect(made.body).toMatchObject({ code: 0, message: '上传数据成功', data: { total: 1, created: [{ title: 'YXD2603180001' }] } });
    expect(await count()).toBe(before + 1);
  });
});

describe('上传Excel', () => {
  it('makes one draft 入库明细单 per 企业内部编号 with a line per parcel, which the page then declares', async () => {
    const before = await count();
    const filePath = await upload([HEADER, row('RKD-0001', 'YT0001'), row('RKD-0001', 'YT0002', { 12: '外箱破损' }), [], row('RKD-0002', 'YT0003')]);
    const r = await post(def, 'uploadTemplate', { filePath });
    expect(r.body).toMatchObject({ code: 0, data: { total: 2, created: [{ title: 'RKD-0001' }, { title: 'RKD-0002' }] } });
    expect(await count()).toBe(before + 2);
    const id = r.body.data.created[0].id as number;
    expect((await post(def, 'detail', { id })).body.data).toMatchObject({
      copNo: 'RKD-0001', customsCode: '3109', trafNo: 'MU730', billNo: '784-56120348', unloadLocation: 'A区03排', ieFlag: 'I', state: 'DRAFT',
    });
    expect((await post(def, 'lines', { id, pageIndex: 1, pageSize: 10 })).body.data.datas.map((l: Record<string, unknown>) => [l.gnum, l.logisticsNo, l.note]))
      .toEqual([[1, 'YT0001', null], [2, 'YT0002', '外箱破损']]);

    // declared from its page: CEB711 through the outbox, answered by the embedded customs (CEB712)
    expect((await post(def, 'apply', { ids: [id] })).body.data).toMatchObject({ succeeded: 1 });
    await t.app.customs.drain();
    const message = await t.handle.db.selectFrom('customs_messages').select('message_type').where('bill_id', '=', id).executeTakeFirstOrThrow();
    expect(message.message_type).toBe('CEB711');
    expect((await post(def, 'detail', { id })).body.data.state).toBe('399');
  });

  it('refuses a file with bad rows, naming each row, column and problem, and saves nothing of it', async () => {
    const before = await count();
    const rows = [
      HEADER,
      row('RKD-0101', 'YT0101'),
      row('RKD-0101', null),
      row('RKD-0101', 'Y'.repeat(61)),
      row('RKD-0101', 'YT0104', { 10: 'B区' }),
      row('RKD-0102', 'YT0105', { 1: null }),
      row('RKD-0103', 'YT0106'),
    ];
    const r = await post(def, 'uploadTemplate', { filePath: await upload(rows) });
    expect(r.body.code).toBe(-1);
    // the head differing within one bill is found first, while the rows are grouped
    expect(r.body.data.rows).toEqual([
      { row: 5, column: '卸货库位', message: '卸货库位与同一单据（RKD-0101）的首行不一致' },
    ]);
    expect(r.body.message).toBe('第5行：卸货库位与同一单据（RKD-0101）的首行不一致');

    const cells = await post(def, 'uploadTemplate', { filePath: await upload(rows.filter((_, i) => i !== 4)) });
    expect(cells.body.code).toBe(-1);
    expect(cells.body.data.rows).toEqual([
      { row: 3, column: '物流运单编号', message: '请填写物流运单编号' },
      { row: 4, column: '物流运单编号', message: expect.stringContaining('60') },
      { row: 5, column: '申报地海关代码', message: expect.stringContaining('申报地海关代码') },
    ]);
    expect(cells.body.message).toMatch(/^第3行：请填写物流运单编号；第4行：.+；第5行：.+$/);
    expect(await count()).toBe(before);

    // a 企业内部编号 already taken refuses the whole file too
    await post(def, 'uploadTemplate', { filePath: await upload([HEADER, row('RKD-0201', 'YT0201')]) });
    const again = await post(def, 'uploadTemplate', { filePath: await upload([HEADER, row('RKD-0202', 'YT0202'), row('RKD-0201', 'YT0203')]) });
    expect(again.body).toMatchObject({ code: -1, message: '第3行：企业内部编号 RKD-0201 已存在', data: { rows: [{ row: 3, column: '企业内部编号', message: '企业内部编号 RKD-0201 已存在' }] } });
    expect(await count()).toBe(before + 1);
  });

  it('refuses a wrong template and an empty file', async () => {
    expect((await post(def, 'uploadTemplate', { filePath: await upload([HEADER.slice(0, 11), ['X']]) })).body).toMatchObject({ code: -1, message: '数据格式不正确或者模板不正确' });
    expect((await post(def, 'uploadTemplate', { filePath: await upload([HEADER]) })).body).toMatchObject({ code: -1, message: '文件数据为空或格式不正确！' });
  });
});
