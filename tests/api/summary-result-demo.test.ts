// The running product's demo: a 汇总申请 of seeded released 出口清单 (held by the embedded customs as
// received ones are) is concluded and answered with its 汇总结果单, as one declared in the console is.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportDetailedList } from '../../domain/bills/export-detailed-list.ts';
import { exportSummaryResultSheet } from '../../domain/bills/export-summary-result-sheet.ts';
import { call, demo, openDemoSuite, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
beforeAll(async () => ({ t, admin } = await openDemoSuite({ seedBills: true })));
afterAll(() => t.close());

it('a 汇总申请 of seeded released 出口清单 gets its 汇总结果单 with their goods', async () => {
  const db = t.handle.db;
  const summarised = db.selectFrom('bill_lines').innerJoin('bill_heads', 'bill_heads.id', 'bill_lines.head_id')
    .select(sql => sql.ref('bill_lines.data').as('data')).where('bill_heads.bill_key', '=', 'summaryApplicationForm');
  const taken = new Set((await summarised.execute()).map((r) => ((typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as { invtNo?: string }).invtNo));
  const released = (await db.selectFrom('bill_heads').select(['id', 'invt_no'])
    .where('bill_key', '=', 'detailedList').where('mode', '=', 'export').where('state', '=', '800')
    .where('company_id', '=', admin.userInfo.companyId).orderBy('id').execute()).filter((r) => !taken.has(r.invt_no ?? ''));
  expect(released.length).toBeGreaterThan(0);
  const before = (await call(t.app, `/api/enterprise${exportSummaryResultSheet.api.pageList}`, { pageIndex: 0, pageSize: 50 }, admin.token)).body.data.total;
  const r = await call(t.app, `/api/enterprise${exportDetailedList.api.summarize}`, { inventoryIds: [released[0]!.id], summaryFlag: '1' }, admin.token);
  expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ succeeded: 1 });
  await t.app.customs.drain();
  const application = await db.selectFrom('bill_heads').select(['id', 'state', 'data']).where('bill_key', '=', 'summaryApplicationForm')
    .where('company_id', '=', admin.userInfo.companyId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const { sumNo } = (typeof application.data === 'string' ? JSON.parse(application.data) : application.data) as { sumNo: string };
  expect(application.state).toBe('399');
  const results = (await call(t.app, `/api/enterprise${exportSummaryResultSheet.api.pageList}`, { pageIndex: 0, pageSize: 50 }, admin.token)).body.data;
  expect(results.total).toBe(before + 1);
  const result = results.datas.find((d: { sumNo: string }) => d.sumNo === sumNo);
  expect(result, sumNo).toBeDefined();
  const rows = (await call(t.app, `/api/enterprise${exportSummaryResultSheet.api.lines}`, { id: result.id, pageIndex: 1, pageSize: 50 }, admin.token)).body.data;
  expect(rows.total).toBeGreaterThan(0);
  expect(rows.datas.every((l: { invtNo: string; gcode: string }) => l.invtNo === released[0]!.invt_no && /^\d{10}$/.test(l.gcode))).toBe(true);
});
