/**
 * Lines picked from other bills (definition.pick; 报关单's 订单汇总, bills §2, §7):
 * - pickList: the company's bills of `pick.from` in the states that may be picked, searched and
 *   paged like any list (order_no like, ebc_name like, create_time btw; pageIndex 0-based), rows
 *   {id, ...pick.columns}.
 * - pickSave {headId, <idsField>, startTime, endTime}: the chosen bills' lines become this bill's
 *   lines, equal goods merged (pick.mergeBy, quantities and totals added), numbered after its own;
 *   the bill must accept user.save, and its version moves. Nothing is written unless every chosen
 *   bill is the company's and pickable.
 */
import { sql } from 'kysely';
import { findBill } from '../../domain/bills/index.ts';
import { sumUnits, unitsNumber } from '../../domain/bills/decimal.ts';
import type { BillDefinition } from '../../domain/bills/types.ts';
import type { PickLinesDef } from '../../domain/bills/words.ts';
import { MAX_PAGE_SIZE, type ListAnswer } from '../../domain/query.ts';
import { billServerText, billText } from '../../domain/texts/bills.ts';
import { pickText } from '../../domain/texts/pick-lines.ts';
import { BizError } from '../http/errors.ts';
import { applyPaging, applySorts, applyTerms, compileListQuery, type CompiledListQuery } from '../query/list-query.ts';
import { idOf, type BillCall } from './call.ts';
import { decide } from './lifecycle.ts';
import { billModel, type BillModel } from './model.ts';
import { narrowByNames } from './pick-names.ts';
import { findHead, findHeads, findLines, findLinesOfHeads, insertLine, selectHeadIds, updateHead } from './repository.ts';
import type { StateNamesLoader } from './states.ts';
import { headValues, titleOf, toRow, type Value, type Values } from './values.ts';

const models = new Map<string, BillModel>();

/** The definition lines are picked from, and its model. */
function source(def: BillDefinition): { pick: PickLinesDef; model: BillModel } {
  const pick = def.pick;
  if (!pick) throw new BizError(billServerText.unknownBill);
  const key = `${pick.from.mode}/${pick.from.key}`;
  let model = models.get(key);
  if (!model) {
    const from = findBill(pick.from.mode, pick.from.key);
    if (!from) throw new Error(`${def.key}: pick.from ${key} is not a registered bill`);
    models.set(key, (model = billModel(from)));
  }
  return { pick, model };
}

/**
 * The same page counted from the end of the list (every sort reversed, the tiebreaker too, so the
 * order is exactly the reverse one), when that skips fewer rows; undefined when it does not.
 */
export function fromTheEnd(compiled: CompiledListQuery, total: number): CompiledListQuery | undefined {
  const fromEnd = total - compiled.offset - compiled.pageSize;
  if (compiled.offset >= total || fromEnd >= compiled.offset) return undefined;
  return {
    ...compiled,
    offset: Math.max(0, fromEnd),
    pageSize: compiled.pageSize + Math.min(0, fromEnd),
    sorts: compiled.sorts.map((s) => ({ ...s, order: s.order === 'asc' ? 'desc' : 'asc' })),
  };
}

