// The export inventory's own actions (bills §4, §7): 申请退货, 申请撤单, 改为退单, 批量离境, 生成运抵单,
// 生成清单总分单 and 汇总申请 on the real server — each made bill and its outbox message written
// together, refusals named per inventory, nothing saved for a refused one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportArrivalNote } from '../../domain/bills/export-arrival-note.ts';
import { exportBillCancellation } from '../../domain/bills/export-bill-cancellation.ts';
import { exportBillOfLading } from '../../domain/bills/export-bill-of-lading.ts';
import { exportDepartureForm } from '../../domain/bills/export-departure-form.ts';
import { exportDetailedList } from '../../domain/bills/export-detailed-list.ts';
import { exportReturnApplicationForm } from '../../domain/bills/export-return-application-form.ts';
import { exportSummaryApplicationForm } from '../../domain/bills/export-summary-application-form.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
let user: LoginAnswer;

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp();
  // made bills stay DECLARING: the outbox worker (and the simulator behind it) is off
  await t.app.customs.worker.stop();
  // before any call (button codes are read once per user type): the demo sub-account loses 申请退货
  // and 汇总申请 of the inventory page
  const page = await t.handle.db.selectFrom('modules').select('id').where('uri', '=', '/bill/export/detailedList').executeTakeFirstOrThrow();
  await t.handle.db.updateTable('module_buttons').set({ roles: sql`array['ADMIN']::text[]` as never })
    .where('module_id', '=', page.id).where('code', 'in', ['batchInvtRefund', 'summary']).execute();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  user = await login(t.app, demo.user.username, demo.user.password);
  other = await login(t.app, demo.other.username, demo.other.password);
});
afterAll(async () => {
  await t.close();
});

const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);
const inv = exportDetailedList;

/** A complete export inventory (everything CEB603 and the bills made from it need). */
const inventory = (copNo: string, extra: Record<string, unknown> = {}) => ({
  copNo, customsCode: '3105', ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', orderNo: `SO-${copNo}`,
  logisticsCode: '3302980001', logisticsName: '宁波顺达国际物流有限公司', logisticsNo: `YT${copNo}`, portCode: '3105', ieDate: '2026-03-18',
  statisticsFlag: 'A', ownerCode: '3302960002', ownerName: '宁波优品制造有限公司', tradeMode: '9610', trafMode: '5', trafName: 'CA1234',
  voyageNo: 'CA1234', billNo: '999-12345675', totalPackageNo: 'PK001', country: 'USA', pod: 'USA', freight: 10, fcurrency: '142', fflag: '3',
  insuredFee: 0, icurrency: '142', iflag: '3', wrapType: '2', packNo: 1, grossWeight: 1.5, netWeight: 1.2,
  details: [
    { id: 'temp1', gnum: 1, itemNo: 'SKU1', gcode: '8518300000', gname: '蓝牙耳机', gmodel: 'X1 无线', barCode: '无', country: 'USA', currency: '142',
      qty: 2, qty1: 2, unit: '007', unit1: '007', price: 50, totalPrice: 100 },
  ],
  ...extra,
});

async function saveInventory(copNo: string, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await post(inv, 'save', inventory(copNo, extra));
  expect(r.body, copNo).toMatchObject({ code: 0 });
  return r.body.data.id as number;
}

/** An inventory customs answered with `state` (and the invtNo it issued). */
async function heldInventory(copNo: string, state: string, extra: Record<string, unknown> = {}): Promise<number> {
  const id = await saveInventory(copNo, extra);
  await t.handle.db.updateTable('bill_heads')
    .set({ state, return_status: state, return_time: '20260318102440123', invt_no: `31052026E${copNo.replace(/\D/g, '').padStart(9, '0')}` })
    .where('id', '=', id).execute();
  return id;
}

const messagesOf = (billId: number) => t.handle.db.selectFrom('customs_messages').select(['message_type', 'xml', 'status']).where('bill_id', '=', billId).execute();
const billsOf = (key: string) => t.handle.db.selectFrom('bill_heads').select(['id', 'state', 'cop_no', 'invt_no', 'data']).where('bill_key', '=', key).where('mode', '=', 'export').orderBy('id').execute();
const linesOf = (headId: number) => t.handle.db.selectFrom('bill_lines').select(['gnum', 'data']).where('head_id', '=', headId).orderBy('gnum').execute();
const stateOf = async (id: number) => (await post(inv, 'detail', { id })).body.data.state as string;

