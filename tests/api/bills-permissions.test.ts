// Bill permissions: read calls need the page, write calls a button code of the action using them.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { exportReceipt } from '../../domain/bills/export-receipt.ts';
import type { BillApi, BillDefinition } from '../../domain/bills/types.ts';
import { serverText } from '../../domain/texts/server.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let user: LoginAnswer;
const denied = { code: -1, message: serverText.noPermission };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  // Before any call (button codes are read once per user type): the demo sub-account loses the
  // save codes of 出口订单 and the whole 收款单 page; the ADMIN keeps both.
  const order = await db.selectFrom('modules').select('id').where('uri', '=', '/bill/export/order').executeTakeFirstOrThrow();
  await db.updateTable('module_buttons').set({ roles: sql`array['ADMIN']::text[]` as never })
    .where('module_id', '=', order.id).where('code', 'in', ['save', 'edit', 'temporary', 'add', 'batchDelete']).execute();
  await db.updateTable('modules').set({ roles: sql`array['ADMIN']::text[]` as never }).where('uri', '=', '/bill/export/receipt').execute();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  user = await login(t.app, demo.user.username, demo.user.password);
});
afterAll(async () => {
  await t.close();
});

const post = (def: BillDefinition, key: keyof BillApi, data: unknown, token: string) => call(t.app, `/api/enterprise${def.api[key]}`, data, token);
const order = {
  orderNo: 'SO-PERM-1', ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
  details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 1, price: 100, totalPrice: 100 }],
};

describe('bill permissions', () => {
  it('lets the sub-account with the bill buttons read, export and resend receipts', async () => {
    const saved = await post(exportOrder, 'save', order, admin.token);
    expect(saved.body.code).toBe(0);
    const list = await post(exportOrder, 'pageList', { pageIndex: 0, pageSize: 10 }, user.token);
    expect(list.body).toMatchObject({ code: 0, data: { total: 1 } });
    expect((await post(exportOrder, 'detail', { id: saved.body.data.id }, user.token)).body.code).toBe(0);
    expect((await post(exportOrder, 'export', { pageIndex: 0, pageSize: 10 }, user.token)).body.code).toBe(0);
    expect((await post(exportOrder, 'sendReceipt', { ids: [saved.body.data.id] }, user.token)).body.code).toBe(0);
  });

  it('refuses a write whose button codes the user lacks, and keeps the bill', async () => {
    const r = await post(exportOrder, 'save', { ...order, orderNo: 'SO-PERM-2' }, user.token);
    expect(r.body).toMatchObject(denied);
    expect((await post(exportOrder, 'saveLines', { headId: 1, gnum: 2 }, user.token)).body).toMatchObject(denied);
    const list = await post(exportOrder, 'pageList', { pageIndex: 0, pageSize: 10, terms: [{ column: 'order_no', termType: 'eq', value: 'SO-PERM-2' }] }, admin.token);
    expect(list.body.data.total).toBe(0);
    expect((await post(exportOrder, 'save', { ...order, orderNo: 'SO-PERM-2' }, admin.token)).body.code).toBe(0);
  });

  it('refuses every call of a page the user does not have', async () => {
    for (const key of ['pageList', 'queryStateCount', 'detail', 'save', 'export', 'downloadQueryTemplate'] as const) {
      expect((await post(exportReceipt, key, { pageIndex: 0, pageSize: 10, id: 1 }, user.token)).body).toMatchObject(denied);
    }
    expect((await call(t.app, '/api/enterprise/bills/export/receipt/parseQueryTemplate', { filePath: 'x' }, user.token)).body).toMatchObject(denied);
    expect((await post(exportReceipt, 'pageList', { pageIndex: 0, pageSize: 10 }, admin.token)).body.code).toBe(0);
  });

  it('refuses deleting without the batchDelete code, which the ADMIN holds', async () => {
    expect((await post(exportOrder, 'delete', { ids: [1] }, user.token)).body).toMatchObject(denied);
    expect((await post(exportOrder, 'delete', { ids: [] }, admin.token)).body.message).not.toBe(denied.message);
  });

  it('needs a login and a filed enterprise', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/enterprise${exportOrder.api.pageList}`, payload: { data: {} } });
    expect(anonymous.statusCode).toBe(401);
  });
});
