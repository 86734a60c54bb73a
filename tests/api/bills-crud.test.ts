// The bill engine's generated routes on a real database: save, detail, lines, list, counts,
// validation, scoping to the caller's company, versions, duplicates and deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { listRowFields } from '../../domain/bills/list-row.ts';
import { statesFor } from '../../domain/bill-states.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
});
afterAll(async () => {
  await t.close();
});

const url = (key: keyof BillApi) => `/api/enterprise${exportOrder.api[key]}`;
const post = (key: keyof BillApi, data: unknown, token = admin.token) => call(t.app, url(key), data, token);

const line = (gnum: number, extra: Record<string, unknown> = {}) => ({
  id: `temp${gnum}`, gnum, itemNo: `SKU${gnum}`, itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 2, price: 50, totalPrice: 100, ...extra,
});
const order = (orderNo: string, extra: Record<string, unknown> = {}) => ({
  orderNo, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0, details: [line(1)], ...extra,
});

async function save(orderNo: string, extra: Record<string, unknown> = {}, token = admin.token) {
  const r = await post('save', order(orderNo, extra), token);
  expect(r.body).toMatchObject({ code: 0 });
  return r.body.data as { id: number; version: number };
}
const setState = (id: number, state: string) => t.handle.db.updateTable('bill_heads').set({ state }).where('id', '=', id).execute();
const countHeads = async () => Number((await t.handle.db.selectFrom('bill_heads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('save, detail and lines', () => {
  it('creates a draft with the defaults filled from the company and the definition', async () => {
    const { id, version } = await save('SO-NEW-1');
    expect(version).toBe(1);
    const detail = await post('detail', { id, startTime: '', endTime: '' });
    expect(detail.body.code).toBe(0);
    expect(detail.body.data).toMatchObject({
      id, version: 1, state: 'DRAFT', stateName: '暂存', appTime: null, returnInfo: null,
      orderNo: 'SO-NEW-1', orderType: 'E', appType: '1', currency: '142', goodsValue: 100, freight: 0,
      ebcCode: admin.userInfo.companyCode, ebcName: admin.userInfo.companyName,
      copCode: admin.userInfo.companyCode, copName: admin.userInfo.companyName, dxpMode: 'DXP', dxpId: 'DXPENT0000458763',
      note: null,
    });
    expect(detail.body.data.createTime).toMatch(TIME);
    const lines = await post('lines', { id });
    expect(lines.body.data).toEqual([expect.objectContaining({ gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', qty: 2, totalPrice: 100, country: null })]);
    expect(typeof lines.body.data[0].id).toBe('number');
  });

  it('replaces the lines with details: stored ids kept, temp ids added, missing ones removed', async () => {
    const { id } = await save('SO-LINES-1', { details: [line(1), line(2)] });
    const before = (await post('lines', { id })).body.data as { id: number; gnum: number }[];
    expect(before.map((l) => l.gnum)).toEqual([1, 2]);
    const r = await post('save', order('SO-LINES-1', { id, version: 1, details: [{ ...line(1, { itemName: '充电宝' }), id: before[0]!.id }, line(3)] }));
    expect(r.body).toMatchObject({ code: 0, data: { id, version: 2 } });
    const after = (await post('lines', { id })).body.data as { id: number; gnum: number; itemName: string }[];
    expect(after.map((l) => [l.gnum, l.itemName])).toEqual([[1, '充电宝'], [3, '蓝牙耳机']]);
    expect(after[0]!.id).toBe(before[0]!.id);
  });

  it('saves, refuses and deletes single lines, moving the bill version', async () => {
    const { id } = await save('SO-LINE-OPS');
    const added = await post('saveLines', { headId: id, ...line(2), id: undefined });
    // the bill's new version comes back, so a page that saved a line alone saves the bill after it
    expect(added.body).toMatchObject({ code: 0, data: { id: expect.any(Number), version: 2 } });
    const dup = await post('saveLines', { headId: id, ...line(1), id: undefined });
    expect(dup.body).toMatchObject({ code: -1, message: '序号1重复', data: { errors: [{ field: 'gnum' }] } });
    const bad = await post('saveLines', { headId: id, gnum: 3, itemName: '', unit: '011', currency: '142', qty: 'x', price: 1, totalPrice: 1 });
    expect(bad.body.code).toBe(-1);
    expect(bad.body.data.errors).toEqual(expect.arrayContaining([{ field: 'itemName', message: '请填写企业商品名称' }, { field: 'qty', message: '数量必须是数字' }]));
    const del = await post('deleteLines', { ids: [added.body.data.id] });
    expect(del.body).toMatchObject({ code: 0, data: null });
    const lines = (await post('lines', { id })).body.data as unknown[];
    expect(lines).toHaveLength(1);
    expect((await post('detail', { id })).body.data.version).toBe(3);
  });

  it('refuses a stale version and keeps the stored bill', async () => {
    const { id } = await save('SO-VER-1');
    expect((await post('save', order('SO-VER-1', { id, version: 1, goodsValue: 200 }))).body).toMatchObject({ code: 0, data: { version: 2 } });
    const stale = await post('save', order('SO-VER-1', { id, version: 1, goodsValue: 300 }));
    expect(stale.body).toMatchObject({ code: -1, message: '单据已被修改，请刷新后重试' });
    expect((await post('detail', { id })).body.data).toMatchObject({ version: 2, goodsValue: 200 });
  });

  it('refuses a second live bill with the same order number', async () => {
    const first = await save('SO-DUP-1');
    await save('SO-DUP-2');
    const dup = await post('save', order('SO-DUP-1'));
    expect(dup.body).toMatchObject({ code: -1, message: '订单编号 SO-DUP-1 已存在', data: { errors: [{ field: 'orderNo', message: '订单编号 SO-DUP-1 已存在' }] } });
    const renamed = await post('save', order('SO-DUP-2', { id: first.id }));
    expect(renamed.body).toMatchObject({ code: -1, message: '订单编号 SO-DUP-2 已存在' });
    // Saving a bill under its own number is no duplicate; another company may use the number too.
    expect((await post('save', order('SO-DUP-1', { id: first.id }))).body.code).toBe(0);
    expect((await post('save', order('SO-DUP-1'), other.token)).body.code).toBe(0);
  });

  it('lets only one of two simultaneous saves of one number through', async () => {
    const results = await Promise.all([post('save', order('SO-RACE')), post('save', order('SO-RACE')), post('save', order('SO-RACE'))]);
    expect(results.map((r) => r.body.code).sort()).toEqual([-1, -1, 0]);
    const list = await post('pageList', { pageIndex: 0, pageSize: 10, terms: [{ column: 'order_no', termType: 'eq', value: 'SO-RACE' }] });
    expect(list.body.data.total).toBe(1);
  });

  it('answers an unknown id as unknown', async () => {
    for (const id of [999999, 'abc']) {
      expect((await post('detail', { id })).body).toMatchObject({ code: -1, message: '单据不存在或无权访问' });
    }
    // not an id at all: refused at the boundary (issue 14), naming the field
    expect((await post('detail', { id: -1 })).body).toMatchObject({ code: -1, message: expect.stringContaining('参数格式不正确：id') });
    expect((await post('lines', { id: 999999 })).body).toMatchObject({ code: -1, message: '单据不存在或无权访问' });
  });
});

describe('validation', () => {
  it('counts Chinese text in characters and refuses with field errors, saving nothing', async () => {
    const ok = await post('save', order('SO-LEN-OK', { ebpName: '电'.repeat(100) }));
    expect(ok.body.code).toBe(0);
    const before = await countHeads();
    const r = await post('save', order('', { ebpName: '电'.repeat(101), goodsValue: 'abc', freight: '1.1234567', details: [line(1, { itemName: '' })] }));
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(-1);
    expect(r.body.data.errors).toEqual(expect.arrayContaining([
      { field: 'orderNo', message: '请填写订单编号' },
      { field: 'ebpName', message: '电商平台名称长度不能超过100个字符（海关规则R409）' },
      { field: 'goodsValue', message: '商品金额必须是数字' },
      { field: 'freight', message: '运杂费（1.1234567）最多5位小数，请改正后再保存（海关规则R410）' },
      { field: 'lines.0.itemName', message: '第1行：请填写企业商品名称' },
    ]));
    expect(r.body.message).toContain('请填写订单编号');
    expect(await countHeads()).toBe(before);
  });

  it('refuses a value of the wrong shape on its field', async () => {
    const r = await post('save', order('SO-OBJ', { ebpName: { nested: 1 } }));
    expect(r.body).toMatchObject({ code: -1, message: '电商平台名称格式不正确', data: { errors: [{ field: 'ebpName', message: '电商平台名称格式不正确' }] } });
  });
});

describe('another company', () => {
  it('cannot read, change, declare or delete a bill it does not own', async () => {
    const { id } = await save('SO-MINE-1');
    const notFound = { code: -1, message: '单据不存在或无权访问' };
    expect((await post('detail', { id }, other.token)).body).toMatchObject(notFound);
    expect((await post('lines', { id }, other.token)).body).toMatchObject(notFound);
    expect((await post('save', order('SO-THEIRS', { id }), other.token)).body).toMatchObject(notFound);
    expect((await post('saveLines', { headId: id, ...line(5), id: undefined }, other.token)).body).toMatchObject(notFound);
    const lineId = ((await post('lines', { id })).body.data as { id: number }[])[0]!.id;
    expect((await post('deleteLines', { ids: [lineId] }, other.token)).body).toMatchObject({ code: -1, message: '表体数据不存在或无权访问' });
    expect((await post('delete', { ids: [id] }, other.token)).body.data).toEqual({ total: 1, succeeded: 0, failed: [{ id, title: '', message: '单据不存在或无权访问' }] });
    expect((await post('apply', { ids: [id] }, other.token)).body.data.succeeded).toBe(0);
    // the owner and the other company ask the same list in turn: one statement, each its own company
    const byId = { pageIndex: 0, pageSize: 50, terms: [{ column: 'id', termType: 'eq', value: id }] };
    expect((await post('pageList', byId)).body.data.total).toBe(1);
    expect((await post('pageList', byId, other.token)).body.data).toEqual({ total: 0, datas: [] });
    expect((await post('pageList', byId)).body.data.datas.map((r: { id: number }) => r.id)).toEqual([id]);
    const drafts = async (token?: string) => ((await post('queryStateCount', byId, token)).body.data as { state: string; count: number }[]).find((c) => c.state === 'DRAFT')?.count;
    expect(await drafts()).toBe(1);
    expect(await drafts(other.token)).toBe(0);
    const mine = (await post('detail', { id })).body.data;
    expect(mine).toMatchObject({ orderNo: 'SO-MINE-1', version: 1, state: 'DRAFT' });
    expect((await post('lines', { id })).body.data).toHaveLength(1);
  });
});

describe('list and state counts', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    for (let i = 1; i <= 5; i++) ids.push((await save(`LST-${i}`, { goodsValue: i * 10, ebpName: i % 2 ? '甲平台' : '乙平台' })).id);
    await setState(ids[0]!, '120');
    await setState(ids[1]!, '120');
    await setState(ids[2]!, '100');
  });
  const like = { column: 'order_no', termType: 'like', value: 'LST-' };

  it('filters with terms (indexed and jsonb columns), sorts and pages', async () => {
    const all = await post('pageList', { pageIndex: 0, pageSize: 50, sorts: [{ name: 'order_no', order: 'asc' }], terms: [like] });
    expect(all.body.data.total).toBe(5);
    expect(all.body.data.datas.map((r: { orderNo: string }) => r.orderNo)).toEqual(['LST-1', 'LST-2', 'LST-3', 'LST-4', 'LST-5']);
    const first = all.body.data.datas[0];
    expect(first).toMatchObject({ state: '120', stateName: '海关入库', goodsValue: 10, ebpCode: '3302960001' });
    // a list row carries what the list shows, not the whole bill (the detail does)
    expect(Object.keys(first).sort()).toEqual([...listRowFields(exportOrder)].sort());
    const detail = await post('detail', { id: first.id, startTime: '', endTime: '' });
    expect(detail.body.data).toMatchObject({ ...first, ebcCode: admin.userInfo.companyCode, copCode: admin.userInfo.companyCode });
    const page = await post('pageList', { pageIndex: 1, pageSize: 2, sorts: [{ name: 'goods_value', order: 'desc' }], terms: [like] });
    expect(page.body.data.total).toBe(5);
    expect(page.body.data.datas.map((r: { goodsValue: number }) => r.goodsValue)).toEqual([30, 20]);
    const jsonb = await post('pageList', { pageIndex: 0, pageSize: 50, terms: [like, { column: 'goods_value', termType: 'gte', value: 40 }, { column: 'ebp_name', termType: 'eq', value: '乙平台' }] });
    expect(jsonb.body.data.datas.map((r: { orderNo: string }) => r.orderNo)).toEqual(['LST-4']);
    const stateOr = await post('pageList', {
      pageIndex: 0, pageSize: 50, sorts: [{ name: 'id', order: 'asc' }],
      terms: [like, { column: 'state', termType: 'eq', value: '100' }, { column: 'state', termType: 'eq', type: 'or', value: 'DRAFT' }],
    });
    expect(stateOr.body.data.datas.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[3], ids[4]]);
    const selected = await post('pageList', { pageIndex: 0, pageSize: 50, terms: [{ column: 'id', termType: 'in', value: [ids[0], ids[4]] }] });
    expect(selected.body.data.total).toBe(2);
    const window = await post('pageList', { pageIndex: 0, pageSize: 50, terms: [like, { column: 'create_time', termType: 'btw', value: ['2000-01-01 00:00:00', '2000-12-31 23:59:59'] }] });
    expect(window.body.data).toEqual({ total: 0, datas: [] });
  });

  it('refuses columns outside the whitelist', async () => {
    const r = await post('pageList', { pageIndex: 0, pageSize: 50, terms: [{ column: 'company_id', termType: 'eq', value: 1 }] });
    expect(r.body).toMatchObject({ code: -1, message: '不支持的查询字段: company_id' });
    const s = await post('pageList', { pageIndex: 0, pageSize: 50, sorts: [{ name: 'data', order: 'asc' }] });
    expect(s.body).toMatchObject({ code: -1, message: '不支持的排序字段: data' });
  });

  it('counts every state of the dictionary, 0 included, ignoring the state term', async () => {
    const r = await post('queryStateCount', { pageIndex: 0, pageSize: 10, terms: [like, { column: 'state', termType: 'eq', value: '120' }] });
    expect(r.body.code).toBe(0);
    const dictionary = statesFor('EXPU', 'ExpuOrderState')!;
    expect(r.body.data.map((c: { state: string }) => c.state)).toEqual(dictionary.map((s) => s.state));
    const count = Object.fromEntries(r.body.data.map((c: { state: string; count: number }) => [c.state, c.count]));
    expect(count).toMatchObject({ DRAFT: 2, '120': 2, '100': 1, DECLARING: 0, ERROR: 0 });
    expect(r.body.data.find((c: { state: string }) => c.state === '120')).toEqual({ state: '120', stateName: '海关入库', count: 2 });
  });
});

describe('lifecycle refusals and deletion', () => {
  it('refuses changing a bill customs holds, naming the bill and its state', async () => {
    const { id } = await save('SO-HELD-1');
    await setState(id, '120');
    const r = await post('save', order('SO-HELD-1', { id, goodsValue: 999 }));
    expect(r.body).toMatchObject({ code: -1, message: '订单编号 SO-HELD-1 当前状态为海关入库，不能修改' });
    const lineId = ((await post('lines', { id })).body.data as { id: number }[])[0]!.id;
    expect((await post('deleteLines', { ids: [lineId] })).body).toMatchObject({ code: -1, message: '订单编号 SO-HELD-1 当前状态为海关入库，不能修改' });
    expect((await post('detail', { id })).body.data.goodsValue).toBe(100);
  });

  it('deletes drafts and refuses the others, each bill on its own', async () => {
    const a = await save('SO-DEL-1');
    const b = await save('SO-DEL-2');
    await setState(b.id, '399');
    const r = await post('delete', { ids: [a.id, b.id] });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toEqual({ total: 2, succeeded: 1, failed: [{ id: b.id, title: 'SO-DEL-2', message: '订单编号 SO-DEL-2 当前状态为海关审结，不能删除' }] });
    expect((await post('detail', { id: a.id })).body.message).toBe('单据不存在或无权访问');
    expect(await t.handle.db.selectFrom('bill_lines').select('id').where('head_id', '=', a.id).execute()).toEqual([]);
    // The number of a deleted bill is free again.
    expect((await post('save', order('SO-DEL-1'))).body.code).toBe(0);
  });

  it('refuses an empty or oversized selection', async () => {
    expect((await post('delete', { ids: [] })).body).toMatchObject({ code: -1, message: '请选择操作数据！' });
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await post('delete', { ids: many })).body).toMatchObject({ code: -1, message: '一次最多操作500条单据' });
  });
});
