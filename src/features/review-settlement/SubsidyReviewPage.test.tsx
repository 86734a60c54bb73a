// The 补贴审核 page with the real http client and a fake server: 开始核验 / 核验完成 only where the
// reward machine allows them, each confirmed before it is sent.
import { describe, expect, it } from 'vitest';
import { reviewSettlementText as t } from '../../../domain/texts/review-settlement.ts';
import { fireEvent, render, screen, waitFor, within } from '../../testing/render.tsx';
import SubsidyReviewPage from './SubsidyReviewPage.tsx';
import { createFakeBackend } from '../../testing/fake-server.ts';

const SLOW = 30_000;
const application = (id: number, state: string, stateName: string) => ({
  id, applyType: 'E9', applyTypeName: 'E9 跨境电商9610出口', companyType: '1', companyTypeName: '货主', ckTime: '2026-01-01 ~ 2026-12-31', note: null,
  state, stateName, companyName: `企业${id}`, companyCode: null, applyTime: '2026-11-26 10:00:00', auditTime: null, billCount: 0,
  canStart: state === 'wait_audit', canFinish: state === 'audit',
});

describe('SubsidyReviewPage', () => {
  it('offers 开始核验 to a waiting application and 核验完成 to one in verification, confirmed before it is sent', async () => {
    const backend = createFakeBackend();
    const rows = [application(1, 'wait_audit', '待核验'), application(2, 'audit', '核验中')];
    backend.on('/api/review/subsidy/pageList', () => ({ total: rows.length, datas: rows }));
    backend.on('/api/review/subsidy/start', (data: { id: number }) => { rows[0] = application(1, 'audit', '核验中'); return { id: data.id, state: 'audit' }; });
    render(<SubsidyReviewPage client={backend.client} />, { route: '/review/subsidy' });
    const first = (await screen.findByText('企业1')).closest('tr')!;
    const second = (await screen.findByText('企业2')).closest('tr')!;
    expect(backend.callsTo('/api/review/subsidy/pageList')[0]!.data).toMatchObject({ terms: [{ column: 'state', termType: 'in', value: ['wait_audit', 'audit'] }] });
    expect(within(first).queryByRole('button', { name: t.subsidy.finish })).toBeNull();
    expect(within(second).queryByRole('button', { name: t.subsidy.start })).toBeNull();
    expect(within(second).getByRole('button', { name: t.subsidy.finish })).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: t.subsidy.start }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.subsidy.confirmStart)).toBeTruthy();
    expect(backend.callsTo('/api/review/subsidy/start')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(backend.callsTo('/api/review/subsidy/start')).toHaveLength(1));
    expect(backend.callsTo('/api/review/subsidy/start')[0]!.data).toEqual({ id: 1 });
    await waitFor(() => expect(within(screen.getByText('企业1').closest('tr')!).getByRole('button', { name: t.subsidy.finish })).toBeTruthy());
  }, SLOW);
});
