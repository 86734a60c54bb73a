/**
 * How a number reads, one rule per field kind, driven by the definition (FieldDef.kind, figure,
 * scale): the lists, the detail's body table and inputs, and the Excel export all use it, so an
 * amount reads the same everywhere (issue 19: 422.5, 1,835.00 and 519.00000 were one kind of value).
 *
 * - money, place 'list' (lists, body tables, the export): thousands separators, exactly two decimals
 *   (rounded half away from zero, exact: decimal.ts units) — 1,835.00;
 * - money, place 'detail' (the value itself): thousands separators, at least two decimals and every
 *   further one the value has up to the field's scale (the spec's N19,5) — 1,835.00, 0.12345;
 * - quantities and weights (figure 'quantity' or none): thousands separators, only the decimals the
 *   value has, up to the scale — 1,200, 2.5;
 * - integers: as they are (序号, 件数: no separators, they are counted, not summed).
 * A value that is not a number (a half-typed text) is shown as it is.
 */
import { roundDiv, SCALE, toUnits } from './decimal.ts';
import type { FieldDef } from './types.ts';

export type NumberPlace = 'list' | 'detail';

/** decimals money shows in lists and the export */
export const MONEY_LIST_DECIMALS = 2;

const isNumeric = (field: Pick<FieldDef, 'kind'>): boolean => field.kind === 'number' || field.kind === 'integer';

/** 1234567 → 1,234,567 */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Units of 1e-5 as text with between min and max decimals (trailing zeros beyond min dropped). */
function unitsWith(units: bigint, min: number, max: number): string {
  const step = 10n ** BigInt(5 - max);
  const rounded = roundDiv(units, step) * step;
  const negative = rounded < 0n;
  const abs = negative ? -rounded : rounded;
  let frac = (abs % SCALE).toString().padStart(5, '0').slice(0, max);
  while (frac.length > min && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${negative ? '-' : ''}${groupThousands((abs / SCALE).toString())}${frac ? `.${frac}` : ''}`;
}

/** The decimals a number field shows at `place`: [min, max]. */
export function decimalsOf(field: Pick<FieldDef, 'kind' | 'figure' | 'scale'>, place: NumberPlace): [number, number] {
  const scale = Math.min(5, field.kind === 'integer' ? 0 : (field.scale ?? 5));
  if (field.figure !== 'money') return [0, scale];
  return place === 'list' ? [MONEY_LIST_DECIMALS, MONEY_LIST_DECIMALS] : [Math.min(MONEY_LIST_DECIMALS, scale), scale];
}

/** A number field's value as text at `place`; '' for nothing; other fields' values unchanged. */
export function formatNumber(field: Pick<FieldDef, 'kind' | 'figure' | 'scale'>, value: unknown, place: NumberPlace): string {
  if (value === null || value === undefined || value === '') return '';
  if (!isNumeric(field)) return String(value);
  if (field.kind === 'integer') return String(value).trim();
  const units = toUnits(value);
  if (units === undefined) return String(value);
  const [min, max] = decimalsOf(field, place);
  return unitsWith(units, min, max);
}

/**
 * The number a spreadsheet cell holds for a number field (rounded as the list shows it) and the
 * Excel number format that makes it read the same ('#,##0.00'); undefined when the value is not one.
 */
export function excelNumber(field: Pick<FieldDef, 'kind' | 'figure' | 'scale'>, value: unknown): { value: number; numFmt: string } | undefined {
  if (!isNumeric(field) || value === null || value === undefined || value === '') return undefined;
  const units = toUnits(value);
  if (units === undefined) return undefined;
  if (field.kind === 'integer') return { value: Number(units / SCALE), numFmt: '0' };
  const [min, max] = decimalsOf(field, 'list');
  const text = unitsWith(units, min, max).replaceAll(',', '');
  // the decimals this value shows (a quantity's vary): '#,##0.###' would leave 1200 as "1,200."
  const decimals = text.split('.')[1]?.length ?? 0;
  const numFmt = decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
  return { value: Number(text), numFmt };
}
