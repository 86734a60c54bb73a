/**
 * The operation log says who and what in words (issue 31 item 13): a 设置子账号权限 row names the
 * sub-account and the pages and buttons added and taken away; a call made with an API key is
 * under the key's name (接口密钥「…」), not its row id, and the exact 账号 filter finds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { defaultSubAccountGrants, PAGE_GRANT, type GrantPair } from '../../domain/grants.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import { OPERATION_LOG_LIST_PATH } from '../../domain/operation-log.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let user: LoginAnswer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  user = await login(t.app, demo.user.username, demo.user.password);
}, 120_000);
afterAll(async () => { await t?.close(); });

const idOf = (uri: string) => moduleSeeds.find((m) => m.uri === uri)!.id;
const term = (column: string, termType: string, value: unknown) => ({ column, termType, value });
const rows = async (...terms: unknown[]) =>
  (await call(t.app, OPERATION_LOG_LIST_PATH, { pageIndex: 0, pageSize: 50, terms }, admin.token)).body.data.datas as Record<string, any>[];

describe('设置子账号权限', () => {
  it('says whose grants changed, what was added and what was taken away', async () => {
    const userId = (await t.handle.db.selectFrom('users').select('id').where('login_name', '=', demo.user.username).executeTakeFirstOrThrow()).id;
    const receipt = idOf('/bill/export/receipt');
    const grants: GrantPair[] = [
      ...defaultSubAccountGrants().filter((g) => !(g.moduleId === receipt && g.code === 'export')),
      { moduleId: idOf('/exchangeSettlement'), code: PAGE_GRANT },
    ];
    const saved = await call(t.app, '/api/enterprise/user/saveGrants', { id: userId, grants }, admin.token);
    expect(saved.body.code).toBe(0);
    const [row] = await rows(term('action', 'eq', '设置子账号权限'));
    expect(row).toMatchObject({ outcome: '成功', account: 'admin' });
    expect(row!.message).toBe('子账号 user@admin：新增 结汇（页面）；取消 收款单（导出）');

    // saved again unchanged: the row says so rather than nothing
    expect((await call(t.app, '/api/enterprise/user/saveGrants', { id: userId, grants }, admin.token)).body.code).toBe(0);
    expect((await rows(term('action', 'eq', '设置子账号权限')))[0]!.message).toBe('子账号 user@admin：权限未变');
    expect(user.userInfo.account).toBe(demo.user.username);
  });
});

describe('an API key as actor', () => {
  it('is named by the key\'s name, and the 账号 filter finds it exactly', async () => {
    const order = idOf('/bill/export/order');
    const made = await call(t.app, '/api/enterprise/apiKey/save', {
      name: 'ERP对接', grants: [{ moduleId: order, code: PAGE_GRANT }, { moduleId: order, code: 'save' }],
    }, admin.token);
    expect(made.body.code).toBe(0);
    const saved = await t.app.inject({
      method: 'POST', url: `/api/enterprise${exportOrder.api.save}`, headers: { 'x-api-key': made.body.data.secret },
      payload: { data: {
        orderNo: 'OPLOG-KEY-1', ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
        details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
      } },
    });
    expect(saved.json().code, saved.body).toBe(0);
    const [row] = await rows(term('bill_no', 'eq', 'OPLOG-KEY-1'));
    expect(row).toMatchObject({ account: '接口密钥「ERP对接」', actorName: 'ERP对接', outcome: '成功' });
    expect((await rows(term('account', 'eq', '接口密钥「ERP对接」'))).map((r) => r.billNos)).toEqual([['OPLOG-KEY-1']]);
  });
});
