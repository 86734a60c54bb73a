// @vitest-environment node
/**
 * Model-based test of machines/settlement-verification.ts against the real server: each generated
 * path starts from a fresh 申请核销 of an approved settlement and is walked through the real API
 * (撤销申请 as the company, the bank's decisions through the review API). The stored state must be
 * the path's, refused actions name the application and its state and change nothing, and the
 * settlement's amounts follow (in verification, verified). Every state and transition is walked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { stateNameOf, verificationStateNames } from '../../domain/settlement/states.ts';
import { verificationText as t } from '../../domain/texts/settlement.ts';
import { verificationAccepts, verificationEvents, verificationMachine, type VerificationEvent } from '../../machines/settlement-verification.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, released, review } from '../api/settlement-fixtures.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, type ModelPath } from './harness.ts';

const REVIEW = 'model-verification-review';
const paths = modelPaths(verificationMachine, verificationEvents as EventObject[]);
const covered = { states: new Set<string>(), transitions: new Set<string>() };
const verbOf = { 'verification.revoke': 'revoke', 'review.approve': 'approve', 'review.reject': 'reject' } as const;

let app: TestApp;
let admin: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  admin = await login(app.app, demo.admin.username, demo.admin.password);
});
afterAll(() => app?.close());

const api = (path: string, data: unknown) => call(app.app, `/api/enterprise${path}`, data, admin.token);

async function perform(event: VerificationEvent, ids: { settlement: number; verification: number }) {
  switch (event.type) {
    case 'verification.revoke': return (await api('/declare/verification/revokes', { ids: [ids.settlement], reason: '模型测试撤销' })).body;
    case 'review.approve': return (await review(app, REVIEW, 'verification/approve', { id: ids.verification })).body;
    case 'review.reject': return (await review(app, REVIEW, 'verification/reject', { id: ids.verification, opinion: '金额不符' })).body;
  }
}

const stored = async (ids: { settlement: number; verification: number }) => ({
  v: await app.handle.db.selectFrom('settlement_verifications').select(['state', 'ver_no']).where('id', '=', ids.verification).executeTakeFirstOrThrow(),
  s: await app.handle.db.selectFrom('settlements').select(['verified_amount', 'verifying_amount']).where('id', '=', ids.settlement).executeTakeFirstOrThrow(),
});

async function walk(path: ModelPath) {
  const inv = await released(app, DEMO.code, { prices: [80] });
  const settlement = (await api('/expuInventry/declarationSeList', { ids: [inv] })).body.data.headId as number;
  await api('/declarel/declaration', { id: settlement, bankCode: '104' });
  await review(app, REVIEW, 'settlement/accept', { id: settlement });
  await review(app, REVIEW, 'settlement/approve', { id: settlement });
  const applied = await api('/declare/verification/apply', { amount: '12.5', ids: [settlement] });
  expect(applied.body.code).toBe(0);
  const ids = { settlement, verification: applied.body.data.id as number };
  /** the state reached: stored, its amounts, and every action it does not accept refused with nothing changed */
  const check = async (value: string) => {
    const after = await stored(ids);
    expect(after.v.state).toBe(value);
    expect(after.s).toEqual({ verified_amount: value === 'approved' ? '12.50000' : '0.00000', verifying_amount: value === 'audit' ? '12.50000' : '0.00000' });
    for (const other of verificationEvents.filter((e) => !verificationAccepts(value, e))) {
      expect(await perform(other, ids), `${other.type} in ${value}`).toMatchObject({
        code: -1, message: t.refused(after.v.ver_no, stateNameOf(verificationStateNames, value), t.verbs[verbOf[other.type]]),
      });
      expect(await stored(ids)).toEqual(after);
    }
  };
  let prev = verificationMachine.resolveState({ value: 'audit', context: undefined });
  for (const sid of activeStateIds(prev as never)) covered.states.add(sid);
  await check('audit');
  for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
    const event = step.event as VerificationEvent;
    expect(await perform(event, ids), event.type).toMatchObject({ code: 0 });
    await check((step.state as { value: string }).value);
    for (const k of firedTransitions(prev as never, event)) covered.transitions.add(k);
    for (const sid of activeStateIds(step.state as never)) covered.states.add(sid);
    prev = step.state as typeof prev;
  }
}

describe('verification machine, generated paths against the real server', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThanOrEqual(4); });
  for (const path of paths) it(path.name, () => walk(path), 60_000);
  it('visits every state and every transition', () => {
    expect([...declaredStates(verificationMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(verificationMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
