// The 核销审核 page with the real http client and a fake server: 核销通过 / 核销不通过 only for an
// application 审核中; 核销不通过 needs the reason before anything is sent.
import { describe, expect, it } from 'vitest';
import { reviewSettlementText as t } from '../../../domain/texts/review-settlement.ts';
import { fireEvent, render, screen, waitFor, within } from '../../testing/render.tsx';
import { createFakeBackend } from '../../testing/fake-server.ts';
import VerificationReviewPage from './VerificationReviewPage.tsx';

const SLOW = 30_000;
const application = (id: number, state: string, stateName: string) => ({
  id, verNo: `HX${id}`, amount: '50.00000', state, stateName, reason: null, auditOpinion: null, appTime: '2026-11-26 10:00:00', updateTime: null,
  settlementId: 9, declareNo: 'JH9', companyName: `企业${id}`, companyCode: null, totalAmount: '200.00000', verifiedAmount: '0.00000', verifyingAmount: '50.00000',
  currencyName: '人民币', canApprove: state === 'audit',
});

describe('VerificationReviewPage', () => {
  it('offers the decisions only to an application in audit and asks the reason of 核销不通过', async () => {
    const backend = createFakeBackend();
    const rows = [application(1, 'audit', '审核中'), application(2, 'approved', '核销成功')];
    backend.on('/api/review/verification/pageList', () => ({ total: rows.length, datas: rows }));
    backend.on('/api/review/verification/reject', (data: { id: number }) => { rows[0] = application(1, 'not_approved', '核销失败'); return { id: data.id, state: 'not_approved' }; });
    render(<VerificationReviewPage client={backend.client} />, { route: '/review/verification' });
    const first = (await screen.findByText('HX1')).closest('tr')!;
    const second = (await screen.findByText('HX2')).closest('tr')!;
    expect(within(second).queryByRole('button', { name: t.verification.approve })).toBeNull();
    expect(within(second).queryByRole('button', { name: t.verification.reject })).toBeNull();
    expect(within(first).getByRole('button', { name: t.verification.approve })).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: t.verification.reject }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(await within(dialog).findByText(t.reasonRequired)).toBeTruthy();
    expect(backend.callsTo('/api/review/verification/reject')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '金额与收汇不符' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(backend.callsTo('/api/review/verification/reject')).toHaveLength(1));
    expect(backend.callsTo('/api/review/verification/reject')[0]!.data).toEqual({ id: 1, opinion: '金额与收汇不符' });
    await waitFor(() => expect(within(screen.getByText('HX1').closest('tr')!).queryByRole('button', { name: t.verification.reject })).toBeNull());
  }, SLOW);
});
