/**
 * The filing lifecycle of an enterprise (approveState). The server decides every enterprise action
 * with this machine: an action the current state does not accept is refused (code -1, naming the
 * state), and the state stored afterwards is the one the machine reaches. The enterprise page asks
 * the same machine whether it may offer 编辑 (hidden while the filing is under review).
 *
 * States (stored codes, domain/enterprise/approval.ts)
 *   unfiled    0  registered, never declared
 *   reviewing  5  declared (保存并申报 /company/apply), waiting for the reviewer: nothing may change
 *   approved   2  filed: the company gets its customs registration code as companyCode
 *   rejected   3  sent back with the reviewer's opinion; edit and declare again
 *
 * Events
 *   company.save              store the profile (保存)
 *   company.attach            add or delete an attachment
 *   company.apply             declare the profile (保存并申报)
 *   company.generateAuthCode  a new enterprise authorization code (filed enterprises only)
 *   review.approve / review.reject   the reviewer's decision (review API or the sandbox)
 */
import { setup } from 'xstate';
import { machineLabels } from './labels.ts';
import { APPROVE_STATE, type ApproveState } from '../domain/enterprise/approval.ts';

export type FilingEvent =
  | { type: 'company.save' }
  | { type: 'company.attach' }
  | { type: 'company.apply' }
  | { type: 'company.generateAuthCode' }
  | { type: 'review.approve' }
  | { type: 'review.reject' };

const changeable = { 'company.save': {}, 'company.attach': {}, 'company.apply': { target: 'reviewing' } } as const;

export const enterpriseFilingMachine = setup({
  types: {} as { events: FilingEvent; tags: 'editable' | 'filed' },
}).createMachine({
  id: 'enterpriseFiling',
  meta: machineLabels({
    events: {
      'company.save': '保存', 'company.attach': '增删附件', 'company.apply': '保存并申报', 'review.approve': '审核通过',
      'review.reject': '审核不通过', 'company.generateAuthCode': '生成企业授权码',
    },
  }),
  initial: 'unfiled',
  states: {
    unfiled: { description: '未备案 (0)', tags: ['editable'], on: { ...changeable } },
    reviewing: {
      description: '审核中 (5)：不能修改',
      on: { 'review.approve': { target: 'approved' }, 'review.reject': { target: 'rejected' } },
    },
    approved: {
      description: '备案通过 (2)',
      tags: ['editable', 'filed'],
      on: { ...changeable, 'company.generateAuthCode': {} },
    },
    rejected: { description: '备案未通过 (3)', tags: ['editable'], on: { ...changeable } },
  },
});

export type EnterpriseFilingMachine = typeof enterpriseFilingMachine;
type FilingValue = 'unfiled' | 'reviewing' | 'approved' | 'rejected';

const valueByCode: Record<ApproveState, FilingValue> = {
  [APPROVE_STATE.unfiled]: 'unfiled',
  [APPROVE_STATE.reviewing]: 'reviewing',
  [APPROVE_STATE.approved]: 'approved',
  [APPROVE_STATE.rejected]: 'rejected',
};
const codeByValue = Object.fromEntries(Object.entries(valueByCode).map(([code, value]) => [value, Number(code)])) as Record<FilingValue, ApproveState>;

/** The snapshot of a stored approveState; an unknown code reads as not filed. */
export function filingSnapshot(code: number) {
  return enterpriseFilingMachine.resolveState({ value: valueByCode[code as ApproveState] ?? 'unfiled', context: undefined });
}

export function filingCodeOf(value: unknown): ApproveState {
  return codeByValue[value as FilingValue] ?? APPROVE_STATE.unfiled;
}

/** Whether the state accepts the event (transitions that keep the state count, unlike snapshot.can()). */
export function filingAccepts(code: number, event: FilingEvent): boolean {
  return enterpriseFilingMachine.getTransitionData(filingSnapshot(code), event).length > 0;
}
