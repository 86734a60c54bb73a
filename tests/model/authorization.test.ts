// @vitest-environment node
/**
 * Model-based test of machines/authorization.ts against the real server: each generated path starts
 * from a new agent company's request to the demo e-commerce company and is walked through the real
 * API (agree / refuse / recall as the e-commerce company, delete as the agent). The stored state
 * must be the path's; refused actions name the company and state and change nothing. Every state
 * and transition is walked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { authorizationStateNames, stateNameOf } from '../../domain/settlement/states.ts';
import { authorizationText as t } from '../../domain/texts/settlement.ts';
import { authorizationAccepts, authorizationEvents, authorizationMachine, type AuthorizationEvent } from '../../machines/authorization.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO } from '../api/settlement-fixtures.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, type ModelPath } from './harness.ts';

const paths = modelPaths(authorizationMachine, authorizationEvents as EventObject[]);
const covered = { states: new Set<string>(), transitions: new Set<string>() };
const verbOf = { 'commerce.agree': 'agree', 'commerce.refuse': 'refuse', 'commerce.recall': 'recall', 'agent.delete': 'delete' } as const;

let app: TestApp;
let commerce: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp();
  commerce = await login(app.app, demo.admin.username, demo.admin.password);
});
afterAll(() => app?.close());

let seq = 0;
/** A filed agent company with its main account, logged in. */
async function newAgent() {
  seq += 1;
  const db = app.handle.db;
  const code = `33029${String(seq).padStart(3, '0')}AG`;
  const company = await db.insertInto('companies').values({ company_code: code, customs_regist_code: code, company_name: `模型代理企业${seq}`, approve_state: 2, profile: '{}' })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('users').values({ company_id: company.id, login_name: `agent${seq}`, user_name: `代理${seq}`, user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Agent@2026pw') }).execute();
  return login(app.app, `agent${seq}`, 'Agent@2026pw');
}

const api = (path: string, data: unknown, s: LoginAnswer) => call(app.app, `/api/enterprise${path}`, data, s.token);

async function perform(event: AuthorizationEvent, id: number, agent: LoginAnswer) {
  switch (event.type) {
    case 'commerce.agree': return (await api('/declare/authCommerce/audit', { flag: true, id }, commerce)).body;
    case 'commerce.refuse': return (await api('/declare/authCommerce/audit', { flag: false, id }, commerce)).body;
    case 'commerce.recall': return (await api('/declare/authCommerce/tackBack', { ids: [id] }, commerce)).body;
    case 'agent.delete': return (await api('/declare/authCommerce/delete', { ids: [id] }, agent)).body;
  }
}
const successText = { 'commerce.agree': t.agreed, 'commerce.refuse': t.refused, 'commerce.recall': t.recalled, 'agent.delete': t.deleted };
const stored = async (id: number) => (await app.handle.db.selectFrom('settlement_authorizations').select('state').where('id', '=', id).executeTakeFirst())?.state;

async function walk(path: ModelPath) {
  const agent = await newAgent();
  const id = (await api('/declare/authCommerce/save', { commerceCode: DEMO.code, commerceName: DEMO.name }, agent)).body.data.id as number;
  const check = async (value: string) => {
    expect(await stored(id)).toBe(value === 'deleted' ? undefined : value);
    for (const other of authorizationEvents.filter((e) => !authorizationAccepts(value, e))) {
      const refused = await perform(other, id, agent);
      if (value === 'deleted') { expect(refused.code).toBe(-1); continue; }
      expect(refused, `${other.type} in ${value}`).toMatchObject({ code: -1, message: t.stateMachineRefused(DEMO.name, stateNameOf(authorizationStateNames, value), t.verbs[verbOf[other.type]]) });
      expect(await stored(id)).toBe(value);
    }
  };
  let prev = authorizationMachine.resolveState({ value: 'to_audit', context: undefined });
  for (const sid of activeStateIds(prev as never)) covered.states.add(sid);
  await check('to_audit');
  for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
    const event = step.event as AuthorizationEvent;
    expect(await perform(event, id, agent), event.type).toMatchObject({ code: 0, message: successText[event.type] });
    await check((step.state as { value: string }).value);
    for (const k of firedTransitions(prev as never, event)) covered.transitions.add(k);
    for (const sid of activeStateIds(step.state as never)) covered.states.add(sid);
    prev = step.state as typeof prev;
  }
}

describe('authorization machine, generated paths against the real server', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThanOrEqual(6); });
  for (const path of paths) it(path.name, () => walk(path), 60_000);
  it('visits every state and every transition', () => {
    expect([...declaredStates(authorizationMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(authorizationMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