describe('申请退货 (declarationExpuRefund)', () => {
  it('refuses without a reason, saving nothing', async () => {
    const id = await heldInventory('RF0001', '800');
    const before = (await billsOf('returnApplicationForm')).length;
    for (const reason of [undefined, '', '   ']) {
      const r = await post(inv, 'refund', { ids: [id], reason });
      expect(r.body).toMatchObject({ code: -1, message: '请输入退货原因', data: { errors: [{ field: 'reason', message: '请输入退货原因' }] } });
    }
    expect((await post(inv, 'refund', { ids: [id], reason: '退'.repeat(101) })).body.message).toContain('退货原因');
    expect((await billsOf('returnApplicationForm')).length).toBe(before);
  });

  it('makes and declares one 退货申请 per released inventory, with its goods, and names each refused one', async () => {
    const released = await heldInventory('RF0002', '800');
    const draft = await saveInventory('RF0003');
    const before = (await billsOf('returnApplicationForm')).length;
    const r = await post(inv, 'refund', { ids: [released, draft, 987654], reason: '买家拒收', startTime: '', endTime: '' });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({
      total: 3, succeeded: 1,
      failed: [
        { id: draft, title: 'RF0003', message: '企业内部编号 RF0003 当前状态为暂存，不能申请退货' },
        { id: 987654, title: '', message: '单据不存在或无权访问' },
      ],
    });
    const made = (await billsOf('returnApplicationForm')).slice(before);
    expect(made).toHaveLength(1);
    const refund = (await post(exportReturnApplicationForm, 'detail', { id: made[0]!.id })).body.data;
    expect(refund).toMatchObject({
      // its own 企业内部编号, not the inventory's (issue 31)
      coElNo: expect.stringMatching(/^TH\d{20}$/), invtNo: '31052026E000000002', reason: '买家拒收', tradeMode: '9661', ieFlag: 'I', country: 'USA', state: 'DECLARING',
      logisticsNo: 'YTRF0002', agentCode: expect.any(String),
    });
    expect((await post(exportReturnApplicationForm, 'lines', { id: made[0]!.id })).body.data).toMatchObject([{ gnum: 1, gcode: '8518300000', gname: '蓝牙耳机', qty: 2, unit: '007' }]);
    const messages = await messagesOf(made[0]!.id);
    expect(messages.map((m) => m.message_type)).toEqual(['CEB213']);
    expect(messages[0]!.xml).toContain('<ceb:reason>买家拒收</ceb:reason>');
    // the inventory keeps its state
    expect(await stateOf(released)).toBe('800');
    // one live refund per inventory
    const again = await post(inv, 'refund', { ids: [released], reason: '再次退货' });
    expect(again.body.data.failed[0].message).toBe('企业内部编号 RF0002 已有退货申请，不能重复申请退货');
  });

  it('answers another company\'s inventory as unknown', async () => {
    const id = await heldInventory('RF0004', '800');
    const r = await post(inv, 'refund', { ids: [id], reason: '买家拒收' }, other.token);
    expect(r.body.data).toMatchObject({ succeeded: 0, failed: [{ id, message: '单据不存在或无权访问' }] });
  });
});

describe('申请撤单 (declarationExpuInvtCancel)', () => {
  it('refuses without a reason, then makes and declares a 撤销申请 of each inventory customs took', async () => {
    const id = await heldInventory('CX0001', '120');
    expect((await post(inv, 'cancel', { ids: [id], reason: '' })).body).toMatchObject({ code: -1, message: '请输入撤单原因' });
    const closed = await heldInventory('CX0002', '899');
    const r = await post(inv, 'cancel', { ids: [id, closed], reason: '订单取消' });
    expect(r.body.data).toMatchObject({ total: 2, succeeded: 1, failed: [{ id: closed, message: '企业内部编号 CX0002 当前状态为结关，不能申请撤单' }] });
    const [made] = (await billsOf('billCancellation')).filter((b) => b.invt_no === '31052026E000000001');
    const detail = (await post(exportBillCancellation, 'detail', { id: made!.id })).body.data;
    expect(detail).toMatchObject({ copNo: expect.stringMatching(/^CD\d{20}$/), invtNo: '31052026E000000001', reason: '订单取消', orderNo: 'SO-CX0001', state: 'DECLARING' });
    const [message] = await messagesOf(made!.id);
    expect(message!.message_type).toBe('CEB605');
    expect(message!.xml).toContain('<ceb:invtNo>31052026E000000001</ceb:invtNo>');
  });
});

