// @vitest-environment node
/**
 * Model-based test of machines/upgrade.ts (the upgrade wizard on the home page) against the real
 * server: every generated path is walked with the page's own effects (src/features/upgrade/api.ts
 * on the real http client, the same provide() the page uses). Outcomes come from the server: the
 * step answered by a load is the step the test stored (the agreement opened 10 s, 4.5 s or 0 s
 * ago gives the countdown 0, 1 or 5); a refused step call or account creation is produced by
 * another session moving the wizard first; only a failed load is a network failure at the
 * boundary (an axios adapter). Two worlds: a company with a unified social credit code and one
 * without. Every state and transition must be walked.
 */
import axios, { AxiosError, type AxiosAdapter } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type EventObject } from 'xstate';
import { upgradeText as t } from '../../domain/texts/upgrade.ts';
import { upgradeMachine, type UpgradeInfo } from '../../machines/upgrade.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { createUpgradeApi } from '../../src/features/upgrade/api.ts';
import { provideUpgrade } from '../../src/features/upgrade/use-upgrade-actor.ts';
import { createHttp } from '../../src/lib/http.ts';
import { createTestApp, login, type TestApp } from '../helpers/test-app.ts';
import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, serializeState, type ModelPath, type ModelStep } from './harness.ts';

/**
 * The graph tells states apart by more than their value here: the agreement's countdown (its last
 * second or more) and whether the company has a credit code decide which transition a tick or
 * 创建账号 takes, so they are part of a graph state (else the graph would take a tick from one
 * context and the path to the state from another). Otherwise as tests/model/harness.ts modelPaths.
 */
type Snap = { value: unknown; context: { countdown: number; info: UpgradeInfo | null } };
const graphKey = (s: Snap) => `${JSON.stringify(s.value)}#${s.context.countdown > 1 ? 'n' : s.context.countdown}#${s.context.info?.bizRegNo ? 'credit' : 'none'}`;
function upgradePaths(events: EventObject[]): ModelPath[] {
  const opts = { events, serializeState: graphKey, serializeEvent: (e: EventObject) => JSON.stringify(e) };
  const shortest = getShortestPaths(upgradeMachine, opts as never) as unknown as { state: Snap; steps: ModelStep[] }[];
  const byState = new Map(shortest.map((p) => [graphKey(p.state), p]));
  // one path to each state value, and one path through each declared transition
  const paths: ModelPath[] = [];
  for (const p of shortest) {
    const name = `reaches ${JSON.stringify(p.state.value)}`;
    if (!paths.some((q) => q.name === name)) paths.push({ name, steps: p.steps });
  }
  const walked = new Set<string>();
  const adjacency = getAdjacencyMap(upgradeMachine, opts as never) as unknown as Record<string, { state: Snap; transitions: Record<string, { event: EventObject; state: Snap }> }>;
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const prefix = byState.get(key);
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      const fired = firedTransitions(state as never, event);
      if (fired.length === 0 || walked.has(fired.join(' '))) continue;
      walked.add(fired.join(' '));
      paths.push({ name: `${key} --${event.type}--> ${graphKey(next)} [${fired.join(' ')}]`, steps: [...prefix.steps, { event, state: next }] });
    }
  }
  return paths;
}

/** Two worlds: a company with a unified social credit code, and one without. */
interface World { name: string; credit: boolean }
const worlds: World[] = [{ name: 'credit', credit: true }, { name: 'no credit code', credit: false }];
const GOOD = 'Rs2026pass';
const NETWORK = '网络连接失败,请检查网络链接!';

