// 报关单 (expuDeclaration): saved with its defaults (agent = the company, specDeclFlag seven 0/1),
// and its 订单汇总 (bills §2, §7): queryOrderList pages and searches the company's export orders
// customs took; saveListByOrderIds turns the chosen orders' lines into goods lines, equal goods
// merged, numbered after the bill's own; refusals leave the bill as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDeclarationForm } from '../../domain/bills/export-declaration-form.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
const orders: Record<string, number> = {};

const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);
const taken = (id: number) => t.handle.db.updateTable('bill_heads').set({ state: '120' }).where('id', '=', id).execute();

async function order(orderNo: string, lines: { itemNo: string; itemName: string; qty: number; price: number }[], token = admin.token, ebcName?: string) {
  const r = await post(exportOrder, 'save', {
    orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: lines.reduce((s, l) => s + l.qty * l.price, 0), freight: 0,
    ...(ebcName ? { ebcName } : {}),
    details: lines.map((l, i) => ({ id: `temp${i}`, gnum: i + 1, ...l, unit: '011', currency: '142', totalPrice: l.qty * l.price, country: '142', gmodel: '常规' })),
  }, token);
  expect(r.body).toMatchObject({ code: 0 });
  return r.body.data.id as number;
}

const form = {
  copNo: 'DEC2603200001', customMaster: '3105', contrNo: 'HT20260320', tradeCode: '3302961A2B', tradeName: '宁波跨境优选供应链管理有限公司',
  ownerName: '宁波跨境优选供应链管理有限公司', tradeMode: '9610', tradeCountry: '502', distinatePort: '502', packNo: 3, grossWet: 12.5, netWt: 11,
  insurCurr: '142', insurMark: '3', trafMode: '5', wrapType: '22', tradeAreaCode: '502', specDeclFlag: '0100001',
};

beforeAll(async () => {
  t = await createTestApp({ env: { CUSTOMS_POLL_MS: '0' } });
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
  orders.tea = await order('DO-2026-0001', [{ itemNo: 'NB-TEA-001', itemName: '宁波白茶礼盒', qty: 2, price: 168 }, { itemNo: 'NB-SILK-012', itemName: '真丝围巾', qty: 1, price: 239 }]);
  orders.tea2 = await order('DO-2026-0002', [{ itemNo: 'NB-TEA-001', itemName: '宁波白茶礼盒', qty: 3, price: 168 }], admin.token, '宁波茶业出口有限公司');
  orders.draft = await order('DO-2026-0003', [{ itemNo: 'NB-CER-203', itemName: '青瓷茶具套装', qty: 1, price: 420 }]);
  orders.others = await order('DO-2026-0001', [{ itemNo: 'X', itemName: '别家的货', qty: 1, price: 1 }], other.token);
  await taken(orders.tea); await taken(orders.tea2); await taken(orders.others);
});
afterAll(async () => { await t.close(); });

describe('报关单', () => {
  let id: number;

  it('saves with the company as the declaring agent and the seven special-business flags', async () => {
    const r = await post(exportDeclarationForm, 'save', form);
    expect(r.body).toMatchObject({ code: 0 });
    id = r.body.data.id;
    const head = (await post(exportDeclarationForm, 'detail', { id })).body.data;
    expect(head).toMatchObject({ agentCode: '3302961A2B', agentName: '宁波跨境优选供应链管理有限公司', specDeclFlag: '0100001', declTrnRel: '0', origBoxFlag: '0', entryType: 'M', state: 'DRAFT' });
    const missing = await post(exportDeclarationForm, 'save', { ...form, copNo: 'DEC2603200009', contrNo: '' });
    expect(missing.body).toMatchObject({ code: -1, data: { errors: [{ field: 'contrNo', message: '请填写合同协议号' }] } });
  });

  it('lists the orders customs took, searched by number and enterprise name, 10 a page', async () => {
    const all = await post(exportDeclarationForm, 'pickList', { pageIndex: 0, pageSize: 10, terms: [] });
    expect(all.body.code).toBe(0);
    expect(all.body.data.total).toBe(2);
    expect(Object.keys(all.body.data.datas[0]).sort()).toEqual(['createTime', 'ebcName', 'id', 'orderNo', 'stateName']);
    expect(all.body.data.datas.map((o: { orderNo: string }) => o.orderNo).sort()).toEqual(['DO-2026-0001', 'DO-2026-0002']);
    const byName = await post(exportDeclarationForm, 'pickList', { pageIndex: 0, pageSize: 10, terms: [{ column: 'ebc_name', termType: 'like', value: '茶业' }] });
    expect(byName.body.data.datas.map((o: { orderNo: string }) => o.orderNo)).toEqual(['DO-2026-0002']);
    const byNo = await post(exportDeclarationForm, 'pickList', { pageIndex: 0, pageSize: 10, terms: [{ column: 'order_no', termType: 'like', value: '0001' }] });
    expect(byNo.body.data.datas).toEqual([expect.objectContaining({ orderNo: 'DO-2026-0001', stateName: '海关入库' })]);
  });

  it('turns the chosen orders into goods lines, equal goods merged', async () => {
    const r = await post(exportDeclarationForm, 'pickSave', { headId: id, orderIds: [orders.tea, orders.tea2], startTime: '2025-03-20 00:00:00', endTime: '2026-12-31 23:59:59' });
    expect(r.body).toMatchObject({ code: 0, data: { id, added: 2 } });
    const lines = (await post(exportDeclarationForm, 'lines', { id })).body.data as Record<string, unknown>[];
    expect(lines.map((l) => [l.gno, l.exgNo, l.gname, l.gqty, l.declPrice, l.declTotal, l.gunit, l.tradeCurr])).toEqual([
      [1, 'NB-TEA-001', '宁波白茶礼盒', 5, 168, 840, '011', '142'],
      [2, 'NB-SILK-012', '真丝围巾', 1, 239, 239, '011', '142'],
    ]);
    // a second 订单汇总 goes on after the lines the bill has
    await post(exportDeclarationForm, 'pickSave', { headId: id, orderIds: [orders.tea2] });
    const more = (await post(exportDeclarationForm, 'lines', { id })).body.data as Record<string, unknown>[];
    expect(more.map((l) => l.gno)).toEqual([1, 2, 3]);
  });

  it('refuses no orders, orders not taken by customs and another company\'s, changing nothing', async () => {
    const before = (await post(exportDeclarationForm, 'lines', { id })).body.data.length;
    expect((await post(exportDeclarationForm, 'pickSave', { headId: id, orderIds: [] })).body).toMatchObject({ code: -1, message: '请选择订单数据！' });
    expect((await post(exportDeclarationForm, 'pickSave', { headId: id, orderIds: [orders.tea, orders.draft] })).body)
      .toMatchObject({ code: -1, message: '订单编号 DO-2026-0003 当前状态不能汇总' });
    expect((await post(exportDeclarationForm, 'pickSave', { headId: id, orderIds: [orders.others] })).body).toMatchObject({ code: -1, message: '所选出口订单不存在或无权访问' });
    expect((await post(exportDeclarationForm, 'pickSave', { headId: id, orderIds: [orders.tea] }, other.token)).body).toMatchObject({ code: -1, message: '单据不存在或无权访问' });
    expect((await post(exportDeclarationForm, 'lines', { id })).body.data.length).toBe(before);
  });
});
