/**
 * How settlement records read in the API: China wall times, amounts with 5 decimals (numeric comes
 * back as a string from both drivers and stays exact), state and currency names.
 */
import { dictionaryItems } from '../../domain/dictionaries.ts';
import { formatAmount } from '../../domain/settlement/amounts.ts';
import { chinaDateTime } from '../bills/time.ts';

export const time = (v: Date | string | null | undefined): string | null => chinaDateTime(v ?? null);

/** numeric(20,5) as '1234.50000' (the driver's string, or a number from arithmetic). */
export const amount = (v: string | number | null | undefined): string => {
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) {
    const [int, frac = ''] = v.split('.');
    return `${int}.${frac.padEnd(5, '0').slice(0, 5)}`;
  }
  return formatAmount(typeof v === 'string' ? Number(v) : v ?? 0);
};

/** Exact difference and ratio of 5-decimal amounts (as integers of 1e-5). */
const units = (v: string | number) => BigInt(Math.round(Number(v) * 1e5));
export const subtract = (a: string | number, ...b: (string | number)[]): string => {
  const n = b.reduce((acc, x) => acc - units(x), units(a));
  const neg = n < 0n;
  const abs = neg ? -n : n;
  return `${neg ? '-' : ''}${abs / 100000n}.${String(abs % 100000n).padStart(5, '0')}`;
};
export const percent = (part: string | number, whole: string | number): string => {
  const w = Number(whole);
  return w > 0 ? `${((Number(part) / w) * 100).toFixed(2)}%` : '0.00%';
};

let currencyNames: Map<string, string> | undefined;
export function currencyName(code: string | null): string {
  currencyNames ??= new Map((dictionaryItems('currency') ?? []).map((i) => [i.value, i.name]));
  return code ? currencyNames.get(code) ?? code : '';
}

let bankNames: Map<string, string> | undefined;
export function bankName(code: string): string | undefined {
  bankNames ??= new Map((dictionaryItems('bank_code') ?? []).map((i) => [i.value, i.name]));
  return bankNames.get(code);
}

/** A Postgres unique violation (23505), from either driver. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string })?.code === '23505';

/** ids of a batch: positive integers, each once, at most `max`. */
export function idList(value: unknown, max = 500): number[] | null {
  if (!Array.isArray(value)) return null;
  const ids = [...new Set(value.map(Number))];
  if (ids.length > max || ids.some((n) => !Number.isSafeInteger(n) || n < 1)) return null;
  return ids;
}
