import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { reviewSettlementText as t } from '../domain/texts/review-settlement.ts';
import { settlementReviewActions, subsidyReviewActions, verificationReviewActions } from './review-actions.ts';
import { gateOpen, workflowPageMachine, type WorkflowAction, type WorkflowPage, type WorkflowPending, type WorkflowQuery, type WorkflowRow } from './workflow-page.ts';

const row = (id: number, state: string) => ({ id, state }) as WorkflowRow;

describe('the operator\'s decisions follow the entity machines', () => {
  it('offers each settlement decision only in the state that accepts it', () => {
    const offered = (state: string) => Object.entries(settlementReviewActions).filter(([, a]) => gateOpen(a.gate, row(1, state))).map(([k]) => k);
    expect(offered('declare')).toEqual(['accept', 'refuse']);
    expect(offered('audit')).toEqual(['approve', 'reject']);
    for (const state of ['to_declare', 'approved', 'not_approved', 'revoke', 'nonsense']) expect(offered(state)).toEqual([]);
  });

  it('offers verification and reward decisions only where their machines allow', () => {
    expect(gateOpen(verificationReviewActions.approve.gate, row(1, 'audit'))).toBe(true);
    expect(gateOpen(verificationReviewActions.reject.gate, row(1, 'approved'))).toBe(false);
    expect(gateOpen(subsidyReviewActions.start.gate, row(1, 'wait_audit'))).toBe(true);
    expect(gateOpen(subsidyReviewActions.finish.gate, row(1, 'wait_audit'))).toBe(false);
    expect(gateOpen(subsidyReviewActions.finish.gate, row(1, 'audit'))).toBe(true);
    expect(gateOpen(subsidyReviewActions.start.gate, row(1, 'approved'))).toBe(false);
  });

  it('asks a reason of every refusal, and none of an approval', () => {
    for (const a of [settlementReviewActions.refuse, settlementReviewActions.reject, verificationReviewActions.reject] as WorkflowAction[]) {
      expect(a.check!({ opinion: '  ' }, [])).toBe(t.reasonRequired);
      expect(a.check!({}, [])).toBe(t.reasonRequired);
      expect(a.check!({ opinion: '单证不符' }, [])).toBeNull();
    }
    for (const a of [settlementReviewActions.accept, settlementReviewActions.approve, verificationReviewActions.approve] as WorkflowAction[]) expect(a.check).toBeUndefined();
  });
});

describe('on the workflow page', () => {
  function page(rows: WorkflowRow[]) {
    const sent: WorkflowPending[] = [];
    const notes: string[] = [];
    const machine = workflowPageMachine.provide({
      actors: {
        load: fromPromise<WorkflowPage, WorkflowQuery>(async () => ({ total: rows.length, datas: rows })),
        act: fromPromise<unknown, WorkflowPending>(async ({ input }) => { sent.push(input); return null; }),
      },
      actions: { notify: (_, p: { message: string }) => { notes.push(p.message); } },
    });
    const actor = createActor(machine, { input: { pageSize: 20 } }).start();
    return { actor, sent, notes };
  }

  it('refuses a decision the row\'s state does not accept without sending it', async () => {
    const { actor, sent, notes } = page([row(1, 'audit')]);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'user.act', action: settlementReviewActions.accept, ids: [1] });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(notes).toEqual([t.notAllowed]);
    expect(sent).toEqual([]);
  });

  it('keeps the refusal dialog open until a reason is typed, then sends it', async () => {
    const { actor, sent, notes } = page([row(1, 'declare')]);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'user.act', action: settlementReviewActions.refuse, ids: [1] });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'user.submit', values: { opinion: ' ' } });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe(t.reasonRequired);
    actor.send({ type: 'user.submit', values: { opinion: '收款账户不符' } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([{ action: settlementReviewActions.refuse, ids: [1], values: { opinion: '收款账户不符' } }]);
    expect(notes).toEqual([t.settlement.refused]);
  });
});