describe('改为退单 (updateCustomReturn)', () => {
  it('makes a bill customs has not decided on 海关退单, editable again, and refuses the others', async () => {
    const stored = await heldInventory('TD0001', '120');
    const released = await heldInventory('TD0002', '800');
    const r = await post(inv, 'customReturn', { ids: [stored, released] });
    expect(r.body.data).toEqual({ total: 2, succeeded: 1, failed: [{ id: released, title: 'TD0002', message: '企业内部编号 TD0002 当前状态为放行，不能改为退单' }] });
    const detail = (await post(inv, 'detail', { id: stored })).body.data;
    expect(detail).toMatchObject({ state: '100', stateName: '海关退单', returnStatus: '100' });
    // editable and declarable again
    const saved = await post(inv, 'save', { ...inventory('TD0001'), id: stored, version: detail.version, details: undefined });
    expect(saved.body.code).toBe(0);
    expect(await stateOf(released)).toBe('800');
  });
});

describe('批量离境 (declarationLeave)', () => {
  it('needs leaveTime', async () => {
    const id = await heldInventory('LJ0001', '800');
    const r = await post(inv, 'leave', { ids: [id] });
    expect(r.body).toMatchObject({ code: -1, message: '请选择离境时间', data: { errors: [{ field: 'leaveTime' }] } });
    expect((await post(inv, 'leave', { ids: [id], leaveTime: '2026-02-30 10:00:00' })).body.code).toBe(-1);
  });

  it('declares one 离境单 per carrier and voyage with the parcels as lines', async () => {
    const a = await heldInventory('LJ0002', '800');
    const b = await heldInventory('LJ0003', '800', { totalPackageNo: 'PK002' });
    const c = await heldInventory('LJ0004', '800', { voyageNo: 'MU5678', trafName: 'MU5678' });
    const before = (await billsOf('departureForm')).length;
    const r = await post(inv, 'leave', { ids: [a, b, c], leaveTime: '2026-03-19 08:30:00' });
    expect(r.body.data).toMatchObject({ total: 3, succeeded: 3, failed: [] });
    const made = (await billsOf('departureForm')).slice(before);
    expect(made).toHaveLength(2);
    const first = (await post(exportDepartureForm, 'detail', { id: made[0]!.id })).body.data;
    expect(first).toMatchObject({ leaveTime: '2026-03-19 08:30:00', voyageNo: 'CA1234', logisticsCode: '3302980001', state: 'DECLARING' });
    expect(first.copNo).toMatch(/^LJ\d{20}$/);
    expect((await linesOf(made[0]!.id)).map((l) => [l.gnum, l.data.logisticsNo, l.data.totalPackageNo])).toEqual([[1, 'YTLJ0002', 'PK001'], [2, 'YTLJ0003', 'PK002']]);
    const [message] = await messagesOf(made[0]!.id);
    expect(message!.message_type).toBe('CEB509');
    expect(message!.xml).toContain('<ceb:leaveTime>20260319083000</ceb:leaveTime>');
  });
});

describe('生成运抵单 (exportDelivery)', () => {
  it('asks the operator, then makes a draft 运抵单 of the parcels for its page to declare', async () => {
    const a = await heldInventory('YD0001', '120');
    const b = await heldInventory('YD0002', '399');
    const missing = await post(inv, 'delivery', { ids: [a, b], operatorCode: '3105980001' });
    expect(missing.body.code).toBe(-1);
    expect(missing.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['operatorName', 'domesticTrafNo']);
    const before = (await billsOf('arrivalNote')).length;
    const r = await post(inv, 'delivery', { ids: [a, b], operatorCode: '3105980001', operatorName: '宁波空港监管场所', domesticTrafNo: '浙B12345' });
    expect(r.body.data).toMatchObject({ total: 2, succeeded: 2, created: [{ id: expect.any(Number), title: expect.stringMatching(/^YD\d{20}$/) }] });
    const [made] = (await billsOf('arrivalNote')).slice(before);
    expect(made!.state).toBe('DRAFT');
    expect((await post(exportArrivalNote, 'lines', { id: made!.id, pageIndex: 1, pageSize: 10 })).body.data).toMatchObject({
      total: 2, datas: [{ gnum: 1, logisticsNo: 'YTYD0001' }, { gnum: 2, logisticsNo: 'YTYD0002' }],
    });
    expect(await messagesOf(made!.id)).toEqual([]);
    // the arrival page declares it
    expect((await post(exportArrivalNote, 'apply', { ids: [made!.id] })).body.data.succeeded).toBe(1);
    expect((await messagesOf(made!.id)).map((m) => m.message_type)).toEqual(['CEB507']);
  });
});

