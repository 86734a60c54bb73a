/**
 * The app's one auth actor: the machine with the real effects (API calls, localStorage, router),
 * connected to the http client. Starts from the stored session, if any.
 */
import { createActor, fromPromise } from 'xstate';
import { authMachine, type MenuModule, type NavigateParams } from '../../machines/auth.ts';
import { login, logout, refreshTokens, userModules } from '../features/auth/api/login.ts';
import { createAuthBridge } from '../lib/auth-bridge.ts';
import { connectAuth } from '../lib/http.ts';
import { redirectFrom } from '../lib/redirect.ts';
import { refreshInTurn, type StoredTokens } from '../lib/refresh-in-turn.ts';
import { clearSession, loadSession, saveSession, saveSessionData, storageKeys } from '../lib/session.ts';
import { router } from './router.ts';

function navigate({ to }: NavigateParams): void {
  const { pathname, search } = router.state.location;
  if (to === 'home') {
    void router.navigate(redirectFrom(search), { replace: true });
    return;
  }
  // The session ended (logout, 401, failed refresh, password changed): plain /login, the same
  // target the route guard picks for a loggedOut session, so the two never race to different URLs.
  if (pathname !== '/login') void router.navigate('/login', { replace: true });
}

/** The stored login's tokens, when it is the login this tab holds (another tab may have refreshed it). */
const storedTokens: StoredTokens = {
  read() {
    const stored = loadSession();
    const mine = authActor.getSnapshot().context.userInfo;
    return stored && mine && stored.userInfo.account === mine.account && String(stored.userInfo.companyId) === String(mine.companyId) ? stored.refreshToken : null;
  },
  write({ token, refreshToken, userInfo }) {
    localStorage.setItem(storageKeys.token, token);
    localStorage.setItem(storageKeys.refreshToken, refreshToken);
    // the user as this refresh answered it (a filing approved gives the code), stored in the same turn:
    // a tab that takes this pair takes the user with it
    if (userInfo) localStorage.setItem(storageKeys.userInfo, JSON.stringify(userInfo));
    localStorage.setItem(storageKeys.refreshedAt, String(Date.now()));
  },
  recent(refreshToken, since) {
    const at = Number(localStorage.getItem(storageKeys.refreshedAt));
    const token = localStorage.getItem(storageKeys.token);
    if (!token || localStorage.getItem(storageKeys.refreshToken) !== refreshToken || at < since || !(Date.now() - at < TAKE_REFRESHED_MS)) return null;
    const userInfo = loadSession()?.userInfo;
    return userInfo ? { token, refreshToken, userInfo } : { token, refreshToken };
  },
};

/** How recent another tab's refresh must be for this tab to take its tokens (well inside an access token's life). */
const TAKE_REFRESHED_MS = 30_000;

/**
 * The refresh token of this tab's login until that login is saved: only a login's answer stores its
 * tokens through saveSession; refreshed tokens are stored by refreshInTurn (under its lock), so a tab
 * saving its menu later never puts back a refresh token another tab has since used.
 */
let loggedInWith: string | null = null;

export const authActor = createActor(
  authMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        const session = await login(input);
        loggedInWith = session.refreshToken;
        return session;
      }),
      refresh: fromPromise(({ input }) => refreshInTurn(input.refreshToken, storedTokens, (token) => refreshTokens(token, undefined, input.token))),
      logout: fromPromise(({ input }) => logout(input.refreshToken)),
      // a 'person' route: an enterprise user's menu and a platform operator's alike (issue 20)
      modules: fromPromise((): Promise<MenuModule[]> => userModules()),
    },
    actions: {
      saveSession: (_, session) => {
        if (session.refreshToken !== loggedInWith) {
          saveSessionData(session);
          return;
        }
        loggedInWith = null;
        saveSession(session);
      },
      clearSession: () => clearSession(),
      navigate: (_, params) => navigate(params),
    },
  }),
  { input: { session: loadSession() } },
);

connectAuth(createAuthBridge(authActor));
authActor.start();
