// Bills customs issues (税单 from CEB816/818, 汇总结果单 and 清单总分单明细 from CEB792) filled by the
// real receipt pipeline through their definitions' `issued` word, and read through the generic bill
// routes: list, state counts, detail, lines, 税款总额, 重新发送回执, another company's view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTaxbill } from '../../domain/bills/import-taxbill.ts';
import { exportSummaryResultSheet } from '../../domain/bills/export-summary-result-sheet.ts';
import { exportListTotalScoreSheet } from '../../domain/bills/export-list-total-score-sheet.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { newGuid } from '../../server/customs/declaration.ts';
import { buildIssuedXml } from '../../server/customs/issued-build.ts';
import { insertReleasedInventory } from '../../server/db/seed/released-inventory.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
let inventoryId: number;

const INVT = '31052026I000000123';
beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
  inventoryId = await insertReleasedInventory(t.handle.db, admin.userInfo.companyId, {
    mode: 'import', copNo: 'IMP-TAX-0001', invtNo: INVT, orderNo: 'SO-TAX-0001', ebcCode: admin.userInfo.companyCode!, ebcName: '宁波跨境优选',
    prices: [300, 120],
  });
  // the buyer and the goods' names, as a declared inventory holds them
  await t.handle.db.updateTable('bill_heads').set({ data: JSON.stringify({ buyerName: '张伟', buyerIdNumber: '330203199001011234', currency: '142' }) })
    .where('id', '=', inventoryId).execute();
  const lines = await t.handle.db.selectFrom('bill_lines').select(['id', 'gnum', 'data']).where('head_id', '=', inventoryId).orderBy('gnum').execute();
  for (const l of lines) {
    const data = { ...(l.data as object), gname: l.gnum === 1 ? '面霜' : '维生素片', qty: 1, price: l.gnum === 1 ? 300 : 120, gcode: l.gnum === 1 ? '3304990099' : '2106909090' };
    await t.handle.db.updateTable('bill_lines').set({ data: JSON.stringify(data) }).where('id', '=', l.id).execute();
  }
});
afterAll(async () => { await t.close(); });

const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);
const ingest = (xml: string, companyId?: number) => t.app.customs.ingestReceiptXml(xml, companyId === undefined ? {} : { companyId });
const list = async (def: BillDefinition, terms: unknown[] = [], token = admin.token) => (await post(def, 'pageList', { pageIndex: 0, pageSize: 50, terms }, token)).body;
/** The whole bill (a list row carries only what its list shows). */
const detail = async (def: BillDefinition, id: number) => (await post(def, 'detail', { id, startTime: '', endTime: '' })).body.data;

const taxXml = (taxNo: string, status: string, returnTime: string) => buildIssuedXml('CEB816', newGuid(), [{
  head: {
    guid: newGuid(), returnTime, invtNo: INVT, taxNo, customsTax: '0', valueAddedTax: '43.94', consumptionTax: '37.06', status,
    assureCode: '3302961A2B', customsCode: '3105',
  },
  lines: [
    { gnum: '1', gcode: '3304990099', taxPrice: '300', customsTax: '0', valueAddedTax: '32.12', consumptionTax: '37.06' },
    { gnum: '2', gcode: '2106909090', taxPrice: '120', customsTax: '0', valueAddedTax: '10.92', consumptionTax: '0' },
  ],
}]);
const statusXml = (taxNo: string, status: string, returnTime: string) =>
  buildIssuedXml('CEB818', newGuid(), [{ head: { guid: newGuid(), returnTime, invtNo: INVT, taxNo, status } }]);

