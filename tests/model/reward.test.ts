// @vitest-environment node
/**
 * Model-based test of machines/reward.ts against the real server: each generated path starts from
 * a new application (/subsidy/apply) and is walked through the review API (customs starts and
 * finishes the verification). The stored state must be the path's; refused steps name the state and
 * change nothing; the check detail (results) opens exactly in the checkable state. Every state and
 * transition is walked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { rewardStateNames } from '../../domain/rewards/apply-types.ts';
import { NO_IMPORT } from '../../domain/rewards/bill-import.ts';
import { stateNameOf } from '../../domain/settlement/states.ts';
import { rewardText as t } from '../../domain/texts/rewards.ts';
import { rewardAccepts, rewardCheckable, rewardEvents, rewardMachine, type RewardEvent } from '../../machines/reward.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { DEMO, OTHER, released, review } from '../api/settlement-fixtures.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, type ModelPath } from './harness.ts';

const REVIEW = 'model-reward-review';
const paths = modelPaths(rewardMachine, rewardEvents as EventObject[]);
const covered = { states: new Set<string>(), transitions: new Set<string>() };
const verbOf = { 'review.start': 'start', 'review.finish': 'finish' } as const;

let app: TestApp;
let admin: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  admin = await login(app.app, demo.admin.username, demo.admin.password);
  await released(app, DEMO.code, { billNo: '784-30000001', grossWeight: 2 });
});
afterAll(() => app?.close());

const api = (path: string, data: unknown) => call(app.app, `/api/enterprise${path}`, data, admin.token);
const results = (id: number) => api('/subsidy/result/E9/list', { pageIndex: 0, pageSize: 10, terms: [{ column: 'subsidy_id', termType: 'eq', value: id }] });
const stored = async (id: number) => (await app.handle.db.selectFrom('subsidies').select(['state', 'audit_time']).where('id', '=', id).executeTakeFirstOrThrow());

async function walk(path: ModelPath) {
  const applied = await api('/subsidy/apply', {
    applyType: 'E9', companyType: '1', ckStartTime: '2020-01-01', ckEndTime: '2099-12-31', note: '模型测试',
    recCompanyList: [{ recCompanyCode: OTHER.code, recCompanyName: OTHER.name }], importNo: NO_IMPORT,
  });
  const id = applied.body.data.id as number;
  const check = async (value: string) => {
    const after = await stored(id);
    expect(after.state).toBe(value);
    const res = (await results(id)).body;
    if (rewardCheckable(value)) expect(res.data.datas).toContainEqual(expect.objectContaining({ billNo: '784-30000001', subclNum: 1, grossWeight: 2 }));
    else expect(res).toMatchObject({ code: -1, message: t.notVerified });
    for (const other of rewardEvents.filter((e) => !rewardAccepts(value, e))) {
      expect((await review(app, REVIEW, `subsidy/${verbOf[other.type]}`, { id })).body).toMatchObject({
        code: -1, message: t.refused(stateNameOf(rewardStateNames, value), t.verbs[verbOf[other.type]]),
      });
      expect(await stored(id)).toEqual(after);
    }
  };
  let prev = rewardMachine.resolveState({ value: 'wait_audit', context: undefined });
  for (const sid of activeStateIds(prev as never)) covered.states.add(sid);
  await check('wait_audit');
  for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
    const event = step.event as RewardEvent;
    expect((await review(app, REVIEW, `subsidy/${verbOf[event.type]}`, { id })).body, event.type).toMatchObject({ code: 0 });
    await check((step.state as { value: string }).value);
    for (const k of firedTransitions(prev as never, event)) covered.transitions.add(k);
    for (const sid of activeStateIds(step.state as never)) covered.states.add(sid);
    prev = step.state as typeof prev;
  }
}

describe('reward machine, generated paths against the real server', () => {
  it('generates paths', () => { expect(paths.length).toBeGreaterThanOrEqual(3); });
  for (const path of paths) it(path.name, () => walk(path), 60_000);
  it('visits every state and every transition', () => {
    expect([...declaredStates(rewardMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(rewardMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
