// Issue 31 items 1 and 4 through the real detail page (route, machine, http client; a fake at the
// network boundary): the bill's number, state, last customs answer and actions open the page in a
// sticky header above the form, and 暂存 stores an unfinished bill on the server.
import { notifications } from '@mantine/notifications';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import { http } from '../../../lib/http.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import BillDetailPage from './BillDetailPage.tsx';
import { detailSession, immediateAdapter, ok, orderLines, orderRow, refused, type Envelope, type SeenRequest } from './test-fixtures.ts';

const api = (path: string | undefined) => `/api/enterprise${path}`;
const answered = {
  ...orderRow, state: '100', stateName: '海关退单', returnStatus: '100', returnTime: '2026-11-20 10:05:00', returnInfo: '[Code:1313;Desc:电商平台代码不存在]',
};

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function open(route: string, answer: (url: string, data: Record<string, unknown>) => Envelope) {
  const seen: SeenRequest[] = [];
  http.axios.defaults.adapter = immediateAdapter(answer, seen);
  render(
    <Routes>
      <Route path="/details/:type/:key" element={<><BillDetailPage /><Where /></>} />
    </Routes>,
    { route, actor: createTestAuthActor(detailSession()) },
  );
  return seen;
}

const header = () => document.querySelector<HTMLElement>('header[aria-label="单据概要"]');

afterEach(() => {
  http.axios.defaults.adapter = undefined;
  notifications.clean();
  notifications.cleanQueue();
});

describe('the detail page head (issue 31)', { timeout: 20_000 }, () => {
  it('opens with the number, the state, the last customs answer and the allowed actions, sticky above the form', async () => {
    open('/details/export/order?id=7', (url) => (url === api(exportOrder.api.detail) ? ok(answered) : url === api(exportOrder.api.lines) ? ok(orderLines) : refused(`unexpected ${url}`)));
    await waitFor(() => expect(header()?.textContent).toContain('订单编号 SO-001'));
    const top = header()!;
    expect(top.style.position).toBe('sticky');
    expect(within(top).getByText('海关退单')).toBeTruthy();
    expect(top.textContent).toContain('最新回执：2026-11-20 10:05:00　海关退单　[Code:1313;Desc:电商平台代码不存在]');
    // the actions of the state (a refused bill can be edited again) are in the head, not elsewhere
    const toolbar = within(top).getByRole('toolbar', { name: '单据操作' });
    expect(within(toolbar).getByRole('button', { name: '编辑' })).toBeTruthy();
    // the head comes before the long form
    const form = screen.getByRole('region', { name: '表头信息' });
    expect(top.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('暂存 stores an unfinished new bill on the server as a draft, no confirmation, and the page becomes that bill', async () => {
    let stored: Record<string, unknown> | null = null;
    const seen = open('/details/export/order', (url, data) => {
      if (url === api(exportOrder.api.save)) {
        stored = { ...orderRow, ...data, id: '9', version: 1, state: 'DRAFT', stateName: '暂存' };
        return ok({ id: 9, version: 1 });
      }
      if (url === api(exportOrder.api.detail)) return stored ? ok(stored) : refused('单据不存在或无权访问');
      if (url === api(exportOrder.api.lines)) return ok([]);
      return refused(`unexpected ${url}`);
    });
    const head = await screen.findByRole('region', { name: '表头信息' });
    await waitFor(() => expect(header()?.textContent).toContain('未保存'));
    // only the order number: 电商平台, 商品金额 and the lines (required for 保存) are left empty
    fireEvent.change(within(head).getByPlaceholderText('请填写订单编号'), { target: { value: 'SO-DRAFT' } });
    fireEvent.click(within(header()!).getByRole('button', { name: '暂存' }));
    expect(await screen.findByText('暂存成功!')).toBeTruthy();
    const save = seen.find((r) => r.url === api(exportOrder.api.save));
    expect(save?.data).toMatchObject({ draft: true, orderNo: 'SO-DRAFT', ebpCode: null, goodsValue: null, details: [] });
    // read back from the server: the stored draft, at its own address (what a refresh opens)
    await waitFor(() => expect(header()?.textContent).toContain('订单编号 SO-DRAFT'));
    expect(within(header()!).getByText('暂存')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('id=9'));
    expect(screen.queryByText('暂存数据仅保存在本地页面，刷新页面后将丢失')).toBeNull();
  });
});
