/**
 * The lifecycle of a declared bill, driven by the user and by customs receipts. The server decides
 * every action with this machine (an action the current state does not accept is refused), the list
 * enables batch actions with it, and receipts move a bill through it, newest customs time first,
 * so a late or duplicate receipt never moves a bill backwards.
 *
 * Stored state codes (the state dictionaries of domain/bill-states.ts):
 *   draft DRAFT · declaring DECLARING (in the outbox) · sendFailed SEND_FAILED (transport failed)
 *   customs.* the receipt's returnStatus (1 暂存, 2 申报中, 3 发送海关成功, 4 发送海关失败, 100 海关退单,
 *   120 海关入库, 300 人工审核, 399 海关审结, 5xx 查验/扣留, 600 挂起 (CEB214), 700 退运, 800 放行, 899 结关)
 *   · ERROR (negative). A code no state takes (an undocumented one) moves nothing: the receipt is
 *   stored and shown with its raw code (domain/bill-states.ts isDocumentedStatus).
 *
 * Stages never go backwards (guard earlierStage, receiptStage below): customs' answers to one
 * declaration climb 1/2/3 < 120 < 300/399 < 5xx/600 < 700/800 < 899. A receipt of an earlier stage
 * than the newest one applied moves nothing even when its customs time is later (a 120 stamped
 * after the 800): it is kept and shown as 迟到回执. 100 退单 and the negative codes are refusals:
 * they move a bill customs has not decided on yet (as 改为退单 may), never one it concluded,
 * released, returned or closed; after a refusal the bill starts over (stage 0) for its next
 * declaration, like a bill that was never answered.
 *
 * Events
 *   user.save        create or change the bill (allowed while nothing is with customs or customs refused it)
 *   user.declare     write the message to the outbox (申报, 保存并申报, 批量申报)
 *   user.delete      remove the bill
 *   user.resendReceipt  re-deliver the latest receipt (重新发送回执), once customs has answered
 *   transport.sent / transport.failed   the outbox worker delivered the message, or gave up
 *   customs.receipt {returnStatus, returnTime}  a receipt (returnTime yyyyMMddHHmmssSSS)
 *   user.markReturned  改为退单: customs refused the bill outside the receipts (e-port or customs
 *                    stages, before a decision); the bill becomes 海关退单 (100), editable again
 *   Actions that make another bill from this one and leave its state as it is (bills §4), each
 *   accepted where the documents customs holds allow it (ceb-messages §5.4; the simulator's matches):
 *   user.deliver     生成运抵单 / 生成清单总分单: customs took the inventory (120, 300, 5xx, 399, 800)
 *   user.depart      批量离境: taken and not held (120 — a 清单总分单's final answer —, 399, 800)
 *   user.cancel      申请撤单 / 总分单撤销: taken, not yet shipped out of customs' hands (120, 399, 800)
 *   user.cancelReleased  申请撤单 of an import inventory (CEB623): released and not yet closed (800);
 *                    customs withdraws only a released import inventory whose goods have not left
 *                    (ceb-messages §5.4, error −623005; docs/decisions/import-invt-which-states-allow-what.md "Import inventory actions")
 *   user.refund      申请退货: released or closed (800, 899)
 *   user.summarize   汇总申请: released or closed (800, 899)
 *   source.withdrawn  the 撤销申请 made from this inventory was concluded by customs (399,
 *                    BillDefinition.withdraws): taken, concluded or released (120, 399, 800) →
 *                    withdrawn WITHDRAWN 已撤单, which no later receipt moves and no action leaves
 */
import { assign, setup } from 'xstate';
import { machineLabels } from './labels.ts';

export interface LifecycleContext {
  /** returnStatus of the newest receipt applied ('' before any) */
  returnStatus: string;
  /** its customs time, yyyyMMddHHmmssSSS; older receipts are ignored */
  returnTime: string;
}

