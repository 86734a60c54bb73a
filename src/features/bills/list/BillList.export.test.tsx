// The list's 导出 sends the columns 列设置 hides, so the sheet has the screen's columns (issue 31).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../../../domain/bills/export-order.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import { fireEvent, render, screen, waitFor } from '../../../testing/render.tsx';
import { BillList } from './BillList.tsx';
import { createFakeBackend, type FakeBackend } from './testing/fake-backend.ts';
import { allListCodes, listSession, orderApi, serveOrders } from './testing/fixtures.ts';

let backend: FakeBackend;
let open: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  backend = createFakeBackend();
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  open.mockRestore();
  localStorage.clear();
});

describe('BillList export', { timeout: 30_000 }, () => {
  it('sends the columns 列设置 hides with the export, and none while all are shown', async () => {
    serveOrders(backend);
    render(<BillList definition={exportOrder} onNavigate={() => undefined} client={backend.client} />, {
      route: '/bill/export/order',
      actor: createTestAuthActor(listSession(allListCodes)),
    });
    await screen.findByRole('link', { name: 'SO000001' });
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(backend.callsTo(orderApi.export)).toHaveLength(1));
    expect(backend.callsTo(orderApi.export)[0]!.data).not.toHaveProperty('hiddenColumns');

    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '电商平台名称' }));
    await waitFor(() => expect((screen.getByRole('button', { name: '导出' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(backend.callsTo(orderApi.export)).toHaveLength(2));
    expect(backend.callsTo(orderApi.export)[1]!.data).toMatchObject({ hiddenColumns: ['ebpName'] });
  });
});
