/**
 * Amounts of settlement and verification (accounts-and-enterprise.md §4, §9): 5 decimals. Kept as
 * integers of 1/100000 while computing, so 0.1 + 0.2 is 0.3 and a remaining amount never shows
 * 0.30000000000000004.
 */
import { formatNumber } from '../bills/number-format.ts';

export const AMOUNT_SCALE = 5;
const FACTOR = 10 ** AMOUNT_SCALE;

const units = (n: number) => Math.round(n * FACTOR);

/** The verification amount a person typed: a number; non-positive, empty or unreadable → 0 (§4). */
export function parseAmount(input: unknown): number {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim().replace(/,/g, '') : '';
  if (text === '') return 0;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return units(n) / FACTOR;
}

/** available − applied, 5 decimals (§4). */
export function remainingAmount(available: number, applied: number): number {
  return (units(available) - units(applied)) / FACTOR;
}

/** a + b exactly at 5 decimals. */
export function addAmounts(...values: number[]): number {
  return values.reduce((sum, v) => sum + units(v), 0) / FACTOR;
}

/** '1234.50000': what lists show. */
export function formatAmount(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value ?? 0;
  return (Number.isFinite(n) ? n : 0).toFixed(AMOUNT_SCALE);
}

/** More than 5 decimals typed (the server refuses rather than rounds a money amount). */
export function tooManyDecimals(input: unknown): boolean {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  const m = /\.(\d+)$/.exec(text);
  return m !== null && m[1]!.replace(/0+$/, '').length > AMOUNT_SCALE;
}

/**
 * An amount as the screen shows it (issue 31: 1435.60000 in a list): thousands separators, at least
 * two decimals and every further one the stored value has (30.12345 stays exact, so what is left to
 * verify is never rounded away) — the bills' money rule for a value (domain/bills/number-format.ts).
 */
export function amountText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return formatNumber(MONEY_FIELD, value, 'detail');
}
const MONEY_FIELD = { kind: 'number', figure: 'money', scale: AMOUNT_SCALE } as const;
