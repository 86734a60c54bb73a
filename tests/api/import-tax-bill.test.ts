// The import flow on a real server with the embedded customs: order, payment and waybill declared
// and taken, the inventory passing 三单比对 and released, then customs' CEB816 tax bill — computed by
// the estimate the detail page shows — arriving through the receipt pipeline as the 税单.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateImportTax } from '../../domain/bills/import-tax.ts';
import { findBill } from '../../domain/bills/index.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { importInventoryBill, importOrderBill, importPaymentBill, importWaybillBill } from '../customs/fixtures-import.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => { await t.close(); });

const def = (key: string): BillDefinition => findBill('import', key)!;
const post = (d: BillDefinition, key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${d.api[key]}`, data, admin.token);

async function declare(d: BillDefinition, fixture: { head: Record<string, unknown>; lines: Record<string, unknown>[] }) {
  const { appTime: _appTime, ...head } = fixture.head;
  const r = await post(d, 'saveAndApply', { ...head, ...(d.lines ? { details: fixture.lines.map((l, i) => ({ ...l, id: `temp${i + 1}` })) } : {}) });
  expect(r.body, `${d.label} ${JSON.stringify(r.body)}`).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
  await t.app.customs.drain();
  return r.body.data.id as number;
}

describe('税单 from the embedded customs', () => {
  it('issues the released inventory\'s tax bill with the estimate\'s figures', async () => {
    await declare(def('order'), importOrderBill());
    await declare(def('receipt'), importPaymentBill());
    await declare(def('waybill'), importWaybillBill());
    const fixture = importInventoryBill();
    const id = await declare(def('detailedList'), fixture);
    const inventory = (await post(def('detailedList'), 'detail', { id })).body.data;
    expect(inventory.state).toBe('800');

    const taxbill = def('taxbill');
    const list = (await post(taxbill, 'pageList', { pageIndex: 0, pageSize: 10 })).body.data;
    expect(list.total).toBe(1);
    const estimate = estimateImportTax(fixture.head, fixture.lines);
    expect(list.datas[0]).toMatchObject({
      invtNo: inventory.invtNo, taxNo: `${inventory.invtNo}01`, orderNo: fixture.head.orderNo, buyerName: '陈思远',
      taxAmount: Number(estimate.total), vatAmount: Number(estimate.valueAddedTax), exciseAmount: Number(estimate.consumptionTax), customsAmount: 0,
      stateName: '已生成',
    });
    const lines = (await post(taxbill, 'lines', { id: list.datas[0].id })).body.data;
    expect(lines.map((l: { gname: string; taxAmount: number }) => [l.gname, l.taxAmount])).toEqual(estimate.lines.map((l) => [l.gname, Number(l.total)]));
    const total = (await post(taxbill, 'summary', { terms: [] })).body.data;
    expect(total).toBe(estimate.total);
  });
});
