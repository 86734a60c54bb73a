// The detail page follows the live-event stream (issue 16): the page forwards the events naming its
// bill to the machine; view reads it again quietly (state, buttons, 回执记录), edit keeps the edits.
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import type { LiveEvent } from '../../../../domain/events.ts';
import { http } from '../../../lib/http.ts';
import { liveEvents } from '../../../lib/live-events.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import BillDetailPage from './BillDetailPage.tsx';
import { detailSession, immediateAdapter, ok, orderLines, orderRow, refused, type Envelope, type SeenRequest } from './test-fixtures.ts';

const api = (path: string | undefined) => `/api/enterprise${path}`;
const TIMELINE = '/api/receipter/timeline';
const answered = (id: number, mode = 'export'): LiveEvent => ({ type: 'bill', mode, key: 'order', id, state: '120', stateName: '海关入库', change: 'state' });

function open(rows: () => Record<string, unknown>) {
  const seen: SeenRequest[] = [];
  http.axios.defaults.adapter = immediateAdapter((url): Envelope => {
    if (url === api(exportOrder.api.detail)) return ok(rows());
    if (url === api(exportOrder.api.lines)) return ok(orderLines);
    if (url === TIMELINE) return ok({ state: String(rows().state), stateName: String(rows().stateName), events: [] });
    return refused(`unexpected ${url}`);
  }, seen);
  render(<Routes><Route path="/details/:type/:key" element={<BillDetailPage />} /></Routes>,
    { route: '/details/export/order?id=7', actor: createTestAuthActor(detailSession()) });
  return seen;
}

const toolbar = () => screen.getByRole('toolbar', { name: '单据操作' });
const head = () => screen.getByRole('region', { name: '表头信息' });
const count = (seen: SeenRequest[], url: string) => seen.filter((r) => r.url === url).length;

afterEach(() => {
  http.axios.defaults.adapter = undefined;
  notifications.clean();
  notifications.cleanQueue();
});

describe('bill detail page, live', { timeout: 20_000 }, () => {
  it('view: customs answering this bill updates its buttons and 回执记录 without 刷新; other bills are ignored', async () => {
    let row: Record<string, unknown> = { ...orderRow, state: 'DECLARING', stateName: '申报中' };
    const seen = open(() => row);
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    const timeline = await screen.findByRole('region', { name: '回执记录' });
    await within(timeline).findByText('申报中');
    const reads = count(seen, api(exportOrder.api.detail));
    liveEvents.deliver(answered(8)); // another bill
    liveEvents.deliver(answered(7, 'import')); // another list's bill 7
    row = { ...orderRow, state: 'SEND_FAILED', stateName: '发送失败' };
    liveEvents.deliver(answered(7));
    await within(timeline).findByText('发送失败');
    expect(count(seen, api(exportOrder.api.detail))).toBe(reads + 1);
    // SEND_FAILED may be changed again: 编辑 is offered, read from the new state
    await waitFor(() => expect(within(toolbar()).queryByRole('button', { name: '编辑' })).not.toBeNull());
  });

  it('edit: a change of another version says 该单据已被更新 and keeps the edits; 继续编辑 dismisses it; its 刷新 drops them and reloads without asking again', async () => {
    let row: Record<string, unknown> = orderRow;
    const seen = open(() => row);
    await within(await screen.findByRole('region', { name: '表头信息' })).findByDisplayValue('SO-001');
    fireEvent.click(within(toolbar()).getByRole('button', { name: '编辑' }));
    const orderNo = within(head()).getByPlaceholderText('请填写订单编号') as HTMLInputElement;
    fireEvent.change(orderNo, { target: { value: 'SO-TYPED' } });
    let reads = count(seen, api(exportOrder.api.detail));
    // the same version as the page's (the user's own row saved alone): no news
    liveEvents.deliver(answered(7));
    await waitFor(() => expect(count(seen, api(exportOrder.api.detail))).toBe(reads + 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('该单据已被更新')).toBeNull();
    row = { ...orderRow, version: 4, orderNo: 'SO-COLLEAGUE' };
    liveEvents.deliver(answered(7));
    fireEvent.click(await screen.findByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryByText('该单据已被更新')).toBeNull());
    expect(orderNo.value).toBe('SO-TYPED');
    expect(orderNo.disabled).toBe(false);
    liveEvents.deliver(answered(7));
    const notice = (await screen.findByText('该单据已被更新')).closest<HTMLElement>('.mantine-Alert-root')!;
    expect(orderNo.value).toBe('SO-TYPED'); // the peeks replaced nothing
    reads = count(seen, api(exportOrder.api.detail));
    fireEvent.click(within(notice).getByRole('button', { name: '刷新' }));
    await waitFor(() => expect((within(head()).getByPlaceholderText('请填写订单编号') as HTMLInputElement).value).toBe('SO-COLLEAGUE'));
    expect(screen.queryByText('当前修改尚未保存，刷新后将丢失，是否继续？')).toBeNull();
    expect(screen.queryByText('该单据已被更新')).toBeNull();
    expect(count(seen, api(exportOrder.api.detail))).toBe(reads + 1);
  });
});
