// Issue 28, the receipt side: a receipt can only move a bill of the company it belongs to, only a
// bill that was sent to customs, and never back to an earlier stage; nothing it carries vanishes.
// Bills are declared through the routes with the folder transport (the message leaves as a file and
// nobody answers), so each receipt here is one the test writes for a bill it made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBill } from '../../domain/bills/index.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { buildIssuedXml } from '../../server/customs/issued-build.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { returnTimeOf } from '../../server/customs/xml/format.ts';
import { dxpEnvelope } from '../customs/samples/samples.ts';
import { detailedListBill } from '../customs/fixtures-export.ts';
import { importInventoryBill, importOrderBill } from '../customs/fixtures-import.ts';
import { exportOrderBill } from '../customs/fixtures.ts';
import { folderExchange } from '../helpers/folder-exchange.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
const company = { admin: { code: '', dxpId: '' }, other: { code: '', dxpId: '' } };
const exchange = folderExchange('cbec-attribution-');

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp({ env: exchange.env() });
  [admin, other] = await Promise.all([login(t.app, demo.admin.username, demo.admin.password), login(t.app, demo.other.username, demo.other.password)]);
  for (const [name, who] of [['admin', admin], ['other', other]] as const) {
    const c = await t.handle.db.selectFrom('companies').select(['company_code', 'dxp_id']).where('id', '=', who.userInfo.companyId).executeTakeFirstOrThrow();
    company[name] = { code: c.company_code!, dxpId: c.dxp_id! };
  }
});
afterAll(async () => {
  await t.close();
  exchange.remove();
});

type Fixture = { head: Record<string, unknown>; lines: Record<string, unknown>[] };
const db = () => t.handle.db;
const def = (mode: string, key: string): BillDefinition => findBill(mode, key)!;
const bodyOf = (d: BillDefinition, f: Fixture) => {
  const { appTime: _t, ...head } = f.head;
  return { ...head, ...(d.lines ? { details: f.lines.map((l, i) => ({ ...l, id: `temp${i + 1}` })) } : {}) };
};
const post = (d: BillDefinition, key: keyof BillApi, data: unknown, token: string) => call(t.app, `/api/enterprise${d.api[key]}`, data, token);
const bill = (id: number) => db().selectFrom('bill_heads').select(['state', 'return_status', 'return_time', 'version', 'company_id']).where('id', '=', id).executeTakeFirstOrThrow();

