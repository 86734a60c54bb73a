/**
 * A settlement's lock (结汇 list: 批量锁定 / 批量解锁; accounts-and-enterprise.md §5 says only that
 * they need a selection — the rest is docs/decisions/settlement-lock.md). Its own state beside the
 * workflow of machines/settlement.ts, stored in settlements.lock_state; any workflow state may be
 * locked. While locked the company's own changes to the record (修改清单, 保存, 提交申请, 删除申请,
 * 撤销申请) are refused until someone unlocks it; the bank's and the audit's answers still arrive.
 *
 * States (stored as their names)
 *   unlocked   未锁定   the company may change the record as its workflow state allows
 *   locked     已锁定   the company's changes are refused
 *
 * Events
 *   settlement.lock     批量锁定 (a second lock is refused: already locked)
 *   settlement.unlock   批量解锁 (refused when not locked)
 *   settlement.change   any change of the company's to the record (accepted only unlocked)
 */
import { setup } from 'xstate';
import type { SettlementLockState } from '../domain/settlement/states.ts';
import { machineLabels } from './labels.ts';

export type SettlementLockEvent = { type: 'settlement.lock' } | { type: 'settlement.unlock' } | { type: 'settlement.change' };
export const settlementLockEvents: SettlementLockEvent[] = [{ type: 'settlement.lock' }, { type: 'settlement.unlock' }, { type: 'settlement.change' }];

export const settlementLockMachine = setup({
  types: {} as { events: SettlementLockEvent },
}).createMachine({
  id: 'settlementLock',
  meta: machineLabels({ events: { 'settlement.lock': '锁定', 'settlement.unlock': '解锁', 'settlement.change': '修改、申请、删除、撤销' } }),
  initial: 'unlocked',
  states: {
    unlocked: {
      description: '未锁定：企业可按结汇单状态修改、提交、删除或撤销',
      on: { 'settlement.lock': { target: 'locked' }, 'settlement.change': {} },
    },
    locked: {
      description: '已锁定：企业的修改、提交、删除、撤销均被拒绝，解锁后恢复',
      on: { 'settlement.unlock': { target: 'unlocked' } },
    },
  },
});

/** The snapshot of a stored lock state; anything unknown reads as unlocked (the column's default). */
function snapshot(state: string) {
  return settlementLockMachine.resolveState({ value: state === 'locked' ? 'locked' : 'unlocked', context: undefined });
}

export function settlementLockAccepts(state: string, event: SettlementLockEvent): boolean {
  return settlementLockMachine.getTransitionData(snapshot(state), event).length > 0;
}

/** The lock state the machine reaches; throws if the state does not accept the event (callers check first). */
export function settlementLockNext(state: string, event: SettlementLockEvent): SettlementLockState {
  const data = settlementLockMachine.getTransitionData(snapshot(state), event);
  if (data.length === 0) throw new Error(`settlement lock: ${event.type} not accepted in ${state}`);
  return (data[0]!.target?.[0]?.key ?? (state === 'locked' ? 'locked' : 'unlocked')) as SettlementLockState;
}
