// The 结汇审核 page with the real http client and a fake server at the network boundary.
import { describe, expect, it } from 'vitest';
import { reviewSettlementText as t } from '../../../domain/texts/review-settlement.ts';
import { liveEvents } from '../../lib/live-events.ts';
import { createFakeBackend, Refusal } from '../../testing/fake-server.ts';
import { fireEvent, render, screen, waitFor, within } from '../../testing/render.tsx';
import SettlementReviewPage from './SettlementReviewPage.tsx';

const record = (id: number, state: string, stateName: string) => ({
  id, state, stateName, declareNo: `JH${id}`, ieType: 'EXP', businessType: '结汇', companyName: '宁波跨境优选供应链管理有限公司', companyCode: '3302961A2B',
  bankCode: '104', bankName: '中国银行', totalAmount: '100.00000', totalCount: 1, currency: '142', currencyName: '人民币', tradeType: '9610', ebcCode: null,
  ebcName: null, note: null, auditOpinion: null as string | null, verifiedAmount: '0.00000', verifyingAmount: '0.00000', remainingAmount: '0.00000', appTime: '2026-11-26 10:00:00',
  stateTime: null, updateTime: null, canAccept: state === 'declare', canApprove: state === 'audit',
});

function mount() {
  const backend = createFakeBackend();
  const rows: ReturnType<typeof record>[] = [record(1, 'declare', '申报中'), record(2, 'audit', '审核中')];
  backend.on('/api/review/settlement/pageList', () => ({ total: rows.length, datas: rows }));
  backend.on('/api/review/settlement/refuse', (data: { id: number; opinion?: string }) => {
    if (data.id === 1) rows[0] = { ...record(1, 'not_approved', '审核不通过'), auditOpinion: data.opinion ?? null };
    return { id: data.id, state: 'not_approved' };
  });
  backend.on('/api/review/settlement/approve', () => { throw new Refusal('结汇单JH2当前状态为审核通过，不能审核通过'); });
  render(<SettlementReviewPage client={backend.client} />, { route: '/review/settlement' });
  return backend;
}
const rowOf = async (declareNo: string) => (await screen.findByText(declareNo)).closest('tr')!;

// a loaded machine renders Mantine slowly
const SLOW = 30_000;

describe('SettlementReviewPage', () => {
  it('opens on the waiting states and offers each row only the decisions its state allows', async () => {
    const backend = mount();
    const first = await rowOf('JH1');
    expect(backend.callsTo('/api/review/settlement/pageList')[0]!.data).toMatchObject({ terms: [{ column: 'state', termType: 'in', value: ['declare', 'audit'] }] });
    expect(within(first).getByRole('button', { name: t.settlement.accept })).toBeTruthy();
    expect(within(first).getByRole('button', { name: t.settlement.refuse })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: t.settlement.approve })).toBeNull();
    const second = await rowOf('JH2');
    expect(within(second).getByRole('button', { name: t.settlement.approve })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: t.settlement.accept })).toBeNull();
  }, SLOW);

  it('asks the reason of 不受理 before sending it, then sends it with the reason', async () => {
    const backend = mount();
    fireEvent.click(within(await rowOf('JH1')).getByRole('button', { name: t.settlement.refuse }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(await within(dialog).findByText(t.reasonRequired)).toBeTruthy();
    expect(backend.callsTo('/api/review/settlement/refuse')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '收款账户不符' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(backend.callsTo('/api/review/settlement/refuse')).toHaveLength(1));
    expect(backend.callsTo('/api/review/settlement/refuse')[0]!.data).toEqual({ id: 1, opinion: '收款账户不符' });
    await waitFor(async () => expect(within(await rowOf('JH1')).getByText('收款账户不符')).toBeTruthy());
    expect(within(await rowOf('JH1')).queryByRole('button', { name: t.settlement.refuse })).toBeNull();
  }, SLOW);

  it('shows the server\'s refusal in the dialog and keeps what was typed', async () => {
    mount();
    fireEvent.click(within(await rowOf('JH2')).getByRole('button', { name: t.settlement.approve }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '同意' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(await within(dialog).findByText('结汇单JH2当前状态为审核通过，不能审核通过')).toBeTruthy();
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('同意');
  }, SLOW);

  it('reads the queue again when the operators\' stream says it moved, not for another queue (issue 20)', async () => {
    const backend = mount();
    await rowOf('JH1');
    const reads = () => backend.callsTo('/api/review/settlement/pageList').length;
    await waitFor(() => expect(reads()).toBe(1));
    liveEvents.deliver({ type: 'review', queue: 'verification' });
    liveEvents.deliver({ type: 'review', queue: 'ticket' });
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toBe(1);
    liveEvents.deliver({ type: 'review', queue: 'settlement' });
    await waitFor(() => expect(reads()).toBe(2));
    await rowOf('JH1');
  }, SLOW);
});
