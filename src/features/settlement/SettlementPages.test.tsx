// 结汇 list and detail through the real pages and http client, a fake server at the network boundary
// (issue 31: badges cut to 审…, amounts with 5 decimals, the specDeclFlag labels of bills.md).
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '../../testing/fake-server.ts';
import { render, screen, within } from '../../testing/render.tsx';
import { detailPath } from './api.ts';
import SettlementDetailPage from './SettlementDetailPage.tsx';
import SettlementListPage from './SettlementListPage.tsx';

const row = (id: number, state: string, stateName: string) => ({
  id, state, stateName, ieType: 'EXP', billType: 'export', declareNo: `JH${id}`, businessType: '出口', bankCode: '104', bankName: '中国银行',
  totalAmount: '1435.60000', alreadyAmount: '0.00000', verificationAmount: '0.00000', verifyingAmount: '0.00000', verAmount: '0.00000', verProportion: '0.00%',
  totalAmountUnitName: '人民币', totalCount: 1, tradeType: '9610', ebcCode: 'E1', ebcName: '电商', note: null, specDeclFlag: '1000001', appTime: null,
  auditOpinion: null, node: '', authState: '0', authStateName: '', createTime: '2026-11-20 10:00:00', updateTime: '2026-11-20 10:00:00',
  editable: false, viewable: true,
});
const SLOW = 30_000;

describe('结汇 pages', () => {
  it('shows each state whole, with its name as a tooltip, and amounts with two decimals', async () => {
    const backend = createFakeBackend();
    backend.on('/api/enterprise/declarel/severList', () => ({ total: 2, datas: [row(1, 'approved', '审核通过'), row(2, 'not_approved', '审核不通过')] }));
    render(<SettlementListPage client={backend.client} />, { route: '/exchangeSettlement' });
    const tr = (await screen.findByText('JH2')).closest('tr')!;
    const badge = within(tr).getByText('审核不通过').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.getAttribute('title')).toBe('审核不通过');
    // the label keeps its whole text rather than ellipsizing it in a narrow column
    expect((within(tr).getByText('审核不通过') as HTMLElement).style.textOverflow).toBe('clip');
    expect(within(tr).getByText('1,435.60')).toBeTruthy();
    expect(within(tr).queryByText('1435.60000')).toBeNull();
  }, SLOW);

  it('shows the amounts with two decimals and the specDeclFlag boxes as bills.md names them', async () => {
    const backend = createFakeBackend();
    backend.on('/api/enterprise/declarel/queryExpuInventHead', () => row(1, 'approved', '审核通过'));
    backend.on('/api/enterprise/SeExpuInventory/queryPageList', () => ({ total: 1, datas: [{
      id: 5, billId: 9, invtNo: 'I1', copNo: 'C1', orderNo: 'O1', logisticsNo: 'L1', ebcName: '电商', tradeMode: '9610', currencyName: '人民币',
      amount: '718.30000', grossWeight: '1.50000', ieDate: null, releaseTime: null,
    }] }));
    render(<SettlementDetailPage client={backend.client} />, { route: detailPath({ type: 'view', billType: 'export', id: 1 }) });
    expect(await screen.findByText('1,435.60')).toBeTruthy();
    expect(await screen.findByText('718.30')).toBeTruthy();
    const labels = ['国际赛事', '特殊进出军工物资', '国际援助物资', '国际会议', '直通放行', '外交礼遇', '转关'];
    const boxes = labels.map((label) => screen.getByLabelText(label) as HTMLInputElement);
    expect(boxes.map((b) => b.checked)).toEqual([true, false, false, false, false, false, true]);
    expect(screen.queryByText('审核通过')?.closest('.mantine-Badge-root')?.getAttribute('title')).toBe('审核通过');
  }, SLOW);
});
