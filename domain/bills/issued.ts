/**
 * What a customs-issued message (CEB792 汇总结果单, CEB816 电子税单, CEB818 税单状态) makes of the
 * bills whose definition says `issuedBy: 'customs'`, pure: the head and line values by field name,
 * the identity, the state. The server (server/bills/issued.ts) finds, locks and writes the bills;
 * this decides their content from the definition's `issued` mapping alone.
 */
import { toUnits, unitsNumber, roundDiv, sumUnits, SCALE } from './decimal.ts';
import type { BillDefinition, FieldDef } from './types.ts';
import type { IssuedFill, IssuedSource } from './words.ts';

export type IssuedValue = string | number | null;

/** One element of a customs-issued message as the receipt reader gives it. */
export interface IssuedElement {
  /** head fields by name (status and time included) */
  fields: Readonly<Record<string, string>>;
  lines: readonly Readonly<Record<string, string>>[];
  /** its time, yyyyMMddHHmmssSSS */
  time: string;
}

/** The bill the message belongs to (a CEB816's 进口清单), for {related} sources. */
export interface RelatedBill {
  head: Readonly<Record<string, unknown>>;
  /** its lines by gnum */
  lines: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
}

/** One bill the message fills. */
export interface IssuedBill {
  /** head values the message gives (others keep what the bill has) */
  head: Record<string, IssuedValue>;
  /** the bill's new lines (replacing its lines), when the mapping has lines */
  lines?: Record<string, IssuedValue>[];
  /** identity values, in the order of fill.identity */
  identity: string[];
  state: string;
}

/** The definitions a message type fills, each with its mapping. */
export function fillsOf(defs: readonly BillDefinition[], message: string): { def: BillDefinition; fill: IssuedFill }[] {
  return defs.flatMap((def) => (def.issuedBy === 'customs' ? (def.issued ?? []).filter((f) => f.message === message).map((fill) => ({ def, fill })) : []));
}

/** yyyyMMddHHmmss[SSS] → 'YYYY-MM-DD HH:mm:ss' */
function dateTimeOf(time: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(time);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : null;
}

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

interface Scope {
  /** the message fields this bill reads: the line's over the head's when made per line */
  fields: Readonly<Record<string, string>>;
  /** for line mappings: the message line */
  line?: Readonly<Record<string, string>>;
  element: IssuedElement;
  related?: RelatedBill;
}

function evaluate(source: IssuedSource, scope: Scope): unknown {
  if (typeof source === 'string') return scope.line?.[source] ?? scope.fields[source];
  if (Array.isArray(source)) {
    for (const s of source as readonly IssuedSource[]) {
      const v = evaluate(s, scope);
      if (present(v)) return v;
    }
    return undefined;
  }
  const word = source as Exclude<IssuedSource, string | readonly IssuedSource[]>;
  if ('related' in word) return scope.related?.head[word.related];
  if ('relatedLine' in word) {
    const gnum = Number(scope.line?.gnum ?? scope.fields.gnum);
    return Number.isInteger(gnum) ? scope.related?.lines.get(gnum)?.[word.relatedLine] : undefined;
  }
  if ('sum' in word) {
    const values = word.sum.map((n) => evaluate(n, scope));
    if (values.every((v) => !present(v))) return undefined;
    const total = sumUnits(values);
    return total === undefined ? undefined : unitsNumber(total);
  }
  if ('percent' in word) {
    const [a, b] = word.percent.map((n) => toUnits(evaluate(n, scope)));
    if (a === undefined || b === undefined || b === 0n) return undefined;
    // a / b × 100 in hundredths (1,000 units each), then back to units
    return unitsNumber(roundDiv(a * 100n * SCALE, b * 1000n) * 1000n);
  }
  if ('time' in word) return dateTimeOf(scope.element.time);
  return undefined;
}

/** The value as the field stores it: numbers for numeric fields, text otherwise. */
function stored(field: FieldDef | undefined, value: unknown): IssuedValue {
  if (!present(value)) return null;
  if (field && (field.kind === 'number' || field.kind === 'integer')) {
    const units = toUnits(value);
    return units === undefined ? null : unitsNumber(units);
  }
  return String(value);
}

function mapFields(mapping: Readonly<Record<string, IssuedSource>>, fields: readonly FieldDef[], scope: Scope): Record<string, IssuedValue> {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out: Record<string, IssuedValue> = {};
  for (const [name, source] of Object.entries(mapping)) {
    const value = stored(byName.get(name), evaluate(source, scope));
    if (value !== null) out[name] = value;
  }
  return out;
}

/**
 * The bills one element fills under one mapping: one, or one per message line. A bill whose
 * identity the element does not give is left out (nothing to find it by again).
 */
export function issuedBillsOf(def: BillDefinition, fill: IssuedFill, element: IssuedElement, related?: RelatedBill): IssuedBill[] {
  const lineFields = def.lines?.fields ?? [];
  const scopes: Scope[] = fill.per === 'line'
    ? element.lines.map((line) => ({ fields: { ...element.fields, ...line }, element, ...(related ? { related } : {}) }))
    : [{ fields: element.fields, element, ...(related ? { related } : {}) }];
  const out: IssuedBill[] = [];
  for (const scope of scopes) {
    const head = mapFields(fill.head, def.head, scope);
    const identity = fill.identity.map((name) => (head[name] === null || head[name] === undefined ? '' : String(head[name])));
    if (identity.some((v) => v === '')) continue;
    const state = typeof fill.state === 'string' ? scope.fields[fill.state] ?? '' : fill.state.fixed;
    const bill: IssuedBill = { head, identity, state };
    if (fill.per === 'element' && fill.lines) {
      const mapping = fill.lines;
      bill.lines = element.lines.map((line) => mapFields(mapping, lineFields, { ...scope, line }));
    }
    out.push(bill);
  }
  return out;
}
