// Bill addresses through the app's real routes (bills §2): a list address with an id opens that
// bill's detail, also after login; the old import payment key leads to `receipt`; a bill type only
// the other mode has says it does not apply.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { Session } from '../../machines/auth.ts';
import { detailSession, immediateAdapter, ok, orderLines, orderRow, refused, type SeenRequest } from '../features/bills/detail/test-fixtures.ts';
import { AuthProvider } from '../lib/auth-context.tsx';
import { http } from '../lib/http.ts';
import { redirectFrom } from '../lib/redirect.ts';
import { createTestAuthActor } from '../testing/auth.ts';
import { routes } from './routes.tsx';

const api = (path: string | undefined) => `/api/enterprise${path}`;

function app(start: string, session: Session | null = detailSession()) {
  const seen: SeenRequest[] = [];
  http.axios.defaults.adapter = immediateAdapter((url) => {
    if (url === api(exportOrder.api.detail)) return ok(orderRow);
    if (url === api(exportOrder.api.lines)) return ok(orderLines);
    // the 支付单 list the old address leads to: empty
    if (url.endsWith('/invt_payment/list')) return ok({ total: 0, datas: [] });
    if (url.endsWith('/queryStateCount') || url.endsWith('/state/list') || url.endsWith('/jobs/list')) return ok([]);
    return refused(`unexpected ${url}`);
  }, seen);
  const router = createMemoryRouter(routes, { initialEntries: [start] });
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <Notifications />
        <AuthProvider actor={session ? createTestAuthActor(session) : createTestAuthActor()}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return { router, seen };
}

afterEach(() => {
  cleanup(); // unmount before the fake goes: nothing may reach for a real server
  http.axios.defaults.adapter = undefined;
});

describe('bill addresses', { timeout: 40_000 }, () => {
  it('/bill/export/order?id=7 opens that bill\'s detail', async () => {
    const { router, seen } = app('/bill/export/order?id=7');
    const head = await screen.findByRole('region', { name: '表头信息' }, { timeout: 20_000 });
    const orderNo = await within(head).findByPlaceholderText('请填写订单编号') as HTMLInputElement;
    await waitFor(() => expect(orderNo.value).toBe('SO-001'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/details/export/order?id=7');
    expect(seen.find((s) => s.url === api(exportOrder.api.detail))?.data).toMatchObject({ id: '7' });
    // no list was asked for
    expect(seen.some((s) => s.url === api(exportOrder.api.pageList))).toBe(false);
  });

  it('a shared link opened signed out goes to login, which returns to the bill', async () => {
    const { router } = app('/bill/export/order?id=7&startTime=2026-01-01', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(redirectFrom(router.state.location.search)).toBe('/details/export/order?id=7&startTime=2026-01-01');
  });

  it('the old /bill/import/payment leads to /bill/import/receipt, the 支付单', async () => {
    const { router } = app('/bill/import/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bill/import/receipt'));
    const { router: detail } = app('/details/import/payment?id=3');
    await waitFor(() => expect(detail.state.location.pathname + detail.state.location.search).toBe('/details/import/receipt?id=3'));
  });

  it('a bill type the mode does not have says so, list and detail alike', async () => {
    app('/bill/export/taxbill');
    expect(await screen.findByText('该业务类型不适用于出口', {}, { timeout: 20_000 })).toBeTruthy();
  });

  it('… and under the other mode', async () => {
    app('/details/import/arrivalNote?id=1');
    expect(await screen.findByText('该业务类型不适用于进口', {}, { timeout: 20_000 })).toBeTruthy();
  });
});
