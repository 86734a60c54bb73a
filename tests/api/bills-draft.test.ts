// 暂存 (issue 31 item 4): the save route with `draft: true` keeps an unfinished bill on the server in
// state 暂存 — types and lengths checked, required fields left to 保存 and 申报 — so it is there
// after a reload and in the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

const post = (key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${exportOrder.api[key]}`, data, admin.token);
// no 电商平台代码/名称 and no 商品价格 (all required), no lines
const unfinished = { orderNo: 'SO-DRAFT-1', freight: 0, details: [] };

describe('暂存 keeps an unfinished bill on the server', () => {
  it('accepts what 保存 refuses, stores it as 暂存 and lists it', async () => {
    const refused = await post('save', unfinished);
    expect(refused.body.code).toBe(-1);
    expect(refused.body.data.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['ebpCode', 'goodsValue']));

    const stashed = await post('save', { ...unfinished, draft: true });
    expect(stashed.body).toMatchObject({ code: 0, data: { id: expect.any(Number), version: 1 } });
    const { id } = stashed.body.data as { id: number };
    const detail = await post('detail', { id });
    expect(detail.body.data).toMatchObject({ id, state: 'DRAFT', stateName: '暂存', orderNo: 'SO-DRAFT-1', ebpCode: null, goodsValue: null });
    const list = await post('pageList', { pageIndex: 0, pageSize: 10, terms: [{ column: 'order_no', termType: 'eq', value: 'SO-DRAFT-1' }] });
    expect(list.body.data.datas).toEqual([expect.objectContaining({ id, stateName: '暂存' })]);

    // 保存 of the stored draft still wants the required fields; completed, it saves
    const save = await post('save', { ...unfinished, id, version: 1 });
    expect(save.body.code).toBe(-1);
    expect(save.body.data.errors.map((e: { field: string }) => e.field)).toContain('ebpCode');
    const done = await post('save', { ...unfinished, id, version: 1, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100 });
    expect(done.body).toMatchObject({ code: 0, data: { id, version: 2 } });
  });

  it('still checks types and lengths, and the business key', async () => {
    const bad = await post('save', { orderNo: 'X'.repeat(61), goodsValue: 'abc', draft: true });
    expect(bad.body.code).toBe(-1);
    expect(bad.body.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['goodsValue', 'orderNo']);
    await post('save', { orderNo: 'SO-DRAFT-DUP', draft: true });
    const dup = await post('save', { orderNo: 'SO-DRAFT-DUP', draft: true });
    expect(dup.body).toMatchObject({ code: -1, message: expect.stringContaining('已存在') });
  });
});
