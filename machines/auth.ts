/**
 * Auth statechart: login, the single token refresh, logout and the before-login password change.
 *
 * States
 *   anonymous              no session (starts here; a session passed in `input` goes straight on
 *                          to authenticated through an eventless transition)
 *   loggingIn      [busy]  invoke `login` (credentials → Session)
 *   passwordChangeRequired login answered 401 '请更改密码' with a `token` header
 *     .notice              dialog: the password expired or is weak and must be changed
 *     .form                change-password form (before login, uses that token)
 *   authenticated  [signedIn]
 *     .idle
 *     .refreshing  [refreshing]  invoke `refresh` (refreshToken → rotated tokens). Further
 *                          api.tokenExpired events are ignored here, so N concurrent -10000
 *                          answers cause exactly one refresh; waiters watch for the way out.
 *                          A refresh is always followed by .reloadingModules, so a change of
 *                          rights told while refreshing is not lost. A filing decision (or a
 *                          session.refresh) told while refreshing marks `refreshAgain`: that
 *                          answer may predate the decision, so .refreshing is entered once more
 *                          (with the new token) before the modules are read.
 *     .reloadingModules    invoke `modules` (the user's menu and buttons as the server now has
 *                          them: GET /api/enterprise/user/modules); a failure keeps the old ones
 *   loggingOut     [busy]  invoke `logout` (tells the server; failure does not matter)
 *   loggedOut              session cleared; a new login may start from here
 *
 * Events
 *   user.login {username, password, captcha, captchaId}   anonymous | loggedOut → loggingIn
 *   user.confirm           passwordChangeRequired.notice → .form
 *   user.cancel            passwordChangeRequired → anonymous
 *   user.passwordChanged   passwordChangeRequired.form → anonymous (log in again);
 *                          authenticated → loggedOut (own password changed: storage cleared)
 *   user.logout            authenticated → loggingOut → loggedOut
 *   api.tokenExpired       authenticated.idle → .refreshing (envelope code -10000)
 *   session.refresh        authenticated.idle → .refreshing (the session's company changed on the
 *                          server, e.g. its filing was approved: the refresh answers the fresh
 *                          userInfo with the new tokens, so companyCode arrives without a new login)
 *   api.unauthorized       authenticated → loggedOut (HTTP 401)
 *   live.sessionEnded {message}  authenticated → loggedOut at once, the message kept for the login
 *                          page (the live stream said the session ended and why: the account or
 *                          its company frozen, the account deleted, a logout elsewhere; issue 29)
 *   live.grantsChanged     authenticated.idle → .reloadingModules (the main account changed this
 *                          sub-account's grants: menu and buttons follow without a new login);
 *                          in .reloadingModules the read starts again (it may predate the change)
 *   live.filingDecided     authenticated.idle | .reloadingModules → .refreshing (a reviewer approved
 *                          or returned the company's filing: companyCode comes with the refresh,
 *                          then the modules are read again)
 *   live.resync            as live.grantsChanged: the live stream missed what happened (reconnect)
 *
 * Effects (placeholders here; the web app and tests supply them with machine.provide()):
 *   actors  login, refresh, logout, modules
 *   actions saveSession(Session), clearSession(), navigate({to, reason})
 * This file imports only xstate: no axios, React, window, router, storage or clock.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { machineLabels } from './labels.ts';

export interface UserInfo {
  username: string;
  companyName: string;
  /** 海关注册编码; empty/null until the enterprise is filed (then bill pages are blocked). */
  companyCode: string | null;
  companyId: number | string;
  userType: string;
  /** login name */
  account?: string;
}
export interface ModuleButton { code: string; name: string }
/** One menu entry of the module list the login answers; parentId -1 is a root entry. */
export interface MenuModule {
  id: number | string;
  parentId: number | string;
  uri: string;
  name: string;
  icon?: string | null;
  code?: string | null;
  sortNo: number;
  buttonVos?: ModuleButton[] | null;
  /** reachable by route, not shown in the side menu (detail and form pages) */
  hidden?: boolean;
}
export interface Tokens { token: string; refreshToken: string }
/** What a refresh answers: rotated tokens and, from servers that send it, the user as now stored. */
export interface Refreshed extends Tokens { userInfo?: UserInfo }
export interface Session extends Tokens { userInfo: UserInfo; modules: MenuModule[] }
export interface Credentials { username: string; password: string; captcha: string; captchaId: string }
/** What the login/refresh actors reject with; passwordChangeToken marks the '请更改密码' answer. */
export interface AuthFailure { message: string; passwordChangeToken?: string }
export type NavigateReason = 'login' | 'logout' | 'unauthorized' | 'refreshFailed' | 'passwordChanged' | 'sessionEnded';
export interface NavigateParams { to: 'home' | 'login'; reason: NavigateReason }

