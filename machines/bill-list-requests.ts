/**
 * What the bill list asks the server, built from the machine's context: the list page, the state
 * counts and the export all carry the same conditions (dialog terms, the create_time window, the
 * imported ids); which rows a batch action may go to is the lifecycle's to say.
 */
import type { ActionDef } from '../domain/bills/types.ts';
import { STATE_COUNT_PAGE_SIZE, type ListRequest, type Term } from '../domain/query.ts';
import { lifecycleAccepts, lifecycleSnapshot, type LifecycleEvent } from './bill-lifecycle.ts';
import type { BatchInput, BillListContext, BillRow, PendingAction } from './bill-list-types.ts';

/** The conditions every request carries: dialog terms, the create_time window, imported ids. */
export function conditionTerms(c: Pick<BillListContext, 'terms' | 'window' | 'imported'>): Term[] {
  const terms = [...c.terms];
  if (c.window) terms.push({ column: 'create_time', termType: 'btw', value: [c.window[0], c.window[1]] });
  return [...terms, ...c.imported];
}

export function listRequest(c: BillListContext): ListRequest {
  const terms = conditionTerms(c);
  if (c.state !== null) terms.push({ column: 'state', termType: 'eq', value: c.state });
  return { pageIndex: c.pageIndex, pageSize: c.pageSize, sorts: [...c.sorts], terms };
}

/** A batch action on the pending rows, in the list's create window, with the prompt's answer. */
export function batchInput(c: BillListContext, values: Record<string, string>): BatchInput {
  return { action: c.pending!.action, ids: c.pending!.rows.map((r) => r.id), window: c.window, values };
}

/** Counts ignore the state filter and paging (bills §7: pageIndex 0, pageSize 10). */
export function countRequest(c: BillListContext): ListRequest {
  return { pageIndex: 0, pageSize: STATE_COUNT_PAGE_SIZE, sorts: [...c.sorts], terms: conditionTerms(c) };
}

/** Selected rows export by id; otherwise everything the current conditions find. */
export function exportRequest(c: BillListContext, selectedOnly: boolean): ListRequest {
  if (!selectedOnly) return { ...listRequest(c), pageIndex: 0 };
  return { pageIndex: 0, pageSize: c.pageSize, sorts: [...c.sorts], terms: [{ column: 'id', termType: 'in', value: c.selected.map((r) => r.id) }] };
}

/** The conditions the counts depend on: paging, sorting and the state filter do not change counts. */
export const countsKeyOf = (c: BillListContext) => JSON.stringify(conditionTerms(c));

/** Splits rows into those whose lifecycle state accepts the action's event and the rest. */
export function partitionByLifecycle(rows: readonly BillRow[], action: ActionDef): Pick<PendingAction, 'rows' | 'excluded'> {
  if (!action.event) return { rows: [...rows], excluded: [] };
  const event = { type: action.event } as LifecycleEvent;
  const accepted: BillRow[] = [];
  const excluded: BillRow[] = [];
  for (const row of rows) {
    // a row without a state code is the server's to judge
    const ok = row.state == null || lifecycleAccepts(lifecycleSnapshot(String(row.state)), event);
    (ok ? accepted : excluded).push(row);
  }
  return { rows: accepted, excluded };
}

