/**
 * Route guards (accounts §2): /login and /reg are open; every other page needs a signed-in
 * session with its module list (stored at login), else → /login?redirect=<where the user wanted>.
 * A session that just ended (loggedOut) goes to plain /login, as the auth machine's navigate
 * effect does: whoever acts first, both aim at the same URL.
 * Bill pages also need a filed enterprise (companyCode), else they show 请先进行企业备案！ — after
 * asking the server once (session.refresh): a filing approved while this page was not open (a reload,
 * an address typed, a live event missed) brings the code, and the page opens by itself.
 */
import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { layoutText } from '../../domain/texts/web.ts';
import { useAuth, useAuthSend, useModules, useUserInfo } from '../lib/auth-context.tsx';
import { HOME_PATH, homePathOf } from './layout/tabs.ts';

export function loginPath(redirect: string): string {
  return redirect && redirect !== '/' ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
}

export function RequireAuth() {
  const signedIn = useAuth((s) => s.hasTag('signedIn'));
  // a session without any module may open nothing: end it (else /login and the guard would
  // bounce the user between them forever)
  const permitted = useAuth((s) => s.context.modules.length > 0);
  // the logout call is on its way: keep the page until the machine navigates to /login
  const leaving = useAuth((s) => s.matches('loggingOut'));
  const ended = useAuth((s) => s.matches('loggedOut'));
  const send = useAuthSend();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (signedIn && !permitted) send({ type: 'user.logout' });
  }, [signedIn, permitted, send]);
  if (signedIn && !permitted) return null;
  if (signedIn || leaving) return <Outlet />;
  return <Navigate to={ended ? '/login' : loginPath(pathname + search)} replace />;
}

export function RequireCompany() {
  const userInfo = useUserInfo();
  const send = useAuthSend();
  const missing = !userInfo?.companyCode;
  // once per time the code is found missing: an answer still without it does not ask again
  useEffect(() => {
    if (missing) send({ type: 'session.refresh' });
  }, [missing, send]);
  if (missing) {
    return (
      <Alert color="yellow" title={layoutText.noCompany}>
        {layoutText.noCompany}
      </Alert>
    );
  }
  return <Outlet />;
}

/**
 * A session whose home is not /home (a platform operator, issue 20: its console opens on
 * /review/filing) is sent there from / and /home, before the layout opens a tab for them.
 */
export function RequireOwnHome() {
  const modules = useModules();
  const { pathname } = useLocation();
  const home = homePathOf(modules);
  if (home !== HOME_PATH && (pathname === '/' || pathname === HOME_PATH)) return <Navigate to={home} replace />;
  return <Outlet />;
}
