/**
 * The exchange settlement (结汇) workflow (accounts-and-enterprise.md §2, §4). The server decides
 * every settlement action with this machine on the stored state: an action the state does not
 * accept is refused (code -1, naming the state), and the state stored afterwards is the one the
 * machine reaches. The pages ask the same machine which row actions to offer.
 *
 * States (stored as their names)
 *   to_declare    待生成      created by adding inventories; lines may be added and removed,
 *                             applied with a bank (提交申请) or deleted
 *   declare       申报中      sent to the bank, waiting for it to accept
 *   audit         审核中      the bank accepted, customs and the bank audit; 撤销申请 (with a reason) only here
 *   approved      审核通过    settled; verification (核销) may follow
 *   not_approved  审核不通过  refused by the bank or the audit; its inventories are free again
 *   revoke        已撤销      revoked by the company during the audit; kept in the revocation history
 *   deleted                   (not stored) the record is gone
 *
 * Events
 *   settlement.edit     add or delete inventory lines, save the head (specDeclFlag)
 *   settlement.apply    提交申请 with a bank from bank_code
 *   settlement.delete   删除申请
 *   settlement.revoke   撤销申请 with a reason
 *   bank.accept / bank.reject          the bank's answer to the application (sandbox or review API)
 *   review.approve / review.reject     the audit's decision (sandbox or review API)
 *
 * Tags: editable (detail opens in edit mode), detail (detail opens in view mode, §4; also a refused
 * one, issue 31: its company reads what was refused and why), verifiable.
 */
import { setup } from 'xstate';
import { machineLabels } from './labels.ts';
import type { SettlementState } from '../domain/settlement/states.ts';

export type SettlementEvent =
  | { type: 'settlement.edit' }
  | { type: 'settlement.apply' }
  | { type: 'settlement.delete' }
  | { type: 'settlement.revoke' }
  | { type: 'bank.accept' }
  | { type: 'bank.reject' }
  | { type: 'review.approve' }
  | { type: 'review.reject' };

export const settlementEvents: SettlementEvent[] = [
  { type: 'settlement.edit' }, { type: 'settlement.apply' }, { type: 'settlement.delete' }, { type: 'settlement.revoke' },
  { type: 'bank.accept' }, { type: 'bank.reject' }, { type: 'review.approve' }, { type: 'review.reject' },
];

export const settlementMachine = setup({
  types: {} as { events: SettlementEvent; tags: 'editable' | 'detail' | 'verifiable' },
}).createMachine({
  id: 'settlement',
  meta: machineLabels({
    events: {
      'settlement.edit': '修改', 'settlement.apply': '提交申请', 'settlement.delete': '删除申请', 'bank.accept': '银行受理',
      'bank.reject': '银行拒绝', 'review.approve': '审核通过', 'review.reject': '审核不通过', 'settlement.revoke': '撤销申请',
    },
  }),
  initial: 'to_declare',
  states: {
    to_declare: {
      description: '待生成：可添加、删除清单，提交申请或删除',
      tags: ['editable', 'detail'],
      on: {
        'settlement.edit': {},
        'settlement.apply': { target: 'declare' },
        'settlement.delete': { target: 'deleted' },
      },
    },
    declare: {
      description: '申报中：等待银行受理',
      tags: ['detail'],
      on: { 'bank.accept': { target: 'audit' }, 'bank.reject': { target: 'not_approved' } },
    },
    audit: {
      description: '审核中：可撤销申请（须填写理由）',
      tags: ['detail'],
      on: {
        'review.approve': { target: 'approved' },
        'review.reject': { target: 'not_approved' },
        'settlement.revoke': { target: 'revoke' },
      },
    },
    approved: { description: '审核通过', tags: ['detail', 'verifiable'], type: 'final' },
    not_approved: { description: '审核不通过（可查看）', tags: ['detail'], type: 'final' },
    revoke: { description: '已撤销', type: 'final' },
    deleted: { description: '已删除（记录不再保存）', type: 'final' },
  },
});

export type SettlementMachine = typeof settlementMachine;
export type SettlementValue = SettlementState | 'deleted';

/** The snapshot of a stored state; an unknown state reads as deleted, which accepts nothing. */
export function settlementSnapshot(state: string) {
  const known = (settlementMachine.root.states as Record<string, unknown>)[state] !== undefined;
  return settlementMachine.resolveState({ value: known ? state : 'deleted', context: undefined });
}

/** Whether the stored state accepts the event (transitions that keep the state count, unlike snapshot.can()). */
export function settlementAccepts(state: string, event: SettlementEvent): boolean {
  return settlementMachine.getTransitionData(settlementSnapshot(state), event).length > 0;
}

/** The state the machine reaches; throws if the state does not accept the event (callers check first). */
export function settlementNext(state: string, event: SettlementEvent): SettlementValue {
  const data = settlementMachine.getTransitionData(settlementSnapshot(state), event);
  if (data.length === 0) throw new Error(`settlement: ${event.type} not accepted in ${state}`);
  const target = data[0]!.target?.[0];
  return (target ? target.key : state) as SettlementValue;
}

export const settlementHasTag = (state: string, tag: 'editable' | 'detail' | 'verifiable') => settlementSnapshot(state).hasTag(tag);