/** Declared through the routes: the message is written to the exchange's send folder, nobody answers. */
async function declared(d: BillDefinition, f: Fixture, token = admin.token): Promise<number> {
  const r = await post(d, 'saveAndApply', bodyOf(d, f), token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
  await t.app.customs.drain();
  const id = r.body.data.id as number;
  const sent = await db().selectFrom('customs_messages').select('status').where('bill_id', '=', id).execute();
  expect(sent.map((m) => m.status)).toEqual(['sent']);
  return id;
}
/** Saved (暂存), never declared. */
async function draft(d: BillDefinition, f: Fixture, token: string): Promise<number> {
  const r = await post(d, 'save', bodyOf(d, f), token);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
  return r.body.data.id as number;
}

let clock = Date.now() - 3_600_000;
const later = () => returnTimeOf(new Date((clock += 1000)));
const receipt = (type: string, fields: Record<string, string>, returnStatus: string, returnTime = later()) => {
  const guid = crypto.randomUUID().toUpperCase();
  return buildReceiptXml(findReceiptType(type)!, guid, [{ guid, fields, returnStatus, returnTime, returnInfo: `回执${returnStatus}` }]);
};
const timeline = async (id: number, token = admin.token) =>
  (await call(t.app, '/api/receipter/timeline', { billId: id }, token)).body.data.events.filter((e: { kind: string }) => e.kind === 'receipt') as
    { returnStatus: string; held?: string }[];
const unmatched = async (token: string) => (await call(t.app, '/api/receipter/unmatched', { pageSize: 100 }, token)).body.data.datas as
  { messageType: string; keys: Record<string, string>; returnStatus: string }[];

describe('1. a bare receipt moves only a bill of the company its codes name', () => {
  const cases = [
    {
      name: 'CEB604 出口清单', d: def('export', 'detailedList'), type: 'CEB604',
      fixture: (who: 'admin' | 'other') => detailedListBill({ copNo: 'AT-INV-0001', agentCode: company[who].code, ebcCode: company[who].code }),
      fields: () => ({ agentCode: company.admin.code, copNo: 'AT-INV-0001', preNo: 'B20260318000000001', invtNo: '31182026E000000001', ebcCode: company.admin.code, ebpCode: '3302960E8F', orderNo: 'YX20260318102436001', statisticsFlag: 'A' }),
    },
    {
      name: 'CEB304 出口订单', d: def('export', 'order'), type: 'CEB304',
      fixture: (who: 'admin' | 'other') => exportOrderBill({ orderNo: 'AT-ORDER-0001', ebcCode: company[who].code }),
      fields: () => ({ ebpCode: exportOrderBill().head.ebpCode as string, ebcCode: company.admin.code, orderNo: 'AT-ORDER-0001' }),
    },
    {
      name: 'CEB312 进口订单', d: def('import', 'order'), type: 'CEB312',
      fixture: (who: 'admin' | 'other') => importOrderBill({ orderNo: 'AT-IORDER-0001', ebcCode: company[who].code }),
      fields: () => ({ ebpCode: importOrderBill().head.ebpCode as string, ebcCode: company.admin.code, orderNo: 'AT-IORDER-0001' }),
    },
  ];

  for (const c of cases) {
    it(`${c.name}: the declaring company's bill moves, another company's draft with the same key does not`, async () => {
      const mine = await declared(c.d, c.fixture('admin'));
      const theirs = await draft(c.d, c.fixture('other'), other.token);
      const before = await bill(theirs);
      expect(await t.app.customs.ingestReceiptXml(receipt(c.type, c.fields(), '120'))).toMatchObject({ stored: 1, applied: 1 });
      expect(await bill(mine)).toMatchObject({ state: '120' });
      expect(await bill(theirs)).toEqual(before);
      // the same receipt in its DXP envelope, addressed to the declaring company, moves the same bill on
      const time = later();
      expect(await t.app.customs.ingestReceiptXml(dxpEnvelope(receipt(c.type, c.fields(), '120', time), { msgType: `${c.type}Message`, receiverIds: [company.admin.dxpId] })))
        .toMatchObject({ stored: 1, applied: 1 });
      expect(await bill(mine)).toMatchObject({ state: '120', return_time: time });
      expect(await bill(theirs)).toEqual(before);
    });
  }

  it('a receipt whose codes name no company is kept unmatched, never given to the newest bill with its key', async () => {
    const d = def('export', 'order');
    const mine = await declared(d, exportOrderBill({ orderNo: 'AT-ORDER-0002' }));
    const fields = { ebpCode: exportOrderBill().head.ebpCode as string, ebcCode: '9999999999', orderNo: 'AT-ORDER-0002' };
    expect(await t.app.customs.ingestReceiptXml(receipt('CEB304', fields, '120'))).toMatchObject({ stored: 1, applied: 0, unmatched: 1 });
    expect(await bill(mine)).toMatchObject({ state: 'DECLARING' });
  });
});

describe('2. only a bill sent to customs moves', () => {
  it('a draft export inventory (暂存) keeps the receipt on its timeline as 单据尚未申报 and its state', async () => {
    const d = def('export', 'detailedList');
    const id = await draft(d, detailedListBill({ copNo: 'AT-INV-DRAFT' }), admin.token);
    const before = await bill(id);
    const fields = { agentCode: company.admin.code, copNo: 'AT-INV-DRAFT', preNo: 'B20260318000000002', invtNo: '31182026E000000002', ebcCode: company.admin.code, ebpCode: '3302960E8F', orderNo: 'YX20260318102436001', statisticsFlag: 'A' };
    expect(await t.app.customs.ingestReceiptXml(receipt('CEB604', fields, '800'))).toMatchObject({ stored: 1, applied: 0 });
    expect(await bill(id)).toEqual(before);
    expect(await timeline(id)).toEqual([expect.objectContaining({ returnStatus: '800', held: '单据尚未申报' })]);
  });

  it('an import inventory whose declaration was refused (still 暂存) is not released by a CEB622', async () => {
    const d = def('import', 'detailedList');
    // no order, payment or waybill declared: the console refuses to declare it (三单比对), the bill stays a draft
    const r = await post(d, 'saveAndApply', bodyOf(d, importInventoryBill({ copNo: 'AT-IINV-0001' })), admin.token);
    expect(r.body.code).not.toBe(0);
    let row = await db().selectFrom('bill_heads').select('id').where('cop_no', '=', 'AT-IINV-0001').where('company_id', '=', admin.userInfo.companyId).executeTakeFirst();
    if (!row) row = { id: await draft(d, importInventoryBill({ copNo: 'AT-IINV-0001' }), admin.token) };
    const before = await bill(row.id);
    expect(before.state).toBe('DRAFT');
    const fields = { customsCode: '3109', ebpCode: '3302960E8F', ebcCode: company.admin.code, agentCode: company.admin.code, copNo: 'AT-IINV-0001', preNo: 'B20260318000000003', invtNo: '31092026I000000003' };
    await t.app.customs.ingestReceiptXml(receipt('CEB622', fields, '800'));
    expect(await bill(row.id)).toEqual(before);
  });
});

describe('3. stages never go backwards', () => {
  const fields = (copNo: string) => ({ agentCode: company.admin.code, copNo, preNo: 'B20260318000000004', invtNo: '31182026E000000004', ebcCode: company.admin.code, ebpCode: '3302960E8F', orderNo: 'YX20260318102436001', statisticsFlag: 'A' });

  it('a 120 stamped after the 800 is kept as 迟到回执 and leaves the bill released', async () => {
    const id = await declared(def('export', 'detailedList'), detailedListBill({ copNo: 'AT-INV-LATE' }));
    await t.app.customs.ingestReceiptXml(receipt('CEB604', fields('AT-INV-LATE'), '800'));
    expect(await bill(id)).toMatchObject({ state: '800' });
    const released = await bill(id);
    expect(await t.app.customs.ingestReceiptXml(receipt('CEB604', fields('AT-INV-LATE'), '120'))).toMatchObject({ stored: 1, applied: 0 });
    expect(await bill(id)).toEqual(released);
    expect((await timeline(id)).map((e) => [e.returnStatus, e.held])).toEqual([['800', undefined], ['120', '迟到回执']]);
  });

  it('within one file too: 2, 800, then a later 120 ends at 800', async () => {
    const id = await declared(def('export', 'detailedList'), detailedListBill({ copNo: 'AT-INV-LATE2' }));
    const type = findReceiptType('CEB604')!;
    const returns = ['2', '800', '120'].map((returnStatus) => ({ guid: crypto.randomUUID().toUpperCase(), fields: fields('AT-INV-LATE2'), returnStatus, returnTime: later(), returnInfo: '' }));
    await t.app.customs.ingestReceiptXml(buildReceiptXml(type, crypto.randomUUID().toUpperCase(), returns));
    expect(await bill(id)).toMatchObject({ state: '800', return_status: '800' });
  });
});

describe('5. every CEB792 is kept where its company sees it', () => {
  const result = (declSeqNo: string, opDate: string, grossWeight: string) => buildIssuedXml('CEB792', crypto.randomUUID().toUpperCase(), [{
    head: {
      guid: crypto.randomUUID().toUpperCase(), customsCode: '3118', sumNo: '311820260000009999', opDate, declSeqNo, decState: 'A',
      agentCode: company.admin.code, agentName: '宁波跨境优选供应链管理有限公司', ebcCode: company.admin.code, ebcName: '宁波跨境优选供应链管理有限公司',
      declAgentCode: company.admin.code, declAgentName: '宁波跨境优选供应链管理有限公司', grossWeight, netWeight: '0.7', msgCount: '1', msgSeqNo: '1',
    },
    lines: [{ invtNo: '31182026E000009999', logisticsNo: 'YT0000009999', gseqno: '1', gnum: '1', gcode: '0902109000' }],
  }]);

  it('a second result for a sumNo no summary application has is listed and updates the 汇总结果单 the first made', async () => {
    const first = dxpEnvelope(result('S20260318000009999', later(), '0.85'), { msgType: 'CEB792Message', receiverIds: [company.admin.dxpId] });
    expect(await t.app.customs.ingestReceiptXml(first)).toMatchObject({ stored: 1 });
    const second = result('S20260318000009999', later(), '0.9');
    expect(await t.app.customs.ingestReceiptXml(second)).toMatchObject({ stored: 1 });
    const listed = (await unmatched(admin.token)).filter((r) => r.messageType === 'CEB792' && r.keys.sumNo === '311820260000009999');
    expect(listed).toHaveLength(2);
    const sheet = def('export', 'summaryResultSheet');
    const rows = await db().selectFrom('bill_heads').selectAll().where('bill_key', '=', sheet.key).where('mode', '=', 'export').execute();
    const made = rows.filter((r) => JSON.stringify(r).includes('311820260000009999'));
    expect(made.map((r) => r.company_id)).toEqual([admin.userInfo.companyId]);
    expect(JSON.stringify(made[0]!.data)).toMatch(/"grossWeight":"?0\.9\b/);
  });
});
