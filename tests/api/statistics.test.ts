/**
 * Statistics on a real database: real sums of the company's released inventories (order count,
 * goods value, gross weight) by day, port, business mode and the tab's company code, the total row
 * last, sorting, the filters' §5 rules, the export, other companies' bills left out, and the
 * trigger-kept summary following every later change of an inventory or its lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { statisticsTerms, type StatisticsTab } from '../../domain/statistics/query.ts';
import { statisticsText as t } from '../../domain/texts/statistics.ts';
import { rebuildStatistics } from '../../server/statistics/summary-sql.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, OTHER, released } from './settlement-fixtures.ts';

let app: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
const PLATFORM = { ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台' };
beforeAll(async () => {
  app = await createTestApp();
  [admin, other] = await Promise.all([login(app.app, demo.admin.username, demo.admin.password), login(app.app, demo.other.username, demo.other.password)]);
  const day = (d: string) => ({ ieDate: d, appTime: new Date(`${d}T10:00:00+08:00`) });
  // export 9610 at port 3105 on 2026-03-01: two (one of them another ebc), one on 2026-03-02; one 1210
  await released(app, DEMO.code, { ...day('2026-03-01'), ...PLATFORM, customsCode: '3105', prices: [100, 50.5], grossWeight: 2.5 });
  await released(app, DEMO.code, { ...day('2026-03-01'), ...PLATFORM, customsCode: '3105', prices: [10], grossWeight: 1, ebcCode: '3302961ZZZ', ebcName: '宁波另一电商' });
  await released(app, DEMO.code, { ...day('2026-03-02'), ...PLATFORM, customsCode: '3105', prices: [1.23456], grossWeight: 0.5 });
  await released(app, DEMO.code, { ...day('2026-03-02'), ...PLATFORM, customsCode: '3105', tradeMode: '1210', zoneCode: '3105W60001', zoneName: '宁波保税区仓储', prices: [7], grossWeight: 3 });
  // import 1210 with an area code, at port 3104
  await released(app, DEMO.code, { ...day('2026-03-05'), mode: 'import', tradeMode: '1210', customsCode: '3104', zoneCode: '3105W60002', zoneName: '宁波保税区二号仓', prices: [99.9], grossWeight: 4 });
  // not counted: not released, out of range, another company's
  await released(app, DEMO.code, { ...day('2026-03-01'), state: '120', prices: [1000] });
  await released(app, DEMO.code, { ...day('2025-01-01'), prices: [1000] });
  await released(app, OTHER.code, { ...day('2026-03-01'), prices: [1000] });
});
afterAll(() => app?.close());

const filter = { startDate: '2026-03-01 00:00:00', endDate: '2026-03-31 23:59:59', businessMode: 'E,ALL' };
const query = (tab: StatisticsTab, f: Partial<typeof filter> & { customsCode?: string } = {}, sorts: unknown[] = [], session = admin) =>
  call(app.app, '/api/agent/counts/list', { terms: statisticsTerms(tab, { ...filter, ...f }), sorts }, session.token);

describe('statistics', () => {
  it('sums by day, port, mode and e-commerce company, with the total row last', async () => {
    const rows = (await query('ebc')).body.data.datas;
    expect(rows).toEqual([
      { iedate: '2026-03-01', customsCodeName: '甬保税区', customsCode: '3105', agentName: DEMO.name, agentCode: DEMO.code, tradeModeName: '出口 9610 电子商务', total: 1, goodsValue: 150.5, grossWeight: 2.5 },
      { iedate: '2026-03-01', customsCodeName: '甬保税区', customsCode: '3105', agentName: '宁波另一电商', agentCode: '3302961ZZZ', tradeModeName: '出口 9610 电子商务', total: 1, goodsValue: 10, grossWeight: 1 },
      { iedate: '2026-03-02', customsCodeName: '甬保税区', customsCode: '3105', agentName: DEMO.name, agentCode: DEMO.code, tradeModeName: '出口 1210 保税电商', total: 1, goodsValue: 7, grossWeight: 3 },
      { iedate: '2026-03-02', customsCodeName: '甬保税区', customsCode: '3105', agentName: DEMO.name, agentCode: DEMO.code, tradeModeName: '出口 9610 电子商务', total: 1, goodsValue: 1.23456, grossWeight: 0.5 },
      { iedate: t.totalRow, customsCodeName: '', customsCode: '', agentName: '', agentCode: '', tradeModeName: '', total: 4, goodsValue: 168.73456, grossWeight: 7, isTotal: true },
    ]);
  });

  it('groups by platform, or by in-zone company (iac_code on export, area_code on import), with mode and port filters', async () => {
    const ebp = (await query('ebp', { businessMode: 'E,9610' })).body.data.datas;
    expect(ebp.map((r: { agentCode: string; total: number }) => [r.agentCode, r.total])).toEqual([[PLATFORM.ebpCode, 2], [PLATFORM.ebpCode, 1], ['', 3]]);
    const zoneExport = (await query('zone', { businessMode: 'E,1210' })).body.data.datas;
    expect(zoneExport[0]).toMatchObject({ agentCode: '3105W60001', agentName: '宁波保税区仓储', total: 1 });
    const zoneImport = (await query('zone', { businessMode: 'I,ALL' })).body.data.datas;
    expect(zoneImport[0]).toMatchObject({ agentCode: '3105W60002', customsCode: '3104', tradeModeName: '进口 1210 保税电商', goodsValue: 99.9, grossWeight: 4 });
    expect((await query('ebc', { customsCode: '3104' })).body.data.datas).toEqual([expect.objectContaining({ isTotal: true, total: 0 })]);
  });

  it('sorts by order count, goods value or gross weight, keeping the total last', async () => {
    const rows = (await query('ebc', {}, [{ name: 'goodsValue', order: 'desc' }])).body.data.datas;
    expect(rows.map((r: { goodsValue: number }) => r.goodsValue)).toEqual([150.5, 10, 7, 1.23456, 168.73456]);
    const asc = (await query('ebc', {}, [{ name: 'grossWeight', order: 'asc' }])).body.data.datas;
    expect(asc.map((r: { grossWeight: number }) => r.grossWeight)).toEqual([0.5, 1, 2.5, 3, 7]);
    expect((await query('ebc', {}, [{ name: 'agentName', order: 'asc' }])).body.code).toBe(-1);
  });

  it('refuses missing dates or mode, a range over 31968e6 ms, and a wrong tab term', async () => {
    const raw = (terms: unknown[]) => call(app.app, '/api/agent/counts/list', { terms }, admin.token);
    expect((await raw([{ column: 'tradeMode', termType: 'eq', value: 'E,ALL' }])).body).toMatchObject({ code: -1, message: t.datesRequired });
    expect((await raw([{ column: 'ieDate', termType: 'btw', value: ['2026-01-01', '2026-02-01'] }])).body).toMatchObject({ code: -1, message: t.modeRequired });
    // the dates are days: 370 days apart is allowed, 371 is not
    expect((await query('ebc', { startDate: '2025-01-01', endDate: '2026-01-06' })).body.code).toBe(0);
    expect((await query('ebc', { startDate: '2025-01-01', endDate: '2026-01-07' })).body).toMatchObject({ code: -1, message: t.rangeTooLong });
    expect((await call(app.app, '/api/agent/counts/list', { terms: statisticsTerms('zone', { ...filter, businessMode: 'E,ALL' }).map((x) => (x.column === 'companyType' ? { ...x, value: 'area_code' } : x)) }, admin.token)).body)
      .toMatchObject({ code: -1, message: t.badCompanyType });
  });

  it('exports the same rows to .xlsx', async () => {
    const res = await call(app.app, '/api/agent/counts/exportAgent', { terms: statisticsTerms('ebc', filter) }, admin.token);
    const file = await app.app.inject({ method: 'GET', url: res.body.data.downloadUri, headers: { 'x-authorization': `Bearer ${admin.token}` } });
    const excel = (await import('exceljs')).default;
    const book = new excel.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '日期', '口岸名称', '口岸代码', '企业', '海关注册编码', '业务类型', '订单数', '货值（元）', '毛重（KG）']);
    expect(sheet.getRow(6).values).toEqual([undefined, t.totalRow, undefined, undefined, undefined, undefined, undefined, 4, 168.73456, 7]);
  });

  it('shows another company only its own bills', async () => {
    const rows = (await query('ebc', {}, [], other)).body.data.datas;
    expect(rows.at(-1)).toMatchObject({ total: 1, goodsValue: 1000 });
  });

  it('follows later changes: lines edited, a state change, a deletion; a rebuild gives the same sums', async () => {
    const db = app.handle.db;
    const id = await released(app, DEMO.code, { ieDate: '2026-03-20', prices: [5], grossWeight: 1 });
    const sumOf = async () => (await query('ebc', { startDate: '2026-03-20 00:00:00', endDate: '2026-03-20 23:59:59' })).body.data.datas.at(-1);
    expect(await sumOf()).toMatchObject({ total: 1, goodsValue: 5 });
    await db.insertInto('bill_lines').values({ company_id: (await db.selectFrom('bill_heads').select('company_id').where('id', '=', id).executeTakeFirstOrThrow()).company_id, head_id: id, gnum: 9, data: JSON.stringify({ totalPrice: 2.5 }) }).execute();
    expect(await sumOf()).toMatchObject({ total: 1, goodsValue: 7.5 });
    await sql`update bill_lines set data = jsonb_set(data, '{totalPrice}', '1') where head_id = ${id} and gnum = 9`.execute(db);
    expect(await sumOf()).toMatchObject({ goodsValue: 6 });
    await sql`update bill_heads set data = jsonb_set(data, '{grossWeight}', '"not a number"') where id = ${id}`.execute(db);
    expect(await sumOf()).toMatchObject({ grossWeight: 0 });
    await db.updateTable('bill_heads').set({ state: '899' }).where('id', '=', id).execute();
    expect(await sumOf()).toMatchObject({ total: 1 });
    await db.updateTable('bill_heads').set({ state: '100' }).where('id', '=', id).execute();
    expect(await sumOf()).toMatchObject({ total: 0, goodsValue: 0 });
    await db.updateTable('bill_heads').set({ state: '800' }).where('id', '=', id).execute();
    expect(await sumOf()).toMatchObject({ total: 1, goodsValue: 6 });
    const before = (await query('ebc')).body.data.datas;
    await rebuildStatistics(db);
    expect((await query('ebc')).body.data.datas).toEqual(before);
    await db.deleteFrom('bill_heads').where('id', '=', id).execute();
    expect(await sumOf()).toMatchObject({ total: 0 });
  });
});
