import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import { authMachine, type Refreshed } from '../../machines/auth.ts';
import { createTestAuthActor, sessionFixture } from '../testing/auth.ts';
import { render, screen, waitFor } from '../testing/render.tsx';
import { moduleSeeds } from '../../domain/modules.ts';
import { RequireAuth, RequireCompany, RequireOwnHome } from './guards.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const app = (
  <Routes>
    <Route path="/login" element={<Where />} />
    <Route element={<RequireAuth />}>
      <Route path="/workorder" element={<p>工单页</p>} />
      <Route element={<RequireCompany />}>
        <Route path="/bill/:type/:key" element={<p>单据页</p>} />
      </Route>
    </Route>
  </Routes>
);

describe('route guards', () => {
  it('without a session: to /login with the page as redirect', () => {
    render(app, { route: '/workorder?x=1' });
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fworkorder%3Fx%3D1');
  });

  it('after the session ended: plain /login', () => {
    const actor = createTestAuthActor(sessionFixture());
    actor.send({ type: 'api.unauthorized' });
    render(app, { route: '/workorder', actor });
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('a session without modules is ended, not bounced to /login and back', async () => {
    const actor = createTestAuthActor({ ...sessionFixture(), modules: [] });
    render(app, { route: '/workorder', actor });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('loggedOut'));
    // the router follows the logout in React's next render, not in the actor's turn
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('with a session: the page', () => {
    render(app, { route: '/workorder', actor: createTestAuthActor(sessionFixture()) });
    expect(screen.getByText('工单页')).toBeTruthy();
  });

  it('a bill page without companyCode shows 请先进行企业备案！', () => {
    render(app, { route: '/bill/export/order', actor: createTestAuthActor(sessionFixture({ companyCode: null })) });
    expect(screen.getAllByText('请先进行企业备案！').length).toBeGreaterThan(0);
    expect(screen.queryByText('单据页')).toBeNull();
  });

  it('a bill page without companyCode asks the server once: a filing approved meanwhile opens it', async () => {
    const filed = sessionFixture();
    let refreshes = 0;
    const actor = createActor(authMachine.provide({
      actors: {
        refresh: fromPromise<Refreshed, { refreshToken: string }>(async () => { refreshes += 1; return { token: 'access-2', refreshToken: 'refresh-2', userInfo: filed.userInfo }; }),
        modules: fromPromise(async () => filed.modules),
      },
      actions: { saveSession: () => {}, clearSession: () => {}, navigate: () => {} },
    }), { input: { session: sessionFixture({ companyCode: null }) } }).start();
    render(app, { route: '/bill/export/order', actor });
    expect(await screen.findByText('单据页')).toBeTruthy();
    expect(refreshes).toBe(1);
  });

  it('a bill page with companyCode opens', () => {
    render(app, { route: '/bill/export/order', actor: createTestAuthActor(sessionFixture()) });
    expect(screen.getByText('单据页')).toBeTruthy();
  });

  it('a platform operator (no 首页, issue 20) is sent from / and /home to 备案审核; an enterprise session stays', () => {
    const operatorModules = moduleSeeds.filter((m) => m.roles.includes('PLATFORM'))
      .map((m) => ({ id: m.id, parentId: m.parentId, uri: m.uri, name: m.name, icon: m.icon, code: m.code, sortNo: m.sortNo, hidden: false, buttonVos: [] }));
    const operator = { ...sessionFixture({ userType: 'PLATFORM', companyCode: null, companyName: '' }), modules: operatorModules };
    const homes = (
      <Routes>
        <Route element={<RequireAuth />}>
          <Route element={<RequireOwnHome />}>
            <Route path="/" element={<Where />} />
            <Route path="/home" element={<Where />} />
            <Route path="/review/filing" element={<Where />} />
          </Route>
        </Route>
      </Routes>
    );
    for (const route of ['/', '/home']) {
      const { unmount } = render(homes, { route, actor: createTestAuthActor(operator) });
      expect(screen.getByTestId('where').textContent).toBe('/review/filing');
      unmount();
    }
    render(homes, { route: '/home', actor: createTestAuthActor(sessionFixture()) });
    expect(screen.getByTestId('where').textContent).toBe('/home');
  });
});
