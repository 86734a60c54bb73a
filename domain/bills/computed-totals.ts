/**
 * The totals a bill's form computes for the user, read from customs' own rules (domain/customs/rules)
 * for the definition's message, so a bill type gets them by declaring its message: a line's total
 * from its quantity × price (R101 lineProduct, to the cent: what the pre-check compares), and a head
 * amount offered as the sum of a line amount (R102 lineSum: 订单商品金额 = Σ 表体商品总价).
 * Element names map onto the definition's fields (FieldDef.xml ?? name), as customs-rule-errors.ts
 * reads them. The computed total stays editable; the head's sum is only offered.
 */
import { rulesFor } from '../customs/rules/evaluate.ts';
import { roundDiv, sumUnits, toUnits, unitsNumber } from './decimal.ts';
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
