/**
 * Judges a document by customs' rules (table.ts), pure: the document is its head and lines by
 * element name (values as text or numbers), the clock is given. Amounts are compared exactly as
 * decimals (N19,5), never as floats. Used by the console before declaring (every breach, each on
 * its element) and by the embedded customs (the first breach is its answer).
 */
import { dictionaryItems } from '../../dictionaries.ts';
import { sumUnits, toUnits, unitsText } from '../../bills/decimal.ts';
import { customsRuleText as t } from '../../texts/customs-rules.ts';
import { customsRules } from './table.ts';
import type { CustomsRule, RuleCheck } from './types.ts';

type Values = Readonly<Record<string, unknown>>;

export interface RuleDocument {
  head: Values;
  lines: readonly Values[];
}

export interface RuleContext {
  /** customs' clock; rules about dates are skipped without one */
  now?: Date;
  /**
   * The Chinese label of an element, as the declarant knows the field (the bill definition's
   * FieldDef.label); without one, the specification's name (customsRuleText.labels).
   */
  label?: (element: string, inLine: boolean) => string | undefined;
}

/** One broken rule: its words, and where (a head element, a line's element, or the lines as a whole). */
export interface Breach {
  rule: CustomsRule;
  message: string;
  /** the element at fault; absent: the lines as a whole (a sum over them) */
  element?: string;
  /** the line's index when the element is a line's */
  line?: number;
}

/** The row judging one of the fields' own limits (length, digits) at save time. */
export const fieldLimitRule = (limit: 'length' | 'digits'): CustomsRule | undefined =>
  customsRules.find((r) => r.check.kind === 'fieldLimits' && r.check.limit === limit);

/** The rows of the table for one message type, in the table's order. */
export function rulesFor(messageType: string): CustomsRule[] {
  return customsRules.filter((r) => r.messages.includes(messageType));
}

/** The row of a code. */
export const findRule = (code: string): CustomsRule | undefined => customsRules.find((r) => r.code === code);

/** The 三单比对 row of a message type (refusals found against other documents name it). */
export const documentsRuleOf = (messageType: string): CustomsRule | undefined =>
  customsRules.find((r) => r.check.kind === 'documents' && r.messages.includes(messageType));

// numbers as the engine stores them (≤ 5 decimals) print as their decimal text
const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : String(v).trim());
const blank = (v: unknown) => text(v) === '';
const units = (v: unknown) => (blank(v) ? undefined : toUnits(v));
const CENT = 1000n;

const codeSets = new Map<string, Set<string> | undefined>();
function codeSet(table: string): Set<string> | undefined {
  if (!codeSets.has(table)) codeSets.set(table, dictionaryItems(table) && new Set(dictionaryItems(table)!.map((i) => i.value)));
  return codeSets.get(table);
}

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source)));
  return re;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyyMMddHHmmss of a moment in China time (UTC+8), customs' clock. */
function chinaDigits(d: Date): string {
  const c = new Date(d.getTime() + 8 * 3600_000);
  return `${c.getUTCFullYear()}${pad(c.getUTCMonth() + 1)}${pad(c.getUTCDate())}${pad(c.getUTCHours())}${pad(c.getUTCMinutes())}${pad(c.getUTCSeconds())}`;
}
/** Clocks differ: a time up to this far ahead of customs' is taken as now. */
const CLOCK_SKEW_MS = 10 * 60_000;

type Judge<K extends RuleCheck['kind']> = (check: Extract<RuleCheck, { kind: K }>, doc: RuleDocument, ctx: RuleContext, label: Labeler) => Omit<Breach, 'rule'>[];
type Labeler = (element: string, inLine?: boolean) => string;

const labeler = (ctx: RuleContext): Labeler => (element, inLine = false) => ctx.label?.(element, inLine) ?? t.labels[element] ?? element;

