/**
 * The operator's decisions on the 结汇审核, 核销审核 and 补贴审核 pages (issue 20), as actions of
 * the workflow page (machines/workflow-page.ts), each bound to the entity machine the server
 * decides with: a decision is offered, and its actor accepts it, only where the row's stored state
 * accepts the bank's / customs' event — 受理 and 不受理 of a settlement 申报中, 审核通过 and 审核不通过
 * of one 审核中, 核销通过 / 核销不通过 of an application 审核中, 开始核验 of a reward application 待核验
 * and 核验完成 of one 核验中.
 *
 * Every refusal (不受理, 审核不通过, 核销不通过) asks for the reason the enterprise will read (values.opinion);
 * an approval may carry an opinion; 开始核验 / 核验完成 carry none (the reward machine has none) and
 * are confirmed.
 */
import { reviewSettlementText as t } from '../domain/texts/review-settlement.ts';
import { rewardMachine } from './reward.ts';
import { settlementMachine } from './settlement.ts';
import { verificationMachine } from './settlement-verification.ts';
import type { WorkflowAction, WorkflowValues } from './workflow-page.ts';

/** The opinion typed in the decision dialog, trimmed. */
export const opinionOf = (values: WorkflowValues): string => (typeof values.opinion === 'string' ? values.opinion.trim() : '');
const reasonRequired = (values: WorkflowValues) => (opinionOf(values) === '' ? t.reasonRequired : null);

const settlementGate = (type: string) => ({ machine: settlementMachine, field: 'state', event: { type }, unknown: 'deleted' });
const decision = (code: string, gate: WorkflowAction['gate'], success: string, refusing: boolean): WorkflowAction => ({
  code, gate, pick: t.selectRow, refusal: t.notAllowed, dialog: 'form', success, ...(refusing ? { check: reasonRequired } : {}),
});

/** /review/settlement: the bank's answer to an application, then the audit's decision. */
export const settlementReviewActions = {
  accept: decision('accept', settlementGate('bank.accept'), t.settlement.accepted, false),
  refuse: decision('refuse', settlementGate('bank.reject'), t.settlement.refused, true),
  approve: decision('approve', settlementGate('review.approve'), t.settlement.approved, false),
  reject: decision('reject', settlementGate('review.reject'), t.settlement.rejected, true),
} satisfies Record<string, WorkflowAction>;

const verificationGate = (type: string) => ({ machine: verificationMachine, field: 'state', event: { type }, unknown: 'revoke' });

/** /review/verification: the bank's answer to a verification application. */
export const verificationReviewActions = {
  approve: decision('approve', verificationGate('review.approve'), t.verification.approved, false),
  reject: decision('reject', verificationGate('review.reject'), t.verification.rejected, true),
} satisfies Record<string, WorkflowAction>;

const rewardGate = (type: string) => ({ machine: rewardMachine, field: 'state', event: { type }, unknown: 'approved' });

/** /review/subsidy: customs verifies a reward application. */
export const subsidyReviewActions = {
  start: { code: 'start', gate: rewardGate('review.start'), pick: t.selectRow, refusal: t.notAllowed, dialog: 'confirm', success: t.subsidy.started },
  finish: { code: 'finish', gate: rewardGate('review.finish'), pick: t.selectRow, refusal: t.notAllowed, dialog: 'confirm', success: t.subsidy.finished },
} satisfies Record<string, WorkflowAction>;
