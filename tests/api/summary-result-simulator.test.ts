// The export summary on a real server with the embedded customs: two inventories declared through
// the bill routes (order, receipt of payment and waybill first) and released, 汇总申请 of both from
// the inventory list, customs concluding it (CEB702 399 with its sumNo) and then issuing its CEB792 —
// which the receipt pipeline turns into the 汇总结果单 and its 清单总分单明细 rows for the company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportListTotalScoreSheet } from '../../domain/bills/export-list-total-score-sheet.ts';
import { exportSummaryApplicationForm } from '../../domain/bills/export-summary-application-form.ts';
import { exportSummaryResultSheet } from '../../domain/bills/export-summary-result-sheet.ts';
import { findBill } from '../../domain/bills/index.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { summarisedInventories } from '../../server/customs/simulator/summary-result.ts';
import { detailedListBill } from '../customs/fixtures-export.ts';
import { exportOrderBill, exportReceiptBill, exportWaybillBill } from '../customs/fixtures.ts';
import { call, declareFixture, openDemoSuite, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => ({ t, admin, other } = await openDemoSuite({ env: { CUSTOMS_POLL_MS: '0' } })));
afterAll(() => t.close());

const def = (key: string): BillDefinition => findBill('export', key)!;
const post = (d: BillDefinition, key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${d.api[key]}`, data, token);
const list = async (d: BillDefinition, terms: unknown[] = [], token = admin.token) => (await post(d, 'pageList', { pageIndex: 0, pageSize: 50, terms }, token)).body.data;

/** Saves and declares a fixture bill through the routes; answers its id once customs has answered. */
const declare = (d: BillDefinition, fixture: Parameters<typeof declareFixture>[3]) => declareFixture(t, admin.token, d, fixture);

/** A released export inventory of its own order, receipt of payment and waybill (the fixtures' two goods lines). */
async function releasedInventory(n: number) {
  const orderNo = `YX2026032010000000${n}`;
  const logisticsNo = `YT260320100000012${n}`;
  await declare(def('order'), exportOrderBill({ orderNo }));
  await declare(def('receipt'), exportReceiptBill({ orderNo, payNo: `LL202603201000000000${n}`, payerName: '陈思远', payerIdNumber: '330203199004123218', payTime: '2026-03-20 10:20:00' }));
  await declare(def('waybill'), exportWaybillBill({ orderNo, logisticsNo, billNo: 'MU5077-20260320', consignee: 'Ahmad Faizal', consigneeTelephone: '+60123456789', consigneeAddress: 'No. 12, Jalan Ampang, Kuala Lumpur' }));
  const id = await declare(def('detailedList'), detailedListBill({ orderNo, logisticsNo, copNo: `QD2026032000000${n}`, grossWeight: n === 1 ? 0.85 : 1.2, netWeight: n === 1 ? 0.7 : 1.05 }));
  const inventory = (await post(def('detailedList'), 'detail', { id })).body.data;
  expect(inventory, JSON.stringify(inventory)).toMatchObject({ state: '800' });
  return { id, invtNo: inventory.invtNo as string, logisticsNo };
}

describe('汇总结果单 from the embedded customs', () => {
  it('answers a concluded 汇总申请 with its CEB792: the result, its rows and the 清单总分单明细', async () => {
    const a = await releasedInventory(1);
    const b = await releasedInventory(2);
    const r = await post(def('detailedList'), 'summarize', { inventoryIds: [a.id, b.id], summaryFlag: '1' });
    expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ total: 2, succeeded: 2, failed: [] });
    await t.app.customs.drain();

    const [listed] = (await list(exportSummaryApplicationForm)).datas;
    expect(listed).toMatchObject({ state: '399' });
    // the whole bills: a list row carries only what its list shows
    const application = (await post(exportSummaryApplicationForm, 'detail', { id: listed.id })).body.data;
    expect(application.sumNo).toMatch(/^\d{18}$/);

    const results = await list(exportSummaryResultSheet);
    expect(results.total).toBe(1);
    const result = (await post(exportSummaryResultSheet, 'detail', { id: results.datas[0].id })).body.data;
    expect(result).toMatchObject({
      sumNo: application.sumNo, decState: 'A', stateName: '海关已下发',
      agentCode: application.agentCode, agentName: application.agentName, ebcCode: application.ebcCode, ebcName: application.ebcName,
      declAgentName: application.declAgentName, grossWeight: 2.05, netWeight: 1.75,
      customsCode: '3118', declAgentCode: application.declAgentCode, msgCount: 1, msgSeqNo: 1,
    });
    expect(result.declSeqNo).toMatch(/^S\d{17}$/);

    // one row per goods line of each inventory; tea and silk are one declaration item each
    const rows = (await post(exportSummaryResultSheet, 'lines', { id: result.id, pageIndex: 1, pageSize: 10 })).body.data;
    expect(rows.total).toBe(4);
    const key = (l: { invtNo: string; gnum: number; gcode: string; gseqno: number; logisticsNo: string }) => `${l.invtNo} ${l.logisticsNo} ${l.gnum} ${l.gcode} ${l.gseqno}`;
    expect(rows.datas.map(key).sort()).toEqual([
      `${a.invtNo} ${a.logisticsNo} 1 0902109000 1`, `${a.invtNo} ${a.logisticsNo} 2 6214100090 2`,
      `${b.invtNo} ${b.logisticsNo} 1 0902109000 1`, `${b.invtNo} ${b.logisticsNo} 2 6214100090 2`,
    ].sort());

    const sheet = await list(exportListTotalScoreSheet, [{ column: 'sum_no', termType: 'like', value: application.sumNo }]);
    expect(sheet.total).toBe(4);
    expect(sheet.datas.every((s: { declSeqNo: string; decState: string }) => s.declSeqNo === result.declSeqNo && s.decState === 'A')).toBe(true);
    expect(sheet.datas.map((s: { invtNo: string }) => s.invtNo).sort()).toEqual([a.invtNo, a.invtNo, b.invtNo, b.invtNo]);
    expect((await list(exportListTotalScoreSheet, [{ column: 'sum_no', termType: 'like', value: '999999999999999999' }])).total).toBe(0);

    // the CEB792 is kept with the application it answers, and another company sees none of it
    const stored = await t.handle.db.selectFrom('customs_receipts').select(['bill_id', 'return_status']).where('message_type', '=', 'CEB792').execute();
    expect(stored).toEqual([{ bill_id: application.id, return_status: 'A' }]);
    expect((await list(exportSummaryResultSheet, [], other.token)).total).toBe(0);
    expect((await list(exportListTotalScoreSheet, [], other.token)).total).toBe(0);
  });

  it('finds the released inventories customs holds by the listed invtNo, or by the time window that replaces the list', async () => {
    const held = await t.handle.db.selectFrom('customs_sim_documents').select('head').where('message_type', '=', 'CEB603').where('status', '=', '800').orderBy('id').execute();
    const heads = held.map((h) => (typeof h.head === 'string' ? JSON.parse(h.head) : h.head) as Record<string, string>);
    expect(heads).toHaveLength(2);
    const [a, b] = heads as [Record<string, string>, Record<string, string>];
    const apply = { agentCode: a.agentCode!, ebcCode: a.ebcCode!, customsCode: a.customsCode! };
    const invtNos = async (applyExtra: Record<string, string>, listed: string[] = []) =>
      (await summarisedInventories(t.handle.db, { ...apply, ...applyExtra }, listed.map((invtNo) => ({ invtNo })))).map((i) => i.head.invtNo);
    // the application's order; an invtNo customs never released is left out
    expect(await invtNos({}, [b.invtNo!, '31182026E999999998', a.invtNo!])).toEqual([b.invtNo, a.invtNo]);
    expect(await invtNos({ ebcCode: '3302969Z9Z' }, [a.invtNo!])).toEqual([]);
    // a window ignores the list, and takes what was declared within it
    expect(await invtNos({ startTime: '20000101000000', endTime: '29991231235959' }, ['31182026E999999998'])).toEqual([a.invtNo, b.invtNo]);
    expect(await invtNos({ startTime: b.appTime!, endTime: '29991231235959' })).toEqual(a.appTime! < b.appTime! ? [b.invtNo] : [a.invtNo, b.invtNo]);
    expect(await invtNos({ startTime: '20000101000000', endTime: '20000102000000' })).toEqual([]);
    expect((await summarisedInventories(t.handle.db, apply, [{ invtNo: a.invtNo! }]))[0]!.lines.map((l) => l.gcode)).toEqual(['0902109000', '6214100090']);
  });

  it('concludes an application of inventories customs never released, but issues no result for it', async () => {
    // released on the console's side only (as a bill brought in from elsewhere): customs holds no such inventory
    const fixture = detailedListBill({ copNo: 'QD20260320000009', orderNo: 'YX20260320100000009', logisticsNo: 'YT2603201000000129' });
    const { appTime: _appTime, ...head } = fixture.head;
    const saved = await post(def('detailedList'), 'save', { ...head, details: fixture.lines.map((l, i) => ({ ...l, id: `temp${i + 1}` })) });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 0 });
    await t.handle.db.updateTable('bill_heads').set({ state: '800', return_status: '800', invt_no: '31182026E999999999' }).where('id', '=', saved.body.data.id).execute();
    const before = (await list(exportSummaryResultSheet)).total;
    const r = await post(def('detailedList'), 'summarize', { inventoryIds: [saved.body.data.id], summaryFlag: '1' });
    expect(r.body.data).toMatchObject({ succeeded: 1 });
    await t.app.customs.drain();
    const newest = (await list(exportSummaryApplicationForm)).datas.reduce((m: { id: number }, d: { id: number }) => (d.id > m.id ? d : m));
    expect(newest).toMatchObject({ state: '399' });
    expect(newest.sumNo).toMatch(/^\d{18}$/);
    expect((await list(exportSummaryResultSheet)).total).toBe(before);
    expect(await t.handle.db.selectFrom('customs_receipts').select('id').where('message_type', '=', 'CEB792').where('bill_id', '=', newest.id).execute()).toEqual([]);
  });
});