export async function pickList(call: BillCall, request: unknown, stateNames: StateNamesLoader): Promise<ListAnswer<Record<string, unknown>>> {
  const { pick, model } = source(call.model.def);
  const states = await stateNames(model.def.states.mode, model.def.states.billType);
  const compiled = compileListQuery(request, model.whitelist, {
    defaultSort: [{ name: 'create_time', order: 'desc' }], defaultPageSize: 10, maxPageSize: Math.min(MAX_PAGE_SIZE, 400), tiebreaker: 'bill_heads.id',
  });
  const scope = { companyId: call.scope.companyId, model };
  // the page's ids and the count first, from ids alone (an index holds the searched columns), then
  // the page's rows: a substring search over many orders never reads rows it does not show; an
  // enterprise-name search becomes the names it matches (pick-names.ts, migration 013)
  const terms = await narrowByNames(call.db, scope, compiled);
  const ids = applyTerms(selectHeadIds(call.db, scope).where('bill_heads.state', 'in', [...pick.states]), terms);
  const count = async () => Number((await call.db.selectFrom(ids.as('q')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  const run = async (q: CompiledListQuery) => (await applyPaging(applySorts(ids, q), q).execute()).map((r) => Number(r.id));
  let page: number[];
  let total: number;
  if (compiled.pageIndex === 0) {
    page = await run(compiled);
    total = page.length < compiled.pageSize ? page.length : await count();
  } else {
    // a page past the middle is read from the other end, so the last of 400 skips none
    total = await count();
    const from = fromTheEnd(compiled, total);
    page = from ? (await run(from)).reverse() : await run(compiled);
  }
  const byId = new Map((await findHeads(call.db, scope, page)).map((r) => [Number(r.id), r]));
  const datas = page.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const row = toRow(model, r, states);
    return [Object.fromEntries([['id', row.id], ...pick.columns.map((c) => [c, row[c] ?? null])])];
  });
  return { total, datas };
}

type Line = Record<string, Value>;

function pickedLine(pick: PickLinesDef, head: Values, line: Record<string, unknown>): Line {
  const out: Line = {};
  for (const [field, from] of Object.entries(pick.lines)) {
    const v = typeof from === 'string' ? line[from] : 'head' in from ? head[from.head] : from.value;
    out[field] = v === undefined || v === null || v === '' ? null : (v as Value);
  }
  return out;
}

/** Picked lines equal in pick.mergeBy become one, pick.sum added up exactly. */
function merged(pick: PickLinesDef, lines: Line[]): Line[] {
  const byKey = new Map<string, Line>();
  for (const line of lines) {
    const key = JSON.stringify(pick.mergeBy.map((f) => line[f] ?? null));
    const seen = byKey.get(key);
    if (!seen) { byKey.set(key, { ...line }); continue; }
    for (const f of pick.sum) {
      const total = sumUnits([seen[f], line[f]]);
      if (total !== undefined) seen[f] = unitsNumber(total);
    }
  }
  return [...byKey.values()];
}

export async function pickSave(call: BillCall, data: Record<string, unknown>): Promise<{ id: number; version: number; added: number }> {
  const { pick, model } = source(call.model.def);
  const raw = data[pick.idsField];
  if (!Array.isArray(raw) || raw.length === 0) throw new BizError(billText.selectOrders);
  const ids = [...new Set(raw.map(idOf))];
  if (ids.length > MAX_PAGE_SIZE) throw new BizError(billServerText.tooManyIds(MAX_PAGE_SIZE));
  const headId = idOf(data.headId);
  const fromScope = { companyId: call.scope.companyId, model };

  return call.db.transaction().execute(async (trx) => {
    const head = await findHead(trx, call.scope, headId, { lock: true });
    if (!head) throw new BizError(billServerText.notFound);
    decide(call.model, head, 'save', call.states);
    const picked = await findHeads(trx, fromScope, ids);
    if (picked.length !== ids.length) throw new BizError(pickText.notFound(model.def.label));
    const refused = picked.find((p) => !pick.states.includes(p.state));
    if (refused) throw new BizError(pickText.notPickable(model.title.label, titleOf(model, refused)));
    const order = new Map(ids.map((id, i) => [id, i]));
    picked.sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!);
    const linesOf = await findLinesOfHeads(trx, call.scope.companyId, picked.map((p) => Number(p.id)));
    const lines = merged(pick, picked.flatMap((p) => {
      const values = headValues(model, p);
      return (linesOf.get(Number(p.id)) ?? []).map((l) => pickedLine(pick, values, { ...l.data, gnum: l.gnum }));
    }));
    if (lines.length === 0) throw new BizError(pickText.noLines);
    const existing = await findLines(trx, call.scope.companyId, head.id);
    const max = call.model.def.lines?.max;
    if (max !== undefined && existing.length + lines.length > max) throw new BizError(billServerText.tooManyLines(max));
    let next = existing.reduce((m, l) => Math.max(m, Number(l.data[pick.sequenceField] ?? l.gnum) || 0), 0);
    for (const line of lines) await insertLine(trx, call.scope.companyId, head.id, { ...line, [pick.sequenceField]: ++next });
    const version = await updateHead(trx, call.scope, head.id, head.version, {});
    if (version === undefined) throw new BizError(billServerText.stale);
    return { id: head.id, version, added: lines.length };
  });
}