export type LifecycleEvent =
  | { type: 'user.save' }
  | { type: 'user.declare' }
  | { type: 'user.delete' }
  | { type: 'user.resendReceipt' }
  | { type: 'user.markReturned' }
  | { type: 'user.deliver' }
  | { type: 'user.depart' }
  | { type: 'user.cancel' }
  | { type: 'user.cancelReleased' }
  | { type: 'user.refund' }
  | { type: 'user.summarize' }
  | { type: 'source.withdrawn' }
  | { type: 'transport.sent' }
  | { type: 'transport.failed' }
  | { type: 'customs.receipt'; returnStatus: string; returnTime: string };

type Receipt = Extract<LifecycleEvent, { type: 'customs.receipt' }>;

/** A refusal: 100 退单 or a negative code. */
const isRefusal = (status: string) => status === '100' || /^-\d+$/.test(status);

/**
 * The stage of a customs status in the lifecycle: 0 nothing yet (or refused: the bill starts over),
 * 1 e-port (1/2/3/4), 2 stored (120), 3 review/concluded (300/399), 4 held (5xx, 600),
 * 5 released/returned (800, 700), 6 closed (899); undefined for a code no stage knows.
 */
export function receiptStage(status: string): number | undefined {
  if (status === '' || isRefusal(status)) return 0;
  const n = Number(status);
  if (!/^\d+$/.test(status)) return undefined;
  if (n >= 1 && n <= 4) return 1;
  if (n === 120) return 2;
  if (n === 300 || n === 399) return 3;
  if ((n >= 500 && n <= 599) || n === 600) return 4;
  if (n === 700 || n === 800) return 5;
  if (n === 899) return 6;
  return undefined;
}

/** Customs has decided (399 审结 and later): a refusal no longer applies. */
const decided = (status: string) => ['399', '700', '800', '899'].includes(status);

/**
 * Whether a receipt of `status` would move a bill whose newest applied receipt is `current`
 * backwards: an earlier stage, or a refusal after customs decided. Pure, for the machine's guard
 * and for the timeline (迟到回执).
 */
export function isEarlierStage(current: string, status: string): boolean {
  if (isRefusal(status)) return decided(current);
  const now = receiptStage(current) ?? 0;
  const next = receiptStage(status);
  return next !== undefined && next < now;
}
/** 改为退单 from a state where customs has not decided yet. */
const markReturned = { 'user.markReturned': { target: '#billLifecycle.customs.rejected', actions: 'markReturned' } } as const;
const withdrawn = { 'source.withdrawn': { target: '#billLifecycle.withdrawn' } } as const;
const codeIn = (codes: string[]) => ({ event }: { event: LifecycleEvent }) =>
  event.type === 'customs.receipt' && codes.includes(String(event.returnStatus));
const rangeIn = (lo: number, hi: number) => ({ event }: { event: LifecycleEvent }) =>
  event.type === 'customs.receipt' && Number(event.returnStatus) >= lo && Number(event.returnStatus) <= hi;

