/**
 * The tax of a cross-border retail import (跨境电商零售进口, 财关税〔2018〕49号; ceb-messages §10),
 * pure: within the single-transaction limit customs duty is 0 %, import VAT and consumption tax are
 * 70 % of the statutory amount. The console shows this estimate before an inventory is declared,
 * and the embedded customs simulator issues its CEB816 tax bills with the very same numbers.
 *
 * Per line, with dutiable value V (the line's total price plus its share of freight and insurance,
 * shared by value) and statutory rates v (VAT) and c (ad-valorem consumption tax):
 *   consumption tax = V / (1 − c) × c × 70 %      VAT = V / (1 − c) × v × 70 %      duty = 0
 * Amounts are exact decimals, each tax rounded to the fen (half up).
 */
import { moneyText, roundDiv, sumUnits, toUnits } from './decimal.ts';

/** The single-transaction limit, CNY. */
export const SINGLE_LIMIT_CNY = 5000;
/** The share of VAT and consumption tax levied within the limits (70 %). */
export const RETAIL_SHARE_PERCENT = 70;

/** Statutory rates in basis points (1300 = 13 %). */
export interface TaxRates { vat: number; excise: number }

/**
 * Statutory rates by tariff code prefix (longest prefix wins): VAT 13 %, 9 % for agricultural
 * products and books; the ad-valorem consumption tax of the goods a retail import can carry
 * (cosmetics 15 %, jewellery 10 %, watches 20 %, cigars 36 %, wine 10 %, spirits 20 %; the
 * per-litre part of alcohol is left out).
 */
const RATE_TABLE: readonly (readonly [prefix: string, rates: TaxRates])[] = [
  ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '12'].map((p) => [p, { vat: 900, excise: 0 }] as const),
  ['4901', { vat: 900, excise: 0 }],
  ['4902', { vat: 900, excise: 0 }],
  ['3303', { vat: 1300, excise: 1500 }],
  ['3304', { vat: 1300, excise: 1500 }],
  ['7113', { vat: 1300, excise: 1000 }],
  ['7116', { vat: 1300, excise: 1000 }],
  ['9101', { vat: 1300, excise: 2000 }],
  ['9102', { vat: 1300, excise: 2000 }],
  ['2402', { vat: 1300, excise: 3600 }],
  ['2204', { vat: 1300, excise: 1000 }],
  ['2208', { vat: 1300, excise: 2000 }],
];
const DEFAULT_RATES: TaxRates = { vat: 1300, excise: 0 };

export function ratesOf(gcode: unknown): TaxRates {
  const code = String(gcode ?? '').trim();
  let best: readonly [string, TaxRates] | undefined;
  for (const row of RATE_TABLE) if (code.startsWith(row[0]) && (!best || row[0].length > best[0].length)) best = row;
  return best?.[1] ?? DEFAULT_RATES;
}

export interface TaxLine {
  gnum: number;
  gcode: string;
  gname: string;
  /** dutiable value (完税价格), money text */
  taxPrice: string;
  vatRate: number;
  exciseRate: number;
  customsTax: string;
  valueAddedTax: string;
  consumptionTax: string;
  total: string;
}

export interface TaxEstimate {
  lines: TaxLine[];
  /** Σ line total price, money text */
  goodsValue: string;
  customsTax: string;
  valueAddedTax: string;
  consumptionTax: string;
  total: string;
  /** the goods are over the single-transaction limit: customs refuses the inventory (−621005) */
  overLimit: boolean;
  /** a line whose value could not be read (no estimate for it) */
  incomplete: boolean;
}

type Values = Readonly<Record<string, unknown>>;

const FEN = 1000n; // units (1e-5) per fen

/** The estimate for an inventory's head (freight, insuredFee) and lines (gnum, gcode, gname, totalPrice). */
export function estimateImportTax(head: Values, lines: readonly Values[]): TaxEstimate {
  const prices = lines.map((l) => toUnits(l.totalPrice));
  const goods = prices.reduce<bigint>((s, p) => s + (p ?? 0n), 0n);
  const extra = sumUnits([head.freight, head.insuredFee]) ?? 0n;
  let customs = 0n, vat = 0n, excise = 0n, shared = 0n;
  const out: TaxLine[] = lines.map((l, i) => {
    const price = prices[i] ?? 0n;
    // freight and insurance shared by value; the last line takes what rounding left
    const share = goods === 0n ? 0n : i === lines.length - 1 ? extra - shared : roundDiv(extra * price, goods);
    shared += share;
    const value = price + share;
    const rates = ratesOf(l.gcode);
    // in fen (1,000 units): value × rate(bp) × 70 / (1,000 × 100 × (10,000 − c(bp))); see the header
    const den = FEN * 100n * (10000n - BigInt(rates.excise));
    const pct = BigInt(RETAIL_SHARE_PERCENT);
    const exciseFen = roundDiv(value * BigInt(rates.excise) * pct, den);
    const vatFen = roundDiv(value * BigInt(rates.vat) * pct, den);
    const lineCustoms = 0n;
    customs += lineCustoms; vat += vatFen * FEN; excise += exciseFen * FEN;
    return {
      gnum: Number(l.gnum ?? i + 1),
      gcode: String(l.gcode ?? ''),
      gname: String(l.gname ?? l.itemName ?? ''),
      taxPrice: moneyText(value),
      vatRate: rates.vat / 100,
      exciseRate: rates.excise / 100,
      customsTax: moneyText(lineCustoms),
      valueAddedTax: moneyText(vatFen * FEN),
      consumptionTax: moneyText(exciseFen * FEN),
      total: moneyText(lineCustoms + (vatFen + exciseFen) * FEN),
    };
  });
  return {
    lines: out,
    goodsValue: moneyText(goods),
    customsTax: moneyText(customs),
    valueAddedTax: moneyText(vat),
    consumptionTax: moneyText(excise),
    total: moneyText(customs + vat + excise),
    overLimit: goods > BigInt(SINGLE_LIMIT_CNY) * 100000n,
    incomplete: prices.some((p) => p === undefined),
  };
}
