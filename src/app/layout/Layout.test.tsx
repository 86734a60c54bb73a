// The layout with real routing: tabs follow navigation, bill/statistics pages stay mounted.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../lib/auth-context.tsx';
import { createTestAuthActor, sessionFixture } from '../../testing/auth.ts';
import Layout from './Layout.tsx';
import { useOwnTab } from './own-tab.tsx';
import { tabLimitKey } from './tab-limit.ts';
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

/** A kept page holding unsaved edits, as a bill detail in edit mode says. */
function Dirty() {
  useOwnTab(null, () => true);
  return <p>dirty</p>;
}

function setup(start = '/home') {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/home', element: <p>welcome</p> },
          { path: '/bill/dirty/:key', element: <Dirty /> },
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

describe('the strip after a reload (issue 31)', () => {
  it('comes back: the same tabs in the same order, the pinned one pinned, the address’s page shown', async () => {
    let router = setup();
    await act(() => router.navigate('/bill/export/order'));
    await act(() => router.navigate('/workorder'));
    await act(() => router.navigate('/bill/export/receipt'));
    fireEvent.contextMenu(screen.getByRole('tab', { name: '工单' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '固定标签页' }));
    await act(() => router.navigate('/bill/export/order'));
    expect(tabNames()).toEqual(['首页', '已固定工单', '出口订单', '收款单']);
    cleanup(); // F5: the page goes, the browser tab's sessionStorage stays
    router = setup('/bill/export/order');
    expect(tabNames()).toEqual(['首页', '已固定工单', '出口订单', '收款单']);
    expect(screen.getByRole('tab', { name: '出口订单' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'bill-order:0' })).toBeTruthy();
    // a restored tab opens its page when chosen
    fireEvent.click(screen.getByRole('tab', { name: '收款单' }));
    await screen.findByRole('button', { name: 'bill-receipt:0' });
    expect(router.state.location.pathname).toBe('/bill/export/receipt');
  });
});

describe('the limit of open pages (issue 31)', () => {
  const open = async (router: ReturnType<typeof setup>, n: number, from = 1) => {
    for (let i = from; i < from + n; i += 1) await act(() => router.navigate(`/bill/x/p${i}`));
  };
  const toasts = () => [...document.querySelectorAll('.mantine-Notification-description')].map((t) => t.textContent);

  it('is shown in the strip’s menu, chosen there and kept for the user', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    expect(await screen.findByText('标签页上限：12 个')).toBeTruthy();
    expect(screen.getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(['8 个', '12 个', '16 个', '20 个', '不限']);
    expect(screen.getByRole('menuitemradio', { name: '12 个' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: '16 个' }));
    expect(localStorage.getItem(tabLimitKey('admin'))).toBe('16');
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    expect(await screen.findByText('标签页上限：16 个')).toBeTruthy();
  });

  it('a page opened past it closes the page shown longest ago, not a pinned one, and says which', async () => {
    localStorage.setItem(tabLimitKey('admin'), '8');
    const router = setup();
    await open(router, 7); // home + 7 = 8
    fireEvent.contextMenu(screen.getByRole('tab', { name: '/bill/x/p1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '固定标签页' }));
    await open(router, 1, 8);
    expect(tabNames()).toHaveLength(8);
    expect(tabNames()).toContain('已固定/bill/x/p1');
    expect(tabNames()).not.toContain('/bill/x/p2');
    expect(toasts()).toContain('已达标签页上限（8 个），已关闭最久未查看的「/bill/x/p2」');
  });

  it('a page with unsaved edits is passed over, and when only such pages are left, none closes', async () => {
    localStorage.setItem(tabLimitKey('admin'), '8');
    const router = setup();
    for (let i = 1; i <= 6; i += 1) await act(() => router.navigate(`/bill/dirty/d${i}`));
    await act(() => router.navigate('/bill/x/p1')); // home + 6 unsaved + p1 = 8
    await act(() => router.navigate('/workorder'));
    expect(tabNames()).not.toContain('/bill/x/p1');
    expect(toasts()).toContain('已达标签页上限（8 个），已关闭最久未查看的「/bill/x/p1」');
    await act(() => router.navigate('/bill/dirty/d7'));
    expect(tabNames()).toEqual(['首页', ...[1, 2, 3, 4, 5, 6, 7].map((i) => `/bill/dirty/d${i}`)]);
    await act(() => router.navigate('/bill/x/p2'));
    expect(tabNames()).toHaveLength(9);
    expect(toasts()).toContain('已达标签页上限（8 个），其余页面均已固定或有未保存的修改，未关闭任何页面');
  });

  it('when every other page is pinned, none closes and the note says so', async () => {
    localStorage.setItem(tabLimitKey('admin'), '8');
    const router = setup();
    await open(router, 7);
    for (let i = 1; i <= 7; i += 1) {
      fireEvent.contextMenu(screen.getByRole('tab', { name: `/bill/x/p${i}` }));
      fireEvent.click(await screen.findByRole('menuitem', { name: '固定标签页' }));
    }
    await act(() => router.navigate('/workorder'));
    expect(tabNames()).toHaveLength(9);
    expect(toasts()).toContain('已达标签页上限（8 个），其余页面均已固定或有未保存的修改，未关闭任何页面');
  });

  it('a lower limit chosen closes the excess at once; 不限 closes nothing', async () => {
    const router = setup();
    await open(router, 10);
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: '不限' }));
    await open(router, 5, 11);
    expect(tabNames()).toHaveLength(16);
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: '8 个' }));
    await screen.findByText(/已关闭最久未查看的「\/bill\/x\/p1」/);
    expect(tabNames()).toHaveLength(8);
    expect(tabNames().at(-1)).toBe('/bill/x/p15');
  });
});