export const billLifecycleMachine = setup({
  types: {} as { context: LifecycleContext; events: LifecycleEvent; input: Partial<LifecycleContext> | undefined; tags: 'editable' | 'withCustoms' },
  actions: {
    record: assign(({ event }) => {
      const e = event as Receipt;
      return { returnStatus: String(e.returnStatus), returnTime: e.returnTime };
    }),
    // 改为退单 keeps the newest receipt's time: a later receipt from customs still applies
    markReturned: assign({ returnStatus: '100' }),
  },
  guards: {
    /** older than (or as old as) the newest receipt applied: a late or duplicate receipt */
    stale: ({ context, event }) => event.type === 'customs.receipt' && event.returnTime <= context.returnTime,
    /** later in customs time but of an earlier stage than the newest receipt applied: 迟到回执, moves nothing */
    earlierStage: ({ context, event }) => event.type === 'customs.receipt' && isEarlierStage(context.returnStatus, String(event.returnStatus)),
    negative: ({ event }) => event.type === 'customs.receipt' && Number(event.returnStatus) < 0,
    atEport: codeIn(['1', '2', '3']),
    sendFailedAtEport: codeIn(['4']),
    rejected: codeIn(['100']),
    stored: codeIn(['120']),
    review: codeIn(['300']),
    concluded: codeIn(['399']),
    inspection: rangeIn(500, 599),
    suspended: codeIn(['600']),
    returned: codeIn(['700']),
    released: codeIn(['800']),
    closed: codeIn(['899']),
  },
}).createMachine({
  id: 'billLifecycle',
  meta: machineLabels({
    direction: 'LR', // twelve customs states side by side are too wide to read top-down
    events: {
      'user.save': '保存', 'user.declare': '申报', 'user.delete': '删除', 'user.resendReceipt': '重新发送回执',
      'user.markReturned': '改为退单', 'user.deliver': '生成运抵单/总分单', 'user.depart': '批量离境', 'user.cancel': '申请撤单', 'user.cancelReleased': '申请撤单（已放行）', 'source.withdrawn': '撤销申请审结',
      'user.refund': '申请退货', 'user.summarize': '汇总申请', 'transport.sent': '报文已发送', 'transport.failed': '报文发送失败',
      'customs.receipt': '回执',
    },
    guards: {
      // the target state already reads 海关入库 (120): the arrow says which receipt code leads there
      stale: '回执过时', earlierStage: '迟到回执（阶段在前）', negative: '负数', atEport: '1/2/3 口岸', sendFailedAtEport: '4 失败',
      rejected: '100 退单', stored: '120 入库', review: '300 审核', concluded: '399 审结',
      inspection: '5xx 查验', suspended: '600 挂起', returned: '700 退运', released: '800 放行', closed: '899 结关',
    },
  }),
  context: ({ input }) => ({ returnStatus: input?.returnStatus ?? '', returnTime: input?.returnTime ?? '' }),
  initial: 'draft',
  on: {
    'customs.receipt': [
      { guard: 'stale' },
      { guard: 'earlierStage' },
      { guard: 'negative', target: '.customs.error', actions: 'record' },
      { guard: 'atEport', target: '.customs.eport', actions: 'record' },
      { guard: 'sendFailedAtEport', target: '.customs.failed', actions: 'record' },
      { guard: 'rejected', target: '.customs.rejected', actions: 'record' },
      { guard: 'stored', target: '.customs.stored', actions: 'record' },
      { guard: 'review', target: '.customs.review', actions: 'record' },
      { guard: 'concluded', target: '.customs.concluded', actions: 'record' },
      { guard: 'inspection', target: '.customs.inspection', actions: 'record' },
      { guard: 'suspended', target: '.customs.suspended', actions: 'record' },
      { guard: 'returned', target: '.customs.returned', actions: 'record' },
      { guard: 'released', target: '.customs.released', actions: 'record' },
      { guard: 'closed', target: '.customs.closed', actions: 'record' },
    ],
  },
  states: {
    draft: {
      description: '暂存',
      tags: ['editable'],
      on: { 'user.save': {}, 'user.declare': { target: 'declaring' }, 'user.delete': { target: 'deleted' } },
    },
    declaring: {
      description: '申报中（待发送）',
      on: { 'transport.sent': { target: 'sent' }, 'transport.failed': { target: 'sendFailed' } },
    },
    sent: {
      description: '已发送，等待回执',
    },
    sendFailed: {
      description: '发送失败',
      tags: ['editable'],
      on: { 'user.save': {}, 'user.declare': { target: 'declaring' }, 'user.delete': { target: 'deleted' } },
    },
    customs: {
      description: '海关处理',
      tags: ['withCustoms'],
      on: { 'user.resendReceipt': {} },
      initial: 'eport',
      states: {
        eport: { description: '电子口岸处理中 (1/2/3)', on: { ...markReturned } },
        failed: {
          description: '发送海关失败 (4)', tags: ['editable'],
          on: { 'user.save': {}, 'user.declare': { target: '#billLifecycle.declaring' }, 'user.delete': { target: '#billLifecycle.deleted' } },
        },
        rejected: {
          description: '海关退单 (100)', tags: ['editable'],
          on: { 'user.save': {}, 'user.declare': { target: '#billLifecycle.declaring' }, 'user.delete': { target: '#billLifecycle.deleted' } },
        },
        error: {
          description: '申报异常 (负数回执)', tags: ['editable'],
          on: { 'user.save': {}, 'user.declare': { target: '#billLifecycle.declaring' }, 'user.delete': { target: '#billLifecycle.deleted' } },
        },
        stored: { description: '海关入库 (120)', on: { ...markReturned, 'user.deliver': {}, 'user.depart': {}, 'user.cancel': {}, ...withdrawn } },
        review: { description: '人工审核 (300)', on: { ...markReturned, 'user.deliver': {} } },
        concluded: { description: '海关审结 (399)', on: { 'user.deliver': {}, 'user.depart': {}, 'user.cancel': {}, ...withdrawn } },
        inspection: { description: '查验/扣留 (5xx)', on: { ...markReturned, 'user.deliver': {} } },
        suspended: { description: '挂起 (600)', on: { ...markReturned } },
        returned: { description: '退运 (700)' },
        released: {
          description: '放行 (800)',
          on: { 'user.deliver': {}, 'user.depart': {}, 'user.cancel': {}, 'user.cancelReleased': {}, 'user.refund': {}, 'user.summarize': {}, ...withdrawn },
        },
        closed: { description: '结关 (899)', on: { 'user.refund': {}, 'user.summarize': {} } },
      },
    },
    // customs withdrew it: its own later receipts move it no more (taken here, changing nothing)
    withdrawn: { description: '已撤单（撤销申请海关审结）', on: { 'customs.receipt': {} } },
    deleted: { type: 'final', description: '已删除' },
  },
});

