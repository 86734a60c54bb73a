/**
 * The checks of definition.declareChecks before bills are declared (进口清单: 三单比对 with the
 * order, payment and waybill, the payment formula, the 5,000 CNY limit): the companions of a whole
 * batch are read with one query per companion type (the newest of the company's for each key),
 * then each bill is judged by the pure rules of domain/bills/import-checks.ts. A bill type without
 * the word costs nothing. The refusal is that bill's answer; the others of the batch go on.
 */
import { sql } from 'kysely';
import { statesFor } from '../../domain/bill-states.ts';
import { findBill } from '../../domain/bills/index.ts';
import { documentsRuleOf } from '../../domain/customs/rules/evaluate.ts';
import { companionQuery, judgeBeforeDeclare, labelsOf, type FoundCompanion, type Labels } from '../../domain/bills/import-checks.ts';
import type { CompanionRule } from '../../domain/bills/words.ts';
import type { BillCall } from './call.ts';
import { billModel, type BillModel } from './model.ts';
import { selectHeads, type Executor } from './repository.ts';
import { headValues } from './values.ts';

export interface DeclaringBill {
  id: number;
  head: Readonly<Record<string, unknown>>;
  lines: readonly Readonly<Record<string, unknown>>[];
}

const models = new Map<string, BillModel>();
function companionModel(rule: CompanionRule): BillModel {
  const key = `${rule.bill.mode}/${rule.bill.key}`;
  let model = models.get(key);
  if (!model) {
    const def = findBill(rule.bill.mode, rule.bill.key);
    if (!def) throw new Error(`declareChecks: ${key} is not a registered bill`);
    models.set(key, (model = billModel(def)));
  }
  return model;
}

/** The SQL of a head field of a model: its indexed column, or its jsonb value as text. */
function fieldSql(model: BillModel, name: string) {
  const f = model.field(name);
  return f?.column ? sql.ref(`bill_heads.${f.column}`) : sql`bill_heads.data->>${sql.lit(name)}`;
}

/** The companions of one rule for every bill, by the bill's key text. */
async function findCompanions(q: Executor, companyId: number, rule: CompanionRule, bills: readonly DeclaringBill[]): Promise<Map<string, FoundCompanion>> {
  const model = companionModel(rule);
  const theirs = Object.keys(rule.by);
  const keys = new Map<string, Record<string, string>>();
  for (const b of bills) {
    const query = companionQuery(rule, b.head);
    if (query) keys.set(JSON.stringify(theirs.map((t) => query[t])), query);
  }
  const found = new Map<string, FoundCompanion>();
  if (keys.size === 0) return found;
  const names = statesFor(model.def.states.mode, model.def.states.billType) ?? [];
  const stateName = (s: string) => names.find((n) => n.state === s)?.stateName ?? s;
  const tuple = sql`(${sql.join(theirs.map((t) => fieldSql(model, t)))})`;
  const values = sql.join([...keys.values()].map((k) => sql`(${sql.join(theirs.map((t) => k[t]))})`));
  const rows = await selectHeads(q, { companyId, model })
    .where(sql<boolean>`${tuple} in (${values})`)
    .orderBy('bill_heads.id', 'asc')
    .execute();
  // ascending ids: a later (newer) bill of the same key replaces an earlier one
  for (const row of rows) {
    const head = headValues(model, row);
    found.set(JSON.stringify(theirs.map((t) => String(head[t] ?? ''))), { head, state: row.state, stateName: stateName(row.state) });
  }
  return found;
}

/** Refusals by bill id; bills that pass (or whose type checks nothing) are absent. */
export async function declareCheckRefusals(q: Executor, call: BillCall, bills: readonly DeclaringBill[]): Promise<Map<number, string>> {
  const checks = call.model.def.declareChecks;
  const refusals = new Map<number, string>();
  if (!checks || bills.length === 0) return refusals;
  const mine = labelsOf(call.model.def);
  const ruleCode = call.model.def.message ? documentsRuleOf(call.model.def.message.type)?.code : undefined;
  const theirs: Record<string, Labels> = {};
  const foundByRule = new Map<string, Map<string, FoundCompanion>>();
  for (const rule of checks.companions) {
    theirs[rule.name] = labelsOf(companionModel(rule).def);
    foundByRule.set(rule.name, await findCompanions(q, call.scope.companyId, rule, bills));
  }
  for (const b of bills) {
    const found: Record<string, FoundCompanion | undefined> = {};
    for (const rule of checks.companions) {
      const query = companionQuery(rule, b.head);
      found[rule.name] = query ? foundByRule.get(rule.name)!.get(JSON.stringify(Object.keys(rule.by).map((t) => query[t]))) : undefined;
    }
    const refusal = judgeBeforeDeclare(checks, { head: b.head, lines: b.lines, found, mine, theirs, ...(ruleCode ? { ruleCode } : {}) });
    if (refusal) refusals.set(b.id, refusal);
  }
  return refusals;
}