describe('生成清单总分单 (exportInventoryReinsurance)', () => {
  it('makes a draft 清单总分单 with the inventories\' weight and parcels, the form\'s voyage first', async () => {
    const a = await heldInventory('ZF0001', '800');
    const b = await heldInventory('ZF0002', '800', { grossWeight: 2.25 });
    const before = (await billsOf('billOfLading')).length;
    const r = await post(inv, 'reinsurance', { ids: [a, b], voyageNo: 'CA9999' });
    expect(r.body.data).toMatchObject({ total: 2, succeeded: 2 });
    const [made] = (await billsOf('billOfLading')).slice(before);
    const detail = (await post(exportBillOfLading, 'detail', { id: made!.id })).body.data;
    expect(detail).toMatchObject({ grossWeight: 3.75, voyageNo: 'CA9999', trafName: 'CA1234', billNo: '999-12345675', state: 'DRAFT' });
    expect((await post(exportBillOfLading, 'lines', { id: made!.id })).body.data.map((l: Record<string, unknown>) => [l.logisticsNo, l.invtNo]))
      .toEqual([['YTZF0001', '31052026E000000001'], ['YTZF0002', '31052026E000000002']]);
  });

  it('refuses an inventory customs has not taken', async () => {
    const id = await saveInventory('ZF0003');
    const r = await post(inv, 'reinsurance', { ids: [id] });
    expect(r.body.data).toMatchObject({ succeeded: 0, failed: [{ id, message: '企业内部编号 ZF0003 当前状态为暂存，不能生成清单总分单' }] });
  });
});

describe('汇总申请 (declarationByInvrntory)', () => {
  it('needs the consignor flag, then declares one application per agent and company, each inventory once', async () => {
    const a = await heldInventory('HZ0001', '800');
    const b = await heldInventory('HZ0002', '899');
    const r0 = await post(inv, 'summarize', { inventoryIds: [a, b] });
    expect(r0.body).toMatchObject({ code: -1, data: { errors: [{ field: 'summaryFlag' }] } });
    expect((await post(inv, 'summarize', { inventoryIds: [a], summaryFlag: '7' })).body.code).toBe(-1);
    const before = (await billsOf('summaryApplicationForm')).length;
    const r = await post(inv, 'summarize', { inventoryIds: [a, b], summaryFlag: '2' });
    expect(r.body.data).toMatchObject({ total: 2, succeeded: 2, failed: [] });
    const [made] = (await billsOf('summaryApplicationForm')).slice(before);
    const detail = (await post(exportSummaryApplicationForm, 'detail', { id: made!.id })).body.data;
    expect(detail).toMatchObject({ summaryFlag: '2', itemNameFlag: '0', state: 'DECLARING' });
    expect(detail.declAgentCode).toBe(detail.agentCode);
    const [message] = await messagesOf(made!.id);
    expect(message!.message_type).toBe('CEB701');
    expect(message!.xml).toContain('<ceb:invtNo>31052026E000000001</ceb:invtNo>');
    const again = await post(inv, 'summarize', { inventoryIds: [a], summaryFlag: '1' });
    expect(again.body.data.failed).toEqual([{ id: a, title: 'HZ0001', message: `清单编号 31052026E000000001 已在汇总申请 ${detail.copNo} 中` }]);
  });
});

describe('permissions', () => {
  it('needs the button of the action: a user without 申请退货 or 汇总申请 is refused and nothing is made', async () => {
    const id = await heldInventory('QX0901', '800');
    const before = [(await billsOf('returnApplicationForm')).length, (await billsOf('summaryApplicationForm')).length];
    expect((await post(inv, 'refund', { ids: [id], reason: '买家拒收' }, user.token)).body).toMatchObject({ code: -1, message: '没有该操作的权限' });
    expect((await post(inv, 'summarize', { inventoryIds: [id], summaryFlag: '1' }, user.token)).body).toMatchObject({ code: -1, message: '没有该操作的权限' });
    expect([(await billsOf('returnApplicationForm')).length, (await billsOf('summaryApplicationForm')).length]).toEqual(before);
    // the buttons it keeps still work for it
    const kept = (await post(inv, 'cancel', { ids: [id], reason: '订单取消' }, user.token)).body.data;
    expect(kept, JSON.stringify(kept)).toMatchObject({ succeeded: 1 });
  });
});
