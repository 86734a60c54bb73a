// Batch declare past one write chunk: every good bill declared once, refusals named in request
// order, and the state move refused for a bill changed after the batch decided on it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { billModel } from '../../server/bills/model.ts';
import { findHead, moveStates, type Scope } from '../../server/bills/repository.ts';
import { initCustomsSchemas } from '../../server/customs/schemas.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;

beforeAll(async () => {
  await initCustomsSchemas();
  t = await createTestApp();
  // Bills stay DECLARING here: the outbox worker is off.
  await t.app.customs.worker.stop();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

const post = (key: keyof BillApi, data: unknown) => call(t.app, `/api/enterprise${exportOrder.api[key]}`, data, admin.token);
const order = (orderNo: string, itemNo = 'SKU1') => ({
  orderNo, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
  details: [{ id: 'temp1', gnum: 1, itemNo, itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
});
async function save(orderNo: string, itemNo?: string): Promise<number> {
  const r = await post('save', order(orderNo, itemNo));
  expect(r.body.code).toBe(0);
  return r.body.data.id as number;
}

describe('batch declare of more bills than one write chunk', () => {
  it('declares each good bill once and names the refused ones in the order asked', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 230; i++) ids.push(await save(`SO-CHUNK-${String(i).padStart(3, '0')}`, i === 150 ? '' : 'SKU1'));
    await t.handle.db.updateTable('bill_heads').set({ state: '120' }).where('id', '=', ids[40]!).execute();
    const asked = [...ids.slice(0, 100), 999999, ...ids.slice(100)];
    const r = await post('apply', { ids: asked });
    expect(r.body.code).toBe(0);
    // toMatchObject: the answer may carry more (the job it ran as), the failures are compared whole.
    expect(r.body.data).toMatchObject({
      total: 231, succeeded: 228,
      failed: [
        { id: ids[40], title: 'SO-CHUNK-040', message: '订单编号 SO-CHUNK-040 当前状态为海关入库，不能申报' },
        { id: 999999, title: '', message: '单据不存在或无权访问' },
        { id: ids[150], title: 'SO-CHUNK-150', message: '第1行：请填写企业商品货号' },
      ],
    });
    expect(r.body.data.failed).toHaveLength(3);
    const heads = await t.handle.db.selectFrom('bill_heads').select(['id', 'state', 'version', 'app_time'])
      .where('id', '=', sql<number>`any(${ids}::bigint[])`).execute();
    const messages = await t.handle.db.selectFrom('customs_messages').select(['bill_id', 'xml'])
      .where('bill_id', '=', sql<number>`any(${ids}::bigint[])`).execute();
    const declared = heads.filter((h) => h.state === 'DECLARING');
    expect(declared).toHaveLength(228);
    // One message per declared bill, none for the refused ones, each carrying its own bill.
    expect(messages.map((m) => Number(m.bill_id)).sort((a, b) => a - b)).toEqual(declared.map((h) => Number(h.id)).sort((a, b) => a - b));
    const orderNoOf = new Map(ids.map((id, i) => [id, `SO-CHUNK-${String(i).padStart(3, '0')}`]));
    for (const m of messages) expect(m.xml).toContain(`<ceb:orderNo>${orderNoOf.get(Number(m.bill_id))}</ceb:orderNo>`);
    for (const h of declared) expect(h).toMatchObject({ version: 2, app_time: expect.any(Date) });
    expect(heads.find((h) => Number(h.id) === ids[150])).toMatchObject({ state: 'DRAFT', version: 1, app_time: null });
  });
});

describe('moveStates', () => {
  it('moves only bills still at the version and state decided on', async () => {
    const scope: Scope = { companyId: admin.userInfo.companyId, model: billModel(exportOrder) };
    const [a, b, c] = [await save('SO-MOVE-A'), await save('SO-MOVE-B'), await save('SO-MOVE-C')];
    const read = async (id: number) => (await findHead(t.handle.db, scope, id))!;
    const [ra, rb, rc] = [await read(a), await read(b), await read(c)];
    // After the decision: b saved by someone else (new version), c's state changed in place.
    expect((await post('save', { ...order('SO-MOVE-B'), id: b, version: rb.version, ebpName: '另一个平台' })).body.code).toBe(0);
    await t.handle.db.updateTable('bill_heads').set({ state: '120' }).where('id', '=', c).execute();
    const appTime = new Date();
    const moved = await moveStates(t.handle.db, scope, [ra, rb, rc].map((r) => ({ id: r.id, version: r.version, state: r.state, next: 'DECLARING' })), appTime);
    expect([...moved]).toEqual([a]);
    expect(await read(a)).toMatchObject({ state: 'DECLARING', version: ra.version + 1, app_time: appTime });
    expect(await read(b)).toMatchObject({ state: 'DRAFT', version: rb.version + 1, ebp_name: '另一个平台', app_time: null });
    expect(await read(c)).toMatchObject({ state: '120', version: rc.version, app_time: null });
  });

  it('moves no bill of another company', async () => {
    const id = await save('SO-MOVE-OTHER');
    const mine = (await findHead(t.handle.db, { companyId: admin.userInfo.companyId, model: billModel(exportOrder) }, id))!;
    const other = await t.handle.db.selectFrom('companies').select('id').where('id', '<>', admin.userInfo.companyId).executeTakeFirstOrThrow();
    const moved = await moveStates(t.handle.db, { companyId: other.id, model: billModel(exportOrder) }, [{ id, version: mine.version, state: mine.state, next: 'DECLARING' }], new Date());
    expect(moved.size).toBe(0);
  });
});
