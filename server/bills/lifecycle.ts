/**
 * The server's side of the bill lifecycle: every user action on a stored bill is decided by the
 * lifecycle machine (machines/bill-lifecycle.ts), and the state written after it is the one the
 * machine reaches, so the diagram is the rule.
 */
import { transition } from 'xstate';
import { billLifecycleMachine, lifecycleAccepts, lifecycleCodeOf, lifecycleSnapshot, type LifecycleEvent } from '../../machines/bill-lifecycle.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import type { BillModel } from './model.ts';
import type { StateNames } from './states.ts';
import { titleOf, type HeadRow } from './values.ts';

export type UserAction = keyof typeof billServerText.verbs;

const events = {
  save: { type: 'user.save' },
  declare: { type: 'user.declare' },
  delete: { type: 'user.delete' },
  resendReceipt: { type: 'user.resendReceipt' },
} as const;

function snapshotOf(row: Pick<HeadRow, 'state' | 'return_status' | 'return_time'>) {
  return lifecycleSnapshot(row.state, {
    ...(row.return_status ? { returnStatus: row.return_status } : {}),
    ...(row.return_time ? { returnTime: row.return_time } : {}),
  });
}

/**
 * Refuses (code -1) unless the bill's state accepts the action, naming the bill and its state:
 * `订单编号 SO1 当前状态为海关入库，不能申报`. Answers the state code to store afterwards.
 */
export function decide(model: BillModel, row: HeadRow, action: UserAction, states: StateNames): string {
  const snapshot = snapshotOf(row);
  const event = events[action];
  if (!lifecycleAccepts(snapshot, event)) {
    throw new BizError(billServerText.refused(model.title.label, titleOf(model, row), states.name(row.state), billServerText.verbs[action]));
  }
  const [next] = transition(billLifecycleMachine, snapshot, event);
  return lifecycleCodeOf(next.value, next.context);
}

/**
 * decide() for an event a definition names (ActionDef.event: user.refund, user.markReturned …),
 * refused with the action's own verb (`清单编号 X 当前状态为暂存，不能申请退货`).
 */
export function decideEvent(model: BillModel, row: HeadRow, type: string, verb: string, states: StateNames): string {
  const snapshot = snapshotOf(row);
  const event = { type } as LifecycleEvent;
  if (!lifecycleAccepts(snapshot, event)) {
    throw new BizError(billServerText.refused(model.title.label, titleOf(model, row), states.name(row.state), verb));
  }
  const [next] = transition(billLifecycleMachine, snapshot, event);
  return lifecycleCodeOf(next.value, next.context);
}

/**
 * decide() for many bills at once (a batch): the machine's answer depends only on the state, the
 * return status and the return time, so bills that share them (most of a batch) are decided once.
 * Refusals are not remembered: each names its own bill.
 */
export function batchDecider(model: BillModel, action: UserAction, states: StateNames): (row: HeadRow) => string {
  const accepted = new Map<string, string>();
  return (row) => {
    const key = `${row.state}\u0000${row.return_status ?? ''}\u0000${row.return_time ?? ''}`;
    let next = accepted.get(key);
    if (next === undefined) {
      next = decide(model, row, action, states);
      accepted.set(key, next);
    }
    return next;
  };
}

/** The state a new bill starts in, and the one declaring it reaches. */
export const initialState = (): string => lifecycleCodeOf('draft', { returnStatus: '', returnTime: '' });
export function declaredState(): string {
  const [next] = transition(billLifecycleMachine, lifecycleSnapshot(initialState()), events.declare);
  return lifecycleCodeOf(next.value, next.context);
}
