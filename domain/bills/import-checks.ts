/**
 * The checks a bill passes before it is declared (definition.declareChecks), pure: 三单比对 — the
 * other bills customs must already hold (an import inventory's order, payment and waybill; found
 * by the caller, newest of the company's) and the fields that must line up — plus the order's
 * payment formula (ceb-messages §10); the rules of the bill's own message (the single-transaction
 * limit …) are customs' rule table's (domain/customs/rules, row R601 lists these). The answer is
 * the first refusal, in the words customs would use, or undefined. The embedded customs simulator
 * refuses the same cases (server/customs/simulator), so a bill this passes is one customs takes.
 */
import { customsRuleText } from '../texts/customs-rules.ts';
import { declareCheckText } from '../texts/declare-checks.ts';
import { sameDecimal, sumUnits, toUnits, unitsText } from './decimal.ts';
import type { BillDefinition } from './types.ts';
import type { CompanionRule, DeclareChecksDef } from './words.ts';

type Values = Readonly<Record<string, unknown>>;

/** A companion bill as the caller found it. */
export interface FoundCompanion {
  head: Values;
  state: string;
  stateName: string;
}

/** Labels of a bill definition's fields and the bill itself, for messages. */
export interface Labels {
  bill: string;
  field(name: string): string;
  title(head: Values): string;
}

export function labelsOf(def: BillDefinition): Labels {
  const byName = new Map(def.head.map((f) => [f.name, f.label]));
  return {
    bill: def.label,
    field: (name) => byName.get(name) ?? name,
    title: (head) => String(head[def.titleField] ?? ''),
  };
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Their field values to look the companion up by; undefined when one of mine is blank (the bill is then refused as missing it). */
export function companionQuery(rule: CompanionRule, head: Values): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  for (const [theirs, mine] of Object.entries(rule.by)) {
    const v = text(head[mine]).trim();
    if (!v) return undefined;
    query[theirs] = v;
  }
  return query;
}

export interface CheckInput {
  head: Values;
  lines: readonly Values[];
  /** the companions found, by rule name */
  found: Readonly<Record<string, FoundCompanion | undefined>>;
  mine: Labels;
  /** labels of each companion's definition, by rule name */
  theirs: Readonly<Record<string, Labels>>;
  /** the 三单比对 rule of the bill's message (R601 …), which every refusal ends with */
  ruleCode?: string;
}

function companionRefusal(rule: CompanionRule, input: CheckInput): string | undefined {
  const labels = input.theirs[rule.name]!;
  const found = input.found[rule.name];
  if (!found) {
    const keys = Object.entries(rule.by).map(([theirs, mine]) => `${labels.field(theirs)}=${text(input.head[mine])}`).join('、');
    return declareCheckText.missing(labels.bill, keys);
  }
  if (!rule.states.includes(found.state)) return declareCheckText.notTaken(labels.bill, labels.title(found.head), found.stateName);
  for (const [mine, theirs] of rule.equal ?? []) {
    if (!sameDecimal(input.head[mine], found.head[theirs])) {
      return declareCheckText.differs(input.mine.field(mine), labels.bill, text(input.head[mine]), text(found.head[theirs]));
    }
  }
  return undefined;
}

const rules = {
  paidFormula(input: CheckInput): string | undefined {
    const order = input.found.order;
    if (!order) return undefined;
    const h = order.head;
    const plus = sumUnits([h.goodsValue, h.freight, h.taxTotal]);
    const minus = sumUnits([h.discount]);
    const paid = toUnits(h.acturalPaid);
    if (plus === undefined || minus === undefined) return undefined;
    if (paid === plus - minus) return undefined;
    return declareCheckText.paidFormula(input.theirs.order?.bill ?? '', text(h.acturalPaid), unitsText(plus - minus));
  },
} satisfies Record<NonNullable<DeclareChecksDef['rules']>[number], (input: CheckInput) => string | undefined>;

/** The first refusal of the checks, in order: companions, fields across them, the named rules; ending with the rule's code. */
export function judgeBeforeDeclare(checks: DeclareChecksDef, input: CheckInput): string | undefined {
  const refusal = firstRefusal(checks, input);
  return refusal && input.ruleCode ? customsRuleText.withCode(refusal, input.ruleCode) : refusal;
}

function firstRefusal(checks: DeclareChecksDef, input: CheckInput): string | undefined {
  for (const rule of checks.companions) {
    const refusal = companionRefusal(rule, input);
    if (refusal) return refusal;
  }
  for (const [a, b, when] of checks.across ?? []) {
    const [aName, aField] = a.split('.') as [string, string];
    const [bName, bField] = b.split('.') as [string, string];
    const x = input.found[aName]?.head[aField];
    const y = input.found[bName]?.head[bField];
    if (when === 'ifSet' && text(y).trim() === '') continue;
    if (!sameDecimal(x, y)) {
      const la = input.theirs[aName]!, lb = input.theirs[bName]!;
      return declareCheckText.across(la.bill, la.field(aField), text(x), lb.bill, lb.field(bField), text(y));
    }
  }
  for (const name of checks.rules ?? []) {
    const refusal = rules[name](input);
    if (refusal) return refusal;
  }
  return undefined;
}
