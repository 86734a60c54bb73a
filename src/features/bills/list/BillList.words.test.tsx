// The definition words of the list (ActionDef.kind/success/opens/dialog, ListConfig.summary) through
// the rendered list, the real http client and a fake server at the network boundary.
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import type { ActionDef, BillDefinition } from '../../../../domain/bills/types.ts';
import { billText } from '../../../../domain/texts/bills.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import type { ActionDialogProps, ActionDialogs } from '../overrides/action-dialogs.ts';
import { BillList } from './BillList.tsx';
import { createFakeBackend, Refusal, type FakeBackend } from './testing/fake-backend.ts';
import { allListCodes, api, listSession, orderApi, serveOrders } from './testing/fixtures.ts';

let backend: FakeBackend;
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2028, 1, 29, 15, 0, 0));
  backend = serveOrders(createFakeBackend());
  navigate = vi.fn<(to: string) => void>();
});
afterEach(() => vi.useRealTimers());

const window = { startTime: '2027-02-28 00:00:00', endTime: '2028-02-29 23:59:59' };
const windowTerm = { column: 'create_time', termType: 'btw', value: [window.startTime, window.endTime] };
const listActions = exportOrder.actions.filter((a) => a.place === 'list');
const withActions = (...extra: ActionDef[]): BillDefinition => ({ ...exportOrder, actions: [...listActions, ...extra] });

function show(definition: BillDefinition, codes: readonly string[] = allListCodes, dialogs?: ActionDialogs) {
  render(<BillList definition={definition} onNavigate={navigate} client={backend.client} {...(dialogs ? { dialogs } : {})} />, {
    route: '/bill/export/order',
    actor: createTestAuthActor(listSession(codes)),
  });
  return screen.findByRole('link', { name: 'SO000001' });
}
const button = (name: string) => screen.getByRole('button', { name });
const select = async (orderNo: string) => {
  fireEvent.click(screen.getByRole('checkbox', { name: `选择 ${orderNo}` }));
  await screen.findByText(/^已选择 \d+ 条$/);
};

