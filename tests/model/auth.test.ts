// @vitest-environment node
/**
 * Model-based test of machines/auth.ts against the real server: every path generated from the
 * machine is walked with the real web client (src/lib/http.ts, src/features/auth/api) and the
 * real auth bridge; outcomes are produced by the server (wrong password, expired password,
 * server-side token expiry, a revoked refresh token). Only the logout network failure and the
 * forged token behind a 401 come from a fake at the network boundary (an axios adapter).
 */
import axios, { AxiosError, type AxiosAdapter } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import { authMachine, type Session } from '../../machines/auth.ts';
import { createHttp, type Http } from '../../src/lib/http.ts';
import { createAuthBridge } from '../../src/lib/auth-bridge.ts';
import { login, logout, refreshTokens, userModules } from '../../src/features/auth/api/login.ts';
import { encryptPassword } from '../../src/lib/rsa.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { sessionEndText } from '../../domain/texts/auth.ts';
import { createTestApp, demo, type TestApp } from '../helpers/test-app.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, transitionKey, type ModelPath } from './harness.ts';

const fakeSession: Session = {
  token: 't', refreshToken: 'r', modules: [],
  userInfo: { username: 'u', companyName: 'c', companyCode: '3302961A2B', companyId: 1, userType: 'ADMIN' },
};
const events: EventObject[] = [
  { type: 'user.login', username: 'admin', password: 'x', captcha: '', captchaId: '' } as EventObject,
  { type: 'user.confirm' }, { type: 'user.cancel' }, { type: 'user.passwordChanged' }, { type: 'user.logout' },
  { type: 'api.tokenExpired' }, { type: 'session.refresh' }, { type: 'api.unauthorized' },
  { type: 'xstate.done.actor.login', output: fakeSession } as EventObject,
  { type: 'xstate.error.actor.login', error: { message: '请更改密码', passwordChangeToken: 'pct' } } as EventObject,
  { type: 'xstate.error.actor.login', error: { message: '企业账号或密码错误' } } as EventObject,
  { type: 'xstate.done.actor.refresh', output: { token: 't2', refreshToken: 'r2' } } as EventObject,
  { type: 'xstate.error.actor.refresh', error: { message: '登录状态已失效，请重新登录' } } as EventObject,
  { type: 'xstate.done.actor.logout' } as EventObject,
  { type: 'live.grantsChanged' }, { type: 'live.filingDecided' }, { type: 'live.resync' },
  { type: 'live.sessionEnded', message: sessionEndText.frozen } as EventObject,
  { type: 'xstate.done.actor.modules', output: [] } as EventObject,
  { type: 'xstate.error.actor.modules', error: { message: 'network' } } as EventObject,
  { type: 'xstate.error.actor.logout', error: { message: 'network' } } as EventObject,
];

/** The state, and whether a change told during the refresh asks for one more (machines/auth.ts refreshAgain). */
const serializeState = (s: { value: unknown; context?: unknown }) =>
  JSON.stringify(s.value) + ((s.context as { refreshAgain?: boolean } | undefined)?.refreshAgain ? ' 再次刷新' : '');
const paths = modelPaths(authMachine, events, undefined, serializeState);
const READING = JSON.stringify({ authenticated: 'reloadingModules' });
const REFRESHING = JSON.stringify({ authenticated: 'refreshing' });
/** Events the walk sends while a refresh is held on its way (what the refresh must not lose). */
const toldWhileRefreshing = new Set(['live.filingDecided', 'session.refresh']);
const covered = { states: new Set<string>(), transitions: new Set<string>() };

let t: TestApp;
let originalHashes: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  const rows = await t.handle.db.selectFrom('users').select(['login_name', 'password_hash']).execute();
  originalHashes = new Map(rows.map((r) => [r.login_name, r.password_hash]));
});
afterAll(() => t?.close());

/** Puts the server back as the template had it between paths: passwords, locks, sessions, clock. */
async function resetWorld() {
  for (const [login_name, password_hash] of originalHashes) {
    await t.handle.db.updateTable('users').set({ password_hash, password_changed_at: new Date(), state: 'EFFECTIVE' }).where('login_name', '=', login_name).execute();
  }
  await t.handle.db.deleteFrom('login_attempts').execute();
}

