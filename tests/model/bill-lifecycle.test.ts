// @vitest-environment node
/**
 * Model-based test of machines/bill-lifecycle.ts: every generated path is replayed step by step,
 * each state is checked against the stored code it must produce (what bill_heads.state holds),
 * the code must bring the machine back to the same state (the server rebuilds a bill's snapshot
 * from its stored code), and every state and transition must be visited.
 * (The bill engine drives the same machine through the real API in tests/api.)
 */
import { describe, expect, it } from 'vitest';
import { createActor, transition, type EventObject } from 'xstate';
import { billLifecycleMachine, lifecycleAccepts, lifecycleCodeOf, lifecycleSnapshot, lifecycleValueOf } from '../../machines/bill-lifecycle.ts';
import { activeStateIds, declaredStates, declaredTransitions, firedTransitions, modelPaths, serializeState } from './harness.ts';

const receipt = (returnStatus: string, returnTime: string) => ({ type: 'customs.receipt', returnStatus, returnTime }) as EventObject;
const events: EventObject[] = [
  { type: 'user.save' }, { type: 'user.declare' }, { type: 'user.delete' }, { type: 'user.resendReceipt' },
  { type: 'user.markReturned' }, { type: 'user.deliver' }, { type: 'user.depart' }, { type: 'user.cancel' },
  { type: 'user.cancelReleased' }, { type: 'user.refund' }, { type: 'user.summarize' }, { type: 'source.withdrawn' },
  { type: 'transport.sent' }, { type: 'transport.failed' },
  receipt('2', '20261121100000001'), receipt('4', '20261121100000002'), receipt('100', '20261121100000003'),
  receipt('-301010', '20261121100000004'), receipt('120', '20261121100000005'), receipt('300', '20261121100000006'),
  receipt('399', '20261121100000007'), receipt('500', '20261121100000008'), receipt('700', '20261121100000009'),
  receipt('800', '20261121100000010'), receipt('899', '20261121100000011'), receipt('600', '20261121100000012'),
  // newer than everything above but of the e-port stage: from 120 on, only earlierStage may take it (迟到回执)
  receipt('2', '20261121100000013'),
  // older than everything above: only the stale guard may take it
  receipt('2', '20200101000000000'),
];

/** The stored code each state must produce (per-state expectation table). */
const expectedCode: Record<string, (returnStatus: string) => string> = {
  '"draft"': () => 'DRAFT',
  '"declaring"': () => 'DECLARING',
  '"sent"': () => 'DECLARING',
  '"sendFailed"': () => 'SEND_FAILED',
  '"withdrawn"': () => 'WITHDRAWN',
  '{"customs":"error"}': () => 'ERROR',
};

const paths = modelPaths(billLifecycleMachine, events);
const covered = { states: new Set<string>(), transitions: new Set<string>() };

