/**
 * Reward applications on a real database: the bill-number import (one Excel file, ≤ 20,000 rows,
 * main waybill numbers only, wrong type / template / empty file, a 20,001-row file refused with
 * nothing saved), the application (§5 messages with code -1000), customs' verification through the
 * review API with result rows computed from the bills per apply type, the Notice rule (results only
 * once verified), exports, and another company's records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_IMPORT } from '../../domain/rewards/bill-import.ts';
import { rewardText as t } from '../../domain/texts/rewards.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, OTHER, released, review, upload, workbook } from './settlement-fixtures.ts';

const REVIEW = 'reward-review-secret';
let app: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  [admin, other] = await Promise.all([login(app.app, demo.admin.username, demo.admin.password), login(app.app, demo.other.username, demo.other.password)]);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, session: LoginAnswer = admin) => call(app.app, `/api/enterprise${path}`, data, session.token);
const HEADER = ['提单号', '付款企业', '收款企业', '提货时间', '航班号', '航班日期', '毛重（千克）'];
const bills = (count: number) => Array.from({ length: count }, (_, i) => [`784-${String(10000000 + i)}`, '宁波跨境优选供应链管理有限公司', '宁波机场物流', '2026-11-20 10:00', 'CA1234', '2026-11-20', 12.5]);
const importFile = async (rows: (string | number | null)[][], name = '提单号导入.xlsx') => {
  const { uri } = await upload(app, admin.token, name, await workbook(rows));
  return api('/subsidy/bill/import', { filePath: uri });
};
const subsidyCount = async () => Number((await app.handle.db.selectFrom('subsidy_bills').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const application = (extra: Record<string, unknown> = {}) => ({
  applyType: 'E9', companyType: '1', ckStartTime: '2026-01-01', ckEndTime: '2099-12-31', note: '第四季度',
  recCompanyList: [{ recCompanyName: OTHER.name, recCompanyCode: OTHER.code }], importNo: NO_IMPORT, ...extra,
});

describe('bill-number import', () => {
  it('serves the template', async () => {
    const res = await api('/subsidy/downloadTemplate', {});
    expect(res.body.data.downloadUri).toMatch(/^\/api\/files\/download\/[0-9a-f-]+\/.+\.xlsx$/);
    const file = await app.app.inject({ method: 'GET', url: res.body.data.downloadUri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
    expect(file.statusCode).toBe(200);
    const excel = (await import('exceljs')).default;
    const book = new excel.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);
  });

  it('imports main waybill numbers and lists them by import number', async () => {
    const res = await importFile([HEADER, ...bills(3), ['78410000099']]);
    expect(res.body).toMatchObject({ code: 0, message: t.imported, data: { total: 4 } });
    const importNo = res.body.data.importNo;
    const list = (await api('/subsidy/bill/list', { pageIndex: 0, pageSize: 10, terms: [{ column: 'import_no', termType: 'eq', value: importNo }] })).body.data;
    expect(list.total).toBe(4);
    expect(list.datas[0]).toMatchObject({ billNo: '784-10000000', flightNo: 'CA1234', grossWeight: '12.50000', import_no: importNo, subsidy_id: null });
    expect(list.datas[3].billNo).toBe('784-10000099');
    // one row, then the whole import
    expect((await api('/subsidy/bill/delete', { id: list.datas[0].id })).body).toMatchObject({ code: 0, message: t.deleted });
    expect((await api('/subsidy/bill/deleteAll', { id: importNo })).body).toMatchObject({ code: 0, message: t.deleted });
    expect((await api('/subsidy/bill/deleteAll', { id: importNo })).body).toMatchObject({ code: -1, message: t.importNotFound });
  });

  it('refuses sub-waybill numbers, a wrong template, an empty file, a non-Excel file and two files, saving nothing', async () => {
    const before = await subsidyCount();
    const sub = await importFile([HEADER, ...bills(2), ['784-12345675-001']]);
    expect(sub.body).toMatchObject({ code: -1, message: t.badBillNo(4, '784-12345675-001') });
    expect((await importFile([['运单号'], ['784-12345675']])).body).toMatchObject({ code: -1, message: t.badTemplate });
    expect((await importFile([HEADER])).body).toMatchObject({ code: -1, message: t.emptyFile });
    const png = await upload(app, admin.token, '截图.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    expect((await api('/subsidy/bill/import', { filePath: png.uri })).body).toMatchObject({ code: -1, message: t.excelOnly });
    const a = await upload(app, admin.token, 'a.xlsx', await workbook([HEADER, ...bills(1)]));
    expect((await api('/subsidy/bill/import', { filePath: [a.uri, a.uri] })).body).toMatchObject({ code: -1, message: t.oneFile });
    // over the upload limit (10 MB): refused before anything is stored
    const big = await upload(app, admin.token, '大文件.xlsx', Buffer.alloc(11 * 1024 * 1024, 1));
    expect(big.body).toMatchObject({ code: -1, message: '文件大小不能超过10MB' });
    // another company's upload is as unknown as a made-up one
    expect((await api('/subsidy/bill/import', { filePath: a.uri }, other)).body.code).toBe(-1);
    expect(await subsidyCount()).toBe(before);
  });

  it('takes 20,000 rows and refuses 20,001 with nothing saved', async () => {
    const before = await subsidyCount();
    const over = await importFile([HEADER, ...bills(20_001)]);
    expect(over.body).toMatchObject({ code: -1, message: t.tooManyRows(20_000) });
    expect(await subsidyCount()).toBe(before);
    const ok = await importFile([HEADER, ...bills(20_000)]);
    expect(ok.body).toMatchObject({ code: 0, data: { total: 20_000 } });
    expect(await subsidyCount()).toBe(before + 20_000);
    await api('/subsidy/bill/deleteAll', { id: ok.body.data.importNo });
  }, 60_000);
});

describe('applications', () => {
  it('refuses incomplete applications with code -1000 and the §5 messages', async () => {
    const expectRefused = async (data: unknown, message: string) => expect((await api('/subsidy/apply', data)).body).toMatchObject({ code: -1000, message });
    await expectRefused(application({ applyType: '' }), t.incomplete);
    await expectRefused(application({ companyType: undefined }), t.incomplete);
    await expectRefused(application({ ckEndTime: '' }), t.incomplete);
    await expectRefused(application({ recCompanyList: [] }), t.chooseBound);
    await expectRefused(application({ companyType: '3' }), t.badCompanyType);
    await expectRefused(application({ applyType: 'X9' }), t.badApplyType);
    await expectRefused(application({ ckStartTime: '2026-12-01', ckEndTime: '2026-11-01' }), t.badDateRange);
    await expectRefused(application({ importNo: 424242 }), t.importNotFound);
  });

  it('applies with imported bills, is verified against the inventories, and shows the results only then', async () => {
    // two released 9610 export inventories on one main waybill, one on another
    for (const [billNo, weight] of [['784-20000001', 2.5], ['784-20000001', 1.25], ['784-20000002', 4]] as const) {
      await released(app, DEMO.code, { billNo, grossWeight: weight, tradeMode: '9610' });
    }
    const imported = (await importFile([HEADER, ['784-20000001', null, null, '2026-11-21 08:00'], ['784-20000002'], ['784-20000003']])).body.data;
    const res = await api('/subsidy/apply', application({ importNo: imported.importNo }));
    expect(res.body).toMatchObject({ code: 0, message: t.applied, data: { state: 'wait_audit', stateName: '待核验', applyTypeName: 'E9 跨境电商9610出口', checkable: false } });
    const id = res.body.data.id;
    // the import is taken: not deletable any more
    expect((await api('/subsidy/bill/deleteAll', { id: imported.importNo })).body.code).toBe(-1);
    const detail = (await api('/subsidy/detail', { id })).body.data;
    expect(detail).toMatchObject({ companyTypeName: '货主', ckTime: '2026-01-01 ~ 2099-12-31', billCount: 3, recCompanyList: [{ recCompanyCode: OTHER.code, recCompanyName: OTHER.name }] });
    expect((await api('/subsidy/bill/list', { pageIndex: 0, pageSize: 10, terms: [{ column: 'subsidy_id', termType: 'eq', value: id }] })).body.data.total).toBe(3);
    // not verified yet: no results (the page shows the Notice alert)
    expect((await api('/subsidy/result/E9/list', { pageIndex: 0, pageSize: 10, terms: [{ column: 'subsidy_id', termType: 'eq', value: id }] })).body).toMatchObject({ code: -1, message: t.notVerified });
    expect((await review(app, REVIEW, 'subsidy/finish', { id })).body).toMatchObject({ code: -1, message: t.refused('待核验', '完成核验') });
    expect((await review(app, REVIEW, 'subsidy/start', { id })).body.data.state).toBe('audit');
    expect((await review(app, REVIEW, 'subsidy/start', { id })).body).toMatchObject({ code: -1, message: t.refused('核验中', '开始核验') });
    expect((await review(app, REVIEW, 'subsidy/finish', { id })).body.data.state).toBe('approved');
    const results = (await api('/subsidy/result/E9/list', { pageIndex: 0, pageSize: 10, terms: [{ column: 'subsidy_id', termType: 'eq', value: id }] })).body.data;
    expect(results.columns.map((c: { field: string }) => c.field)).toEqual(['appTime', 'takeTime', 'billNo', 'subclNum', 'grossWeight']);
    const byBill = Object.fromEntries(results.datas.map((r: { billNo: string }) => [r.billNo, r]));
    expect(byBill['784-20000001']).toMatchObject({ subclNum: 2, grossWeight: 3.75, takeTime: '2026-11-21 08:00' });
    expect(byBill['784-20000002']).toMatchObject({ subclNum: 1, grossWeight: 4 });
    expect(byBill['784-20000003']).toMatchObject({ subclNum: 0, grossWeight: 0, appTime: null });
    expect((await api('/subsidy/result/I9/list', { terms: [{ column: 'subsidy_id', termType: 'eq', value: id }] })).body).toMatchObject({ code: -1, message: t.notFound });
    const exported = (await api('/subsidy/result/E9/export', { terms: [{ column: 'subsidy_id', termType: 'eq', value: id }] })).body.data;
    expect((await app.app.inject({ method: 'GET', url: exported.downloadUri, headers: { 'x-authorization': `Bearer ${admin.token}` } })).statusCode).toBe(200);
    expect((await api('/subsidy/list', { pageIndex: 0, pageSize: 50 })).body.data.datas.find((r: { id: number }) => r.id === id)).toMatchObject({ stateName: '核验完成', checkable: true });
  });

  it('verifies the bonded shape per inventory without a bill list', async () => {
    await released(app, DEMO.code, { mode: 'import', tradeMode: '1210', invtNo: 'INV1210A', voyageNo: 'MU5011', grossWeight: 9 });
    const id = (await api('/subsidy/apply', application({ applyType: 'I1', companyType: '2' }))).body.data.id;
    await review(app, REVIEW, 'subsidy/start', { id });
    await review(app, REVIEW, 'subsidy/finish', { id });
    const rows = (await api('/subsidy/result/I1/list', { terms: [{ column: 'subsidy_id', termType: 'eq', value: id }] })).body.data.datas;
    expect(rows).toContainEqual(expect.objectContaining({ declNo: 'INV1210A', voyNo: 'MU5011', grossWeight: 9 }));
  });

  it('lists with the ck_time range terms, exports, and keeps companies apart', async () => {
    const list = (await api('/subsidy/list', {
      pageIndex: 0, pageSize: 50, terms: [{ column: 'ck_start_time', termType: 'gte', value: '2026-01-01' }, { column: 'ck_end_time', termType: 'lte', value: '2099-12-31' }],
    })).body.data;
    expect(list.total).toBeGreaterThanOrEqual(2);
    const first = list.datas[0];
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['applyTime', 'applyTypeName', 'ckTime', 'note', 'stateName']));
    expect((await api('/subsidy/export', { terms: [] })).body.data.downloadUri).toMatch(/\.xlsx$/);
    expect((await api('/subsidy/detail', { id: first.id }, other)).body).toMatchObject({ code: -1, message: t.notFound });
    expect((await api('/subsidy/list', { pageIndex: 0, pageSize: 50 }, other)).body.data.total).toBe(0);
    expect((await api('/subsidy/company/queryCompany', {})).body.data).toEqual({ companyName: DEMO.name, companyCode: DEMO.code });
    expect((await api('/subsidy/company/queryRecCompany', { companyName: '云途' })).body.data).toEqual([{ recCompanyCode: OTHER.code, recCompanyName: OTHER.name }]);
  });
});
