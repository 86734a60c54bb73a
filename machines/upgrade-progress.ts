/**
 * An enterprise's progress through the system upgrade (accounts-and-enterprise.md §2 Upgrade
 * wizard, §4, §7). The server decides every wizard call with this machine: a call the stored step
 * does not accept is refused (code -1, naming the step), and the step stored afterwards is the one
 * the machine reaches. The wizard page (upgrade.ts) asks it which buttons to offer.
 *
 * States (the stored step)
 *   notice     升级公告: the notice of 1 September 2022
 *   agreement  阅读协议: 已阅读 is accepted only when the 5-second countdown has run out
 *              (context.countdown: seconds left, computed by the server from when the step began)
 *   account    创建资源中心账号: the account (the unified social credit code) and its initial password
 *   finished   the resource-centre account exists; nothing may change any more
 *
 * Events
 *   upgrade.next    notice → agreement (/agreement/next)
 *   upgrade.read    agreement → account once the countdown is over (/agreement/read)
 *   upgrade.back    agreement → notice, account → agreement (/agreement/back); the agreement's
 *                   countdown starts again each time it is opened
 *   upgrade.create  account → finished (/agreement/createRs)
 */
import { setup } from 'xstate';
import { machineLabels } from './labels.ts';
import { UPGRADE_COUNTDOWN_SECONDS, type UpgradeStep } from '../domain/content/upgrade.ts';

export type UpgradeProgressEvent = { type: 'upgrade.next' } | { type: 'upgrade.read' } | { type: 'upgrade.back' } | { type: 'upgrade.create' };
export interface UpgradeProgressContext { countdown: number }

export const upgradeProgressMachine = setup({
  types: {} as { context: UpgradeProgressContext; events: UpgradeProgressEvent; input: { countdown?: number } | undefined },
  guards: {
    countdownOver: ({ context }) => context.countdown <= 0,
  },
}).createMachine({
  id: 'upgradeProgress',
  meta: machineLabels({
    events: { 'upgrade.next': '下一步', 'upgrade.read': '已阅读', 'upgrade.back': '上一步', 'upgrade.create': '创建账号' },
    guards: { countdownOver: '倒计时已结束' },
  }),
  context: ({ input }) => ({ countdown: input?.countdown ?? 0 }),
  initial: 'notice',
  states: {
    notice: { description: '升级公告', on: { 'upgrade.next': { target: 'agreement' } } },
    agreement: {
      description: `阅读协议：${UPGRADE_COUNTDOWN_SECONDS}秒倒计时结束后可确认已阅读`,
      on: { 'upgrade.read': { guard: 'countdownOver', target: 'account' }, 'upgrade.back': { target: 'notice' } },
    },
    account: { description: '创建资源中心账号', on: { 'upgrade.create': { target: 'finished' }, 'upgrade.back': { target: 'agreement' } } },
    finished: { description: '升级完成', type: 'final' },
  },
});

export type UpgradeProgressMachine = typeof upgradeProgressMachine;

/** The snapshot of a stored step, with the countdown the server computed. */
export function progressSnapshot(step: UpgradeStep, countdown = 0) {
  return upgradeProgressMachine.resolveState({ value: step, context: { countdown } });
}

/** Whether the step accepts the event (guards included: 已阅读 before the countdown ends does not). */
export function progressAccepts(step: UpgradeStep, event: UpgradeProgressEvent, countdown = 0): boolean {
  return upgradeProgressMachine.getTransitionData(progressSnapshot(step, countdown), event).length > 0;
}

/** Whether the step has the event at all, whatever its guard says. */
export function progressKnows(step: UpgradeStep, event: UpgradeProgressEvent): boolean {
  return progressAccepts(step, event, 0);
}

export function progressStepOf(value: unknown): UpgradeStep {
  return value === 'agreement' || value === 'account' || value === 'finished' ? value : 'notice';
}
