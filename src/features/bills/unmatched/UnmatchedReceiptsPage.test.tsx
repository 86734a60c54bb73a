// 未匹配回执 lists what matches none of the company's bills — a receipt before its bill, the
// exchange's transfer receipt, a DXP document nothing reads — with its numbers, status (未识别状态
// marked), explanation and 查看报文.
import { afterEach, describe, expect, it } from 'vitest';
import { receiptText } from '../../../../domain/texts/receipts.ts';
import { http } from '../../../lib/http.ts';
import { liveEvents } from '../../../lib/live-events.ts';
import { act } from '../../../testing/render.tsx';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, within } from '../../../testing/render.tsx';
import { detailSession, immediateAdapter, ok, type SeenRequest } from '../detail/test-fixtures.ts';
import UnmatchedReceiptsPage from './UnmatchedReceiptsPage.tsx';

afterEach(() => { http.axios.defaults.adapter = undefined; });

const rows = [
  {
    id: 9, messageType: 'CEB506', messageTypeName: '出口运单回执', guid: 'G-9', keys: { logisticsCode: '3301964C7D', logisticsNo: 'YT001' },
    returnTime: '2026-11-20 10:00:04.000', returnStatus: '18', returnStatusName: '其它状态(18)', returnInfo: '状态18',
    receivedAt: '2026-11-20T02:00:05.000Z', explain: { meaning: '其它状态（18），海关未公布该代码的含义' }, unrecognised: true,
  },
  {
    id: 8, messageType: 'DXP', messageTypeName: '其它DXP报文', guid: 'H-8', keys: { root: 'DxpNotice' },
    returnTime: '2026-11-20 09:59:00.000', returnStatus: '', returnStatusName: '未识别', returnInfo: '未识别的 DXP 报文（DxpNotice），已保存未处理',
    receivedAt: '2026-11-20T01:59:00.000Z', explain: { meaning: '交换平台发来的其它报文，系统未识别其类型，已原样保存，可查看报文原文' },
  },
];

describe('未匹配回执', () => {
  it('lists the company’s unmatched receipts with their numbers, status and explanation; 查看报文 opens the XML', async () => {
    const seen: SeenRequest[] = [];
    http.axios.defaults.adapter = immediateAdapter((url) => (url === '/api/receipter/raw' ? ok({ xml: '<DxpNotice/>' }) : ok({ total: 2, datas: rows })), seen);
    render(<UnmatchedReceiptsPage client={http} />, { actor: createTestAuthActor(detailSession()) });
    const page = screen.getByRole('region', { name: '未匹配回执' });
    await within(page).findByText('3301964C7D / YT001');
    expect(within(page).getByText('共 2 条')).toBeTruthy();
    const [first, second] = within(page).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(first).slice(1, 6)).toEqual(['出口运单回执', '3301964C7D / YT001', '2026-11-20 10:00:04.000', '其它状态(18)未识别状态', '状态18']);
    expect(cells(second).slice(1, 3)).toEqual(['其它DXP报文', 'DxpNotice']);
    expect(seen[0]).toEqual({ url: '/api/receipter/unmatched', data: { pageIndex: 0, pageSize: 20 } });
    fireEvent.click(within(second).getByRole('button', { name: /^查看报文/ }));
    const dialog = await screen.findByRole('dialog', { name: '报文原文' });
    expect((await within(dialog).findByLabelText('报文原文')).textContent).toBe('<DxpNotice/>');
    expect(seen.at(-1)).toEqual({ url: '/api/receipter/raw', data: { kind: 'receipt', id: 8 } });
  });

  it('shows why a receipt is listed here when its codes name several companies', async () => {
    const shared = {
      ...rows[0]!, id: 7, guid: 'G-7', messageType: 'CEB304', messageTypeName: '出口订单回执', keys: { ebpCode: '3301964C7D', ebcCode: '3302961A2B', orderNo: 'SC-1' },
      returnStatus: '120', returnStatusName: '海关入库', returnInfo: '海关入库成功', unrecognised: undefined,
      explain: { meaning: '海关入库：海关已接收并入库，等待与其他单证比对或后续审核' }, reason: receiptText.unmatchedReasons.severalCompanies,
    };
    http.axios.defaults.adapter = immediateAdapter(() => ok({ total: 2, datas: [shared, rows[1]] }));
    render(<UnmatchedReceiptsPage client={http} />, { actor: createTestAuthActor(detailSession()) });
    const page = screen.getByRole('region', { name: '未匹配回执' });
    const [first, second] = (await within(page).findAllByRole('row')).slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('回执的企业代码指向多家企业，无法确定所属企业')).toBeTruthy();
    expect(within(first).getByText('海关入库：海关已接收并入库，等待与其他单证比对或后续审核')).toBeTruthy();
    expect(within(second).queryByText(receiptText.unmatchedReasons.severalCompanies)).toBeNull();
  });

  it('says when there is nothing unmatched', async () => {
    http.axios.defaults.adapter = immediateAdapter(() => ok({ total: 0, datas: [] }));
    render(<UnmatchedReceiptsPage client={http} />, { actor: createTestAuthActor(detailSession()) });
    expect(await screen.findByText('没有未匹配的回执')).toBeTruthy();
  });

  it('follows the inbox live: a receipt of no bill arriving refetches the page, other events do not', async () => {
    let answer = { total: 1, datas: [rows[0]] };
    const seen: SeenRequest[] = [];
    http.axios.defaults.adapter = immediateAdapter(() => ok(answer), seen);
    render(<UnmatchedReceiptsPage client={http} />, { actor: createTestAuthActor(detailSession()) });
    const page = screen.getByRole('region', { name: '未匹配回执' });
    await within(page).findByText('共 1 条');
    act(() => liveEvents.deliver({ type: 'ticket', id: 1, state: '1' }));
    expect(seen).toHaveLength(1);
    answer = { total: 2, datas: rows };
    act(() => liveEvents.deliver({ type: 'unmatched' }));
    await within(page).findByText('共 2 条');
    expect(within(page).getByText('DxpNotice')).toBeTruthy();
    expect(seen).toHaveLength(2);
  });
});