describe('税单 (CEB816/818 → taxbill)', () => {
  it('makes a tax bill from a CEB816, with the buyer and goods of its 进口清单', async () => {
    const r = await ingest(taxXml('T3105202600000001', '1', '20260320101500123'), admin.userInfo.companyId);
    expect(r).toMatchObject({ messageType: 'CEB816', stored: 1 });
    const page = await list(importTaxbill);
    expect(page.code).toBe(0);
    expect(page.data.total).toBe(1);
    const row = page.data.datas[0];
    expect(row).toMatchObject({ taxNo: 'T3105202600000001', invtNo: INVT, orderNo: 'SO-TAX-0001', buyerName: '张伟', taxAmount: 81, state: '1', stateName: '已生成' });
    // the buyer's ID number is the bill's, not the list's
    expect(row).not.toHaveProperty('buyerIdNumber');
    expect(await detail(importTaxbill, row.id)).toMatchObject({
      taxNo: 'T3105202600000001', invtNo: INVT, orderNo: 'SO-TAX-0001', buyerName: '张伟', buyerIdNumber: '330203199001011234',
      taxAmount: 81, vatAmount: 43.94, exciseAmount: 37.06, customsAmount: 0, releaseTime: '2026-03-20 10:15:00', state: '1', stateName: '已生成',
    });
    const lines = (await post(importTaxbill, 'lines', { id: row.id })).body.data;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ gnum: 1, gname: '面霜', qty: 1, price: 300, taxPrice: 300, vatAmount: 32.12, exciseAmount: 37.06, taxAmount: 69.18, vatRate: 10.71, exciseRate: 12.35 });
    expect(lines[1]).toMatchObject({ gnum: 2, gname: '维生素片', vatRate: 9.1, exciseRate: 0, taxAmount: 10.92 });
  });

  it('adds up 税款总额 over the list\'s conditions', async () => {
    await ingest(taxXml('T3105202600000002', '1', '20260321090000000'), admin.userInfo.companyId);
    const all = await post(importTaxbill, 'summary', { terms: [] });
    expect(all.body).toMatchObject({ code: 0, data: '162.00' });
    const one = await post(importTaxbill, 'summary', { terms: [{ column: 'tax_no', termType: 'eq', value: 'T3105202600000002' }] });
    expect(one.body.data).toBe('81.00');
    const none = await post(importTaxbill, 'summary', { terms: [{ column: 'tax_no', termType: 'eq', value: 'NOPE' }] });
    expect(none.body.data).toBe('0.00');
  });

  it('takes a file once, moves the status with a newer CEB818 and ignores an older one', async () => {
    await ingest(taxXml('T3105202600000001', '1', '20260320101500123'), admin.userInfo.companyId);
    expect((await list(importTaxbill)).data.total).toBe(2);
    await ingest(statusXml('T3105202600000001', '2', '20260322080000000'), admin.userInfo.companyId);
    await ingest(statusXml('T3105202600000001', '3', '20260321080000000'), admin.userInfo.companyId);
    const row = (await list(importTaxbill, [{ column: 'tax_no', termType: 'eq', value: 'T3105202600000001' }])).data.datas[0];
    expect(row).toMatchObject({ state: '2', stateName: '已汇总', taxAmount: 81, buyerName: '张伟' });
    const counts = (await post(importTaxbill, 'queryStateCount', { terms: [] })).body.data as { state: string; count: number }[];
    expect(counts.find((c) => c.state === '2')?.count).toBe(1);
    expect(counts.find((c) => c.state === '1')?.count).toBe(1);
  });

  it('重新发送回执 applies the stored messages again; a bill is another company\'s to nobody', async () => {
    const row = (await list(importTaxbill, [{ column: 'tax_no', termType: 'eq', value: 'T3105202600000001' }])).data.datas[0];
    await t.handle.db.updateTable('bill_heads').set({ state: '1' }).where('id', '=', row.id).execute();
    const resend = await post(importTaxbill, 'sendReceipt', { ids: [row.id] });
    expect(resend.body).toMatchObject({ code: 0, data: { total: 1, succeeded: 1, failed: [] } });
    expect((await post(importTaxbill, 'detail', { id: row.id })).body.data).toMatchObject({ state: '2', taxNo: 'T3105202600000001' });

    expect((await list(importTaxbill, [], other.token)).data.total).toBe(0);
    expect((await post(importTaxbill, 'detail', { id: row.id }, other.token)).body).toMatchObject({ code: -1, message: '单据不存在或无权访问' });
    expect((await post(importTaxbill, 'sendReceipt', { ids: [row.id] }, other.token)).body.data.failed[0].message).toBe('单据不存在或无权访问');
  });

  it('keeps a CEB816 nobody can place (no channel, no 清单) without making a bill', async () => {
    const before = (await list(importTaxbill)).data.total;
    // its codes name no company either (a guarantor nobody here is): an attributed one is listed and filled for its company
    const xml = taxXml('T9999', '1', '20260323080000000').replaceAll(INVT, '99992026I000000001').replace('<ceb:assureCode>3302961A2B<', '<ceb:assureCode>9999999999<');
    expect(await ingest(xml)).toMatchObject({ stored: 1, unmatched: 1 });
    expect((await list(importTaxbill)).data.total).toBe(before);
  });
});