const outcome = (type: string, extra: Record<string, unknown>) => ({ type, ...extra }) as EventObject;
function events(world: World): EventObject[] {
  const info = (step: UpgradeInfo['step'], countdown = 0, needPromotion = true): UpgradeInfo => ({ needPromotion, bizRegNo: world.credit ? 'CREDIT' : null, companyName: '', step, countdown });
  const refused = { error: { message: 'refused' } };
  return [
    { type: 'user.next' }, { type: 'user.back' }, { type: 'user.read' }, { type: 'user.close' }, { type: 'user.open' }, { type: 'timer.tick' },
    { type: 'user.create', password: GOOD, again: GOOD } as EventObject, { type: 'user.create', password: 'short', again: 'short' } as EventObject,
    outcome('xstate.done.actor.load', { output: info('finished', 0, false) }), outcome('xstate.done.actor.load', { output: info('notice') }),
    outcome('xstate.done.actor.load', { output: info('agreement', 1) }), outcome('xstate.done.actor.load', { output: info('agreement', 0) }),
    outcome('xstate.done.actor.load', { output: info('account') }), outcome('xstate.error.actor.load', { error: { message: NETWORK } }),
    outcome('xstate.done.actor.next', { output: info('agreement', 5) }), outcome('xstate.error.actor.next', refused),
    outcome('xstate.done.actor.read', { output: info('account') }), outcome('xstate.error.actor.read', refused),
    outcome('xstate.done.actor.backToNotice', { output: info('notice') }), outcome('xstate.error.actor.backToNotice', refused),
    outcome('xstate.done.actor.backToAgreement', { output: info('agreement', 5) }), outcome('xstate.error.actor.backToAgreement', refused),
    outcome('xstate.done.actor.create', { output: { account: 'CREDIT', loginUrl: '', displayUri: '' } }), outcome('xstate.error.actor.create', refused),
  ];
}
const paths: { world: World; path: ModelPath }[] = [];
for (const world of worlds) {
  for (const path of upgradePaths(events(world))) {
    if (!paths.some((p) => p.path.name === path.name)) paths.push({ world, path });
  }
}
const covered = { states: new Set<string>(), transitions: new Set<string>() };

let app: TestApp;
beforeAll(async () => { app = await createTestApp({ listen: true }); });
afterAll(() => app?.close());

