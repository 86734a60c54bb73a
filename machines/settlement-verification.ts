/**
 * A verification (核销) application of an approved settlement (accounts-and-enterprise.md §2, §4).
 * Applying creates it in audit (the amount is checked against what is still unverified); the bank
 * answers (sandbox or review API); the company may revoke it with a reason while it is in audit.
 * The server decides every verification action with this machine.
 *
 * States: audit 审核中 → approved 核销成功 | not_approved 核销失败 | revoke 已撤销
 * Events: verification.revoke (撤销申请), review.approve, review.reject
 */
import { setup } from 'xstate';
import { machineLabels } from './labels.ts';

export type VerificationEvent = { type: 'verification.revoke' } | { type: 'review.approve' } | { type: 'review.reject' };
export const verificationEvents: VerificationEvent[] = [{ type: 'verification.revoke' }, { type: 'review.approve' }, { type: 'review.reject' }];

export const verificationMachine = setup({
  types: {} as { events: VerificationEvent },
}).createMachine({
  id: 'verification',
  meta: machineLabels({
    events: { 'review.approve': '核销成功', 'review.reject': '核销失败', 'verification.revoke': '撤销申请' },
  }),
  initial: 'audit',
  states: {
    audit: {
      description: '审核中：银行核对核销金额，可撤销申请（须填写理由）',
      on: {
        'review.approve': { target: 'approved' },
        'review.reject': { target: 'not_approved' },
        'verification.revoke': { target: 'revoke' },
      },
    },
    approved: { description: '核销成功', type: 'final' },
    not_approved: { description: '核销失败：金额退回可核销金额', type: 'final' },
    revoke: { description: '已撤销：金额退回可核销金额', type: 'final' },
  },
});

function snapshot(state: string) {
  const known = (verificationMachine.root.states as Record<string, unknown>)[state] !== undefined;
  return verificationMachine.resolveState({ value: known ? state : 'revoke', context: undefined });
}

export function verificationAccepts(state: string, event: VerificationEvent): boolean {
  return verificationMachine.getTransitionData(snapshot(state), event).length > 0;
}

export function verificationNext(state: string, event: VerificationEvent): string {
  const data = verificationMachine.getTransitionData(snapshot(state), event);
  if (data.length === 0) throw new Error(`verification: ${event.type} not accepted in ${state}`);
  return data[0]!.target?.[0]?.key ?? state;
}
