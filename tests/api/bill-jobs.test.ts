// Bulk declarations as jobs on a real server: progress, per-bill failures, retry of the failed
// ones, a job resumed after its server stopped mid-way, and two runners of one job declaring
// every bill exactly once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { createJobRunner } from '../../server/bills/jobs.ts';
import { createStateNames } from '../../server/bills/states.ts';
import { call, openDemoSuite, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => ({ t, admin, other } = await openDemoSuite({ env: { CUSTOMS_POLL_MS: '0' } })));
afterAll(() => t.close());

const db = () => t.handle.db;
const api = (url: string, data: unknown, token = admin.token) => call(t.app, url, data, token);
const line = { id: 'temp1', gnum: 1, itemNo: 'SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 };

async function orders(prefix: string, n: number, extra: Record<string, unknown> = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await api(`/api/enterprise${exportOrder.api.save}`, {
      orderNo: `${prefix}-${String(i).padStart(3, '0')}`, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司',
      goodsValue: 100, freight: 0, details: [line], ...extra,
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    ids.push(r.body.data.id);
  }
  return ids;
}

const detail = (id: number, token = admin.token) => api('/api/enterprise/bills/jobs/detail', { id }, token);
const messageCounts = async (ids: number[]) => {
  const rows = await db().selectFrom('customs_messages').select(['bill_id']).where('bill_id', 'in', ids).execute();
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(Number(r.bill_id), (counts.get(Number(r.bill_id)) ?? 0) + 1);
  return ids.map((id) => counts.get(id) ?? 0);
};

describe('batch declare jobs', () => {
  it('runs in the background with progress, names each refused bill, and retries only the failed ones', async () => {
    const ids = await orders('JOB-A', 120);
    // one bill the job will refuse: its stored values emptied (what it needs to declare is missing)
    const kept = await db().selectFrom('bill_heads').select('data').where('id', '=', ids[7]!).executeTakeFirstOrThrow();
    await db().updateTable('bill_heads').set({ data: JSON.stringify({}) }).where('id', '=', ids[7]!).execute();
    const started = await api('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids: [...ids, 999999] });
    expect(started.body).toMatchObject({ code: 0, data: { jobId: expect.any(Number) } });
    const jobId = started.body.data.jobId as number;

    await vi.waitFor(async () => expect((await detail(jobId)).body.data.state).toBe('done'), { timeout: 20_000, interval: 50 });
    const job = (await detail(jobId)).body.data;
    expect(job).toMatchObject({ id: jobId, mode: 'export', key: 'order', action: 'declare', total: 121, done: 121, succeeded: 119 });
    expect(job.failed.map((f: { id: number }) => f.id)).toEqual([ids[7], 999999]);
    expect(job.failed[1].message).toBe('单据不存在或无权访问');
    expect(await messageCounts(ids.filter((id) => id !== ids[7]))).toEqual(Array(119).fill(1));

    const list = await api('/api/enterprise/bills/jobs/list', { mode: 'export', key: 'order' });
    expect(list.body.data[0]).toMatchObject({ id: jobId, state: 'done' });

    // 仅重试失败: a new job of the failed ids; the fixed bill goes, the unknown id fails again
    await db().updateTable('bill_heads').set({ data: JSON.stringify(kept.data) }).where('id', '=', ids[7]!).execute();
    const retry = await api('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids: job.failed.map((f: { id: number }) => f.id) });
    await vi.waitFor(async () => expect((await detail(retry.body.data.jobId)).body.data.state).toBe('done'), { timeout: 10_000, interval: 50 });
    expect((await detail(retry.body.data.jobId)).body.data).toMatchObject({ total: 2, succeeded: 1, failed: [{ id: 999999 }] });
  });

  it('keeps a job to its company and its bill page', async () => {
    const [id] = await orders('JOB-B', 1);
    const started = await api('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids: [id] });
    expect((await detail(started.body.data.jobId, other.token)).body).toMatchObject({ code: -1, message: '任务不存在或无权访问' });
    expect((await api('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'nothing', ids: [id] })).body).toMatchObject({ code: -1, message: '不支持的单据类型' });
    expect((await api('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids: [] })).body).toMatchObject({ code: -1, message: '请选择操作数据！' });
  });

  it('takes the 1,000 ids saveBatch takes, says its limit in words past them, and answers China times', async () => {
    const [id] = await orders('JOB-D', 1);
    const many = [id!, ...Array.from({ length: 999 }, (_, i) => 900_000 + i)];
    const started = await api('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids: many });
    expect(started.body).toMatchObject({ code: 0, data: { jobId: expect.any(Number) } });
    expect((await api('/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids: [...many, 1] })).body)
      .toMatchObject({ code: -1, message: '一次最多操作1000条单据' });
    await vi.waitFor(async () => expect((await detail(started.body.data.jobId)).body.data.state).toBe('done'), { timeout: 20_000, interval: 100 });
    const job = (await detail(started.body.data.jobId)).body.data;
    expect(job).toMatchObject({ total: 1000, succeeded: 1 });
    for (const time of [job.createTime, job.finishTime]) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('resumes a job left running, and two runners of one job declare every bill once', async () => {
    const ids = await orders('JOB-C', 130);
    // a job whose server stopped after its first chunk: rows as the crash left them
    const { id: jobId } = await db().insertInto('bill_jobs').values({
      company_id: admin.userInfo.companyId, user_id: null, mode: 'export', bill_key: 'order', action: 'declare',
      ids: JSON.stringify(ids), total: ids.length,
    }).returning('id').executeTakeFirstOrThrow();
    const deps = { db: db(), stateNames: createStateNames(db(), t.app.caches), wake: () => undefined, log: { info: () => undefined, error: () => undefined } };
    const a = createJobRunner(deps);
    const b = createJobRunner(deps);
    await Promise.all([a.resumeAll(), b.resumeAll()]);
    await Promise.all([a.idle(), b.idle()]);
    const job = (await detail(Number(jobId))).body.data;
    expect(job).toMatchObject({ state: 'done', total: 130, done: 130, succeeded: 130, failed: [] });
    expect(await messageCounts(ids)).toEqual(Array(130).fill(1));
    const states = await db().selectFrom('bill_heads').select('state').where('id', 'in', ids).execute();
    expect(new Set(states.map((s) => s.state))).toEqual(new Set(['DECLARING']));
  });
});
