/**
 * Validation derived from a bill definition: the web form and the server run the same rules.
 * The one place where lengths are measured: characters (Unicode code points, what the customs
 * XSDs count), after trimming; "运费" is 2, not 6. Empty text is stored as null.
 */
import type { FieldError } from '../envelope.ts';
import { fieldLimitRule } from '../customs/rules/evaluate.ts';
import { customsRuleText } from '../texts/customs-rules.ts';
import { fieldText } from '../texts/server.ts';
import { billText } from '../texts/bills.ts';
import type { BillDefinition, FieldDef } from './types.ts';

/**
 * 暂存 (draft) keeps unfinished work: only types and lengths, no required field; saving also needs
 * the required fields; declaring also what customs requires (requiredToDeclare).
 */
export type Purpose = 'draft' | 'save' | 'declare';

export const charLength = (s: string): number => [...s].length;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const choosers = new Set(['select', 'date', 'datetime']);

/**
 * The message a required field gets when empty. It names the field: bills §5's placeholders
 * (请选择日期) are the empty input's hint, but an answer read away from the form (a batch's, a
 * toast) must say which field.
 */
export function requiredMessage(field: FieldDef): string {
  return choosers.has(field.kind) ? billText.choose(field.label) : billText.fill(field.label);
}

/**
 * Whether a number has more decimals than `scale`. Exact for what a declarant types (1079.000001
 * has six); the binary noise of a computed amount (0.1 + 0.2 = 0.30000000000000004) lies within
 * a few units of the last place of its rounded value and is not counted — the message writes it
 * rounded, which is the value meant.
 */
function excessDecimals(v: number, scale: number): boolean {
  const rounded = Number(v.toFixed(scale));
  return Math.abs(rounded - v) > 4 * Number.EPSILON * Math.abs(v);
}

/** The codes of customs' rules on the fields' own limits, for bills whose message customs reads. */
export interface LimitCodes { length: string; digits: string }

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function validDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** The value as stored: trimmed text or null, numbers as numbers; undefined when it cannot be read. */
export function coerceValue(field: FieldDef, value: unknown): string | number | null | undefined {
  if (isEmpty(value)) return null;
  if (field.kind === 'number' || field.kind === 'integer') {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
    return Number.isFinite(n) ? n : undefined;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * The problem with one field's value, or undefined. `value` is the raw input. With `codes` (a
 * bill sent to customs), a value its message cannot carry ends with the rule's code.
 */
export function fieldProblem(field: FieldDef, value: unknown, purpose: Purpose = 'save', codes?: LimitCodes): string | undefined {
  const coded = (message: string, limit: keyof LimitCodes) => (codes ? customsRuleText.withCode(message, codes[limit]) : message);
  const v = coerceValue(field, value);
  if (v === null) {
    if (purpose === 'draft') return undefined;
    return field.required || (purpose === 'declare' && field.requiredToDeclare) ? requiredMessage(field) : undefined;
  }
  if (v === undefined) return field.kind === 'integer' ? fieldText.integer(field.label) : field.kind === 'number' ? fieldText.number(field.label) : fieldText.type(field.label);
  if (typeof v === 'number') {
    if (v < 0) return fieldText.minimum(field.label, 0);
    if (field.kind === 'integer' && !Number.isInteger(v)) return fieldText.integer(field.label);
    const scale = field.kind === 'integer' ? 0 : field.scale ?? 5;
    const intDigits = (field.digits ?? 19) - scale;
    if (Math.floor(Math.abs(v)).toString().length > intDigits) return coded(fieldText.intDigits(field.label, intDigits), 'digits');
    if (scale > 0 && excessDecimals(v, scale)) return coded(fieldText.decimals(field.label, String(value).trim(), scale), 'digits');
    return undefined;
  }
  if (field.maxLength !== undefined && charLength(v) > field.maxLength) return coded(fieldText.maxLength(field.label, field.maxLength), 'length');
  if (field.options && !field.options.some((o) => o.value === v)) return fieldText.enum(field.label);
  if (field.kind === 'date') {
    const m = DATE.exec(v);
    if (!m || !validDate(+m[1]!, +m[2]!, +m[3]!)) return fieldText.pattern(field.label);
  }
  if (field.kind === 'datetime') {
    const m = DATETIME.exec(v);
    if (!m || !validDate(+m[1]!, +m[2]!, +m[3]!) || +m[4]! > 23 || +m[5]! > 59 || +m[6]! > 59) return fieldText.pattern(field.label);
  }
  if (field.kind === 'flags' && !new RegExp(`^[01]{${field.flagLabels?.length ?? 1}}$`).test(v)) return fieldText.pattern(field.label);
  return undefined;
}

/** The rule codes of a bill type whose message customs reads; none for a bill that stays here. */
export function limitCodesOf(def: BillDefinition): LimitCodes | undefined {
  const type = def.message?.type;
  if (type === undefined || def.issuedBy) return undefined;
  const length = fieldLimitRule('length'), digits = fieldLimitRule('digits');
  return length?.messages.includes(type) && digits?.messages.includes(type) ? { length: length.code, digits: digits.code } : undefined;
}

export interface ValidatedBill {
  head: Record<string, string | number | null>;
  lines: Record<string, string | number | null>[];
  errors: FieldError[];
}

/**
 * Checks a whole bill. Read-only fields are dropped (the server fills them); errors name the field
 * (`orderNo`, `lines.1.itemName`) with the Chinese message, lines prefixed 第N行.
 */
export function validateBill(def: BillDefinition, head: Record<string, unknown>, lines: readonly Record<string, unknown>[], purpose: Purpose): ValidatedBill {
  const errors: FieldError[] = [];
  const codes = limitCodesOf(def);
  const outHead: Record<string, string | number | null> = {};
  for (const f of def.head) {
    if (f.readOnly) continue;
    const problem = fieldProblem(f, head[f.name], purpose, codes);
    if (problem) errors.push({ field: f.name, message: problem });
    else outHead[f.name] = coerceValue(f, head[f.name]) ?? null;
  }
  const outLines: Record<string, string | number | null>[] = [];
  if (def.lines) {
    const { min = 0, max = Infinity } = def.lines;
    if (purpose === 'declare' && lines.length < min) errors.push({ field: 'lines', message: `表体至少需要${min}行` });
    if (lines.length > max) errors.push({ field: 'lines', message: `表体最多${max}行` });
    const seen = new Set<number>();
    lines.forEach((line, i) => {
      const out: Record<string, string | number | null> = {};
      for (const f of def.lines!.fields) {
        if (f.readOnly) continue;
        const problem = fieldProblem(f, line[f.name], purpose, codes);
        if (problem) errors.push({ field: `lines.${i}.${f.name}`, message: `第${i + 1}行：${problem}` });
        else out[f.name] = coerceValue(f, line[f.name]) ?? null;
      }
      const gnum = out.gnum;
      if (typeof gnum === 'number') {
        if (seen.has(gnum)) errors.push({ field: `lines.${i}.gnum`, message: `第${i + 1}行：序号${gnum}重复` });
        seen.add(gnum);
      }
      outLines.push(out);
    });
  }
  return { head: outHead, lines: outLines, errors };
}
