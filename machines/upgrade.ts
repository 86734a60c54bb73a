/**
 * The system-upgrade wizard on the home page (accounts-and-enterprise.md §2 Home and Upgrade wizard,
 * §4, §5): a modal that opens when /agreement/queryInfo says promotion is needed, then notice →
 * agreement (已阅读 after a 5-second countdown) → resource-centre account → finish with the sample
 * image and the login link. Steps can go back. Every step change is asked of the server, which
 * decides it with upgrade-progress.ts, so the page always shows the step the server stored.
 *
 * States
 *   loading             [busy]       invoke `load` (/agreement/queryInfo), then the stored step
 *   failed                           queryInfo failed: nothing is shown (the home page is not blocked)
 *   idle                             no promotion needed: the modal never opens
 *   notice              [open]       下一步 · 稍后升级
 *   agreement.reading   [open]       the countdown runs (timer.tick each second from the view)
 *   agreement.readable  [open]       已阅读 is enabled
 *   account             [open]       the account form; 创建账号 checks the credit code and the password first
 *   goingNext           [open busy]  invoke `next` (/agreement/next) → agreement
 *   confirmingRead      [open busy]  invoke `read` (/agreement/read) → account
 *   backToNotice        [open busy]  invoke `backToNotice` (/agreement/back) → notice
 *   backToAgreement     [open busy]  invoke `backToAgreement` (/agreement/back) → agreement
 *   creating            [open busy]  invoke `create` (/agreement/createRs, then /agreement/template)
 *   finished            [open]       sample image and login link
 *   closed                           the user closed the modal; 系统升级 on the home page opens it again
 * A refused step (another session moved the wizard) warns and reloads the stored step.
 *
 * Events: user.next · user.back · user.read · user.create {password, again} · user.close · user.open · timer.tick
 * Effects (placeholders, supplied with provide()): actors load, step (input next, read or back), create;
 * action notify({kind, message}).
 */
import { assign, fromPromise, setup } from 'xstate';
import { machineLabels } from './labels.ts';
import { UPGRADE_COUNTDOWN_SECONDS, upgradeAgainProblem, upgradePasswordProblem, type UpgradeStep } from '../domain/content/upgrade.ts';
import { upgradeText } from '../domain/texts/upgrade.ts';

/** What /agreement/queryInfo (and each step call) answers. */
export interface UpgradeInfo {
  needPromotion: boolean;
  bizRegNo: string | null;
  companyName: string;
  step: UpgradeStep;
  /** seconds of the agreement's countdown still to run (0 outside the agreement) */
  countdown: number;
}
export interface UpgradeCreated { account: string; loginUrl: string; displayUri: string }
export interface UpgradeDraft { password: string; again: string }
export type StepAction = 'next' | 'back' | 'read';
export interface UpgradeFailure { message: string; errors?: { field: string; message: string }[] }
export interface NotifyParams { kind: 'success' | 'warning'; message: string }

export interface UpgradeContext {
  info: UpgradeInfo | null;
  /** the step the server last answered (what the modal shows, also while a call runs) */
  step: UpgradeStep;
  countdown: number;
  draft: UpgradeDraft;
  errors: Record<string, string>;
  created: UpgradeCreated | null;
}

export type UpgradeEvent =
  | { type: 'user.next' } | { type: 'user.back' } | { type: 'user.read' } | { type: 'user.close' } | { type: 'user.open' } | { type: 'timer.tick' }
  | { type: 'user.create'; password: string; again: string };

const failure = (error: unknown): UpgradeFailure =>
  typeof error === 'object' && error !== null && typeof (error as UpgradeFailure).message === 'string' ? (error as UpgradeFailure) : { message: String(error) };
const reject = (name: string) => async (): Promise<never> => { throw new Error(`upgrade: ${name} not provided`); };
const output = <T>(event: unknown) => (event as { output: T }).output;
const draftOf = (event: UpgradeEvent): UpgradeDraft => (event.type === 'user.create' ? { password: event.password, again: event.again } : { password: '', again: '' });
const problems = (d: UpgradeDraft): Record<string, string> => {
  const errors: Record<string, string> = {};
  const password = upgradePasswordProblem(d.password);
  if (password) errors.password = password;
  const again = upgradeAgainProblem(d.password, d.again);
  if (again) errors.again = again;
  return errors;
};
const warn = { type: 'notify', params: ({ event }: { event: unknown }): NotifyParams => ({ kind: 'warning', message: failure((event as { error?: unknown }).error).message }) } as const;

/** A step call: the server moves the wizard (or refuses: warn, then reload the stored step). */
const stepCall = (id: string, action: StepAction, target: 'notice' | 'agreement' | 'account', description: string) => ({
  description,
  tags: ['open', 'busy'] as const,
  invoke: {
    id, src: 'step' as const, input: action,
    onDone: { target, actions: 'takeInfo' as const },
    onError: { target: 'loading' as const, actions: warn },
  },
});