export type AuthEvent =
  | ({ type: 'user.login' } & Credentials)
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.passwordChanged' }
  | { type: 'user.logout' }
  | { type: 'api.tokenExpired' }
  | { type: 'session.refresh' }
  | { type: 'api.unauthorized' }
  | { type: 'live.grantsChanged' }
  | { type: 'live.filingDecided' }
  | { type: 'live.resync' }
  | { type: 'live.sessionEnded'; message: string };

export interface AuthContext {
  token: string | null;
  refreshToken: string | null;
  userInfo: UserInfo | null;
  modules: MenuModule[];
  /** message of the last failure (login, refresh, 401), for the view to show */
  error: string | null;
  /** login name typed at the last login attempt (prefills the before-login password form) */
  loginName: string | null;
  /** the `token` header of a 401 '请更改密码' login answer */
  passwordChangeToken: string | null;
  /**
   * The company changed while a refresh was on its way (a filing decided): that refresh's answer may
   * predate the change, so one more follows it.
   */
  refreshAgain: boolean;
}
export interface AuthInput { session?: Session | null }

function failure(error: unknown): AuthFailure {
  if (typeof error === 'object' && error !== null && typeof (error as AuthFailure).message === 'string') {
    return error as AuthFailure;
  }
  return { message: String(error) };
}

const signedOut = { token: null, refreshToken: null, userInfo: null, modules: [], passwordChangeToken: null };

/**
 * What a refresh's answer changes in the context, and the session then stored. (The done event of
 * a guarded onDone list is typed loosely by XState: its output is the refresh actor's, Refreshed.)
 */
type RefreshedArgs = { context: AuthContext; event: { type: string } };
const answerOf = (event: { type: string }) => (event as unknown as { output: Refreshed }).output;
const refreshedContext = ({ context, event }: RefreshedArgs) => {
  const answer = answerOf(event);
  return { token: answer.token, refreshToken: answer.refreshToken, userInfo: answer.userInfo ?? context.userInfo };
};
const refreshedSession = ({ context, event }: RefreshedArgs): Session => {
  const answer = answerOf(event);
  return { token: answer.token, refreshToken: answer.refreshToken, userInfo: (answer.userInfo ?? context.userInfo) as UserInfo, modules: context.modules };
};

