/**
 * Reward (subsidy, 补贴) verification (accounts-and-enterprise.md §2, §4): an application waits,
 * is verified by customs against the company's bills (核验中), and is done (核验完成). Only a done
 * application opens its check detail; any other shows the Notice alert. The server decides every
 * step with this machine; customs' side is the sandbox or the review API.
 *
 * States: wait_audit 待核验 → audit 核验中 → approved 核验完成 [checkable]
 * Events: review.start (核验开始), review.finish (核验完成: the result rows are written)
 */
import { setup } from 'xstate';
import { machineLabels } from './labels.ts';

export type RewardEvent = { type: 'review.start' } | { type: 'review.finish' };
export const rewardEvents: RewardEvent[] = [{ type: 'review.start' }, { type: 'review.finish' }];

export const rewardMachine = setup({
  types: {} as { events: RewardEvent; tags: 'checkable' },
}).createMachine({
  id: 'reward',
  meta: machineLabels({
    events: { 'review.start': '核验开始', 'review.finish': '核验完成' },
  }),
  initial: 'wait_audit',
  states: {
    wait_audit: { description: '待核验', on: { 'review.start': { target: 'audit' } } },
    audit: { description: '核验中', on: { 'review.finish': { target: 'approved' } } },
    approved: { description: '核验完成：可查看核验结果', tags: ['checkable'], type: 'final' },
  },
});

function snapshot(state: string) {
  const known = (rewardMachine.root.states as Record<string, unknown>)[state] !== undefined;
  // an unknown stored state accepts nothing
  return rewardMachine.resolveState({ value: known ? state : 'approved', context: undefined });
}

export function rewardAccepts(state: string, event: RewardEvent): boolean {
  return rewardMachine.getTransitionData(snapshot(state), event).length > 0;
}

export function rewardNext(state: string, event: RewardEvent): string {
  const data = rewardMachine.getTransitionData(snapshot(state), event);
  if (data.length === 0) throw new Error(`reward: ${event.type} not accepted in ${state}`);
  return data[0]!.target?.[0]?.key ?? state;
}

/** Only a verified application opens its check detail (§4). */
export const rewardCheckable = (state: string) => state === 'approved' && snapshot(state).hasTag('checkable');
