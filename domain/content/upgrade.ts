/**
 * System-upgrade rules (accounts-and-enterprise.md §2 Upgrade wizard, §4, §5, §9): the agreement's
 * 5-second countdown, the initial password of the resource-centre account (8–20 characters, at
 * least two kinds among letters, digits and symbols), and the step indicator.
 */
import { upgradeText as t } from '../texts/upgrade.ts';

export const UPGRADE_COUNTDOWN_SECONDS = 5;
/** §9: the notice's date */
export const UPGRADE_NOTICE_DATE = '2022-09-01';
/** where the finish screen's login link goes (the resource centre of the single window; ours) */
export const RESOURCE_CENTRE_URL = 'https://www.singlewindow.cn/';

export const UPGRADE_STEPS = ['notice', 'agreement', 'account', 'finished'] as const;
export type UpgradeStep = (typeof UPGRADE_STEPS)[number];
export const isUpgradeStep = (v: unknown): v is UpgradeStep => typeof v === 'string' && (UPGRADE_STEPS as readonly string[]).includes(v);

/** Letters, digits and printable ASCII symbols only; no spaces. */
const ALLOWED = /^[\x21-\x7e]+$/;
const KINDS = [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/];

export function upgradePasswordProblem(password: string): string | undefined {
  if (!password) return t.passwordRequired;
  if (password.length < 8 || password.length > 20 || !ALLOWED.test(password)) return t.passwordRule;
  return KINDS.filter((k) => k.test(password)).length >= 2 ? undefined : t.passwordRule;
}

export function upgradeAgainProblem(password: string, again: string): string | undefined {
  if (!again) return t.againRequired;
  return again === password ? undefined : t.mismatch;
}

/**
 * The step indicator (阅读协议 · 创建资源中心账号 · 完成): 0 while the notice or the agreement is on
 * screen, 1 once the agreement is read (account creation), 2 once the account is created.
 */
export function upgradeStepIndex(step: UpgradeStep): number {
  return step === 'finished' ? 2 : step === 'account' ? 1 : 0;
}

/** Seconds of the countdown still to run, `elapsedMs` after the agreement was opened. */
export const countdownLeft = (elapsedMs: number): number =>
  Math.max(0, Math.min(UPGRADE_COUNTDOWN_SECONDS, Math.ceil((UPGRADE_COUNTDOWN_SECONDS * 1000 - elapsedMs) / 1000)));
