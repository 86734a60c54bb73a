/**
 * The totals a bill's form computes for the user, read from customs' own rules (domain/customs/rules)
 * for the definition's message, so a bill type gets them by declaring its message: a line's total
 * from its quantity × price (R101 lineProduct, to the cent: what the pre-check compares), and a head
 * amount offered as the sum of a line amount (R102 lineSum: 订单商品金额 = Σ 表体商品总价).
 * Element names map onto the definition's fields (FieldDef.xml ?? name), as customs-rule-errors.ts
 * reads them. Both stay editable: the line's total follows its last edit, the head's sum follows
 * the lines until the user types another value (followedSums), and is offered back from then on.
 */
import { rulesFor } from '../customs/rules/evaluate.ts';
import { roundDiv, sameDecimal, sumUnits, toUnits, unitsNumber } from './decimal.ts';
import type { BillDefinition, FieldDef } from './types.ts';

export interface LineProductDef { qty: string; price: string; total: string; rule: string }
export interface LineSumDef { head: string; line: string; rule: string }
export interface ComputedTotals { lineProducts: LineProductDef[]; lineSums: LineSumDef[] }

const fieldByElement = (fields: readonly FieldDef[], element: string): string | undefined =>
  fields.find((f) => f.xml !== false && (f.xml ?? f.name) === element)?.name;

const cache = new WeakMap<BillDefinition, ComputedTotals>();

export function computedTotals(def: BillDefinition): ComputedTotals {
  const known = cache.get(def);
  if (known) return known;
  const out: ComputedTotals = { lineProducts: [], lineSums: [] };
  const lineFields = def.lines?.fields ?? [];
  for (const rule of def.message && lineFields.length > 0 ? rulesFor(def.message.type) : []) {
    const c = rule.check;
    if (c.kind === 'lineProduct') {
      const [qty, price, total] = [c.qty, c.price, c.total].map((e) => fieldByElement(lineFields, e));
      if (qty && price && total) out.lineProducts.push({ qty, price, total, rule: rule.code });
    } else if (c.kind === 'lineSum') {
      const head = fieldByElement(def.head, c.head);
      const line = fieldByElement(lineFields, c.line);
      if (head && line) out.lineSums.push({ head, line, rule: rule.code });
    }
  }
  cache.set(def, out);
  return out;
}

/** 1 cent in units of 1e-5 */
const CENT = 1000n;

/** qty × price rounded to the cent (half away from zero); undefined unless both are decimals. */
export function lineProduct(qty: unknown, price: unknown): number | undefined {
  if (qty === null || qty === undefined || qty === '' || price === null || price === undefined || price === '') return undefined;
  const q = toUnits(qty);
  const p = toUnits(price);
  if (q === undefined || p === undefined) return undefined;
  return unitsNumber(roundDiv((q * p) / 100000n, CENT) * CENT);
}

/** Σ of a line field over the rows (blank ones count 0); undefined when one is not a decimal. */
export function linesSum(lines: readonly Readonly<Record<string, unknown>>[], field: string): number | undefined {
  const sum = sumUnits(lines.map((l) => l[field]));
  return sum === undefined ? undefined : unitsNumber(sum);
}

type Rows = readonly Readonly<Record<string, unknown>>[];
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The head sums (R102: 商品金额 = Σ 总价) that follow a change of the lines from `before` to `after`:
 * a head value still blank, or still equal to the sum of the lines it was derived from, becomes the
 * new sum; a value the user typed (anything else) stays. No state to keep: what the user typed is
 * recognised by differing from the lines' sum, so clearing the field hands it back to the lines.
 * A bill with no lines left gets no sum (the field keeps its value).
 */
export function followedSums(def: BillDefinition, head: Readonly<Record<string, unknown>>, before: Rows, after: Rows): Record<string, number> {
  const out: Record<string, number> = {};
  if (after.length === 0) return out;
  for (const { head: name, line } of computedTotals(def).lineSums) {
    const next = linesSum(after, line);
    if (next === undefined) continue;
    const value = head[name];
    const prior = before.length > 0 ? linesSum(before, line) : undefined;
    const derived = blank(value) || (prior !== undefined && sameDecimal(value, prior));
    if (derived && !sameDecimal(value, next)) out[name] = next;
  }
  return out;
}

/** The head sums a blank field takes back (the user cleared it, then left it): the lines' sum. */
export function blankSums(def: BillDefinition, head: Readonly<Record<string, unknown>>, lines: Rows): Record<string, number> {
  const out: Record<string, number> = {};
  if (lines.length === 0) return out;
  for (const { head: name, line } of computedTotals(def).lineSums) {
    const sum = linesSum(lines, line);
    if (sum !== undefined && blank(head[name])) out[name] = sum;
  }
  return out;
}