const MODULES_PATH = '/api/enterprise/user/modules';
const REFRESH_PATH = '/api/auth/refresh_token';

/**
 * The network boundary: the real HTTP adapter, with one-shot failures a step can ask for, and reads
 * of the modules held back (holdModules) until the walk has sent the event that interrupts them.
 */
function boundary() {
  const real = axios.getAdapter('http') as AxiosAdapter;
  const plan = { failNextTo: null as string | null, forgeNextToken: false, holdModules: false, holdRefresh: false };
  const held = new Set<() => void>();
  const adapter: AxiosAdapter = async (config) => {
    if (plan.failNextTo && config.url?.startsWith(plan.failNextTo)) {
      plan.failNextTo = null;
      throw new AxiosError('socket hang up', AxiosError.ERR_NETWORK, config);
    }
    if (plan.holdModules && config.url?.startsWith(MODULES_PATH)) {
      plan.holdModules = false;
      await new Promise<void>((resolve) => held.add(resolve));
    }
    if (plan.holdRefresh && config.url?.startsWith(REFRESH_PATH)) {
      plan.holdRefresh = false;
      await new Promise<void>((resolve) => held.add(resolve));
    }
    if (plan.forgeNextToken) {
      plan.forgeNextToken = false;
      config.headers.set('X-Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged');
    }
    return real(config);
  };
  /** Lets go the reads held so far (the ones held later wait for the next call). */
  const heldNow = () => {
    const now = [...held];
    return () => { for (const r of now) { held.delete(r); r(); } };
  };
  return { adapter, plan, heldNow };
}

function startActor(input: { session?: Session | null } = {}) {
  const net = boundary();
  const calls = { refresh: 0 };
  let client!: Http;
  const actor = createActor(authMachine.provide({
    actors: {
      login: fromPromise(({ input: creds }) => login(creds, client)),
      refresh: fromPromise(({ input: r }) => { calls.refresh++; return refreshTokens(r.refreshToken, client); }),
      logout: fromPromise(({ input: r }) => logout(r.refreshToken, client)),
      modules: fromPromise(() => userModules(client)),
    },
  }), { input });
  client = createHttp({ auth: createAuthBridge(actor), baseURL: t.url, adapter: net.adapter });
  const history: string[] = [];
  actor.subscribe((s) => history.push(serializeState(s)));
  actor.start();
  return { actor, client, net, calls, history };
}

async function pem(client: Http) { return client.post<string>('/api/auth/public_key', {}, { auth: false }); }

const isOutcome = (e: EventObject) => e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.');

