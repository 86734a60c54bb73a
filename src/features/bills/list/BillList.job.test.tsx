/**
 * 批量申报 as a bulk job in the order list, over the fake server at the axios boundary: the start
 * call, the progress dialog, per-bill failures, 仅重试失败, closing while it runs (the indicator),
 * and a job found running when the list opens.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import type { JobView } from '../../../../machines/bill-job.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import { BillList } from './BillList.tsx';
import { createFakeBackend, Refusal, type FakeBackend } from './testing/fake-backend.ts';
import { listSession, orderApi, serveJobs, serveOrders } from './testing/fixtures.ts';

let backend: FakeBackend;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2028, 1, 29, 15, 0, 0));
  backend = serveOrders(createFakeBackend());
});
afterEach(() => {
  vi.useRealTimers();
});

function show(definition: BillDefinition = exportOrder) {
  return render(<BillList definition={definition} onNavigate={() => {}} client={backend.client} />, {
    route: '/bill/export/order',
    actor: createTestAuthActor(listSession()),
  });
}

const loaded = () => screen.findByRole('link', { name: 'SO000001' });
const button = (name: string) => screen.getByRole('button', { name });
const progressDialog = () => screen.findByRole('dialog', { name: '批量申报进度' });
const indicator = () => screen.queryByRole('button', { name: /^批量申报(进行中|已完成)/ });

async function declare(...orderNos: string[]) {
  await loaded();
  for (const no of orderNos) fireEvent.click(screen.getByRole('checkbox', { name: `选择 ${no}` }));
  await screen.findByText(`已选择 ${orderNos.length} 条`);
  fireEvent.click(button('批量申报'));
  const confirm = (await screen.findByText('确认批量申报吗？')).closest('[role=dialog]') as HTMLElement;
  fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
}

/** A job whose progress the test moves: each detail answers the current state. */
function scriptedJob(total: number) {
  const job: JobView = { id: 1, state: 'running', total, done: 0, succeeded: 0, failed: [] };
  backend.on(orderApi.jobStart, () => ({ jobId: 1 })).on(orderApi.jobDetail, () => ({ ...job }));
  return job;
}

describe('BillList bulk job (批量申报)', { timeout: 30_000 }, () => {
  it('confirm starts a job of the eligible ids; the dialog reaches 100% with the counts, the list and counts reload', async () => {
    serveJobs(backend);
    show();
    await declare('SO000001', 'SO000002', 'SO000003');
    // SO000003 (海关入库) is excluded by the lifecycle, as for any batch action
    await waitFor(() => expect(backend.callsTo(orderApi.jobStart)).toHaveLength(1));
    expect(backend.callsTo(orderApi.jobStart)[0]!.data).toEqual({ mode: 'export', key: 'order', ids: [1, 2] });
    expect(backend.callsTo(orderApi.apply)).toHaveLength(0);
    const dialog = await progressDialog();
    expect(await within(dialog).findByText('任务已完成')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: '处理进度' }).getAttribute('aria-valuenow')).toBe('100');
    expect(within(dialog).getByText('已处理 2/2（100%）')).toBeTruthy();
    expect(within(dialog).getByText('成功 2')).toBeTruthy();
    expect(within(dialog).getByText('失败 0')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '仅重试失败' })).toBeNull();
    await waitFor(() => expect(backend.callsTo(orderApi.pageList)).toHaveLength(2));
    await waitFor(() => expect(backend.callsTo(orderApi.counts)).toHaveLength(2));
    expect(screen.queryByText(/^已选择/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '批量申报进度' })).toBeNull());
    expect(indicator()).toBeNull();
  });

  it('lists the failed bills with their reasons; 仅重试失败 starts a job of just those', async () => {
    serveJobs(backend, [2]);
    show();
    await declare('SO000001', 'SO000002');
    const dialog = await progressDialog();
    expect(await within(dialog).findByText('订单编号 SO000002 重复')).toBeTruthy();
    expect(within(dialog).getByText('SO000002')).toBeTruthy();
    expect(within(dialog).getByText('成功 1')).toBeTruthy();
    expect(within(dialog).getByText('失败 1')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '仅重试失败' }));
    await waitFor(() => expect(backend.callsTo(orderApi.jobStart)).toHaveLength(2));
    expect(backend.callsTo(orderApi.jobStart)[1]!.data).toMatchObject({ ids: [2] });
    expect(await within(await progressDialog()).findByText('已处理 1/1（100%）')).toBeTruthy();
  });

  it('closing the dialog while it runs leaves the job running: the indicator shows it, reopens it, and the end reloads the list', async () => {
    const job = scriptedJob(3);
    show();
    await declare('SO000001', 'SO000002');
    const dialog = await progressDialog();
    expect(await within(dialog).findByText('已处理 0/3（0%）')).toBeTruthy();
    expect(within(dialog).getByText('关闭窗口不会中断任务，可从列表上方的进度按钮重新打开')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(indicator()?.textContent).toBe('批量申报进行中 0/3'));
    // one job at a time: 批量申报 waits for it
    expect(button('批量申报').hasAttribute('data-loading')).toBe(true);
    Object.assign(job, { done: 2, succeeded: 2 });
    await waitFor(() => expect(indicator()?.textContent).toBe('批量申报进行中 2/3'), { timeout: 3000 });
    fireEvent.click(indicator()!);
    expect(await within(await progressDialog()).findByText('已处理 2/3（67%）')).toBeTruthy();
    fireEvent.click(within(await progressDialog()).getByRole('button', { name: '关闭' }));
    Object.assign(job, { state: 'done', done: 3, succeeded: 3 });
    await waitFor(() => expect(indicator()?.textContent).toBe('批量申报已完成'), { timeout: 3000 });
    await waitFor(() => expect(backend.callsTo(orderApi.pageList)).toHaveLength(2));
    expect(button('批量申报').hasAttribute('data-loading')).toBe(false);
    fireEvent.click(indicator()!);
    expect(await within(await progressDialog()).findByText('任务已完成')).toBeTruthy();
  });

  it('a job still running when the list opens shows as the indicator and is watched', async () => {
    const job = scriptedJob(500);
    Object.assign(job, { id: 9, done: 120, succeeded: 120 });
    backend.on(orderApi.jobList, () => [{ ...job }, { id: 8, state: 'done', total: 2, done: 2, succeeded: 2, failed: [] }]);
    show();
    await waitFor(() => expect(indicator()?.textContent).toBe('批量申报进行中 120/500'));
    expect(backend.callsTo(orderApi.jobList)[0]!.data).toEqual({ mode: 'export', key: 'order' });
    expect(screen.queryByRole('dialog', { name: '批量申报进度' })).toBeNull();
    await waitFor(() => expect(backend.callsTo(orderApi.jobDetail).length).toBeGreaterThan(0));
    expect(backend.callsTo(orderApi.jobDetail)[0]!.data).toEqual({ id: 9 });
  });

  it('a refused start is toasted; no dialog, and 批量申报 can be used again', async () => {
    backend.on(orderApi.jobStart, () => { throw new Refusal('请选择操作数据！'); });
    show();
    await declare('SO000001');
    expect(await screen.findByText('请选择操作数据！')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: '批量申报进度' })).toBeNull();
    await waitFor(() => expect(button('批量申报').hasAttribute('data-loading')).toBe(false));
  });

  it('a list with no job action does not look for jobs', async () => {
    show({ ...exportOrder, actions: exportOrder.actions.filter((a) => a.kind !== 'job') });
    await loaded();
    expect(backend.callsTo(orderApi.jobList)).toHaveLength(0);
  });
});
