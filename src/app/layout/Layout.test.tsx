// The layout with real routing: tabs follow navigation, bill/statistics pages stay mounted.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../lib/auth-context.tsx';
import { createTestAuthActor, sessionFixture } from '../../testing/auth.ts';
import Layout from './Layout.tsx';
import { tabRename } from './tabs.ts';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  const params = useParams();
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label}
      {params.key ?? ''}:{n}
    </button>
  );
}

function setup(start = '/home') {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/home', element: <p>welcome</p> },
          { path: '/bill/:type/:key', element: <Counter label="bill-" /> },
          { path: '/details/:type/:key', element: <Counter label="details-" /> },
          { path: '/workorder', element: <Counter label="workorder" /> },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <Notifications />
        <AuthProvider actor={createTestAuthActor(sessionFixture())}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return router;
}

const tabNames = () => within(screen.getByRole('tablist')).getAllByRole('tab').map((t) => t.textContent);

describe('Layout', () => {
  it('shows the version label and the user name', () => {
    setup();
    expect(screen.getByText('1.0.0')).toBeTruthy();
    expect(screen.getByRole('button', { name: '演示管理员' })).toBeTruthy();
  });

  it('opens a tab per visited page, titled by its module, home first', async () => {
    const router = setup();
    await act(() => router.navigate('/bill/export/order'));
    await act(() => router.navigate('/workorder'));
    await act(() => router.navigate('/bill/export/order'));
    expect(tabNames()).toEqual(['首页', '出口订单', '工单']);
    expect(screen.getByRole('tab', { name: '出口订单' }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps bill pages mounted across tab switches, not other pages', async () => {
    const router = setup();
    await act(() => router.navigate('/bill/export/order'));
    fireEvent.click(screen.getByRole('button', { name: 'bill-order:0' }));
    await act(() => router.navigate('/workorder'));
    fireEvent.click(screen.getByRole('button', { name: 'workorder:0' }));
    expect(screen.getByRole('button', { name: 'workorder:1' })).toBeTruthy();
    await act(() => router.navigate('/bill/export/order'));
    expect(screen.getByRole('button', { name: 'bill-order:1' })).toBeTruthy(); // state kept
    await act(() => router.navigate('/workorder'));
    expect(screen.getByRole('button', { name: 'workorder:0' })).toBeTruthy(); // remounted
  });

  it('closing the active tab goes to its neighbour and drops the kept page', async () => {
    const router = setup();
    await act(() => router.navigate('/workorder'));
    await act(() => router.navigate('/bill/export/order'));
    fireEvent.click(screen.getByRole('button', { name: '关闭 出口订单' }));
    await screen.findByRole('button', { name: 'workorder:0' });
    expect(router.state.location.pathname).toBe('/workorder');
    expect(tabNames()).toEqual(['首页', '工单']);
    expect(document.querySelector('[data-page="/bill/export/order"]')).toBeNull();
  });

  it('titles a bill detail tab 添加 or 详情; an add page that took its bill’s address keeps its tab and page', async () => {
    const router = setup();
    await act(() => router.navigate('/details/export/order'));
    expect(tabNames()).toEqual(['首页', '出口订单 添加']);
    fireEvent.click(screen.getByRole('button', { name: 'details-order:0' }));
    // the page's first save: its address replaced, saying which tab it was
    await act(() => router.navigate('/details/export/order?id=7&startTime=a&endTime=b', { replace: true, state: tabRename('/details/export/order') }));
    expect(tabNames()).toEqual(['首页', '出口订单 详情']);
    expect(screen.getByRole('tab', { name: '出口订单 详情' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'details-order:1' })).toBeTruthy(); // the same page, not mounted again
    expect(document.querySelectorAll('[data-page^="/details/"]')).toHaveLength(1);
    // a new add page at the old address is a page of its own
    await act(() => router.navigate('/details/export/order'));
    expect(tabNames()).toEqual(['首页', '出口订单 详情', '出口订单 添加']);
    expect(screen.getByRole('button', { name: 'details-order:0' })).toBeTruthy();
    await act(() => router.navigate('/details/export/order?id=7&startTime=a&endTime=b'));
    expect(screen.getByRole('button', { name: 'details-order:1' })).toBeTruthy();
  });
});
