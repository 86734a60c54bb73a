/**
 * What the newly stored elements of one file do to their bills, pure: per bill, its elements in
 * customs time order (file order among equal times) go through the lifecycle machine one after
 * the other, from the state the bill had when it was locked — exactly what applying them one
 * transaction each in that order did, folded into one write per bill. A late or repeated receipt
 * is stale for the machine and moves nothing; it may still carry issued numbers, which are
 * recorded (the newest receipt's value wins) and never bump the bill's version.
 */
import type { LifecycleEvent } from '../../../machines/bill-lifecycle.ts';
import { heldByCustoms, issuedNumbersOf, nextStateOf, type LockedBill } from '../bill-events.ts';

export interface StoredElement {
  bill: LockedBill;
  returnStatus: string;
  returnTime: string;
  returnInfo: string;
  /** the element's business fields (issued numbers among them) */
  keys: Readonly<Record<string, string>>;
  event?: LifecycleEvent;
}

export interface BillChange {
  id: number;
  /** set when the lifecycle moved: the new state and the newest receipt applied */
  moved?: { state: string; return_status: string; return_time: string; return_info: string };
  /** customs holds the bill now: appType 1 becomes 2 */
  held: boolean;
  /** issued numbers for indexed columns and for the jsonb */
  columns: Record<string, string>;
  data: Record<string, string>;
}

export const hasEffect = (c: BillChange) =>
  c.moved !== undefined || c.held || Object.keys(c.columns).length > 0 || Object.keys(c.data).length > 0;

export function decideBills(elements: readonly StoredElement[]): { changes: BillChange[]; applied: number } {
  const byBill = new Map<number, StoredElement[]>();
  for (const e of elements) {
    const list = byBill.get(e.bill.id);
    if (list) list.push(e);
    else byBill.set(e.bill.id, [e]);
  }
  let applied = 0;
  const changes: BillChange[] = [];
  for (const list of byBill.values()) {
    // stable: equal customs times keep the file's order, and the machine takes the first of them
    const ordered = [...list].sort((a, b) => (a.returnTime < b.returnTime ? -1 : a.returnTime > b.returnTime ? 1 : 0));
    let bill = ordered[0]!.bill;
    const change: BillChange = { id: bill.id, held: false, columns: {}, data: {} };
    for (const e of ordered) {
      const issued = issuedNumbersOf(bill, e.keys);
      Object.assign(change.columns, issued.columns);
      Object.assign(change.data, issued.data);
      if (e.event?.type !== 'customs.receipt') continue;
      if (heldByCustoms(e.returnStatus)) change.held = true;
      const state = nextStateOf(bill, e.event);
      if (state === undefined) continue;
      const returnStatus = String(e.event.returnStatus);
      bill = { ...bill, state, return_status: returnStatus, return_time: e.event.returnTime };
      change.moved = { state, return_status: returnStatus, return_time: e.event.returnTime, return_info: e.returnInfo };
      applied++;
    }
    if (hasEffect(change)) changes.push(change);
  }
  return { changes, applied };
}
