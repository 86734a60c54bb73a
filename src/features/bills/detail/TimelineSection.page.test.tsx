// 回执记录 on the real detail page (BillDetailPage through its route): every stored bill has it,
// whatever its type; an added bill has none until it is stored; 刷新 reads it again.
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import { exportReceipt } from '../../../../domain/bills/export-receipt.ts';
import { http } from '../../../lib/http.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import BillDetailPage from './BillDetailPage.tsx';
import { detailSession, immediateAdapter, ok, orderLines, orderRow, refused, type Envelope, type SeenRequest } from './test-fixtures.ts';

const api = (path: string | undefined) => `/api/enterprise${path}`;
const TIMELINE = '/api/receipter/timeline';

const storedEvents = [
  {
    kind: 'message', id: 41, time: '2026-11-20 10:00:00.120', guid: 'G-1', messageType: 'CEB403', messageTypeName: '收款单',
    status: 'sent', statusName: '已发送', attempts: 1, lastError: null, createdAt: '2026-11-20 10:00:00.120', sentAt: '2026-11-20 10:00:01.005',
  },
  {
    kind: 'receipt', id: 52, time: '2026-11-20 10:00:04.000', messageType: 'CEB404', messageTypeName: '收款单回执',
    returnStatus: '120', returnStatusName: '海关入库', returnTime: '2026-11-20 10:00:04.000', returnInfo: '海关入库成功',
    explain: { meaning: '海关入库：海关已接收并入库，等待与其他单证比对或后续审核' },
  },
];

function open(route: string, answer: (url: string) => Envelope) {
  const seen: SeenRequest[] = [];
  http.axios.defaults.adapter = immediateAdapter(answer, seen);
  render(
    <Routes>
      <Route path="/details/:type/:key" element={<BillDetailPage />} />
    </Routes>,
    { route, actor: createTestAuthActor(detailSession()) },
  );
  return seen;
}

const timelineSection = () => screen.findByRole('region', { name: '回执记录' });

afterEach(() => {
  http.axios.defaults.adapter = undefined;
  notifications.clean();
  notifications.cleanQueue();
});

describe('回执记录 on the detail page', { timeout: 20_000 }, () => {
  it('a stored head-only bill (收款单) shows its timeline under the head, with the explanation', async () => {
    const receipt = { id: '5', version: 1, state: '120', stateName: '海关入库', appType: '1', orderNo: 'SO-R1', ebcCode: '3301960001', ebcName: '演示', payName: '支付', charge: 10, currency: '142', accountingDate: '2026-11-20 09:30:00', payerIdNumber: '1', payTime: '2026-11-20 09:00:00', copCode: '3301960001', copName: '演示', dxpMode: 'DXP' };
    const seen = open('/details/export/receipt?id=5', (url) => {
      if (url === api(exportReceipt.api.detail)) return ok(receipt);
      if (url === TIMELINE) return ok({ state: '120', stateName: '海关入库', events: storedEvents });
      return refused(`unexpected ${url}`);
    });
    const section = await timelineSection();
    expect(await within(section).findByText('海关入库成功')).toBeTruthy();
    expect(within(section).getByText('发送报文 收款单')).toBeTruthy();
    expect(within(section).getByText('海关入库：海关已接收并入库，等待与其他单证比对或后续审核')).toBeTruthy();
    expect(seen.filter((r) => r.url === TIMELINE)).toEqual([{ url: TIMELINE, data: { billId: 5 } }]);
    // after the head: the page reads 表头信息, then 回执记录
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(regions.indexOf('回执记录')).toBeGreaterThan(regions.indexOf('表头信息'));
  });

  it('an order (head and body) has it after 表体信息, and 刷新 reads it again', async () => {
    let events: unknown[] = [];
    const seen = open('/details/export/order?id=7', (url) => {
      if (url === api(exportOrder.api.detail)) return ok(orderRow);
      if (url === api(exportOrder.api.lines)) return ok(orderLines);
      if (url === TIMELINE) return ok({ state: 'DRAFT', stateName: '暂存', events });
      return refused(`unexpected ${url}`);
    });
    const section = await timelineSection();
    expect(await within(section).findByText('暂无回执记录（单据尚未申报）')).toBeTruthy();
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(regions.slice(-1)).toEqual(['回执记录']);
    expect(regions.indexOf('表体信息')).toBeGreaterThanOrEqual(0);

    events = storedEvents;
    fireEvent.click(within(screen.getByRole('toolbar', { name: '单据操作' })).getByRole('button', { name: '刷新' }));
    expect(await within(await timelineSection()).findByText('海关入库成功')).toBeTruthy();
    await waitFor(() => expect(seen.filter((r) => r.url === TIMELINE)).toHaveLength(2));
  });

  it('an added bill has no timeline (nothing stored, nothing asked)', async () => {
    const seen = open('/details/export/order', (url) => refused(`unexpected ${url}`));
    await screen.findByRole('region', { name: '表头信息' });
    expect(screen.queryByRole('region', { name: '回执记录' })).toBeNull();
    expect(seen).toEqual([]);
  });
});
