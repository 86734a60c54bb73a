// @vitest-environment node
/**
 * Model-based test of machines/settlement-lock.ts against the real server: every path generated
 * from the machine is walked through the real API on a 待生成 settlement (批量锁定, 批量解锁, and a
 * company change — 保存 of the head's specDeclFlag — as settlement.change). After each step the
 * stored lock_state must be the path's state, and in every state each event it does not accept is
 * refused with its own message, changing nothing. Every state and transition must be walked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { settlementText as t } from '../../domain/texts/settlement.ts';
import { settlementLockAccepts, settlementLockEvents, settlementLockMachine, type SettlementLockEvent } from '../../machines/settlement-lock.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, released } from '../api/settlement-fixtures.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, type ModelPath } from './harness.ts';

const paths = modelPaths(settlementLockMachine, settlementLockEvents as EventObject[]);
const covered = { states: new Set<string>(), transitions: new Set<string>() };

let app: TestApp;
let admin: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app.app, demo.admin.username, demo.admin.password);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown) => call(app.app, `/api/enterprise${path}`, data, admin.token);
let flag = 0;
async function perform(event: SettlementLockEvent, id: number): Promise<{ code: number; message: string }> {
  switch (event.type) {
    case 'settlement.lock': return (await api('/declarel/lock', { ids: [id] })).body;
    case 'settlement.unlock': return (await api('/declarel/unlock', { ids: [id] })).body;
    case 'settlement.change': flag += 1; return (await api('/declarel/saveHead', { id, specDeclFlag: (flag % 2 ? '1000000' : '0000001') })).body;
  }
}
const refusal = (event: SettlementLockEvent, id: number) => ({
  'settlement.lock': t.alreadyLocked(`#${id}`), 'settlement.unlock': t.notLocked(`#${id}`), 'settlement.change': t.lockedRefused(`#${id}`, t.verbs.edit),
})[event.type];
const stored = (id: number) => app.handle.db.selectFrom('settlements').select(['state', 'lock_state', 'spec_decl_flag', 'version']).where('id', '=', id).executeTakeFirstOrThrow();

async function walk(path: ModelPath) {
  const created = await api('/expuInventry/declarationSeList', { ids: [await released(app, DEMO.code)] });
  const id = created.body.data.headId as number;
  const check = async (value: string) => {
    const after = await stored(id);
    expect(after.lock_state).toBe(value);
    for (const other of settlementLockEvents.filter((e) => !settlementLockAccepts(value, e))) {
      expect(await perform(other, id), `${other.type} in ${value}`).toMatchObject({ code: -1, message: refusal(other, id) });
      expect(await stored(id)).toEqual(after);
    }
  };
  let prev = settlementLockMachine.resolveState({ value: 'unlocked', context: undefined });
  for (const sid of activeStateIds(prev as never)) covered.states.add(sid);
  await check('unlocked');
  for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
    const event = step.event as SettlementLockEvent;
    expect(await perform(event, id), `${event.type} is accepted`).toMatchObject({ code: 0 });
    await check((step.state as { value: string }).value);
    for (const k of firedTransitions(prev as never, event)) covered.transitions.add(k);
    for (const sid of activeStateIds(step.state as never)) covered.states.add(sid);
    prev = step.state as typeof prev;
  }
}

describe('settlement lock machine, generated paths against the real server', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThan(1); });
  for (const path of paths) it(path.name, () => walk(path), 60_000);
  it('visits every state and every transition', () => {
    expect([...declaredStates(settlementLockMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(settlementLockMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
