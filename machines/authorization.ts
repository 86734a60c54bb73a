/**
 * Settlement authorization (accounts-and-enterprise.md §2, §4, §6): an agent (the applying
 * company) asks an e-commerce company (commerce) for the right to settle its inventories; the
 * commerce company agrees, refuses, or later recalls. The server decides every action with this
 * machine on the stored state.
 *
 * States
 *   to_audit      待审核   requested by the agent
 *   approved      已授权   agreed (the agent may apply settlements of the commerce company's inventories)
 *   not_approved  已拒绝   refused
 *   take_back     已回收   recalled after 确认回收企业授权?
 *   deleted                (not stored) removed by the agent
 *
 * Events
 *   commerce.agree / commerce.refuse / commerce.recall   the commerce company (confirm list)
 *   agent.delete                                         the agent (apply list); an approved
 *                                                        authorization must be recalled first
 */
import { setup } from 'xstate';
import { machineLabels } from './labels.ts';

export type AuthorizationEvent =
  | { type: 'commerce.agree' }
  | { type: 'commerce.refuse' }
  | { type: 'commerce.recall' }
  | { type: 'agent.delete' };

export const authorizationEvents: AuthorizationEvent[] = [
  { type: 'commerce.agree' }, { type: 'commerce.refuse' }, { type: 'commerce.recall' }, { type: 'agent.delete' },
];

export const authorizationMachine = setup({
  types: {} as { events: AuthorizationEvent; tags: 'live' },
}).createMachine({
  id: 'authorization',
  meta: machineLabels({
    events: { 'commerce.agree': '同意授权', 'commerce.refuse': '拒绝授权', 'agent.delete': '删除', 'commerce.recall': '回收授权' },
  }),
  initial: 'to_audit',
  states: {
    to_audit: {
      description: '待审核',
      tags: ['live'],
      on: {
        'commerce.agree': { target: 'approved' },
        'commerce.refuse': { target: 'not_approved' },
        'agent.delete': { target: 'deleted' },
      },
    },
    approved: { description: '已授权', tags: ['live'], on: { 'commerce.recall': { target: 'take_back' } } },
    not_approved: { description: '已拒绝', on: { 'agent.delete': { target: 'deleted' } } },
    take_back: { description: '已回收', on: { 'agent.delete': { target: 'deleted' } } },
    deleted: { description: '已删除（记录不再保存）', type: 'final' },
  },
});

function snapshot(state: string) {
  const known = (authorizationMachine.root.states as Record<string, unknown>)[state] !== undefined;
  return authorizationMachine.resolveState({ value: known ? state : 'deleted', context: undefined });
}

export function authorizationAccepts(state: string, event: AuthorizationEvent): boolean {
  return authorizationMachine.getTransitionData(snapshot(state), event).length > 0;
}

export function authorizationNext(state: string, event: AuthorizationEvent): string {
  const data = authorizationMachine.getTransitionData(snapshot(state), event);
  if (data.length === 0) throw new Error(`authorization: ${event.type} not accepted in ${state}`);
  return data[0]!.target?.[0]?.key ?? state;
}

/** A live authorization (to_audit or approved) blocks a second request for the same pair. */
export const authorizationLive = (state: string) => snapshot(state).hasTag('live');
