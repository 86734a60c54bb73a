/**
 * The server's side of the settlement workflows: every action is decided by the machine on the
 * stored state (machines/settlement.ts, settlement-verification.ts, authorization.ts) and the state
 * written is the one the machine reaches. A refusal is code -1 naming the record and its state.
 */
import { authorizationStateNames, settlementStateNames, stateNameOf, verificationStateNames } from '../../domain/settlement/states.ts';
import { authorizationText, settlementText, verificationText } from '../../domain/texts/settlement.ts';
import { authorizationAccepts, authorizationNext, type AuthorizationEvent } from '../../machines/authorization.ts';
import { verificationAccepts, verificationNext, type VerificationEvent } from '../../machines/settlement-verification.ts';
import { settlementAccepts, settlementNext, type SettlementEvent, type SettlementValue } from '../../machines/settlement.ts';
import { settlementLockAccepts, settlementLockNext } from '../../machines/settlement-lock.ts';
import type { SettlementLockState } from '../../domain/settlement/states.ts';
import { BizError } from '../http/errors.ts';

export type SettlementVerb = keyof typeof settlementText.verbs;
export const settlementEventOf: Record<SettlementVerb, SettlementEvent> = {
  edit: { type: 'settlement.edit' },
  apply: { type: 'settlement.apply' },
  delete: { type: 'settlement.delete' },
  revoke: { type: 'settlement.revoke' },
  accept: { type: 'bank.accept' },
  refuse: { type: 'bank.reject' },
  approve: { type: 'review.approve' },
  reject: { type: 'review.reject' },
};

/** The title a refusal names: the declaration number once there is one, else the record number. */
export const settlementTitle = (row: { id: number | string; declare_no: string | null }) => row.declare_no ?? `#${row.id}`;

/** The company's own changes, which a lock refuses (machines/settlement-lock.ts); the bank's and the audit's answers are not. */
const companyVerbs = new Set<SettlementVerb>(['edit', 'apply', 'delete', 'revoke']);

/**
 * The workflow decides first (an action the state never allows says so); a lock then refuses what
 * the state would allow. Rows read without lock_state are unlocked.
 */
export function decideSettlement(row: { id: number | string; declare_no: string | null; state: string; lock_state?: string }, verb: SettlementVerb, event = settlementEventOf[verb]): SettlementValue {
  if (!settlementAccepts(row.state, event)) {
    throw new BizError(settlementText.refused(settlementTitle(row), stateNameOf(settlementStateNames, row.state), settlementText.verbs[verb]));
  }
  if (companyVerbs.has(verb) && !settlementLockAccepts(row.lock_state ?? 'unlocked', { type: 'settlement.change' })) {
    throw new BizError(settlementText.lockedRefused(settlementTitle(row), settlementText.verbs[verb]));
  }
  return settlementNext(row.state, event);
}

/** 批量锁定 / 批量解锁 of one record: the lock state reached, or the refusal naming the record. */
export function decideSettlementLock(row: { id: number | string; declare_no: string | null; lock_state: string }, lock: boolean): SettlementLockState {
  const event = lock ? { type: 'settlement.lock' as const } : { type: 'settlement.unlock' as const };
  if (!settlementLockAccepts(row.lock_state, event)) {
    throw new BizError(lock ? settlementText.alreadyLocked(settlementTitle(row)) : settlementText.notLocked(settlementTitle(row)));
  }
  return settlementLockNext(row.lock_state, event);
}

export type VerificationVerb = keyof typeof verificationText.verbs;
const verificationEvents: Record<VerificationVerb, VerificationEvent> = {
  revoke: { type: 'verification.revoke' }, approve: { type: 'review.approve' }, reject: { type: 'review.reject' },
};
export function decideVerification(row: { ver_no: string; state: string }, verb: VerificationVerb): string {
  const event = verificationEvents[verb];
  if (!verificationAccepts(row.state, event)) {
    throw new BizError(verificationText.refused(row.ver_no, stateNameOf(verificationStateNames, row.state), verificationText.verbs[verb]));
  }
  return verificationNext(row.state, event);
}

export type AuthorizationVerb = keyof typeof authorizationText.verbs;
const authorizationEvents: Record<AuthorizationVerb, AuthorizationEvent> = {
  agree: { type: 'commerce.agree' }, refuse: { type: 'commerce.refuse' }, recall: { type: 'commerce.recall' }, delete: { type: 'agent.delete' },
};
export function decideAuthorization(row: { commerce_name: string; state: string }, verb: AuthorizationVerb): string {
  const event = authorizationEvents[verb];
  if (!authorizationAccepts(row.state, event)) {
    throw new BizError(authorizationText.stateMachineRefused(row.commerce_name, stateNameOf(authorizationStateNames, row.state), authorizationText.verbs[verb]));
  }
  return authorizationNext(row.state, event);
}
