// 结汇 list and detail through the real pages and http client, a fake server at the network boundary
// (issue 31: badges cut to 审…, amounts with 5 decimals, the specDeclFlag labels of bills.md).
import { describe, expect, it } from 'vitest';
import { moduleSeeds } from '../../../domain/modules.ts';
import { settlementText as t } from '../../../domain/texts/settlement.ts';
import { createTestAuthActor, modulesFixture, sessionFixture } from '../../testing/auth.ts';
import { createFakeBackend } from '../../testing/fake-server.ts';
import { fireEvent, render, screen, waitFor, within } from '../../testing/render.tsx';
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

  it('batch-locks and unlocks the chosen records after a confirmation, and shows the lock as its own state (issue 31 item 16)', async () => {
    const backend = createFakeBackend();
    const rows = [
      { ...row(1, 'to_declare', '待生成'), editable: true, lockState: 'unlocked', lockStateName: '未锁定', lockedBy: null as string | null, lockTime: null as string | null },
      { ...row(2, 'to_declare', '待生成'), editable: false, lockState: 'locked', lockStateName: '已锁定', lockedBy: '演示管理员' as string | null, lockTime: '2026-11-20 11:00:00' as string | null },
    ];
    backend.on('/api/enterprise/declarel/severList', () => ({ total: rows.length, datas: rows }));
    const setLock = (lock: boolean) => ({ ids }: { ids: number[] }) => {
      for (const r of rows.filter((x) => ids.includes(x.id))) Object.assign(r, { lockState: lock ? 'locked' : 'unlocked', lockStateName: lock ? '已锁定' : '未锁定', lockedBy: lock ? '演示管理员' : null, lockTime: lock ? '2026-11-20 11:05:00' : null });
      return null;
    };
    backend.on('/api/enterprise/declarel/lock', setLock(true));
    backend.on('/api/enterprise/declarel/unlock', setLock(false));
    // the page's buttons as domain/modules.ts grants them to the main account
    const page = moduleSeeds.find((m) => m.uri === '/exchangeSettlement')!;
    const actor = createTestAuthActor({ ...sessionFixture(), modules: [...modulesFixture, { id: page.id, parentId: -1, uri: page.uri, name: page.name, icon: page.icon, code: page.code, sortNo: 9, buttonVos: page.buttons.map((b) => ({ code: b.code, name: b.name })) }] });
    render(<SettlementListPage client={backend.client} />, { route: '/exchangeSettlement', actor });

    const table = await screen.findByRole('table', { name: t.pageTitle });
    expect(within(table).getByRole('columnheader', { name: t.columns.lockStateName })).toBeTruthy();
    const lockedRow = within(table).getByText('JH2').closest('tr')!;
    expect(within(lockedRow).getByText('已锁定').closest('.mantine-Badge-root')?.getAttribute('title')).toBe(t.lockedBy('演示管理员', '2026-11-20 11:00:00'));
    // a locked record offers none of the company's changes; the unlocked one does
    expect(within(lockedRow).queryByRole('button', { name: t.apply })).toBeNull();
    const openRow = within(table).getByText('JH1').closest('tr')!;
    expect(within(openRow).getByText('未锁定')).toBeTruthy();
    expect(within(openRow).getByRole('button', { name: t.apply })).toBeTruthy();

    // nothing chosen: the spec's bulk-action warning, nothing sent
    fireEvent.click(screen.getByRole('button', { name: t.lock }));
    expect(await screen.findByText(t.selectRows)).toBeTruthy();
    expect(backend.callsTo('/api/enterprise/declarel/lock')).toHaveLength(0);

    // a locked record cannot be locked again: refused on the page, nothing sent
    fireEvent.click(within(lockedRow).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: t.lock }));
    await waitFor(() => expect(screen.getAllByText('所选数据的当前状态不允许此操作').length).toBeGreaterThan(0));
    expect(backend.callsTo('/api/enterprise/declarel/lock')).toHaveLength(0);

    // 解锁 of the locked one: confirmed, then sent with its id
    fireEvent.click(screen.getByRole('button', { name: t.unlock }));
    expect(await screen.findByText(t.confirmUnlock)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(backend.callsTo('/api/enterprise/declarel/unlock')).toEqual([{ url: '/api/enterprise/declarel/unlock', data: { ids: [2] } }]));
    expect(await screen.findByText(t.unlocked)).toBeTruthy();

    // 锁定 of the other (the unlocked one chosen no more)
    await waitFor(() => expect(within(screen.getByText('JH2').closest('tr')!).getByText('未锁定')).toBeTruthy());
    fireEvent.click(within(screen.getByText('JH2').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(within(screen.getByText('JH1').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: t.lock }));
    expect(await screen.findByText(t.confirmLock)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(backend.callsTo('/api/enterprise/declarel/lock')).toEqual([{ url: '/api/enterprise/declarel/lock', data: { ids: [1] } }]));
    expect(await screen.findByText(t.locked)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByText('JH1').closest('tr')!).getByText('已锁定')).toBeTruthy());
  }, SLOW);
});
