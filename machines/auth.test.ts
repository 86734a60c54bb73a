import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type AuthFailure, type Credentials, type MenuModule, type NavigateParams, type Refreshed, type Session, type Tokens } from './auth.ts';

const session: Session = {
  token: 'access-1',
  refreshToken: 'refresh-1',
  userInfo: { username: '演示管理员', companyName: '演示公司', companyCode: '3301960001', companyId: 1, userType: 'ADMIN' },
  modules: [{ id: 1, parentId: -1, uri: '/home', name: '首页', icon: 'home', code: 'home', sortNo: 1, buttonVos: [] }],
};
const credentials: Credentials = { username: 'admin', password: 'Cbec@2026demo', captcha: 'abcd', captchaId: '1' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The machine with spies for every effect; each actor answers with what the test queues. */
function setupAuth(options: {
  session?: Session | null;
  login?: (c: Credentials) => Promise<Session>;
  refresh?: (input: { refreshToken: string }) => Promise<Tokens | Refreshed>;
  logout?: () => Promise<void>;
  modules?: () => Promise<MenuModule[]>;
} = {}) {
  const effects = {
    login: vi.fn(options.login ?? (async () => session)),
    refresh: vi.fn(options.refresh ?? (async () => ({ token: 'access-2', refreshToken: 'refresh-2' }))),
    logout: vi.fn(options.logout ?? (async () => undefined)),
    modules: vi.fn(options.modules ?? (async () => session.modules)),
    saveSession: vi.fn<(s: Session) => void>(),
    clearSession: vi.fn<() => void>(),
    navigate: vi.fn<(p: NavigateParams) => void>(),
  };
  const machine = authMachine.provide({
    actors: {
      login: fromPromise(({ input }) => effects.login(input)),
      refresh: fromPromise(({ input }) => effects.refresh(input)),
      logout: fromPromise(() => effects.logout()),
      modules: fromPromise(() => effects.modules()),
    },
    actions: {
      saveSession: (_, s) => effects.saveSession(s),
      clearSession: () => effects.clearSession(),
      navigate: (_, p) => effects.navigate(p),
    },
  });
  const actor = createActor(machine, { input: { session: options.session ?? null } }).start();
  return { actor, effects };
}

describe('authMachine', () => {
  it('starts anonymous without a session and authenticated with a stored one', () => {
    expect(setupAuth().actor.getSnapshot().value).toBe('anonymous');
    const { actor } = setupAuth({ session });
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('access-1');
  });

  it('logs in: stores the session and goes home', async () => {
    const { actor, effects } = setupAuth();
    actor.send({ type: 'user.login', ...credentials });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const s = await waitFor(actor, (x) => x.hasTag('signedIn'));
    expect(effects.login).toHaveBeenCalledWith(credentials);
    expect(s.context).toMatchObject({ token: 'access-1', refreshToken: 'refresh-1', userInfo: session.userInfo, error: null });
    expect(effects.saveSession).toHaveBeenCalledWith(session);
    expect(effects.navigate).toHaveBeenCalledWith({ to: 'home', reason: 'login' });
  });

  it('a failed login goes back to anonymous with the server message', async () => {
    const { actor, effects } = setupAuth({ login: async () => Promise.reject({ message: '验证码错误' }) });
    actor.send({ type: 'user.login', ...credentials });
    const s = await waitFor(actor, (x) => !x.hasTag('busy'));
    expect(s.value).toBe('anonymous');
    expect(s.context.error).toBe('验证码错误');
    expect(s.context.token).toBeNull();
    expect(effects.saveSession).not.toHaveBeenCalled();
    // and the user may try again; the error is cleared when the new attempt starts
    actor.send({ type: 'user.login', ...credentials });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('N api.tokenExpired while refreshing cause exactly one refresh, and every waiter sees its end', async () => {
    const gate = deferred<Tokens>();
    const { actor, effects } = setupAuth({ session, refresh: () => gate.promise });
    const waiters = [1, 2, 3].map(() => {
      actor.send({ type: 'api.tokenExpired' });
      return waitFor(actor, (s) => !s.hasTag('refreshing'));
    });
    expect(actor.getSnapshot().matches({ authenticated: 'refreshing' })).toBe(true);
    gate.resolve({ token: 'access-2', refreshToken: 'refresh-2' });
    const ends = await Promise.all(waiters);
    expect(effects.refresh).toHaveBeenCalledTimes(1);
    expect(effects.refresh).toHaveBeenCalledWith({ refreshToken: 'refresh-1', token: 'access-1' });
    for (const s of ends) expect(s.context.token).toBe('access-2');
    await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }));
    expect(effects.saveSession).toHaveBeenCalledWith({ ...session, token: 'access-2', refreshToken: 'refresh-2' });
  });

  it('a grants change reloads the menu and buttons without a new login, and stores them', async () => {
    const granted: MenuModule[] = [...session.modules, { id: 2, parentId: -1, uri: '/exchangeSettlement', name: '结汇申请', sortNo: 2, buttonVos: [{ code: 'add', name: '新增' }] }];
    const { actor, effects } = setupAuth({ session, modules: async () => granted });
    actor.send({ type: 'live.grantsChanged' });
    expect(actor.getSnapshot().matches({ authenticated: 'reloadingModules' })).toBe(true);
    const s = await waitFor(actor, (x) => x.matches({ authenticated: 'idle' }));
    expect(s.context.modules).toEqual(granted);
    expect(effects.refresh).not.toHaveBeenCalled();
    expect(effects.saveSession).toHaveBeenLastCalledWith({ ...session, modules: granted });
  });

  it('a change told while the modules are read starts the read again (the first answer may predate it)', async () => {
    const answers = [deferred<MenuModule[]>(), deferred<MenuModule[]>()];
    let n = 0;
    const { actor, effects } = setupAuth({ session, modules: () => answers[n++]!.promise });
    actor.send({ type: 'live.grantsChanged' });
    actor.send({ type: 'live.resync' });
    expect(effects.modules).toHaveBeenCalledTimes(2);
    answers[0]!.resolve([]);
    answers[1]!.resolve(session.modules.concat({ id: 3, parentId: -1, uri: '/x', name: '新', sortNo: 3 }));
    const s = await waitFor(actor, (x) => x.matches({ authenticated: 'idle' }));
    expect(s.context.modules).toHaveLength(2);
  });

  it('a failed read keeps the menu as it was', async () => {
    const { actor } = setupAuth({ session, modules: async () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'live.resync' });
    const s = await waitFor(actor, (x) => x.matches({ authenticated: 'idle' }));
    expect(s.context.modules).toEqual(session.modules);
    expect(s.hasTag('signedIn')).toBe(true);
  });

  it('a filing decision refreshes the session (the company code arrives) and then reads the modules', async () => {
    const filed = { ...session.userInfo, companyCode: '3302LIVE01' };
    const { actor, effects } = setupAuth({
      session: { ...session, userInfo: { ...session.userInfo, companyCode: null } },
      refresh: async () => ({ token: 'access-2', refreshToken: 'refresh-2', userInfo: filed }),
    });
    actor.send({ type: 'live.filingDecided' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    const s = await waitFor(actor, (x) => x.matches({ authenticated: 'idle' }));
    expect(s.context.userInfo).toEqual(filed);
    expect(effects.refresh).toHaveBeenCalledTimes(1);
    expect(effects.modules).toHaveBeenCalledTimes(1);
    expect(effects.saveSession).toHaveBeenLastCalledWith({ token: 'access-2', refreshToken: 'refresh-2', userInfo: filed, modules: session.modules });
  });

  it('a filing decision told while a refresh is on its way is not lost: one more refresh, with the new token, brings the code', async () => {
    const filed = { ...session.userInfo, companyCode: '3302LIVE01' };
    const answers = [deferred<Refreshed>(), deferred<Refreshed>()];
    let call = 0;
    const { actor, effects } = setupAuth({
      session: { ...session, userInfo: { ...session.userInfo, companyCode: null } },
      refresh: () => answers[call++]!.promise,
    });
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'live.filingDecided' });
    // the first answer was computed before the approval: no code yet
    answers[0]!.resolve({ token: 'access-2', refreshToken: 'refresh-2', userInfo: { ...session.userInfo, companyCode: null } });
    await waitFor(actor, () => effects.refresh.mock.calls.length === 2);
    expect(effects.refresh.mock.calls[1]![0]).toEqual({ refreshToken: 'refresh-2', token: 'access-2' });
    expect(effects.modules).not.toHaveBeenCalled();
    answers[1]!.resolve({ token: 'access-3', refreshToken: 'refresh-3', userInfo: filed });
    const s = await waitFor(actor, (x) => x.matches({ authenticated: 'idle' }));
    expect(s.context.userInfo).toEqual(filed);
    expect(s.context.refreshToken).toBe('refresh-3');
    expect(effects.refresh).toHaveBeenCalledTimes(2);
    expect(effects.modules).toHaveBeenCalledTimes(1);
  });

  it('a read meeting an expired token gives way to the one refresh and is read again after it', async () => {
    const { actor, effects } = setupAuth({ session });
    actor.send({ type: 'live.grantsChanged' });
    actor.send({ type: 'api.tokenExpired' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    await waitFor(actor, (x) => x.matches({ authenticated: 'idle' }));
    expect(effects.refresh).toHaveBeenCalledTimes(1);
    expect(effects.modules).toHaveBeenCalledTimes(2);
  });

  it('a failed refresh ends the session: loggedOut, storage cleared, to /login', async () => {
    const { actor, effects } = setupAuth({ session, refresh: async () => Promise.reject({ message: '登录状态已失效，请重新登录' }) });
    actor.send({ type: 'api.tokenExpired' });
    const s = await waitFor(actor, (x) => x.matches('loggedOut'));
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
    expect(effects.navigate).toHaveBeenCalledWith({ to: 'login', reason: 'refreshFailed' });
    expect(s.context).toMatchObject({ token: null, refreshToken: null, userInfo: null, modules: [] });
    expect(s.context.error).toBe('登录状态已失效，请重新登录');
  });

  it('api.unauthorized (HTTP 401) ends the session', () => {
    const { actor, effects } = setupAuth({ session });
    actor.send({ type: 'api.unauthorized' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
    expect(effects.navigate).toHaveBeenCalledWith({ to: 'login', reason: 'unauthorized' });
  });

  it('live.sessionEnded (the stream said the session ended) leaves at once, keeping the reason for the login page', () => {
    const { actor, effects } = setupAuth({ session });
    actor.send({ type: 'live.sessionEnded', message: '账号已被冻结' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.error).toBe('账号已被冻结');
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
    expect(effects.navigate).toHaveBeenCalledWith({ to: 'login', reason: 'sessionEnded' });
  });

  it('api.unauthorized outside a session is ignored', () => {
    const { actor, effects } = setupAuth();
    actor.send({ type: 'api.unauthorized' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(effects.clearSession).not.toHaveBeenCalled();
  });

  it('logs out through the server, even when that call fails', async () => {
    const { actor, effects } = setupAuth({ session, logout: async () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(effects.logout).toHaveBeenCalledTimes(1);
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
    expect(effects.navigate).toHaveBeenCalledWith({ to: 'login', reason: 'logout' });
    // a new login may start from loggedOut
    actor.send({ type: 'user.login', ...credentials });
    await waitFor(actor, (s) => s.hasTag('signedIn'));
  });

  it('password change before login: 401 请更改密码 → notice → form → changed → anonymous', async () => {
    const failure: AuthFailure = { message: '请更改密码', passwordChangeToken: 'pwd-token' };
    const { actor, effects } = setupAuth({ login: async () => Promise.reject(failure) });
    actor.send({ type: 'user.login', ...credentials });
    const s = await waitFor(actor, (x) => !x.hasTag('busy'));
    expect(s.matches({ passwordChangeRequired: 'notice' })).toBe(true);
    expect(s.context.passwordChangeToken).toBe('pwd-token');
    expect(s.context.loginName).toBe('admin');
    actor.send({ type: 'user.confirm' });
    expect(actor.getSnapshot().matches({ passwordChangeRequired: 'form' })).toBe(true);
    actor.send({ type: 'user.passwordChanged' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.passwordChangeToken).toBeNull();
    expect(effects.saveSession).not.toHaveBeenCalled();
  });

  it('the password-change dialogs can be cancelled', async () => {
    const { actor } = setupAuth({ login: async () => Promise.reject({ message: '请更改密码', passwordChangeToken: 't' }) });
    actor.send({ type: 'user.login', ...credentials });
    await waitFor(actor, (x) => x.matches('passwordChangeRequired'));
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('changing one’s own password while signed in ends the session', () => {
    const { actor, effects } = setupAuth({ session });
    actor.send({ type: 'user.passwordChanged' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
    expect(effects.navigate).toHaveBeenCalledWith({ to: 'login', reason: 'passwordChanged' });
  });

  it('the unprovided placeholders fail loudly instead of pretending', async () => {
    const actor = createActor(authMachine, { input: {} }).start();
    actor.send({ type: 'user.login', ...credentials });
    const s = await waitFor(actor, (x) => !x.hasTag('busy'));
    expect(s.context.error).toMatch(/not provided/);
  });
});
