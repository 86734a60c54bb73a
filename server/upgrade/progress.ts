/**
 * The server's side of the upgrade wizard: every wizard call is decided by
 * machines/upgrade-progress.ts on the stored step (and, for 已阅读, the countdown left since the
 * agreement was opened); the step stored afterwards is the one the machine reaches.
 */
import { transition } from 'xstate';
import { countdownLeft, isUpgradeStep, type UpgradeStep } from '../../domain/content/upgrade.ts';
import { upgradeText as t } from '../../domain/texts/upgrade.ts';
import { progressAccepts, progressKnows, progressSnapshot, progressStepOf, upgradeProgressMachine, type UpgradeProgressEvent } from '../../machines/upgrade-progress.ts';
import { BizError } from '../http/errors.ts';

export type UpgradeAction = keyof typeof t.verbs;

const events: Record<UpgradeAction, UpgradeProgressEvent> = {
  next: { type: 'upgrade.next' }, back: { type: 'upgrade.back' }, read: { type: 'upgrade.read' }, create: { type: 'upgrade.create' },
};

export const storedStep = (step: string): UpgradeStep => (isUpgradeStep(step) ? step : 'notice');

/** Seconds of the agreement's countdown left (0 on any other step). */
export function countdownOf(step: UpgradeStep, stepAt: Date, now: number): number {
  return step === 'agreement' ? countdownLeft(now - new Date(stepAt).getTime()) : 0;
}

/** Refuses (code -1, `当前步骤为升级公告，不能创建资源中心账号`) unless the step accepts the action; answers the step to store. */
export function decideUpgrade(step: UpgradeStep, stepAt: Date, action: UpgradeAction, now: number): UpgradeStep {
  const event = events[action];
  if (!progressKnows(step, event)) throw new BizError(t.refused(t.stepNames[step], t.verbs[action]));
  const countdown = countdownOf(step, stepAt, now);
  if (!progressAccepts(step, event, countdown)) throw new BizError(t.readTooSoon(countdown));
  const [next] = transition(upgradeProgressMachine, progressSnapshot(step, countdown), event);
  return progressStepOf(next.value);
}
