/**
 * The source bills of an action that makes other bills: the selected ids (the action's idsKey), or
 * the bills of the source list that the request's terms find in the states the action's lifecycle
 * event allows (汇总 by condition). Each with its head values and, when needed, its lines.
 */
import { sql } from 'kysely';
import type { DeriveDef } from '../../../domain/bills/action-words.ts';
import { lifecycleAccepts, lifecycleSnapshot, type LifecycleEvent } from '../../../machines/bill-lifecycle.ts';
import { billActionServerText } from '../../../domain/texts/bills.ts';
import { BizError } from '../../http/errors.ts';
import { applyTerms } from '../../query/list-query.ts';
import type { BillCall } from '../call.ts';
import { compileBillQuery } from '../list.ts';
import { findLinesOfHeads, lineOut, selectHeads, type Executor, type Scope } from '../repository.ts';
import { headValues, type HeadRow, type Values } from '../values.ts';
import type { Source } from './mapping.ts';

/** The state codes of the source's dictionary whose lifecycle state accepts the event. */
export function acceptingStates(call: BillCall, event: string): string[] {
  return call.states.states.map((s) => s.state).filter((code) => lifecycleAccepts(lifecycleSnapshot(code), { type: event } as LifecycleEvent));
}

/** The bills the terms find among those whose state allows the event, at most `max` (else refused). */
export async function sourcesByCondition(call: BillCall, def: DeriveDef, data: Record<string, unknown>, max: number): Promise<HeadRow[]> {
  const compiled = compileBillQuery(call, { terms: data.terms ?? [], pageIndex: 0, pageSize: 1 });
  const states = acceptingStates(call, def.event);
  if (states.length === 0) return [];
  const rows = await applyTerms(selectHeads(call.db, call.scope), compiled)
    .where('bill_heads.state', 'in', states)
    .orderBy('bill_heads.id')
    .limit(max + 1)
    .execute();
  if (rows.length > max) throw new BizError(billActionServerText.tooManySources(max));
  return rows;
}

/** The head values (and lines when the made lines follow them) of each row. */
export async function sourcesOf(call: BillCall, def: DeriveDef, rows: readonly HeadRow[], q: Executor = call.db): Promise<Map<number, Source>> {
  const ids = rows.map((r) => Number(r.id));
  const lines = def.lines?.per === 'sourceLine' ? await findLinesOfHeads(q, call.scope.companyId, ids) : new Map();
  return new Map(rows.map((r) => [Number(r.id), {
    id: Number(r.id),
    head: headValues(call.model, r),
    lines: (lines.get(Number(r.id)) ?? []).map((l: Parameters<typeof lineOut>[1]) => lineOut(call.model, l) as Values),
  }]));
}

/** The rows again, locked until the transaction ends (the decision is made on what they are now). */
export async function lockSources(trx: Executor, scope: Scope, ids: readonly number[]): Promise<HeadRow[]> {
  if (ids.length === 0) return [];
  return selectHeads(trx, scope).where('bill_heads.id', '=', sql<number>`any(${[...ids]}::bigint[])`).orderBy('bill_heads.id').forUpdate().execute();
}

/**
 * onceBy: which of `values` are already the `line` field of a line of a live made bill (any state
 * but 海关退单), with that bill's title. The caller holds the target's lock for this check.
 */
export async function takenValues(q: Executor, target: BillCall, line: string, values: readonly string[]): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const title = target.model.title;
  const titleExpr = title.column ? sql<string>`${sql.ref(`bill_heads.${title.column}`)}` : sql<string>`bill_heads.data->>${sql.lit(title.name)}`;
  const rows = await q.selectFrom('bill_lines')
    .innerJoin('bill_heads', (j) => j.onRef('bill_heads.company_id', '=', 'bill_lines.company_id').onRef('bill_heads.id', '=', 'bill_lines.head_id'))
    .select([sql<string>`bill_lines.data->>${sql.lit(line)}`.as('v'), titleExpr.as('t')])
    .where('bill_heads.company_id', '=', target.scope.companyId)
    .where('bill_heads.bill_key', '=', target.model.def.key)
    .where('bill_heads.mode', '=', target.model.def.mode)
    .where('bill_heads.state', '<>', '100')
    .where(sql<string>`bill_lines.data->>${sql.lit(line)}`, '=', sql<string>`any(${[...values]}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.v, r.t ?? '']));
}
