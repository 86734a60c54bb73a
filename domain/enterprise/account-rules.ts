/**
 * Sub-account rules (accounts-and-enterprise.md §3, §5): a sub-account's login name is stored as
 * name@parent; its password is 6–30 letters and digits, starting with a letter, with both kinds.
 */
import { accountText as t } from '../texts/accounts.ts';
import { charLength } from '../bills/validation.ts';

export const SUB_ACCOUNT_PASSWORD = /^[A-Za-z](?=.*\d)[A-Za-z\d]{5,29}$/;
export const SUB_ACCOUNT_NAME = /^[A-Za-z0-9_.-]+$/;
export const SUB_ACCOUNT_NAME_MAX = 20;
export const ACCOUNT_STATES = ['EFFECTIVE', 'INVALID'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export function subAccountPasswordProblem(password: string): string | undefined {
  if (!password) return t.passwordRequired;
  return SUB_ACCOUNT_PASSWORD.test(password) ? undefined : t.passwordRule;
}

export function subAccountNameProblem(name: string): string | undefined {
  const v = name.trim();
  if (!v) return t.loginNameRequired;
  if (charLength(v) > SUB_ACCOUNT_NAME_MAX) return t.loginNameTooLong;
  return SUB_ACCOUNT_NAME.test(v) ? undefined : t.loginNameBad;
}

export function againProblem(password: string, again: string): string | undefined {
  if (!again) return t.againRequired;
  return again === password ? undefined : t.mismatch;
}

/** The stored login name of a sub-account: its name, @, the parent account's login name. */
export const subAccountLoginName = (name: string, parentLoginName: string): string => `${name.trim()}@${parentLoginName}`;
