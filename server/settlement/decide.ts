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

export function decideSettlement(row: { id: number | string; declare_no: string | null; state: string }, verb: SettlementVerb, event = settlementEventOf[verb]): SettlementValue {
  if (!settlementAccepts(row.state, event)) {
    throw new BizError(settlementText.refused(settlementTitle(row), stateNameOf(settlementStateNames, row.state), settlementText.verbs[verb]));
  }
  return settlementNext(row.state, event);
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
