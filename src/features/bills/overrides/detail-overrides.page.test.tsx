// The detail page with its overrides, through its route: 报关单's 订单汇总 button opens the dialog
// over the stored bill and the page reloads the bill after it; 进口清单 shows 税费预估 under its body.
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { exportDeclarationForm } from '../../../../domain/bills/export-declaration-form.ts';
import { importDetailedList } from '../../../../domain/bills/import-detailed-list.ts';
import { http } from '../../../lib/http.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor, within } from '../../../testing/render.tsx';
import BillDetailPage from '../detail/BillDetailPage.tsx';
import { detailSession, immediateAdapter, ok, refused, type Envelope, type SeenRequest } from '../detail/test-fixtures.ts';

const api = (path: string | undefined) => `/api/enterprise${path}`;

function open(route: string, answer: (url: string) => Envelope) {
  const seen: SeenRequest[] = [];
  http.axios.defaults.adapter = immediateAdapter(answer, seen);
  render(<Routes><Route path="/details/:type/:key" element={<BillDetailPage />} /></Routes>, { route, actor: createTestAuthActor(detailSession()) });
  return seen;
}

afterEach(() => {
  http.axios.defaults.adapter = undefined;
  notifications.clean();
  notifications.cleanQueue();
});

describe('detail overrides', { timeout: 30_000 }, () => {
  it('订单汇总 on a stored 报关单: the dialog, then the bill read again', async () => {
    const form = { id: 7, version: 2, state: 'DRAFT', stateName: '暂存', copNo: 'DEC2603200001', specDeclFlag: '0000000' };
    const orders = { total: 1, datas: [{ id: 31, orderNo: 'SO-031', createTime: '2026-03-20 10:00:00', ebcName: '宁波跨境优选', stateName: '海关入库' }] };
    const seen = open('/details/export/declarationForm?id=7&startTime=2025-03-20%2000:00:00&endTime=2026-03-20%2023:59:59', (url) => {
      if (url === api(exportDeclarationForm.api.detail)) return ok(form);
      if (url === api(exportDeclarationForm.api.lines)) return ok([]);
      if (url === api(exportDeclarationForm.api.pickList)) return ok(orders);
      if (url === api(exportDeclarationForm.api.pickSave)) return ok({ id: 7, version: 3, added: 1 });
      return refused(`unexpected ${url}`);
    });
    const toolbar = await screen.findByRole('toolbar', { name: '单据操作' });
    fireEvent.click(await within(toolbar).findByRole('button', { name: '订单汇总' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 SO-031' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen.filter((s) => s.url === api(exportDeclarationForm.api.detail))).toHaveLength(2));
    expect(seen).toContainEqual({ url: api(exportDeclarationForm.api.pickSave), data: { headId: '7', orderIds: [31], startTime: '2025-03-20 00:00:00', endTime: '2026-03-20 23:59:59' } });
  });

  it('税费预估 under an import inventory\'s body', async () => {
    open('/details/import/detailedList?id=9', (url) => {
      if (url === api(importDetailedList.api.detail)) return ok({ id: 9, version: 1, state: 'DRAFT', copNo: 'YXI-1', freight: 0, insuredFee: 0 });
      if (url === api(importDetailedList.api.lines)) return ok([{ id: 1, gnum: 1, gname: '护手霜', gcode: '3304990099', totalPrice: 100 }]);
      return refused(`unexpected ${url}`);
    });
    const section = await screen.findByRole('region', { name: '税费预估' });
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe('预估税款合计 23.06 元'));
  });
});
