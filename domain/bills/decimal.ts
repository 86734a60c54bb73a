/**
 * Exact decimals for amounts (N19,5 in the CEB schemas): values are counted in units of 1e-5 as
 * bigint, so sums and comparisons never pick up float error (0.1 + 0.2 is 0.3 here). Pure; the
 * server's checks, the tax estimate and the issued-bill mapping share it.
 */

export const SCALE = 100000n;

/** A decimal (number or text, up to 5 decimals) as units of 1e-5; undefined when it is not one. */
export function toUnits(value: unknown): bigint | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // numbers as stored by the engine (coerced from text): back to their shortest text first
    value = value.toFixed(5);
  }
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(-?)(\d+)(?:\.(\d{1,5})\d*)?\s*$/.exec(value);
  if (!m) return undefined;
  const units = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(5, '0'));
  return m[1] === '-' ? -units : units;
}

/** Units back to the shortest decimal text ('12.5', '0', '-3.25'). */
export function unitsText(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const frac = (abs % SCALE).toString().padStart(5, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / SCALE}${frac ? `.${frac}` : ''}`;
}

/** Units as a number (to store in a numeric field). */
export const unitsNumber = (units: bigint): number => Number(unitsText(units));

/** Units as money text with exactly two decimals ('1234.50'). */
export function moneyText(units: bigint): string {
  const fen = roundDiv(units, 1000n);
  const negative = fen < 0n;
  const abs = negative ? -fen : fen;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** num / den rounded half away from zero (den > 0). */
export function roundDiv(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r = num % den;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < den) return q;
  return num < 0n ? q - 1n : q + 1n;
}

/** The sum of the values (missing or empty ones count as 0); undefined when one is not a decimal. */
export function sumUnits(values: readonly unknown[]): bigint | undefined {
  let sum = 0n;
  for (const v of values) {
    if (v === undefined || v === null || v === '') continue;
    const u = toUnits(v);
    if (u === undefined) return undefined;
    sum += u;
  }
  return sum;
}

/** Whether two values are the same decimal (text compared as text when either is not one). */
export function sameDecimal(a: unknown, b: unknown): boolean {
  const x = toUnits(a);
  const y = toUnits(b);
  if (x !== undefined && y !== undefined) return x === y;
  return String(a ?? '') === String(b ?? '');
}
