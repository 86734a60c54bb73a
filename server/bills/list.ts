/**
 * pageList, queryStateCount and detail: the list-query engine over this company's bills of one
 * type, rows mapped in memory (state names are cached, so no query per row). A list row carries
 * only what a list shows (domain/bills/list-row.ts); the detail is the whole bill.
 */
import { STATE_COUNT_PAGE_SIZE, type ListAnswer } from '../../domain/query.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { boundBase, compileListQuery, runPagedList, runStateCount, type CompiledListQuery, type CountSource } from '../query/list-query.ts';
import { billCountSource } from './count-summary.ts';
import { idOf, type BillCall } from './call.ts';
import { narrowByNames } from './pick-names.ts';
import { findHead, selectListHeads } from './repository.ts';
import { runSearchPage } from './search-page.ts';
import { filterSmallScope, readsTrigramIndex } from './small-scope.ts';
import { listRowShape, toRow, type HeadRow } from './values.ts';

type Row = Record<string, unknown>;

/** The request checked against the bill's whitelist; pages break ties by id so none repeats. */
export function compileBillQuery(call: BillCall, request: unknown, options: { maxPageSize?: number } = {}): CompiledListQuery {
  return compileListQuery(request, call.model.whitelist, {
    defaultSort: call.model.def.list.defaultSort,
    defaultPageSize: call.model.def.list.pageSize,
    tiebreaker: 'bill_heads.id',
    ...options,
  });
}

/** The count summary's answer to window-only totals and state counts, one per bill model. */
const countSources = new WeakMap<object, CountSource>();
const countsOf = (call: BillCall): CountSource => {
  let source = countSources.get(call.model);
  if (!source) countSources.set(call.model, (source = billCountSource(call.model.whitelist, call.model.def.key, call.model.def.mode)));
  return source;
};

/** This company's bills of the type, with the type's list statements (shared by every company, the company bound). */
const heads = (call: BillCall) => boundBase(call.model, [call.scope.companyId], (companyId) => selectListHeads(call.db, { ...call.scope, companyId: companyId as number }));

/**
 * The request compiled, its enterprise searches narrowed to the names they match (pick-names.ts):
 * a page, its total and the state counts then read the matching bills from the names index; and
 * a small company's substring searches phrased to read its own bills (small-scope.ts).
 */
const searchQuery = async (call: BillCall, request: unknown, options: { maxPageSize?: number } = {}) =>
  filterSmallScope(call.db, call.scope, await narrowByNames(call.db, call.scope, compileBillQuery(call, request, options)));

export async function listBills(call: BillCall, request: unknown): Promise<ListAnswer<Row>> {
  const compiled = await searchQuery(call, request);
  const { base, cache } = heads(call);
  const simple = call.model.def.list.simplePaging === true;
  // a search the trigram index serves: page and total from one reading of the matches (search-page.ts)
  const answer = !simple && readsTrigramIndex(call.scope, compiled)
    ? await runSearchPage(call.db, selectListHeads(call.db, call.scope), compiled)
    : await runPagedList(call.db, base, compiled, { simple, cache, counts: countsOf(call) });
  const { map: toListRow } = listRowShape(call.model);
  const map = (r: Row) => toListRow(r as HeadRow, call.states);
  return Array.isArray(answer) ? answer.map(map) : { total: answer.total, datas: answer.datas.map(map) };
}

/** Every state of the bill's dictionary with its count (0 included), terms on state ignored. */
export async function countStates(call: BillCall, request: unknown): Promise<{ state: string; stateName: string; count: number }[]> {
  const compiled = await searchQuery(call, request, { maxPageSize: Math.max(STATE_COUNT_PAGE_SIZE, 1000) });
  const { base, cache } = heads(call);
  const counts = await runStateCount(call.db, base, compiled, 'state', { cache, counts: countsOf(call) });
  const byState = new Map(counts.map((c) => [c.state, c.count]));
  const out = call.states.states.map((s) => ({ state: s.state, stateName: s.stateName, count: byState.get(s.state) ?? 0 }));
  // A state the dictionary lacks (data older than a dictionary change) still shows, so totals add up.
  for (const c of counts) if (!call.states.states.some((s) => s.state === c.state)) out.push({ state: c.state, stateName: c.state, count: c.count });
  return out;
}

export async function billDetail(call: BillCall, data: Record<string, unknown>): Promise<Row> {
  const row = await findHead(call.db, call.scope, idOf(data.id));
  if (!row) throw new BizError(billServerText.notFound);
  return toRow(call.model, row, call.states);
}