let seq = 0;
async function newCompany(world: World) {
  seq += 1;
  const credit = world.credit ? `91330100MA2PG${String(seq).padStart(4, '0')}Y` : null;
  const company = await app.handle.db.insertInto('companies').values({
    company_name: `升级页面企业${seq}`, company_code: `33018${String(seq).padStart(4, '0')}P`, approve_state: 2, social_credit_code: credit, profile: '{}',
  }).returning('id').executeTakeFirstOrThrow();
  await app.handle.db.insertInto('users').values({ company_id: company.id, login_name: `wizard${seq}`, user_name: `向导${seq}`, user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Wizard@2026pw') }).execute();
  await app.handle.db.insertInto('upgrade_wizards').values({ company_id: company.id }).execute();
  return { id: company.id, credit, token: (await login(app.app, `wizard${seq}`, 'Wizard@2026pw')).token };
}

/** What another session (or time) did to the stored wizard just before a call reaches the server. */
type Arrangement = () => Promise<unknown>;

function startWorld(token: string) {
  const real = axios.getAdapter('http') as AxiosAdapter;
  const before = new Map<string, Arrangement>();
  const failing = new Set<string>();
  const adapter: AxiosAdapter = async (config) => {
    for (const [path, arrange] of before) {
      if (config.url?.endsWith(path)) { before.delete(path); await arrange(); }
    }
    for (const path of failing) {
      if (config.url?.endsWith(path)) { failing.delete(path); throw new AxiosError('socket hang up', AxiosError.ERR_NETWORK, config); }
    }
    return real(config);
  };
  const client = createHttp({ auth: { getToken: () => token, refresh: () => Promise.reject(new Error('no refresh')), unauthorized: () => {} }, baseURL: app.url, adapter });
  const notes: string[] = [];
  const actor = createActor(provideUpgrade(createUpgradeApi(client), (_kind, message) => notes.push(message)));
  const history: string[] = [];
  actor.subscribe((s) => history.push(serializeState(s)));
  return { actor, before, failing, notes, history };
}

const stored = (id: number) => app.handle.db.selectFrom('upgrade_wizards').select(['step', 'step_at', 'rs_account']).where('company_id', '=', id).executeTakeFirstOrThrow();
const put = (id: number, step: string, agoMs = 0) => app.handle.db.updateTable('upgrade_wizards').set({ step, step_at: new Date(Date.now() - agoMs) }).where('company_id', '=', id).execute();
const agoFor = (countdown: number) => (countdown === 0 ? 10_000 : countdown === 1 ? 4_500 : 0);
const isOutcome = (e: EventObject) => e.type.startsWith('xstate.');

async function walk({ world, path }: { world: World; path: ModelPath }) {
  const company = await newCompany(world);
  const w = startWorld(company.token);
  const { actor, notes } = w;
  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');

  /** the server state each outcome needs, registered before the call that produces it */
  const arrangeOutcome = (event: EventObject) => {
    const [kind, , , id] = event.type.split('.');
    if (kind === 'xstate' && event.type.startsWith('xstate.done.actor.load')) {
      const info = (event as unknown as { output: UpgradeInfo }).output;
      w.before.set('/agreement/queryInfo', () => put(company.id, info.needPromotion ? info.step : 'finished', agoFor(info.countdown)));
    } else if (event.type === 'xstate.error.actor.load') {
      w.failing.add('/agreement/queryInfo');
    } else if (event.type.startsWith('xstate.error.actor.')) {
      // another session moved the wizard where this call is refused
      const refusedIn: Record<string, [string, string]> = { next: ['/agreement/next', 'account'], read: ['/agreement/read', 'notice'], backToNotice: ['/agreement/back', 'finished'], backToAgreement: ['/agreement/back', 'finished'], create: ['/agreement/createRs', 'agreement'] };
      const [url, step] = refusedIn[id!]!;
      w.before.set(url, () => put(company.id, step));
    } else if (event.type === 'xstate.done.actor.read') {
      // the five seconds have passed (dated back instead of waited for)
      w.before.set('/agreement/read', () => put(company.id, 'agreement', 6_000));
    }
  };
  const arrangeFollowing = (from: number) => {
    for (let j = from; j < steps.length && isOutcome(steps[j]!.event); j++) arrangeOutcome(steps[j]!.event);
  };

  arrangeFollowing(0);
  actor.start();
  let seen = 0;
  let prev: unknown = upgradeMachine.resolveState({ value: 'loading', context: actor.getSnapshot().context });
  for (let i = 0; i < steps.length; i++) {
    const { event, state } = steps[i]!;
    const expected = serializeState(state as { value: unknown });
    const notesBefore = notes.length;
    if (!isOutcome(event)) {
      arrangeFollowing(i + 1);
      actor.send(event as never);
    }
    await waitFor(actor, () => w.history.slice(seen).includes(expected), { timeout: 10_000 });
    seen += w.history.slice(seen).indexOf(expected) + 1;
    const snap = actor.getSnapshot();
    const added = notes.slice(notesBefore);

    // what each step must have done, seen from the page and from the database
    switch (event.type) {
      case 'xstate.done.actor.load': {
        const row = await stored(company.id);
        expect(snap.context.info).toMatchObject({ bizRegNo: company.credit, needPromotion: row.step !== 'finished' });
        if (row.step !== 'finished') expect(snap.context.step).toBe(row.step);
        break;
      }
      case 'xstate.error.actor.load': expect(snap.matches('failed')).toBe(true); break;
      case 'xstate.done.actor.next': case 'xstate.done.actor.backToAgreement':
        expect((await stored(company.id)).step).toBe('agreement');
        expect(snap.context.countdown).toBeGreaterThanOrEqual(4);
        break;
      case 'xstate.done.actor.read': expect((await stored(company.id)).step).toBe('account'); break;
      case 'xstate.done.actor.backToNotice': expect((await stored(company.id)).step).toBe('notice'); break;
      case 'xstate.done.actor.create': {
        expect(added).toContain(t.created);
        expect(snap.context.created).toMatchObject({ account: company.credit, loginUrl: 'https://www.singlewindow.cn/' });
        expect(snap.context.created?.displayUri).toMatch(/\.svg$/);
        expect(await stored(company.id)).toMatchObject({ step: 'finished', rs_account: company.credit });
        break;
      }
      case 'xstate.error.actor.next': expect(added).toContain(t.refused('创建资源中心账号', '进入下一步')); break;
      case 'xstate.error.actor.read': expect(added).toContain(t.refused('升级公告', '确认已阅读')); break;
      case 'xstate.error.actor.backToNotice': case 'xstate.error.actor.backToAgreement': expect(added).toContain(t.refused('已完成', '返回上一步')); break;
      case 'xstate.error.actor.create': expect(added).toContain(t.refused('阅读协议', '创建资源中心账号')); break;
      case 'timer.tick': expect(snap.context.countdown).toBe(snap.matches({ agreement: 'readable' }) ? 0 : (prev as { context: { countdown: number } }).context.countdown - 1); break;
      case 'user.create':
        if (!world.credit) expect(added).toContain(t.noCreditCode);
        else if ((event as unknown as { password: string }).password !== GOOD) expect(snap.context.errors).toEqual({ password: t.passwordRule });
        break;
      default:
    }
    for (const k of firedTransitions(prev as never, event)) covered.transitions.add(k);
    for (const id of activeStateIds(state as never)) covered.states.add(id);
    prev = state;
  }
  actor.stop();
}

describe('upgrade wizard machine, generated paths against the real server', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThan(30); });

  for (const p of paths) {
    it(`${p.world.name}: ${p.path.name}`, () => walk(p), 30_000);
  }

  it('visits every state and every transition of the machine', () => {
    expect([...declaredStates(upgradeMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(upgradeMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