async function walk(path: ModelPath) {
  await resetWorld();
  const world = startActor();
  const { actor, client, net, calls } = world;
  let seen = 0;
  const expectReached = async (expected: string) => {
    await waitFor(actor, () => world.history.slice(seen).includes(expected), { timeout: 10_000 });
    seen += world.history.slice(seen).indexOf(expected) + 1;
  };

  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
  for (let i = 0; i < steps.length; i++) {
    const { event } = steps[i]!;
    const next = steps[i + 1]?.event;
    const expected = serializeState(steps[i]!.state as { value: unknown });
    // what this step starts, up to the next event the walk sends: a modules read that fails, or one
    // that is still running when the walk sends that event (so the machine meets it while reading)
    for (let k = i; ; k++) {
      const after = steps[k + 1]?.event;
      if (after?.type === 'xstate.error.actor.modules') net.plan.failNextTo = MODULES_PATH;
      if (after && !isOutcome(after) && serializeState(steps[k]!.state as { value: unknown }) === READING) net.plan.holdModules = true;
      if (after && toldWhileRefreshing.has(after.type) && JSON.stringify((steps[k]!.state as { value: unknown }).value) === REFRESHING) net.plan.holdRefresh = true;
      if (!after || !isOutcome(after)) break;
    }
    // a refresh held for events told while it is on its way stays held until the last of them
    const stillTelling = next !== undefined && toldWhileRefreshing.has(next.type) && JSON.stringify((steps[i]!.state as { value: unknown }).value) === REFRESHING;
    const release = isOutcome(event) || stillTelling ? () => undefined : net.heldNow();
    // the held refresh is to fail (its answer comes after this event): the server ends the session first
    if (toldWhileRefreshing.has(event.type) && next?.type === 'xstate.error.actor.refresh') {
      await t.handle.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).execute();
    }
    switch (event.type) {
      case 'user.login': {
        let credentials: { username: string; password: string } = { ...demo.admin };
        if (next?.type === 'xstate.error.actor.login' && (next as unknown as { error: { passwordChangeToken?: string } }).error.passwordChangeToken) {
          await t.handle.db.updateTable('users').set({ password_changed_at: new Date(Date.now() - 200 * 86400_000) }).where('login_name', '=', demo.other.username).execute();
          credentials = { username: demo.other.username, password: demo.other.password };
        } else if (next?.type === 'xstate.error.actor.login') {
          credentials = { username: demo.admin.username, password: 'Wrong@2026pass' };
        }
        actor.send({ type: 'user.login', ...credentials, captcha: 'off', captchaId: String(Date.now()) });
        break;
      }
      case 'api.tokenExpired': {
        // The real cause: the server's clock passes the access token's lifetime.
        if (next?.type === 'xstate.error.actor.refresh') {
          await t.handle.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).execute();
        }
        t.advanceClock((t.config.accessTokenTtl + 5) * 1000);
        const before = calls.refresh;
        if (net.plan.holdRefresh) {
          // the refresh waits on its way for the next step's event; the requests finish after it
          void Promise.allSettled([1, 2, 3].map(() => client.post('/api/jwt_core/validate', {})));
          break;
        }
        const results = await Promise.allSettled([1, 2, 3].map(() => client.post('/api/jwt_core/validate', {})));
        expect(calls.refresh - before, 'exactly one refresh for three requests meeting -10000').toBe(1);
        if (next?.type === 'xstate.error.actor.refresh') {
          expect(results.every((r) => r.status === 'rejected')).toBe(true);
        } else {
          expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        }
        break;
      }
      case 'session.refresh': {
        if (net.plan.holdRefresh || actor.getSnapshot().hasTag('refreshing')) {
          // sent while a refresh is on its way, or starting one held for the next step's event
          actor.send({ type: 'session.refresh' });
          break;
        }
        // The real cause: the company changed on the server since the login (its filing was approved
        // with a new code); the refresh brings the stored user into the session, no new login.
        if (next?.type === 'xstate.error.actor.refresh') {
          await t.handle.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).execute();
          actor.send({ type: 'session.refresh' });
          break;
        }
        const companyId = Number(actor.getSnapshot().context.userInfo!.companyId);
        const before = await t.handle.db.selectFrom('companies').select(['company_code', 'customs_regist_code']).where('id', '=', companyId).executeTakeFirstOrThrow();
        await t.handle.db.updateTable('companies').set({ company_code: 'MODEL0001A', customs_regist_code: 'MODEL0001A' }).where('id', '=', companyId).execute();
        try {
          const calls0 = calls.refresh;
          actor.send({ type: 'session.refresh' });
          const done = await waitFor(actor, (s) => !s.hasTag('refreshing'), { timeout: 10_000 });
          expect(calls.refresh - calls0).toBe(1);
          expect(done.context.userInfo?.companyCode).toBe('MODEL0001A');
          // the new access token carries the code too: the server sees it without a new login
          const code = JSON.parse(Buffer.from(done.context.token!.split('.')[1]!, 'base64url').toString('utf8')).cc;
          expect(code).toBe('MODEL0001A');
        } finally {
          await t.handle.db.updateTable('companies').set(before).where('id', '=', companyId).execute();
        }
        break;
      }
      case 'live.sessionEnded': {
        // The real cause: the main account froze this user; the server refuses its token at once and
        // the stream (not walked here: tests/api/session-end.test.ts) tells the page why
        const login = actor.getSnapshot().context.userInfo!.account!;
        await t.handle.db.updateTable('users').set({ state: 'INVALID' }).where('login_name', '=', login).execute();
        t.app.sessions.forgetAll();
        actor.send(event as never);
        await waitFor(actor, (s) => s.matches('loggedOut'), { timeout: 10_000 });
        expect(actor.getSnapshot().context.error).toBe(sessionEndText.frozen);
        await expect(client.post('/api/jwt_core/validate', {})).rejects.toBeDefined();
        break;
      }
      case 'api.unauthorized': {
        net.plan.forgeNextToken = true;
        await expect(client.post('/api/jwt_core/validate', {})).rejects.toMatchObject({ status: 401 });
        break;
      }
      case 'user.logout': {
        if (next?.type === 'xstate.error.actor.logout') net.plan.failNextTo = '/api/auth/logout';
        const refreshToken = actor.getSnapshot().context.refreshToken!;
        actor.send({ type: 'user.logout' });
        if (next?.type === 'xstate.done.actor.logout') {
          await waitFor(actor, (s) => s.matches('loggedOut'), { timeout: 10_000 });
          await expect(refreshTokens(refreshToken, client)).rejects.toMatchObject({ kind: 'business' });
        }
        break;
      }
      case 'user.passwordChanged': {
        const snap = actor.getSnapshot();
        const key = await pem(client);
        const enc = (s: string) => encryptPassword(key, s);
        if (snap.matches('passwordChangeRequired')) {
          await client.post('/api/user/anon/pwd/updatePasswprd', {
            token: snap.context.passwordChangeToken, loginName: snap.context.loginName,
            oldPassword: await enc(demo.other.password), newPassword: await enc('Renew@2026pw'), againPassword: await enc('Renew@2026pw'),
          }, { auth: false });
        } else {
          await client.post('/api/enterprise/user/updatePasswprd', {
            oldPassword: await enc(demo.admin.password), newPassword: await enc('Renew@2026pw'), againPassword: await enc('Renew@2026pw'),
          });
        }
        actor.send({ type: 'user.passwordChanged' });
        break;
      }
      default:
        if (!isOutcome(event)) actor.send(event as never);
    }
    release();
    await expectReached(expected);
    if (event.type === 'xstate.done.actor.modules') {
      expect(actor.getSnapshot().context.modules).toEqual(await client.post(MODULES_PATH, {}));
    }
    const prev = i === 0 ? authMachine.resolveState({ value: 'anonymous', context: actor.getSnapshot().context }) : steps[i - 1]!.state;
    for (const k of firedTransitions(prev as never, event)) covered.transitions.add(k);
    for (const id of activeStateIds(steps[i]!.state as never)) covered.states.add(id);
  }
  actor.stop();
}

describe('auth machine, generated paths against the real server', () => {
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  for (const path of paths) {
    it(path.name, () => walk(path), 30_000);
  }

  it('a stored session starts authenticated (the eventless transition)', async () => {
    await resetWorld();
    const first = startActor();
    first.actor.send({ type: 'user.login', username: demo.admin.username, password: demo.admin.password, captcha: 'off', captchaId: '1' });
    const snap = await waitFor(first.actor, (s) => s.matches('authenticated'), { timeout: 10_000 });
    const { token, refreshToken, userInfo, modules } = snap.context;
    first.actor.stop();
    const second = startActor({ session: { token: token!, refreshToken: refreshToken!, userInfo: userInfo!, modules } });
    expect(second.actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true);
    await expect(second.client.post('/api/jwt_core/validate', {})).resolves.toEqual({ valid: true });
    second.actor.stop();
    for (const tr of authMachine.root.states.anonymous!.always ?? []) covered.transitions.add(transitionKey(tr));
  });

  it('visits every state and every transition of the machine', () => {
    const missingStates = [...declaredStates(authMachine)].filter((s) => !covered.states.has(s));
    const missingTransitions = [...declaredTransitions(authMachine)].filter((k) => !covered.transitions.has(k));
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });
});
