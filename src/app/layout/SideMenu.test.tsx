import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { notifications } from '@mantine/notifications';
import { createActor, fromPromise } from 'xstate';
import { authMachine, type Refreshed } from '../../../machines/auth.ts';
import { createTestAuthActor, sessionFixture } from '../../testing/auth.ts';
import { fireEvent, render, screen, waitFor } from '../../testing/render.tsx';
import { SideMenu } from './SideMenu.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderMenu(companyCode: string | null) {
  const actor = createTestAuthActor(sessionFixture({ companyCode }));
  return render(
    <>
      <SideMenu />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route: '/home', actor },
  );
}

describe('SideMenu', () => {
  it('shows the root entries in sortNo order with their icons', () => {
    renderMenu('3301960001');
    const roots = document.querySelectorAll('nav .mantine-ScrollArea-content > * > .mantine-NavLink-root, nav .mantine-ScrollArea-content > .mantine-NavLink-root');
    const labels = [...roots].map((b) => b.querySelector('.mantine-NavLink-label')?.textContent);
    expect(labels).toEqual(['首页', '出口业务', '进口业务', '统计', '服务中心']);
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/home');
    expect(document.querySelector('[data-icon="export"]')).not.toBeNull();
  });

  it('opens a group and navigates to a child page', async () => {
    renderMenu('3301960001');
    fireEvent.click(screen.getByRole('button', { name: '出口业务' }));
    expect(await screen.findByRole('link', { name: '出口订单' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '收款单' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '出口订单' }));
    expect(screen.getByTestId('where').textContent).toBe('/bill/export/order');
  });

  it('without a companyCode a bill page is refused with 请先进行企业备案！', async () => {
    renderMenu(null);
    fireEvent.click(screen.getByRole('button', { name: '出口业务' }));
    fireEvent.click(await screen.findByRole('link', { name: '出口订单' }));
    expect(await screen.findByText('请先进行企业备案！')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/home');
    fireEvent.click(screen.getByRole('link', { name: '统计' }));
    expect(screen.getByTestId('where').textContent).toBe('/statistics');
  });

  it('asks the server first: a filing approved since the login opens the bill page without a new login', async () => {
    const machine = authMachine.provide({
      actors: {
        refresh: fromPromise<Refreshed, { refreshToken: string }>(async () => ({ token: 'access-2', refreshToken: 'refresh-2', userInfo: { ...sessionFixture().userInfo, companyCode: '3302968Y1F' } })),
        login: fromPromise(async () => sessionFixture()),
        logout: fromPromise<void, { refreshToken: string | null }>(async () => {}),
      },
      actions: { saveSession: () => {}, clearSession: () => {}, navigate: () => {} },
    });
    const actor = createActor(machine, { input: { session: sessionFixture({ companyCode: null }) } }).start();
    notifications.clean(); // the toast of the test before
    render(<><SideMenu /><Routes><Route path="*" element={<Where />} /></Routes></>, { route: '/home', actor });
    fireEvent.click(screen.getByRole('button', { name: '出口业务' }));
    fireEvent.click(await screen.findByRole('link', { name: '出口订单' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bill/export/order'));
    expect(actor.getSnapshot().context.userInfo?.companyCode).toBe('3302968Y1F');
    expect(screen.queryByText('请先进行企业备案！')).toBeNull();
  });
});
