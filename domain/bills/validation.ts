/**
 * Validation derived from a bill definition: the web form and the server run the same rules.
 * The one place where lengths are measured: characters (Unicode code points, what the customs
 * XSDs count), after trimming; "运费" is 2, not 6. Empty text is stored as null.
 */
import type { FieldError } from '../envelope.ts';
import { fieldText } from '../texts/server.ts';
import { billText } from '../texts/bills.ts';
import type { BillDefinition, FieldDef } from './types.ts';

/** Saving keeps a draft; declaring also needs what customs requires (requiredToDeclare). */
export type Purpose = 'save' | 'declare';

export const charLength = (s: string): number => [...s].length;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const choosers = new Set(['select', 'date', 'datetime']);

/** The message a required field gets when empty (bills §5 placeholders). */
export function requiredMessage(field: FieldDef): string {
  if (field.kind === 'date') return billText.chooseDate;
  if (field.kind === 'datetime') return billText.chooseDateTime;
  return choosers.has(field.kind) ? billText.choose(field.label) : billText.fill(field.label);
}

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

/** The problem with one field's value, or undefined. `value` is the raw input. */
export function fieldProblem(field: FieldDef, value: unknown, purpose: Purpose = 'save'): string | undefined {
  const v = coerceValue(field, value);
  if (v === null) {
    return field.required || (purpose === 'declare' && field.requiredToDeclare) ? requiredMessage(field) : undefined;
  }
  if (v === undefined) return field.kind === 'integer' ? fieldText.integer(field.label) : field.kind === 'number' ? fieldText.number(field.label) : fieldText.type(field.label);
  if (typeof v === 'number') {
    if (v < 0) return fieldText.minimum(field.label, 0);
    if (field.kind === 'integer' && !Number.isInteger(v)) return fieldText.integer(field.label);
    const scale = field.kind === 'integer' ? 0 : field.scale ?? 5;
    const intDigits = (field.digits ?? 19) - scale;
    const scaled = Math.abs(v) * 10 ** scale;
    const tooManyDecimals = Math.abs(Math.round(scaled) - scaled) > 1e-6 * Math.max(1, scaled);
    if (Math.floor(Math.abs(v)).toString().length > intDigits || tooManyDecimals) {
      return `${field.label}最多${intDigits}位整数${scale ? `、${scale}位小数` : ''}`;
    }
    return undefined;
  }
  if (field.maxLength !== undefined && charLength(v) > field.maxLength) return fieldText.maxLength(field.label, field.maxLength);
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
  const outHead: Record<string, string | number | null> = {};
  for (const f of def.head) {
    if (f.readOnly) continue;
    const problem = fieldProblem(f, head[f.name], purpose);
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
        const problem = fieldProblem(f, line[f.name], purpose);
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