describe('bill lifecycle, generated paths', () => {
  for (const path of paths) {
    it(path.name, () => {
      const actor = createActor(billLifecycleMachine, { input: {} }).start();
      let prev = actor.getSnapshot();
      for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
        for (const k of firedTransitions(prev as never, step.event)) covered.transitions.add(k);
        actor.send(step.event as never);
        const snap = actor.getSnapshot();
        const key = serializeState(snap);
        expect(key).toBe(serializeState(step.state as { value: unknown }));
        for (const id of activeStateIds(snap as never)) covered.states.add(id);
        if (snap.status === 'done') break;
        const code = lifecycleCodeOf(snap.value, snap.context);
        expect(code).toBe((expectedCode[key] ?? ((rs: string) => rs))(snap.context.returnStatus));
        // the stored code rebuilds the same state
        const rebuilt = lifecycleValueOf(code);
        const rebuiltKey = JSON.stringify(rebuilt);
        expect(key === '"sent"' ? '"declaring"' : key).toBe(rebuiltKey);
        prev = snap;
      }
      actor.stop();
    });
  }

  it('a status no state takes (an undocumented one) moves nothing; 600 挂起 has its own state', () => {
    const actor = createActor(billLifecycleMachine, { input: {} }).start();
    actor.send({ type: 'user.declare' });
    actor.send({ type: 'transport.sent' });
    actor.send({ type: 'customs.receipt', returnStatus: '2', returnTime: '20261121100000001' });
    actor.send({ type: 'customs.receipt', returnStatus: '18', returnTime: '20261121100000002' });
    expect(actor.getSnapshot().value).toEqual({ customs: 'eport' });
    expect(actor.getSnapshot().context.returnStatus).toBe('2');
    actor.send({ type: 'customs.receipt', returnStatus: '600', returnTime: '20261121100000003' });
    expect(actor.getSnapshot().value).toEqual({ customs: 'suspended' });
    expect(lifecycleValueOf('600')).toEqual({ customs: 'suspended' });
  });

  it('ignores a receipt older than the newest one applied', () => {
    const actor = createActor(billLifecycleMachine, { input: {} }).start();
    actor.send({ type: 'user.declare' });
    actor.send({ type: 'transport.sent' });
    actor.send({ type: 'customs.receipt', returnStatus: '120', returnTime: '20261121100000005' });
    actor.send({ type: 'customs.receipt', returnStatus: '2', returnTime: '20261121100000001' });
    actor.send({ type: 'customs.receipt', returnStatus: '120', returnTime: '20261121100000005' });
    expect(actor.getSnapshot().value).toEqual({ customs: 'stored' });
    expect(actor.getSnapshot().context).toEqual({ returnStatus: '120', returnTime: '20261121100000005' });
  });

  it('never moves a bill back to an earlier stage, whatever the receipt\'s time (迟到回执)', () => {
    const actor = createActor(billLifecycleMachine, { input: {} }).start();
    actor.send({ type: 'user.declare' });
    actor.send({ type: 'transport.sent' });
    actor.send({ type: 'customs.receipt', returnStatus: '800', returnTime: '20261121100000005' });
    for (const [status, time] of [['120', '20261121100000006'], ['2', '20261121100000007'], ['300', '20261121100000008'], ['500', '20261121100000009'],
      ['100', '20261121100000010'], ['-301010', '20261121100000011']]) {
      actor.send({ type: 'customs.receipt', returnStatus: status!, returnTime: time! });
      expect(actor.getSnapshot().value, status).toEqual({ customs: 'released' });
    }
    expect(actor.getSnapshot().context).toEqual({ returnStatus: '800', returnTime: '20261121100000005' });
    // a later stage still moves it on, and a stage equal to the current one (300 after 399) too
    actor.send({ type: 'customs.receipt', returnStatus: '899', returnTime: '20261121100000012' });
    expect(actor.getSnapshot().value).toEqual({ customs: 'closed' });
    const review = lifecycleSnapshot('399', { returnStatus: '399', returnTime: '20261121100000005' });
    expect(transition(billLifecycleMachine, review, receipt('300', '20261121100000006') as never)[0].value).toEqual({ customs: 'review' });
    // a refusal before customs decided still applies, and the next declaration starts over
    const stored = lifecycleSnapshot('120', { returnStatus: '120', returnTime: '20261121100000005' });
    const [rejected] = transition(billLifecycleMachine, stored, receipt('100', '20261121100000006') as never);
    expect(rejected.value).toEqual({ customs: 'rejected' });
    expect(transition(billLifecycleMachine, rejected, receipt('2', '20261121100000007') as never)[0].value).toEqual({ customs: 'eport' });
  });

  it('refuses to declare a bill customs has stored', () => {
    const stored = lifecycleSnapshot('120');
    expect(lifecycleAccepts(stored, { type: 'user.declare' })).toBe(false);
    expect(lifecycleAccepts(stored, { type: 'user.save' })).toBe(false);
    expect(lifecycleAccepts(stored, { type: 'user.resendReceipt' })).toBe(true);
    const rejected = lifecycleSnapshot('100');
    expect(lifecycleAccepts(rejected, { type: 'user.declare' })).toBe(true);
    expect(lifecycleAccepts(rejected, { type: 'user.save' })).toBe(true);
    expect(rejected.hasTag('editable')).toBe(true);
    const draft = lifecycleSnapshot('DRAFT');
    expect(lifecycleAccepts(draft, { type: 'user.resendReceipt' })).toBe(false);
  });

  it('lets 改为退单 make a bill customs has not decided on editable again, and nothing else', () => {
    const stored = lifecycleSnapshot('120', { returnStatus: '120', returnTime: '20261121100000005' });
    const [next] = transition(billLifecycleMachine, stored, { type: 'user.markReturned' });
    expect(next.value).toEqual({ customs: 'rejected' });
    expect(lifecycleCodeOf(next.value, next.context)).toBe('100');
    // the newest receipt's time stays: a later receipt from customs still moves the bill
    expect(next.context.returnTime).toBe('20261121100000005');
    expect(lifecycleAccepts(lifecycleSnapshot('800'), { type: 'user.markReturned' })).toBe(false);
    expect(lifecycleAccepts(lifecycleSnapshot('DECLARING'), { type: 'user.markReturned' })).toBe(false);
  });

  it('allows the actions that make other bills only where customs holds what they refer to', () => {
    const accepts = (code: string, type: string) => lifecycleAccepts(lifecycleSnapshot(code), { type } as never);
    const where = (type: string) => ['DRAFT', 'DECLARING', '2', '100', '120', '300', '399', '500', '800', '899', 'ERROR'].filter((c) => accepts(c, type));
    expect(where('user.deliver')).toEqual(['120', '300', '399', '500', '800']);
    expect(where('user.depart')).toEqual(['120', '399', '800']);
    expect(where('user.cancel')).toEqual(['120', '399', '800']);
    // the import inventory's 申请撤单 (CEB623): released, not yet closed
    expect(where('user.cancelReleased')).toEqual(['800']);
    expect(where('user.refund')).toEqual(['800', '899']);
    expect(where('user.summarize')).toEqual(['800', '899']);
    expect(where('user.markReturned')).toEqual(['2', '120', '300', '500']);
  });

  it('visits every state and every transition', () => {
    expect([...declaredStates(billLifecycleMachine)].filter((s) => !covered.states.has(s))).toEqual([]);
    expect([...declaredTransitions(billLifecycleMachine)].filter((k) => !covered.transitions.has(k))).toEqual([]);
  });
});