export const authMachine = setup({
  types: {} as {
    context: AuthContext;
    events: AuthEvent;
    input: AuthInput;
    tags: 'busy' | 'signedIn' | 'refreshing';
  },
  actors: {
    login: fromPromise<Session, Credentials>(async () => {
      throw new Error('auth: login actor not provided');
    }),
    /** `token`: the login's access token, expired or not (the server's proof of the same login, issue 29) */
    refresh: fromPromise<Refreshed, { refreshToken: string; token?: string | null }>(async () => {
      throw new Error('auth: refresh actor not provided');
    }),
    logout: fromPromise<void, { refreshToken: string | null }>(async () => undefined),
    modules: fromPromise<MenuModule[]>(async () => {
      throw new Error('auth: modules actor not provided');
    }),
  },
  actions: {
    saveSession: (_, _session: Session) => {},
    clearSession: () => {},
    navigate: (_, _params: NavigateParams) => {},
  },
  guards: {
    hasSession: ({ context }) => context.token !== null,
    /** a filing decision (or a request to refresh) arrived while the refresh was under way */
    refreshAgain: ({ context }) => context.refreshAgain,
    /** the login failed with 401 '请更改密码' and a `token` header */
    needsPasswordChange: ({ event }) => 'error' in event && failure(event.error).passwordChangeToken !== undefined,
  },
}).createMachine({
  id: 'auth',
  meta: machineLabels({
    events: {
      'user.login': '登录', 'user.confirm': '确认', 'user.passwordChanged': '密码已修改', 'user.cancel': '取消',
      'api.tokenExpired': '令牌过期', 'session.refresh': '刷新会话', 'user.logout': '退出系统', 'api.unauthorized': '未授权（401）',
      'live.grantsChanged': '权限已变更', 'live.filingDecided': '备案已审核', 'live.resync': '实时连接恢复',
      'live.sessionEnded': '会话已被结束',
    },
    guards: { hasSession: '已有会话', needsPasswordChange: '须修改密码', refreshAgain: '刷新期间公司信息又有变化' },
    actors: { login: '登录', refresh: '刷新令牌', logout: '退出', modules: '读取菜单与按钮' },
  }),
  context: ({ input }) => ({
    token: input.session?.token ?? null,
    refreshToken: input.session?.refreshToken ?? null,
    userInfo: input.session?.userInfo ?? null,
    modules: input.session?.modules ?? [],
    error: null,
    loginName: null,
    passwordChangeToken: null,
    refreshAgain: false,
  }),
  initial: 'anonymous',
  states: {
    anonymous: {
      description: '未登录',
      always: { guard: 'hasSession', target: 'authenticated' },
      on: { 'user.login': { target: 'loggingIn' } },
    },
    loggingIn: {
      description: '登录中',
      tags: ['busy'],
      entry: assign({ error: null, loginName: ({ event }) => (event.type === 'user.login' ? event.username : null) }),
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'user.login');
          return { username: event.username, password: event.password, captcha: event.captcha, captchaId: event.captchaId };
        },
        onDone: {
          target: 'authenticated',
          actions: [
            assign(({ event }) => ({ ...event.output, error: null })),
            { type: 'saveSession', params: ({ event }) => event.output },
            { type: 'navigate', params: { to: 'home', reason: 'login' } },
          ],
        },
        onError: [
          {
            guard: 'needsPasswordChange',
            target: 'passwordChangeRequired',
            actions: assign({ passwordChangeToken: ({ event }) => failure(event.error).passwordChangeToken ?? null }),
          },
          { target: 'anonymous', actions: assign({ error: ({ event }) => failure(event.error).message }) },
        ],
      },
    },
    passwordChangeRequired: {
      description: '须修改密码',
      initial: 'notice',
      states: {
        notice: { description: '修改密码提示', on: { 'user.confirm': { target: 'form' } } },
        form: { description: '修改密码表单', on: { 'user.passwordChanged': { target: '#auth.anonymous' } } },
      },
      on: { 'user.cancel': { target: 'anonymous' } },
      exit: assign({ passwordChangeToken: null }),
    },
    authenticated: {
      description: '已登录',
      tags: ['signedIn'],
      initial: 'idle',
      states: {
        idle: {
          description: '正常使用',
          on: {
            'api.tokenExpired': { target: 'refreshing' },
            'session.refresh': { target: 'refreshing' },
            'live.filingDecided': { target: 'refreshing' },
            'live.grantsChanged': { target: 'reloadingModules' },
            'live.resync': { target: 'reloadingModules' },
          },
        },
        refreshing: {
          description: '刷新令牌中',
          tags: ['refreshing'],
          // the flag lives only while refreshing (guards are read before the exit clears it)
          exit: assign({ refreshAgain: false }),
          invoke: {
            id: 'refresh',
            src: 'refresh',
            input: ({ context }) => ({ refreshToken: context.refreshToken ?? '', token: context.token }),
            onDone: [
              // the answer may predate the change told meanwhile: once more, with the new token
              { guard: 'refreshAgain', target: 'refreshing', reenter: true, actions: [assign(refreshedContext), { type: 'saveSession', params: refreshedSession }] },
              { target: 'reloadingModules', actions: [assign(refreshedContext), { type: 'saveSession', params: refreshedSession }] },
            ],
            onError: {
              target: '#auth.loggedOut',
              actions: [
                assign({ error: ({ event }) => failure(event.error).message }),
                { type: 'navigate', params: { to: 'login', reason: 'refreshFailed' } },
              ],
            },
          },
          on: {
            'live.filingDecided': { actions: assign({ refreshAgain: true }) },
            'session.refresh': { actions: assign({ refreshAgain: true }) },
          },
        },
        reloadingModules: {
          description: '更新菜单与按钮',
          invoke: {
            id: 'modules',
            src: 'modules',
            onDone: {
              target: 'idle',
              actions: [
                assign({ modules: ({ event }) => event.output }),
                {
                  type: 'saveSession',
                  params: ({ context, event }) => ({
                    token: context.token ?? '', refreshToken: context.refreshToken ?? '', userInfo: context.userInfo as UserInfo, modules: event.output,
                  }),
                },
              ],
            },
            // the menu stays as it was; the next change (or login) brings it up to date
            onError: { target: 'idle' },
          },
          on: {
            // the read itself met -10000 and waits for this refresh; the read starts again after it
            'api.tokenExpired': { target: 'refreshing' },
            'session.refresh': { target: 'refreshing' },
            'live.filingDecided': { target: 'refreshing' },
            'live.grantsChanged': { target: 'reloadingModules', reenter: true },
            'live.resync': { target: 'reloadingModules', reenter: true },
          },
        },
      },
      on: {
        'user.logout': { target: 'loggingOut' },
        'api.unauthorized': {
          target: 'loggedOut',
          actions: { type: 'navigate', params: { to: 'login', reason: 'unauthorized' } },
        },
        'user.passwordChanged': {
          target: 'loggedOut',
          actions: { type: 'navigate', params: { to: 'login', reason: 'passwordChanged' } },
        },
        'live.sessionEnded': {
          target: 'loggedOut',
          actions: [
            assign({ error: ({ event }) => event.message }),
            { type: 'navigate', params: { to: 'login', reason: 'sessionEnded' } },
          ],
        },
      },
    },
    loggingOut: {
      description: '退出中',
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ refreshToken: context.refreshToken }),
        onDone: { target: 'loggedOut', actions: { type: 'navigate', params: { to: 'login', reason: 'logout' } } },
        onError: { target: 'loggedOut', actions: { type: 'navigate', params: { to: 'login', reason: 'logout' } } },
      },
    },
    loggedOut: {
      description: '已退出',
      entry: [assign(signedOut), 'clearSession'],
      on: { 'user.login': { target: 'loggingIn' } },
    },
  },
});

export type AuthMachine = typeof authMachine;
