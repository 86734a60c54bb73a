/**
 * saveBatch (issue 17 §3) on a real database: up to 1,000 bills of one type per call (more refused
 * with a Chinese message), idempotent on the business key (a second save updates the draft, never
 * a duplicate; a declared bill is refused for itself), per-bill answers with the detail save's
 * messages, every bill type from its definition, and the saved bills declared as a job on request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDefinitions } from '../../domain/bills/index.ts';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { importOrder } from '../../domain/bills/import-order.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { validateBill } from '../../domain/bills/validation.ts';
import { MAX_SAVE_BATCH } from '../../server/bills/save-batch.ts';
import { call, openDemoSuite, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => ({ t, admin, other } = await openDemoSuite({ env: { CUSTOMS_POLL_MS: '0' } })));
afterAll(() => t?.close());

const batchUrl = (mode: string, key: string) => `/api/enterprise/bills/${mode}/${key}/saveBatch`;
const line = (gnum: number) => ({ gnum, itemNo: `SKU-${gnum}`, itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 });
const order = (orderNo: string, extra: Record<string, unknown> = {}) => ({
  orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 300, freight: 0,
  lines: [line(1), line(2), line(3)], ...extra,
});
const saveBatch = (bills: unknown[], extra: Record<string, unknown> = {}, token = admin.token) =>
  call(t.app, batchUrl('export', 'order'), { bills, ...extra }, token);
const heads = (orderNo: string) => t.handle.db.selectFrom('bill_heads').select(['id', 'state', 'data']).where('order_no', '=', orderNo).where('bill_key', '=', 'order').where('mode', '=', 'export').execute();

describe('saveBatch', () => {
  it('saves each bill with its lines and answers each one', async () => {
    const r = await saveBatch([order('SB-1'), order('SB-2')]);
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ total: 2, succeeded: 2, failed: 0 });
    expect(r.body.data.bills).toEqual([
      { index: 0, billNo: 'SB-1', id: expect.any(Number), created: true },
      { index: 1, billNo: 'SB-2', id: expect.any(Number), created: true },
    ]);
    const detail = await call(t.app, `/api/enterprise${exportOrder.api.lines}`, { id: r.body.data.bills[0].id }, admin.token);
    expect(detail.body.data.map((l: { itemNo: string }) => l.itemNo)).toEqual(['SKU-1', 'SKU-2', 'SKU-3']);
  });

  it('is idempotent on the business key: the same orderNo again updates the draft, never a second bill', async () => {
    const first = await saveBatch([order('SB-IDEM', { note: '第一次' })]);
    const again = await saveBatch([order('SB-IDEM', { note: '第二次', lines: [line(1)] })]);
    expect(again.body.data.bills[0]).toMatchObject({ id: first.body.data.bills[0].id, created: false });
    const rows = await heads('SB-IDEM');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ note: '第二次' });
    const lines = await call(t.app, `/api/enterprise${exportOrder.api.lines}`, { id: rows[0]!.id }, admin.token);
    expect(lines.body.data).toHaveLength(1);
  });

  it('refuses a bill already declared, for that bill only, with the lifecycle\'s Chinese message', async () => {
    const saved = await saveBatch([order('SB-DECL')]);
    await t.handle.db.updateTable('bill_heads').set({ state: 'DECLARING' }).where('id', '=', saved.body.data.bills[0].id).execute();
    const r = await saveBatch([order('SB-DECL'), order('SB-DECL-OK')]);
    expect(r.body.data).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
    expect(r.body.data.bills[0].id).toBeUndefined();
    expect(r.body.data.bills[0].message).toMatch(/订单编号 SB-DECL 当前状态为.+，不能修改/);
    expect(r.body.data.bills[1]).toMatchObject({ billNo: 'SB-DECL-OK', created: true });
    expect((await heads('SB-DECL'))[0]!.state).toBe('DECLARING');
  });

  it('answers field errors per bill with the detail save\'s messages; the good bills are saved', async () => {
    const bad = order('SB-BAD', { ebpCode: '' });
    const r = await saveBatch([bad, order('SB-GOOD'), order('SB-GOOD'), 42]);
    const expected = validateBill(exportOrder, { ...bad, lines: undefined }, [], 'save').errors.find((e) => e.field === 'ebpCode');
    expect(expected).toBeDefined();
    expect(r.body.data.bills[0].errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'ebpCode', message: expected!.message })]));
    expect(r.body.data.bills[1]).toMatchObject({ created: true });
    expect(r.body.data.bills[2].message).toBe(billServerText.duplicateInBatch('订单编号 SB-GOOD'));
    expect(r.body.data.bills[3].message).toBe(billServerText.badBatchBill);
    expect(await heads('SB-BAD')).toEqual([]);
  });

  it(`refuses more than ${MAX_SAVE_BATCH} bills, and none at all, with a Chinese message`, async () => {
    const many = Array.from({ length: MAX_SAVE_BATCH + 1 }, (_, i) => ({ orderNo: `SB-MANY-${i}` }));
    const r = await saveBatch(many);
    expect(r.body).toMatchObject({ code: -1, message: billServerText.tooManyBatchBills(MAX_SAVE_BATCH) });
    expect(await heads('SB-MANY-0')).toEqual([]);
    expect((await saveBatch([])).body).toMatchObject({ code: -1, message: billServerText.noBatchBills });
  });

  it('keys each bill type by its definition (import orders: ebpCode + orderNo)', async () => {
    const bill = { orderNo: 'SB-IMP-1', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', lines: [] };
    const a = await call(t.app, batchUrl('import', 'order'), { bills: [bill] }, admin.token);
    expect(a.body.code).toBe(0);
    const first = a.body.data.bills[0];
    // a draft with field errors still gets an answer of its own; when saved, the same key updates it
    if (first.id !== undefined) {
      const b = await call(t.app, batchUrl('import', 'order'), { bills: [bill] }, admin.token);
      expect(b.body.data.bills[0]).toMatchObject({ id: first.id, created: false });
    } else {
      expect(first.errors.length).toBeGreaterThan(0);
    }
    expect(importOrder.uniqueBy).toEqual(['ebpCode', 'orderNo']);
  });

  it('has a saveBatch for every bill type the user saves, none for the others', async () => {
    for (const def of billDefinitions) {
      const r = await call(t.app, batchUrl(def.mode, def.key), { bills: [] }, admin.token);
      if (def.api.save) expect(r.body.message, def.key).toBe(billServerText.noBatchBills);
      else expect(r.status, def.key).toBe(404);
    }
  });

  it('keeps to the caller\'s company: another company\'s same orderNo is its own bill', async () => {
    const mine = await saveBatch([order('SB-CO')]);
    const theirs = await saveBatch([order('SB-CO')], {}, other.token);
    if (theirs.body.code === 0 && theirs.body.data.bills[0].id !== undefined) {
      expect(theirs.body.data.bills[0].id).not.toBe(mine.body.data.bills[0].id);
      expect(theirs.body.data.bills[0].created).toBe(true);
    }
    expect(await heads('SB-CO')).toHaveLength(theirs.body.code === 0 && theirs.body.data.bills[0].id !== undefined ? 2 : 1);
  });

  it('declares the saved bills as a job on request (declare: true → jobId)', async () => {
    const r = await saveBatch([order('SB-JOB-1'), order('SB-JOB-2'), order('SB-JOB-BAD', { ebpCode: '' })], { declare: true });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ succeeded: 2, failed: 1, jobId: expect.any(Number) });
    let job: { state: string; succeeded: number; total: number } | undefined;
    for (let i = 0; i < 200; i++) {
      job = (await call(t.app, '/api/enterprise/bills/jobs/detail', { id: r.body.data.jobId }, admin.token)).body.data;
      if (job?.state === 'done') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(job).toMatchObject({ state: 'done', total: 2, succeeded: 2 });
    const states = (await heads('SB-JOB-1')).concat(await heads('SB-JOB-2')).map((h) => h.state);
    expect(states.every((s) => s !== 'DRAFT')).toBe(true);
  });

  it('leaves one operation-log row naming every bill number it saved', async () => {
    await saveBatch([order('SB-LOG-1'), order('SB-LOG-2')]);
    const r = await call(t.app, '/api/enterprise/operationLog/pageList', { terms: [{ column: 'bill_no', termType: 'eq', value: 'SB-LOG-2' }] }, admin.token);
    expect(r.body.data.datas).toHaveLength(1);
    expect(r.body.data.datas[0]).toMatchObject({ module: '出口订单', action: '批量保存', outcome: '成功', billNos: ['SB-LOG-1', 'SB-LOG-2'] });
    expect(r.body.data.datas[0].recordIds).toHaveLength(2);
  });
});