describe('list definition words', { timeout: 30_000 }, () => {
  it('a prompt action asks for its text (请输入撤单原因), sends it with the ids and toasts its success', async () => {
    const cancel: ActionDef = {
      code: 'batchCancellation', label: '申请撤单', place: 'list', kind: 'prompt', api: 'apply', needsSelection: true, success: billText.applied,
      prompt: { field: 'reason', label: '撤单原因', requiredMessage: billText.cancelReasonRequired, maxLength: 100 },
    };
    await show(withActions(cancel), [...allListCodes, 'batchCancellation']);
    await select('SO000002');
    fireEvent.click(button('申请撤单'));
    const reason = await screen.findByLabelText(/撤单原因/);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入撤单原因')).toBeTruthy();
    expect(backend.callsTo(orderApi.apply)).toHaveLength(0);
    fireEvent.change(reason, { target: { value: ' 订单取消 ' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(backend.callsTo(orderApi.apply)).toHaveLength(1));
    expect(backend.callsTo(orderApi.apply)[0]!.data).toEqual({ reason: '订单取消', ids: [2], ...window });
    expect(await screen.findByText('申请成功')).toBeTruthy();
    expect(screen.queryByText('操作成功！')).toBeNull();
  });

  it('删除 toasts its own success text 删除成功！', async () => {
    backend.on(api(exportOrder.api.delete!), (d: { ids: number[] }) => ({ total: d.ids.length, succeeded: d.ids.length, failed: [] }));
    await show(exportOrder);
    await select('SO000001');
    fireEvent.click(button('删除'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功！')).toBeTruthy();
    expect(backend.callsTo(api(exportOrder.api.delete!))[0]!.data).toMatchObject({ ids: [1] });
  });

  it('an add action opens the route it names (汇总申请’s 新增 → /bill/export/detailedList)', async () => {
    const add = listActions.find((a) => a.code === 'add')!;
    await show({ ...exportOrder, actions: listActions.map((a) => (a === add ? { ...a, opens: '/bill/export/detailedList' } : a)) });
    fireEvent.click(button('新增'));
    expect(navigate).toHaveBeenCalledWith('/bill/export/detailedList');
  });

  it('a dialog action opens the registered dialog, whose fields go with the ids; an unregistered one shows no button', async () => {
    function DepartureDialog({ pending, titleOf, onSubmit, onCancel }: ActionDialogProps) {
      const [leaveTime, setLeaveTime] = useState('');
      return (
        <Stack>
          <Text>{pending.rows.map(titleOf).join('、')}</Text>
          <TextInput label="离境时间" value={leaveTime} onChange={(e) => setLeaveTime(e.currentTarget.value)} />
          <Button onClick={() => onSubmit({ leaveTime })}>提交</Button>
          <Button variant="default" onClick={onCancel}>返回</Button>
        </Stack>
      );
    }
    const departure: ActionDef = { code: 'bulkDeparture', label: '批量离境', place: 'list', kind: 'dialog', dialog: 'departure', api: 'apply', needsSelection: true };
    const missing: ActionDef = { code: 'cancel', label: '撤销', place: 'list', kind: 'dialog', dialog: 'nowhere', api: 'apply', needsSelection: true };
    await show(withActions(departure, missing), [...allListCodes, 'bulkDeparture', 'cancel'], { departure: DepartureDialog });
    expect(screen.queryByRole('button', { name: '撤销' })).toBeNull();
    await select('SO000001');
    fireEvent.click(button('批量离境'));
    const dialog = await screen.findByRole('dialog', { name: '批量离境' });
    expect(within(dialog).getByText('SO000001')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('离境时间'), { target: { value: '2028-02-29 10:00:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(backend.callsTo(orderApi.apply)).toHaveLength(1));
    expect(backend.callsTo(orderApi.apply)[0]!.data).toEqual({ leaveTime: '2028-02-29 10:00:00', ids: [1], ...window });
    expect(await screen.findByText('操作成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '批量离境' })).toBeNull());
  });

  it('the summary line: asked with the list’s terms, again for other terms or 刷新, not for sorting', async () => {
    const total = api('/invtTax/queryTotalTax');
    let amount = 1234.5;
    backend.on(total, () => amount);
    const taxed: BillDefinition = {
      ...exportOrder,
      api: { ...exportOrder.api, summary: '/invtTax/queryTotalTax' },
      list: { ...exportOrder.list, summary: { api: 'summary', label: billText.taxTotalLabel } },
    };
    await show(taxed);
    expect(await screen.findByText('税款总额 1234.5 元 人民币')).toBeTruthy();
    expect(backend.callsTo(total).map((c) => c.data)).toEqual([{ terms: [windowTerm] }]);
    amount = 88;
    fireEvent.click(screen.getByRole('tab', { name: /暂存/ }));
    expect(await screen.findByText('税款总额 88 元 人民币')).toBeTruthy();
    expect(backend.callsTo(total).at(-1)!.data).toEqual({ terms: [windowTerm, { column: 'state', termType: 'eq', value: 'DRAFT' }] });
    fireEvent.click(screen.getByRole('button', { name: /^订单编号/ }));
    await waitFor(() => expect(backend.callsTo(orderApi.pageList)).toHaveLength(3));
    await screen.findByRole('link', { name: 'SO000001' });
    fireEvent.click(button('刷新'));
    await waitFor(() => expect(backend.callsTo(orderApi.pageList)).toHaveLength(4));
    await waitFor(() => expect(backend.callsTo(total)).toHaveLength(3));
    backend.on(total, () => { throw new Refusal('服务不可用'); });
    fireEvent.click(button('刷新'));
    expect(await screen.findByText('服务不可用')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/税款总额/)).toBeNull());
    // first load, the state filter, two 刷新: the sorting asked nothing
    expect(backend.callsTo(total)).toHaveLength(4);
  });

  it('a list without a summary asks for none and shows no line', async () => {
    await show(exportOrder);
    expect(screen.queryByText(/税款总额/)).toBeNull();
    expect(backend.calls.some((c) => c.url.includes('queryTotalTax'))).toBe(false);
  });
});
