import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Layout from '../../../app/layout/Layout.tsx';
import { AuthProvider } from '../../../lib/auth-context.tsx';
import { http } from '../../../lib/http.ts';
import { createTestAuthActor } from '../../../testing/auth.ts';
import BillListPage from './BillListPage.tsx';
import { createFakeBackend, type FakeBackend } from './testing/fake-backend.ts';
import { listSession, orderApi, serveOrders } from './testing/fixtures.ts';

let backend: FakeBackend;
let original: AxiosAdapter | undefined;
beforeEach(() => {
  backend = serveOrders(createFakeBackend());
  // the page uses the app's one client: the fake goes in at its network boundary
  original = http.axios.defaults.adapter as AxiosAdapter | undefined;
  http.axios.defaults.adapter = backend.adapter;
});
afterEach(() => {
  http.axios.defaults.adapter = original;
});

function app(start: string) {
  const router = createMemoryRouter(
    [{ element: <Layout />, children: [{ path: '/home', element: <p>welcome</p> }, { path: '/bill/:type/:key', element: <BillListPage /> }] }],
    { initialEntries: [start] },
  );
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <Notifications />
        <AuthProvider actor={createTestAuthActor(listSession())}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return router;
}

describe('BillListPage', { timeout: 30_000 }, () => {
  it('an unknown bill is the 404 page', async () => {
    app('/bill/export/nothing');
    expect(await screen.findByText('404')).toBeTruthy();
    expect(backend.calls).toHaveLength(0);
  });

  it('stays mounted across tab switches and does not fetch again', async () => {
    const router = app('/bill/export/order');
    expect(await screen.findByRole('link', { name: 'SO000001' })).toBeTruthy();
    await act(() => router.navigate('/home'));
    expect(await screen.findByText('welcome')).toBeTruthy();
    await act(() => router.navigate('/bill/export/order'));
    expect(screen.getByRole('link', { name: 'SO000001' })).toBeTruthy();
    expect(backend.callsTo(orderApi.pageList)).toHaveLength(1);
    expect(backend.callsTo(orderApi.counts)).toHaveLength(1);
  });
});