describe('汇总结果单 and 清单总分单明细 (CEB792)', () => {
  const result = (opDate: string, extra: Record<string, string> = {}) => buildIssuedXml('CEB792', newGuid(), [{
    head: {
      guid: newGuid(), customsCode: '3105', sumNo: 'S31052026000000011', opDate, declSeqNo: 'D31052026000000011', decState: 'A',
      agentCode: '3302961A2B', agentName: '宁波跨境优选供应链管理有限公司', ebcCode: '3302961A2B', ebcName: '宁波跨境优选供应链管理有限公司',
      declAgentCode: '3302961A2B', declAgentName: '宁波跨境优选供应链管理有限公司', grossWeight: '12.5', netWeight: '11.2', msgCount: '1', msgSeqNo: '1', ...extra,
    },
    lines: [
      { invtNo: '31052026E000000101', logisticsNo: 'SF1001', gseqno: '1', gnum: '1', gcode: '0902109000' },
      { invtNo: '31052026E000000101', logisticsNo: 'SF1001', gseqno: '2', gnum: '2', gcode: '6214100000' },
      { invtNo: '31052026E000000102', logisticsNo: 'SF1002', gseqno: '3', gnum: '1', gcode: '6911101900' },
    ],
  }]);

  it('makes the result and one 清单 row per result line; a later CEB792 of the result updates both', async () => {
    await ingest(result('20260320120000000'), admin.userInfo.companyId);
    const sheets = await list(exportSummaryResultSheet);
    expect(sheets.data.total).toBe(1);
    const sheet = sheets.data.datas[0];
    expect(await detail(exportSummaryResultSheet, sheet.id)).toMatchObject({ sumNo: 'S31052026000000011', declSeqNo: 'D31052026000000011', decState: 'A', grossWeight: 12.5, stateName: '海关已下发', opDate: '2026-03-20 12:00:00' });
    const body = await post(exportSummaryResultSheet, 'lines', { id: sheet.id, pageIndex: 1, pageSize: 2 });
    expect(body.body.data.total).toBe(3);
    // the body is in 商品序号 (gnum) order, then as the message listed them
    expect(body.body.data.datas.map((l: { gcode: string }) => l.gcode)).toEqual(['0902109000', '6911101900']);
    expect((await list(exportListTotalScoreSheet)).data.total).toBe(3);

    await ingest(result('20260321120000000', { entryId: '310520260000123456', decState: 'B' }), admin.userInfo.companyId);
    const updated = await list(exportSummaryResultSheet);
    expect(updated.data.total).toBe(1);
    expect(await detail(exportSummaryResultSheet, updated.data.datas[0].id)).toMatchObject({ entryId: '310520260000123456', decState: 'B' });
    const rows = await list(exportListTotalScoreSheet, [{ column: 'entry_id', termType: 'eq', value: '310520260000123456' }]);
    expect(rows.data.total).toBe(3);
    expect(rows.data.datas.map((r: { invtNo: string }) => r.invtNo).sort()).toEqual(['31052026E000000101', '31052026E000000101', '31052026E000000102']);
  });
});
