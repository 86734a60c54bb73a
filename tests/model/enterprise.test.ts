// @vitest-environment node
/**
 * Model-based test of machines/enterprise.ts (the enterprise page) against the real server: every
 * generated path is walked with the page's own effects (src/features/enterprise/api.ts on the real
 * http client, the same provide() the page uses). Outcomes come from the server: a refused save or
 * declaration is produced by another session declaring the filing first (the filing machine then
 * refuses), a validation failure by the form's own rules; only a failed load is a network failure
 * at the boundary (an axios adapter). Every state and transition must be walked.
 */
import axios, { AxiosError, type AxiosAdapter } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type EventObject } from 'xstate';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { enterpriseMachine } from '../../machines/enterprise.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { createEnterpriseApi } from '../../src/features/enterprise/api.ts';
import { completeEnterprise, completeEnterpriseNames } from '../../domain/enterprise/example.ts';
import { provideEnterprise } from '../../src/features/enterprise/use-enterprise-actor.ts';
import { createHttp } from '../../src/lib/http.ts';
import { call, createTestApp, login, type TestApp } from '../helpers/test-app.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, serializeState, type ModelPath } from './harness.ts';

// the read-only fields come from the loaded record: the walk puts the company's own in (see send())
const readOnly = { companyName: '页面模型企业', customsRegistCode: 'P000000000' };
const valid = { ...completeEnterprise, ...readOnly };
const incomplete = { ...valid, email: '' };
const noCompanyType = { ...valid, ebcCompany: false };
const record = (approveState: number) => ({ ...completeEnterprise, approveState });
const outcome = (type: string, extra: Record<string, unknown>) => ({ type, ...extra }) as EventObject;
/** States are told apart by value only, so one world per declared draft: a valid one and one without a company type. */
const events = (declared: Record<string, unknown>): EventObject[] => [
  { type: 'user.edit' }, { type: 'user.refresh' }, { type: 'user.confirm' }, { type: 'user.cancel' },
  { type: 'user.save', values: valid } as EventObject, { type: 'user.save', values: incomplete } as EventObject,
  { type: 'user.declare', values: declared } as EventObject,
  outcome('xstate.done.actor.load', { output: record(0) }), outcome('xstate.error.actor.load', { error: { message: '网络连接失败,请检查网络链接!' } }),
  outcome('xstate.done.actor.save', { output: record(0) }), outcome('xstate.error.actor.save', { error: { message: '当前备案状态为审核中，不能修改' } }),
  outcome('xstate.done.actor.apply', { output: record(5) }), outcome('xstate.error.actor.apply', { error: { message: '当前备案状态为审核中，不能申报' } }),
];
const paths: ModelPath[] = [];
for (const declared of [valid, noCompanyType]) {
  for (const p of modelPaths(enterpriseMachine, events(declared))) if (!paths.some((q) => q.name === p.name)) paths.push(p);
}
const covered = { states: new Set<string>(), transitions: new Set<string>() };

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ listen: true }); });
afterAll(() => t?.close());

