/**
 * The head and lines of a bill an action makes, from its definition's mappings (DeriveDef.head,
 * DeriveDef.lines) over the group of source bills and the user's answers. Pure.
 */
import type { DeriveDef, DerivedValue } from '../../../domain/bills/action-words.ts';
import type { Value, Values } from '../values.ts';

/** One source bill: its head values and (when the lines are made per source line) its lines. */
export interface Source {
  id: number;
  head: Values;
  lines: Values[];
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A new enterprise number: prefix, China time yyyyMMddHHmmssSSS, serial of at least 3 digits
 * (HZ20261121103000123001); when that is longer than the field (`maxLength`), the year in two
 * digits (an import copNo is C..20: CD261121103000123001).
 */
export function newNumber(prefix: string, now: Date, serial: number, maxLength = Infinity): string {
  const c = new Date(now.getTime() + CHINA_OFFSET_MS);
  const rest = `${pad(c.getUTCMonth() + 1)}${pad(c.getUTCDate())}${pad(c.getUTCHours())}${pad(c.getUTCMinutes())}${pad(c.getUTCSeconds())}${pad(c.getUTCMilliseconds(), 3)}${pad(serial, 3)}`;
  const full = `${prefix}${c.getUTCFullYear()}${rest}`;
  return full.length <= maxLength ? full : `${prefix}${String(c.getUTCFullYear()).slice(2)}${rest}`;
}

const blank = (v: Value | undefined) => v === undefined || v === null || v === '';

/** The sum of a head field over the sources, to the 5 decimals of the customs numbers; null when none has it. */
function sumOf(sources: readonly Source[], name: string): number | null {
  let total = 0;
  let any = false;
  for (const s of sources) {
    const v = s.head[name];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n)) {
      total += n;
      any = true;
    }
  }
  return any ? Math.round(total * 1e5) / 1e5 : null;
}

interface Context {
  sources: readonly Source[];
  answers: Values;
  number: (prefix: string, field: string) => string;
}

function valueOf(v: DerivedValue, ctx: Context, head: Values, line?: Values): Value {
  if ('form' in v) {
    const answer = ctx.answers[v.form];
    return !blank(answer) || v.from === undefined ? (answer ?? null) : (head[v.from] ?? null);
  }
  if ('map' in v) {
    const from = head[v.from] ?? null;
    return from !== null && Object.hasOwn(v.map, String(from)) ? v.map[String(from)]! : from;
  }
  if ('from' in v) return head[v.from] ?? null;
  if ('line' in v) return line?.[v.line] ?? null;
  if ('value' in v) return v.value;
  if ('sum' in v) return sumOf(ctx.sources, v.sum);
  return ctx.number(v.number, '');
}

/** The made bill's head: each mapped field, from the group's first source. */
export function derivedHead(def: DeriveDef, sources: readonly Source[], answers: Values, number: (prefix: string, field: string) => string): Values {
  const ctx = { sources, answers, number };
  const first = sources[0]!.head;
  const out: Values = {};
  for (const [name, v] of Object.entries(def.head)) out[name] = 'number' in v ? number(v.number, name) : valueOf(v, ctx, first);
  return out;
}

/**
 * The made bill's lines, in source order: one per source bill, or one per line of each source.
 * `sequence` (the target's line number field) is numbered 1…n when the mapping does not fill it.
 */
export function derivedLines(def: DeriveDef, sources: readonly Source[], answers: Values, sequence?: string): Values[] {
  if (!def.lines) return [];
  const ctx = { sources, answers, number: () => '' };
  const out: Values[] = [];
  for (const s of sources) {
    const rows = def.lines.per === 'source' ? [undefined] : s.lines;
    for (const line of rows) {
      const values: Values = {};
      for (const [name, v] of Object.entries(def.lines.fields)) values[name] = valueOf(v, ctx, s.head, line);
      out.push(values);
    }
  }
  if (sequence) out.forEach((l, i) => { if (blank(l[sequence])) l[sequence] = i + 1; });
  return out;
}

/** The key grouping sources into one made bill: their `groupBy` values, or the source alone. */
export function groupKey(def: DeriveDef, source: Source): string {
  return def.groupBy ? JSON.stringify(def.groupBy.map((f) => source.head[f] ?? null)) : `#${source.id}`;
}