export type BillLifecycleMachine = typeof billLifecycleMachine;

/** Local state codes kept in bill_heads.state before customs answers. */
const localCodes: Record<string, string> = { draft: 'DRAFT', declaring: 'DECLARING', sent: 'DECLARING', sendFailed: 'SEND_FAILED', withdrawn: 'WITHDRAWN' };

/** The state value a stored state code stands for. */
export function lifecycleValueOf(code: string): string | { customs: string } {
  switch (code) {
    case 'DRAFT': return 'draft';
    case 'DECLARING': return 'declaring';
    case 'SEND_FAILED': return 'sendFailed';
    case 'WITHDRAWN': return 'withdrawn';
    case 'ERROR': return { customs: 'error' };
    case '1': case '2': case '3': return { customs: 'eport' };
    case '4': return { customs: 'failed' };
    case '100': return { customs: 'rejected' };
    case '120': return { customs: 'stored' };
    case '300': return { customs: 'review' };
    case '399': return { customs: 'concluded' };
    case '600': return { customs: 'suspended' };
    case '700': return { customs: 'returned' };
    case '800': return { customs: 'released' };
    case '899': return { customs: 'closed' };
    default: return Number(code) >= 500 && Number(code) <= 599 ? { customs: 'inspection' } : Number(code) < 0 ? { customs: 'error' } : 'draft';
  }
}

/** The code to store for a lifecycle snapshot: the local code, or the newest receipt's returnStatus. */
export function lifecycleCodeOf(value: unknown, context: LifecycleContext): string {
  if (typeof value === 'string') return localCodes[value] ?? value.toUpperCase();
  if (value && typeof value === 'object' && 'customs' in value) {
    if ((value as { customs: string }).customs === 'error') return 'ERROR';
    return context.returnStatus;
  }
  return 'DRAFT';
}

type LifecycleSnapshot = ReturnType<BillLifecycleMachine['resolveState']>;

/** The snapshot of a stored bill, rebuilt from its state code and newest receipt. */
export function lifecycleSnapshot(code: string, context: Partial<LifecycleContext> = {}): LifecycleSnapshot {
  return billLifecycleMachine.resolveState({
    value: lifecycleValueOf(code),
    context: { returnStatus: context.returnStatus ?? (/^-?\d+$/.test(code) ? code : ''), returnTime: context.returnTime ?? '' },
  });
}

/**
 * Whether the bill's state accepts the event. Unlike snapshot.can(), this counts transitions that
 * keep the state and run no action (saving a draft, resending a receipt): accepted, not refused.
 */
export function lifecycleAccepts(snapshot: LifecycleSnapshot, event: LifecycleEvent): boolean {
  return billLifecycleMachine.getTransitionData(snapshot, event).length > 0;
}