let seq = 0;
async function newCompany() {
  seq += 1;
  const company = await t.handle.db.insertInto('companies').values({ company_name: `页面模型企业${seq}`, approve_state: 0, customs_regist_code: `P${String(seq).padStart(9, '0')}`, profile: '{}' })
    .returning('id').executeTakeFirstOrThrow();
  await t.handle.db.insertInto('users').values({ company_id: company.id, login_name: `page${seq}`, user_name: `页面${seq}`, user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Page@2026pw') }).execute();
  return { id: company.id, token: (await login(t.app, `page${seq}`, 'Page@2026pw')).token };
}

function startWorld(token: string) {
  const real = axios.getAdapter('http') as AxiosAdapter;
  const plan = { failNextTo: null as string | null };
  const adapter: AxiosAdapter = async (config) => {
    if (plan.failNextTo && config.url?.includes(plan.failNextTo)) {
      plan.failNextTo = null;
      throw new AxiosError('socket hang up', AxiosError.ERR_NETWORK, config);
    }
    return real(config);
  };
  const client = createHttp({ auth: { getToken: () => token, refresh: () => Promise.reject(new Error('no refresh')), unauthorized: () => {} }, baseURL: t.url, adapter });
  const notes: string[] = [];
  const actor = createActor(provideEnterprise(createEnterpriseApi(client), (_kind, message) => notes.push(message)));
  const history: string[] = [];
  actor.subscribe((s) => history.push(serializeState(s)));
  return { actor, plan, notes, history };
}

const isOutcome = (e: EventObject) => e.type.startsWith('xstate.');
const stored = async (id: number) => t.handle.db.selectFrom('companies').select(['approve_state', 'profile']).where('id', '=', id).executeTakeFirstOrThrow();

async function walk(path: ModelPath) {
  const company = await newCompany();
  const world = startWorld(company.token);
  const { actor, plan, notes } = world;
  /** another session declares the filing behind the page's back: the server then refuses this page's save/declare */
  const declareElsewhere = async () => {
    expect((await call(t.app, '/api/enterprise/company/apply', completeEnterprise, company.token)).body.code).toBe(0);
  };
  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
  if (steps[0]?.event.type === 'xstate.error.actor.load') plan.failNextTo = '/company/queryDetailById';
  actor.start();
  let seen = 0;
  let prev: unknown = enterpriseMachine.resolveState({ value: 'loading', context: actor.getSnapshot().context });
  for (let i = 0; i < steps.length; i++) {
    const { event, state } = steps[i]!;
    const next = steps[i + 1]?.event.type;
    const expected = serializeState(state as { value: unknown });
    if (next === 'xstate.error.actor.load') plan.failNextTo = '/company/queryDetailById';
    if (next === 'xstate.error.actor.save' || next === 'xstate.error.actor.apply') await declareElsewhere();
    const notesBefore = notes.length;
    if (event.type === 'user.save' || event.type === 'user.declare') {
      const loaded = actor.getSnapshot().context.record!;
      actor.send({ ...(event as never as { type: 'user.save'; values: object }), values: { ...(event as never as { values: object }).values, companyName: loaded.companyName, customsRegistCode: loaded.customsRegistCode } });
    } else if (!isOutcome(event)) {
      actor.send(event as never);
    }
    await waitFor(actor, () => world.history.slice(seen).includes(expected), { timeout: 10_000 });
    seen += world.history.slice(seen).indexOf(expected) + 1;
    const snap = actor.getSnapshot();
    const added = notes.slice(notesBefore);

    // what each step must have done, seen from the page and from the database
    switch (event.type) {
      case 'xstate.done.actor.load': expect(snap.context.record).toMatchObject({ approveState: (await stored(company.id)).approve_state }); break;
      case 'xstate.error.actor.load': expect(snap.context.loadError).toBe('网络连接失败,请检查网络链接!'); break;
      case 'xstate.done.actor.save':
        expect(added).toContain(enterpriseText.saved);
        expect(snap.context.record).toMatchObject({ ...completeEnterpriseNames, approveState: 0, registeredCapital: 500 });
        expect((await stored(company.id)).profile).toMatchObject({ orgCode: completeEnterprise.orgCode });
        break;
      case 'xstate.done.actor.apply':
        expect(added).toContain(enterpriseText.declared);
        expect(snap.context.record).toMatchObject({ approveState: 5, showApproveState: '审核中' });
        expect(snap.can({ type: 'user.edit' })).toBe(false);
        break;
      case 'xstate.error.actor.save': expect(added).toContain('当前备案状态为审核中，不能修改'); break;
      case 'xstate.error.actor.apply': expect(added).toContain('当前备案状态为审核中，不能申报'); break;
      case 'user.save':
        if ((event as unknown as { values: object }).values === incomplete) {
          expect(added).toContain(enterpriseText.incomplete);
          expect(snap.context.errors).toMatchObject({ email: '请输入正确的邮箱地址' });
        }
        break;
      case 'user.confirm':
        if (snap.matches('edit')) {
          expect(added).toContain(enterpriseText.chooseCompanyType);
          expect(snap.context.errors).toEqual({ companyType: enterpriseText.chooseCompanyType });
        }
        break;
      default:
    }
    const fired = firedTransitions(prev as never, event);
    for (const k of fired) covered.transitions.add(k);
    for (const id of activeStateIds(state as never)) covered.states.add(id);
    prev = state;
  }
  actor.stop();
}

describe('enterprise page machine, generated paths against the real server', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThan(15); });

  for (const path of paths) {
    it(path.name, () => walk(path), 30_000);
  }

  it('offers no 编辑 while the filing is under review (approveState 5)', async () => {
    const company = await newCompany();
    await call(t.app, '/api/enterprise/company/apply', completeEnterprise, company.token);
    const world = startWorld(company.token);
    world.actor.start();
    const snap = await waitFor(world.actor, (s) => s.matches('view'), { timeout: 10_000 });
    expect(snap.context.record?.approveState).toBe(5);
    expect(snap.can({ type: 'user.edit' })).toBe(false);
    world.actor.send({ type: 'user.edit' });
    expect(world.actor.getSnapshot().matches('view')).toBe(true);
    world.actor.stop();
  });

  it('visits every state and every transition of the machine', () => {
    expect([...declaredStates(enterpriseMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(enterpriseMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
