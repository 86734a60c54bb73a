import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../domain/events.ts';
import { billServerText } from '../../../domain/texts/bills.ts';
import { createLiveBus } from '../../lib/live-events.ts';
import { act, fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import { describeAnswer } from './customs-answers.ts';
import { CustomsAnswerToasts } from './CustomsAnswerToasts.tsx';

const answered = (state: string, stateName: string, change: 'state' | 'receipt' | 'data' = 'state'): LiveEvent =>
  ({ type: 'bill', mode: 'export', key: 'order', id: 12, state, stateName, change });

/** The detail call of an 出口订单 (findHeadById): the bill's number and customs' last word. */
function detailServer(row: Record<string, unknown> | Error) {
  const calls: { url: string; data: unknown }[] = [];
  return {
    calls,
    post: async <T,>(url: string, data?: unknown): Promise<T> => {
      calls.push({ url, data });
      if (row instanceof Error) throw row;
      return row as T;
    },
  };
}

describe('customs answer toasts', () => {
  it('describes an answer from the bill itself: number, state, and the reason of a refusal', async () => {
    const server = detailServer({ id: 12, orderNo: 'SO20261121001', returnInfo: '订单编号重复' });
    const entered = await describeAnswer(answered('120', '海关入库') as never, server);
    expect(entered).toMatchObject({ text: '出口订单 SO20261121001 海关入库', refused: false, path: '/bill/export/order?id=12' });
    expect(server.calls).toEqual([{ url: '/api/enterprise/expu/order/findHeadById', data: { id: 12 } }]);
    const refused = await describeAnswer(answered('100', '海关退单') as never, server);
    expect(refused).toMatchObject({ text: '出口订单 SO20261121001 海关退单：订单编号重复', refused: true });
    // a bill the user may not read (the call refused) is not toasted
    expect(await describeAnswer(answered('120', '海关入库') as never, detailServer(new Error('无权访问')))).toBeNull();
  });

  it("toasts customs' answers only (not a declaration, a relay state or a later receipt), and the text opens the bill", async () => {
    const bus = createLiveBus();
    const server = detailServer({ id: 12, orderNo: 'SO20261121001', returnInfo: null });
    const onOpen = vi.fn();
    render(<CustomsAnswerToasts onOpen={onOpen} client={server} liveEvents={bus} />);
    act(() => {
      bus.deliver(answered('DECLARING', '申报中'));
      bus.deliver(answered('2', '电子口岸申报中'));
      bus.deliver(answered('120', '海关入库', 'receipt'));
      bus.deliver({ type: 'counts', mode: 'export', key: 'order' });
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(0);
    act(() => bus.deliver(answered('120', '海关入库')));
    const text = await screen.findByText('出口订单 SO20261121001 海关入库');
    expect(screen.getByText('海关回执')).toBeTruthy();
    fireEvent.click(text);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ path: '/bill/export/order?id=12', bill: { mode: 'export', key: 'order', id: 12 } }));
    await waitFor(() => expect(screen.queryByText('出口订单 SO20261121001 海关入库')).toBeNull());
  });

  it("never shows the user's own 改为退单 as customs' answer (issue 31)", async () => {
    const bus = createLiveBus();
    const server = detailServer({ id: 12, orderNo: 'SO20261121001', returnInfo: billServerText.markedReturnedInfo });
    expect(await describeAnswer(answered('100', '海关退单') as never, server)).toBeNull();
    render(<CustomsAnswerToasts onOpen={vi.fn()} client={server} liveEvents={bus} />);
    act(() => bus.deliver(answered('100', '海关退单')));
    await waitFor(() => expect(server.calls).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('海关回执')).toBeNull();
    expect(screen.queryByText(/SO20261121001/)).toBeNull();
  });

  it("tells a batch's answers in one summary toast (issue 31)", async () => {
    const bus = createLiveBus();
    const server = detailServer({ id: 12, orderNo: 'SO20261121001', returnInfo: '订单编号重复' });
    render(<CustomsAnswerToasts onOpen={vi.fn()} client={server} liveEvents={bus} />);
    const of = (id: number, state: string, stateName: string): LiveEvent => ({ type: 'bill', mode: 'export', key: 'order', id, state, stateName, change: 'state' });
    act(() => {
      bus.deliver(of(21, '120', '海关入库'));
      bus.deliver(of(22, '120', '海关入库'));
      bus.deliver(of(23, '100', '海关退单'));
    });
    expect(await screen.findByText('3 张单据收到海关回执：海关入库 2，海关退单 1')).toBeTruthy();
    expect(screen.getAllByText('海关回执')).toHaveLength(1);
    expect(screen.queryByText(/SO20261121001/)).toBeNull();
  });
});