const judges: { [K in RuleCheck['kind']]: Judge<K> } = {
  lineProduct(c, { lines }, _ctx, label) {
    const out: Omit<Breach, 'rule'>[] = [];
    lines.forEach((l, i) => {
      const q = units(l[c.qty]), p = units(l[c.price]), total = units(l[c.total]);
      if (q === undefined || p === undefined || total === undefined) return;
      // qty × price carries 10 decimals; customs compares to the cent
      const product = (q * p) / 100000n;
      if ((product > total ? product - total : total - product) < CENT) return;
      out.push({ element: c.total, line: i, message: t.lineProduct(text(l[c.number]) || '?', label(c.total, true), text(l[c.total]), label(c.qty, true), label(c.price, true), unitsText(product)) });
    });
    return out;
  },
  lineSum(c, { head, lines }, _ctx, label) {
    const value = units(head[c.head]);
    const sum = sumUnits(lines.map((l) => l[c.line]));
    if (value !== undefined && sum !== undefined && value === sum) return [];
    return [{ element: c.head, message: t.lineSum(label(c.head), text(head[c.head]), label(c.line, true), sum === undefined ? '?' : unitsText(sum)) }];
  },
  formula(c, { head }, _ctx, label) {
    const plus = sumUnits(c.plus.map((e) => head[e])), minus = sumUnits(c.minus.map((e) => head[e]));
    const result = blank(head[c.result]) ? 0n : toUnits(head[c.result]);
    if (plus === undefined || minus === undefined || result === undefined || result === plus - minus) return [];
    return [{ element: c.result, message: t.formula(label(c.result), text(head[c.result]), t.formulaOf(c.plus.map((e) => label(e)), c.minus.map((e) => label(e))), unitsText(plus - minus)) }];
  },
  notAbove(c, { head }, _ctx, label) {
    const small = units(head[c.smaller]), large = units(head[c.larger]);
    if (small === undefined || large === undefined || small <= large) return [];
    return [{ element: c.smaller, message: t.notAbove(label(c.smaller), text(head[c.smaller]), label(c.larger), text(head[c.larger])) }];
  },
  pairs(c, { lines }, _ctx, label) {
    const out: Omit<Breach, 'rule'>[] = [];
    lines.forEach((l, i) => {
      const gnum = text(l[c.number]) || '?';
      for (const [qty, unit] of c.pairs) {
        const hasQty = !blank(l[qty]), hasUnit = !blank(l[unit]);
        if (hasQty !== hasUnit) { out.push({ element: hasQty ? unit : qty, line: i, message: t.pairBoth(gnum, label(qty, true), label(unit, true)) }); continue; }
        const v = hasQty ? toUnits(l[qty]) : undefined;
        if (hasQty && (v === undefined || v <= 0n)) out.push({ element: qty, line: i, message: t.pairPositive(gnum, label(qty, true)) });
      }
    });
    return out;
  },
  codes(c, { head, lines }, _ctx, label) {
    const out: Omit<Breach, 'rule'>[] = [];
    const look = (values: Values, prefix: string, line?: number) => {
      for (const [element, table] of Object.entries(c.elements)) {
        const v = text(values[element]);
        const set = v ? codeSet(table) : undefined;
        if (set && !set.has(v)) out.push({ element, ...(line === undefined ? {} : { line }), message: t.badCode(prefix, label(element, line !== undefined), v) });
      }
    };
    look(head, '');
    lines.forEach((l, i) => look(l, t.linePrefix(text(l[c.number]) || '?'), i));
    return out;
  },
  format(c, { head, lines }, _ctx, label) {
    const pattern = c.pattern === undefined ? undefined : patternOf(c.pattern);
    const look = (v: unknown, inLine = false): string | undefined => {
      const s = text(v);
      if (!s) return undefined;
      if ([...s].length > c.max) return t.tooLong(label(c.element, inLine), s, c.max);
      if (pattern && !pattern.test(s)) return t.badFormat(label(c.element, inLine), s, c.format ? t[c.format] : c.pattern!);
      return undefined;
    };
    const out: Omit<Breach, 'rule'>[] = [];
    const inHead = look(head[c.element]);
    if (inHead) out.push({ element: c.element, message: inHead });
    lines.forEach((l, i) => {
      const inLine = look(l[c.element], true);
      if (inLine) out.push({ element: c.element, line: i, message: inLine });
    });
    return out;
  },
  notFuture(c, { head }, { now }, label) {
    if (!now) return [];
    const limit = chinaDigits(new Date(now.getTime() + CLOCK_SKEW_MS));
    const out: Omit<Breach, 'rule'>[] = [];
    for (const element of c.elements) {
      const digits = text(head[element]).replace(/\D/g, '');
      // yyyyMMdd compares with the day, yyyyMMddHHmmss with the second
      if ((digits.length === 8 || digits.length === 14) && digits > limit.slice(0, digits.length)) {
        out.push({ element, message: t.future(label(element), text(head[element])) });
      }
    }
    return out;
  },
  limit(c, { lines }) {
    const sum = sumUnits(lines.map((l) => l[c.line]));
    if (sum === undefined || sum <= toUnits(c.limit)!) return [];
    return [{ message: t.limit(unitsText(sum), c.limit) }];
  },
  documents() {
    return [];
  },
  fieldLimits() {
    return [];
  },
};

function judgeRule(rule: CustomsRule, doc: RuleDocument, ctx: RuleContext): Breach[] {
  const judgeOne = judges[rule.check.kind] as Judge<RuleCheck['kind']>;
  return judgeOne(rule.check, doc, ctx, labeler(ctx)).map((b) => ({ rule, ...b }));
}

/** Every breach of the rules, in the rules' order. */
export function breachesOf(rules: readonly CustomsRule[], doc: RuleDocument, ctx: RuleContext = {}): Breach[] {
  return rules.flatMap((r) => judgeRule(r, doc, ctx));
}

/** The first breach (customs answers with one reason). */
export function firstBreach(rules: readonly CustomsRule[], doc: RuleDocument, ctx: RuleContext = {}): Breach | undefined {
  for (const r of rules) {
    const found = judgeRule(r, doc, ctx)[0];
    if (found) return found;
  }
  return undefined;
}