export const upgradeMachine = setup({
  types: {} as { context: UpgradeContext; events: UpgradeEvent; tags: 'open' | 'busy' },
  actors: {
    load: fromPromise<UpgradeInfo, void>(reject('load')),
    step: fromPromise<UpgradeInfo, StepAction>(reject('step')),
    create: fromPromise<UpgradeCreated, { bizRegNo: string; password: string; again: string }>(reject('create')),
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    takeInfo: assign(({ event }) => {
      const info = output<UpgradeInfo>(event);
      return { info, step: info.step, countdown: info.countdown, errors: {} };
    }),
  },
  guards: {
    notNeeded: ({ event }) => !output<UpgradeInfo>(event).needPromotion,
    atNotice: ({ event }) => output<UpgradeInfo>(event).step === 'notice',
    atAgreement: ({ event }) => output<UpgradeInfo>(event).step === 'agreement',
    agreementCounting: ({ event }) => output<UpgradeInfo>(event).step === 'agreement' && output<UpgradeInfo>(event).countdown > 0,
    lastTick: ({ context }) => context.countdown <= 1,
    noCreditCode: ({ context }) => !context.info?.bizRegNo,
    badPassword: ({ event }) => Object.keys(problems(draftOf(event))).length > 0,
  },
}).createMachine({
  id: 'upgrade',
  meta: machineLabels({
    events: {
      'user.open': '打开升级向导', 'user.next': '下一步', 'user.close': '关闭', 'user.back': '上一步', 'timer.tick': '倒计时一秒',
      'user.read': '已阅读', 'user.create': '创建账号',
    },
    guards: {
      notNeeded: '无需升级', atNotice: '停在公告', agreementCounting: '协议倒计时中', atAgreement: '停在协议', lastTick: '倒计时结束',
      noCreditCode: '缺少统一社会信用代码', badPassword: '密码不合要求',
    },
    actors: { load: '读取升级信息', next: '下一步', read: '确认已阅读', backToNotice: '返回公告', backToAgreement: '返回协议', create: '创建账号' },
  }),
  context: {
    info: null, step: 'notice', countdown: UPGRADE_COUNTDOWN_SECONDS,
    draft: { password: '', again: '' }, errors: {}, created: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: '查询是否需要升级',
      tags: ['busy'],
      invoke: {
        id: 'load', src: 'load',
        onDone: [
          { guard: 'notNeeded', target: 'idle', actions: 'takeInfo' },
          { guard: 'atNotice', target: 'notice', actions: 'takeInfo' },
          { guard: 'agreementCounting', target: 'agreement.reading', actions: 'takeInfo' },
          { guard: 'atAgreement', target: 'agreement.readable', actions: 'takeInfo' },
          { target: 'account', actions: 'takeInfo' },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: { description: '查询失败（不打扰用户）', on: { 'user.open': { target: 'loading' } } },
    idle: { description: '无需升级' },
    notice: {
      description: '升级公告',
      tags: ['open'],
      on: { 'user.next': { target: 'goingNext' }, 'user.close': { target: 'closed' } },
    },
    agreement: {
      description: '阅读协议',
      tags: ['open'],
      initial: 'reading',
      states: {
        reading: {
          description: '倒计时',
          on: {
            'timer.tick': [
              { guard: 'lastTick', target: 'readable', actions: assign({ countdown: 0 }) },
              { actions: assign({ countdown: ({ context }) => context.countdown - 1 }) },
            ],
          },
        },
        readable: { description: '可确认已阅读', on: { 'user.read': { target: '#upgrade.confirmingRead' } } },
      },
      on: { 'user.back': { target: 'backToNotice' }, 'user.close': { target: 'closed' } },
    },
    account: {
      description: '创建资源中心账号',
      tags: ['open'],
      on: {
        'user.create': [
          { guard: 'noCreditCode', actions: { type: 'notify', params: { kind: 'warning', message: upgradeText.noCreditCode } } },
          { guard: 'badPassword', actions: assign({ errors: ({ event }) => problems(draftOf(event)) }) },
          { target: 'creating', actions: assign({ draft: ({ event }) => draftOf(event), errors: {} }) },
        ],
        'user.back': { target: 'backToAgreement' },
        'user.close': { target: 'closed' },
      },
    },
    goingNext: stepCall('next', 'next', 'agreement', '进入阅读协议'),
    confirmingRead: stepCall('read', 'read', 'account', '确认已阅读'),
    backToNotice: stepCall('backToNotice', 'back', 'notice', '返回升级公告'),
    backToAgreement: stepCall('backToAgreement', 'back', 'agreement', '返回阅读协议'),
    creating: {
      description: '创建账号中',
      tags: ['open', 'busy'],
      invoke: {
        id: 'create', src: 'create',
        input: ({ context }) => ({ bizRegNo: context.info?.bizRegNo ?? '', ...context.draft }),
        onDone: {
          target: 'finished',
          actions: [
            assign(({ event }) => ({ created: output<UpgradeCreated>(event), step: 'finished' as const, draft: { password: '', again: '' } })),
            { type: 'notify', params: { kind: 'success', message: upgradeText.created } },
          ],
        },
        onError: {
          target: 'account',
          actions: [
            assign(({ event }) => ({
              draft: { password: '', again: '' },
              errors: Object.fromEntries((failure(event.error).errors ?? []).map((e) => [e.field, e.message])),
            })),
            warn,
          ],
        },
      },
    },
    finished: { description: '升级完成：示例图与登录链接', tags: ['open'], on: { 'user.close': { target: 'closed' } } },
    closed: { description: '已关闭', on: { 'user.open': { target: 'loading' } } },
  },
});

export type UpgradeMachine = typeof upgradeMachine;
