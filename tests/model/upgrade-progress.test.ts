// @vitest-environment node
/**
 * Model-based test of machines/upgrade-progress.ts against the real server: every path generated
 * from the machine is walked through the real API (下一步, 已阅读, 上一步, 创建资源中心账号 as the
 * company's main account), the stored step must be the state the path is in, and in every state
 * reached, every call the state does not have is refused (code -1, naming the step) without
 * changing anything; 已阅读 is also refused while the countdown runs. 已阅读 is walked once the
 * agreement has been open five seconds (the test dates the step back instead of waiting).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { upgradeText as t } from '../../domain/texts/upgrade.ts';
import { progressKnows, progressStepOf, upgradeProgressMachine, type UpgradeProgressEvent } from '../../machines/upgrade-progress.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { call, createTestApp, encryptPassword, login, type TestApp } from '../helpers/test-app.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, type ModelPath } from './harness.ts';

const events: UpgradeProgressEvent[] = [{ type: 'upgrade.next' }, { type: 'upgrade.read' }, { type: 'upgrade.back' }, { type: 'upgrade.create' }];
const paths = modelPaths(upgradeProgressMachine, events as EventObject[]);
const covered = { states: new Set<string>(), transitions: new Set<string>() };
const verbOf = { 'upgrade.next': 'next', 'upgrade.read': 'read', 'upgrade.back': 'back', 'upgrade.create': 'create' } as const;

let app: TestApp;
let pem: string;
beforeAll(async () => {
  app = await createTestApp();
  pem = (await app.app.inject({ method: 'POST', url: '/api/auth/public_key', payload: {} })).json().data;
});
afterAll(() => app?.close());

let seq = 0;
/** A filed company still to be promoted, with its main account logged in. */
async function newCompany() {
  seq += 1;
  const credit = `91330100MA2UP${String(seq).padStart(4, '0')}X`;
  const company = await app.handle.db.insertInto('companies').values({
    company_name: `升级模型企业${seq}`, company_code: `33019${String(seq).padStart(4, '0')}U`, approve_state: 2, social_credit_code: credit, profile: '{}',
  }).returning('id').executeTakeFirstOrThrow();
  await app.handle.db.insertInto('users').values({ company_id: company.id, login_name: `upgrade${seq}`, user_name: `升级${seq}`, user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Upgrade@2026pw') }).execute();
  await app.handle.db.insertInto('upgrade_wizards').values({ company_id: company.id }).execute();
  return { id: company.id, credit, token: (await login(app.app, `upgrade${seq}`, 'Upgrade@2026pw')).token };
}
type Company = Awaited<ReturnType<typeof newCompany>>;

const stored = async (id: number) => (await app.handle.db.selectFrom('upgrade_wizards').select(['step', 'step_at']).where('company_id', '=', id).executeTakeFirstOrThrow());
const countdownOver = (id: number) => app.handle.db.updateTable('upgrade_wizards').set({ step_at: new Date(Date.now() - 6000) }).where('company_id', '=', id).execute();

/** The real call behind each event. */
function perform(event: UpgradeProgressEvent, company: Company) {
  const api = (path: string, data?: unknown) => call(app.app, `/api/enterprise/agreement${path}`, data, company.token);
  switch (event.type) {
    case 'upgrade.next': return api('/next');
    case 'upgrade.read': return api('/read');
    case 'upgrade.back': return api('/back');
    case 'upgrade.create': return api('/createRs', { bizRegNo: company.credit, loginPwd: encryptPassword(pem, 'Rs2026pass'), againPassword: encryptPassword(pem, 'Rs2026pass') });
  }
}

async function walk(path: ModelPath) {
  const company = await newCompany();
  let prev: unknown = upgradeProgressMachine.resolveState({ value: 'notice', context: { countdown: 0 } });
  for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
    const event = step.event as UpgradeProgressEvent;
    if (event.type === 'upgrade.read') {
      // while the countdown runs 已阅读 is refused and nothing moves
      const early = await perform(event, company);
      expect(early.body.code).toBe(-1);
      expect(early.body.message).toMatch(/^请仔细阅读协议，\d秒后可确认已阅读$/);
      expect((await stored(company.id)).step).toBe('agreement');
      await countdownOver(company.id);
    }
    const res = await perform(event, company);
    expect(res.body, `${event.type} is accepted`).toMatchObject({ code: 0 });
    const expected = progressStepOf((step.state as { value: unknown }).value);
    expect(res.body.data.step).toBe(expected);
    expect((await stored(company.id)).step).toBe(expected);
    for (const k of firedTransitions(prev as never, event)) covered.transitions.add(k);
    for (const id of activeStateIds(step.state as never)) covered.states.add(id);
    // every call this step does not have is refused, naming the step, and changes nothing
    const before = await stored(company.id);
    for (const other of events.filter((e) => !progressKnows(expected, e))) {
      const refused = await perform(other, company);
      expect(refused.body, `${other.type} in ${expected}`).toMatchObject({ code: -1, message: t.refused(t.stepNames[expected], t.verbs[verbOf[other.type]]) });
    }
    expect(await stored(company.id)).toEqual(before);
    prev = step.state;
  }
}

describe('upgrade progress machine, generated paths against the real server', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThanOrEqual(8); });

  for (const path of paths) {
    it(path.name, () => walk(path), 30_000);
  }

  it('visits every state and every transition', () => {
    expect([...declaredStates(upgradeProgressMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(upgradeProgressMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
