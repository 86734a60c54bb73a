/**
 * The server's side of the filing lifecycle: every enterprise action is decided by
 * machines/enterprise-filing.ts on the stored approveState, and the state written is the one the
 * machine reaches, so the diagram is the rule.
 */
import { transition } from 'xstate';
import { approveStateName } from '../../domain/enterprise/approval.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { enterpriseFilingMachine, filingAccepts, filingCodeOf, filingSnapshot, type FilingEvent } from '../../machines/enterprise-filing.ts';
import { BizError } from '../http/errors.ts';

export type FilingAction = keyof typeof enterpriseText.verbs;

const events: Record<FilingAction, FilingEvent> = {
  save: { type: 'company.save' },
  attach: { type: 'company.attach' },
  apply: { type: 'company.apply' },
  generateAuthCode: { type: 'company.generateAuthCode' },
  approve: { type: 'review.approve' },
  reject: { type: 'review.reject' },
};

/** Refuses (code -1, `当前备案状态为审核中，不能修改`) unless the state accepts the action; answers the state to store. */
export function decideFiling(approveState: number, action: FilingAction): number {
  const event = events[action];
  if (!filingAccepts(approveState, event)) {
    throw new BizError(enterpriseText.refused(approveStateName(approveState), enterpriseText.verbs[action]));
  }
  const [next] = transition(enterpriseFilingMachine, filingSnapshot(approveState), event);
  return filingCodeOf(next.value);
}
