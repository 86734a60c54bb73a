import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authorizationActions, rewardActions } from './workflow-actions.ts';
import { workflowPageMachine, type WorkflowPage, type WorkflowPending, type WorkflowQuery, type WorkflowRow } from './workflow-page.ts';

const row = (id: number, state: string) => ({ id, state }) as WorkflowRow;

/** A page whose every reading after the first waits until `release()` — the moment a live refresh is under way. */
function page(rows: WorkflowRow[]) {
  const sent: WorkflowPending[] = [];
  let reads = 0;
  const held: (() => void)[] = [];
  const machine = workflowPageMachine.provide({
    actors: {
      load: fromPromise<WorkflowPage, WorkflowQuery>(async () => {
        reads += 1;
        if (reads > 1) await new Promise<void>((resolve) => held.push(resolve));
        return { total: rows.length, datas: rows };
      }),
      act: fromPromise<unknown, WorkflowPending>(async ({ input }) => { sent.push(input); return null; }),
    },
  });
  const actor = createActor(machine, { input: { pageSize: 20 } }).start();
  return { actor, sent, reads: () => reads, release: () => held.splice(0).forEach((r) => r()) };
}

describe('the rows on screen stay usable while the list is read again', () => {
  it('takes 查看 clicked while a live change re-reads the list (the click is not lost)', async () => {
    const p = page([row(1, 'approved')]);
    await waitFor(p.actor, (s) => s.matches('idle'));
    p.actor.send({ type: 'live.changed' });
    expect(p.actor.getSnapshot().matches('reloading')).toBe(true);
    p.actor.send({ type: 'user.act', action: rewardActions.open, ids: [1] });
    await waitFor(p.actor, (s) => s.matches('idle'));
    expect(p.sent.map((x) => [x.action, x.ids])).toEqual([[rewardActions.open, [1]]]);
  });

  it('takes a selection made while the list is read again, and keeps it when the rows come', async () => {
    const p = page([row(1, 'to_audit'), row(2, 'approved')]);
    await waitFor(p.actor, (s) => s.matches('idle'));
    p.actor.send({ type: 'user.search', terms: [] });
    p.actor.send({ type: 'user.select', ids: [2] });
    p.release();
    await waitFor(p.actor, (s) => s.matches('idle'));
    expect(p.actor.getSnapshot().context.selected).toEqual([2]);
  });

  it('opens a confirmation asked for during a reading, and reads the list again when it is cancelled', async () => {
    const p = page([row(1, 'to_audit')]);
    await waitFor(p.actor, (s) => s.matches('idle'));
    p.actor.send({ type: 'live.changed' });
    p.actor.send({ type: 'user.act', action: authorizationActions.delete, ids: [1] });
    expect(p.actor.getSnapshot().matches('confirming')).toBe(true);
    const before = p.reads();
    p.actor.send({ type: 'user.cancel' });
    expect(p.actor.getSnapshot().matches('reloading')).toBe(true);
    expect(p.reads()).toBe(before + 1);
    p.release();
    await waitFor(p.actor, (s) => s.matches('idle'));
    expect(p.sent).toEqual([]);
  });
});
