// @vitest-environment node
/**
 * Model-based test of machines/settlement.ts against the real server: every path generated from
 * the machine is walked through the real API (添加清单, 提交申请, 删除申请, 撤销申请 as the company;
 * the bank's and the audit's answers through the review API). After each step the stored state must
 * be the state the path is in, and in every state reached every action the state does not accept
 * must be refused (code -1, naming the record and its state) without changing anything. Every state
 * and every transition must be walked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { settlementStateNames, stateNameOf } from '../../domain/settlement/states.ts';
import { settlementText as t } from '../../domain/texts/settlement.ts';
import { settlementAccepts, settlementEvents, settlementMachine, type SettlementEvent } from '../../machines/settlement.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, released, review } from '../api/settlement-fixtures.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, type ModelPath } from './harness.ts';

const REVIEW = 'model-settlement-review';
const paths = modelPaths(settlementMachine, settlementEvents as EventObject[]);
const covered = { states: new Set<string>(), transitions: new Set<string>() };
const verbOf: Record<SettlementEvent['type'], keyof typeof t.verbs> = {
  'settlement.edit': 'edit', 'settlement.apply': 'apply', 'settlement.delete': 'delete', 'settlement.revoke': 'revoke',
  'bank.accept': 'accept', 'bank.reject': 'refuse', 'review.approve': 'approve', 'review.reject': 'reject',
};

let app: TestApp;
let admin: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  admin = await login(app.app, demo.admin.username, demo.admin.password);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown) => call(app.app, `/api/enterprise${path}`, data, admin.token);

/** The real call behind each event. */
async function perform(event: SettlementEvent, id: number): Promise<{ code: number; message: string }> {
  switch (event.type) {
    case 'settlement.edit': return (await api('/expuInventry/declarationSeList', { ids: [await released(app, DEMO.code)], headId: id })).body;
    case 'settlement.apply': return (await api('/declarel/declaration', { id, bankCode: '104', note: '模型测试' })).body;
    case 'settlement.delete': return (await api('/declarel/delete', { ids: [id] })).body;
    case 'settlement.revoke': return (await api('/declare/revoke/revoke', { ids: [id], reason: '模型测试撤销', revokeType: 1 })).body;
    case 'bank.accept': return (await review(app, REVIEW, 'settlement/accept', { id })).body;
    case 'bank.reject': return (await review(app, REVIEW, 'settlement/refuse', { id, opinion: '银行退回' })).body;
    case 'review.approve': return (await review(app, REVIEW, 'settlement/approve', { id })).body;
    case 'review.reject': return (await review(app, REVIEW, 'settlement/reject', { id, opinion: '单证不符' })).body;
  }
}

const stored = async (id: number) => app.handle.db.selectFrom('settlements').select(['state', 'declare_no', 'version', 'total_count']).where('id', '=', id).executeTakeFirst();

async function walk(path: ModelPath) {
  const created = await api('/expuInventry/declarationSeList', { ids: [await released(app, DEMO.code)] });
  const id = created.body.data.headId as number;
  const check = async (value: string) => {
    const after = await stored(id);
    if (value === 'deleted') expect(after).toBeUndefined();
    else expect(after?.state).toBe(value);
    // every action this state does not accept is refused, naming the record and state, and changes nothing
    for (const other of settlementEvents.filter((e) => !settlementAccepts(value, e))) {
      const refused = await perform(other, id);
      if (value === 'deleted') {
        expect(refused.code, `${other.type} after deletion`).toBe(-1);
        continue;
      }
      const title = after!.declare_no ?? `#${id}`;
      expect(refused, `${other.type} in ${value}`).toMatchObject({ code: -1, message: t.refused(title, stateNameOf(settlementStateNames, value), t.verbs[verbOf[other.type]]) });
      expect(await stored(id)).toEqual(after);
    }
    return after;
  };
  let prev = settlementMachine.resolveState({ value: 'to_declare', context: undefined });
  for (const sid of activeStateIds(prev as never)) covered.states.add(sid);
  await check('to_declare');
  for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
    const event = step.event as SettlementEvent;
    const before = await stored(id);
    expect(await perform(event, id), `${event.type} is accepted`).toMatchObject({ code: 0 });
    const after = await check((step.state as { value: string }).value);
    if (event.type === 'settlement.edit') expect(after?.total_count).toBe((before?.total_count ?? 0) + 1);
    for (const k of firedTransitions(prev as never, event)) covered.transitions.add(k);
    for (const sid of activeStateIds(step.state as never)) covered.states.add(sid);
    prev = step.state as typeof prev;
  }
}

describe('settlement machine, generated paths against the real server', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThan(8); });

  for (const path of paths) {
    it(path.name, () => walk(path), 60_000);
  }

  it('visits every state and every transition', () => {
    expect([...declaredStates(settlementMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(settlementMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
