/**
 * The simulated customs' checks of one document, pure: each answers the reason customs would
 * write into a 100 海关退单 receipt, or undefined when the document passes. Amounts are compared
 * exactly as decimals (N19,5), never as floats.
 */
import { dictionaryItems } from '../../../domain/dictionaries.ts';
import { simulatorText } from '../../../domain/texts/customs.ts';
import { decText } from '../../../domain/texts/dec.ts';
import type { CheckName } from './doc-types.ts';

export interface DocumentBody {
  head: Record<string, string>;
  lines: Record<string, string>[];
}

/** The single-transaction limit of cross-border retail imports, CNY (财关税〔2018〕49号). */
export const SINGLE_LIMIT_CNY = '5000';

/** A decimal as an integer count of 1e-5 (N19,5); undefined when it is not one. */
export function decimalUnits(text: string): bigint | undefined {
  const m = /^(-?)(\d+)(?:\.(\d{1,5}))?$/.exec(text.trim());
  if (!m) return undefined;
  const units = BigInt(m[2]!) * 100000n + BigInt((m[3] ?? '').padEnd(5, '0'));
  return m[1] === '-' ? -units : units;
}

export function unitsText(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const frac = (abs % 100000n).toString().padStart(5, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / 100000n}${frac ? `.${frac}` : ''}`;
}

const units = (v: string | undefined) => (v === undefined || v === '' ? 0n : decimalUnits(v));
const CENT = 1000n;

/** Net weight over gross weight, both readable. */
const netOverGross = (net: string | undefined, gross: string | undefined): boolean => {
  const n = decimalUnits(net ?? ''), g = decimalUnits(gross ?? '');
  return n !== undefined && g !== undefined && n > g;
};

/** qty × price when the line's total is a cent or more away from it (customs compares to the cent); else undefined. */
function productOff(qty: string | undefined, price: string | undefined, total: string | undefined): bigint | undefined {
  const q = decimalUnits(qty ?? ''), p = decimalUnits(price ?? ''), t = decimalUnits(total ?? '');
  if (q === undefined || p === undefined || t === undefined) return undefined;
  // qty × price carries 10 decimals
  const product = (q * p) / 100000n;
  return (product > t ? product - t : t - product) >= CENT ? product : undefined;
}

function sumOf(lines: Record<string, string>[], field: string): bigint | undefined {
  let sum = 0n;
  for (const l of lines) {
    const v = decimalUnits(l[field] ?? '');
    if (v === undefined) return undefined;
    sum += v;
  }
  return sum;
}

/** Elements whose values must come from a customs code table. */
const CODE_ELEMENTS: Record<string, string> = {
  currency: 'currency', fCurrency: 'currency', iCurrency: 'currency',
  country: 'country', tradeCountry: 'country',
  unit: 'unit', unit1: 'unit', unit2: 'unit',
  customsCode: 'customs', portCode: 'customs',
  trafMode: 'traf_mode', wrapType: 'wrap_type', tradeMode: 'trade_mode',
};

const codeSets = new Map<string, Set<string>>();
function codeSet(table: string): Set<string> | undefined {
  if (!codeSets.has(table)) {
    const items = dictionaryItems(table);
    if (!items) return undefined;
    codeSets.set(table, new Set(items.map((i) => i.value)));
  }
  return codeSets.get(table);
}

/** The 报关单's coded elements (DecHead, DecList), by their own names. */
const DEC_CODE_ELEMENTS: Record<string, string> = {
  CustomMaster: 'customs', TradeMode: 'trade_mode', TrafMode: 'traf_mode',
  TradeCountry: 'country', TradeAreaCode: 'country', OriginCountry: 'country', DestinationCountry: 'country',
  FeeCurr: 'currency', InsurCurr: 'currency', OtherCurr: 'currency', TradeCurr: 'currency',
  GUnit: 'unit', FirstUnit: 'unit', SecondUnit: 'unit',
};

function badCode(values: Record<string, string>, prefix: string, elements: Record<string, string> = CODE_ELEMENTS): string | undefined {
  for (const [element, table] of Object.entries(elements)) {
    const v = values[element];
    if (!v) continue;
    const set = codeSet(table);
    if (set && !set.has(v)) return simulatorText.badCode(prefix, element, v);
  }
  return undefined;
}

const checks: Record<CheckName, (doc: DocumentBody) => string | undefined> = {
  orderTotal({ head, lines }) {
    const goodsValue = decimalUnits(head.goodsValue ?? '');
    const sum = sumOf(lines, 'totalPrice');
    if (goodsValue === undefined || sum === undefined || goodsValue !== sum) {
      return simulatorText.goodsValueMismatch(head.goodsValue ?? '', sum === undefined ? '?' : unitsText(sum));
    }
    return undefined;
  },
  linePrice({ lines }) {
    for (const l of lines) {
      const product = productOff(l.qty, l.price, l.totalPrice);
      if (product !== undefined) return simulatorText.linePriceMismatch(l.gnum ?? '?', l.totalPrice!, unitsText(product));
    }
    return undefined;
  },
  netGross({ head }) {
    return netOverGross(head.netWeight, head.grossWeight) ? simulatorText.netOverGross(head.netWeight!, head.grossWeight!) : undefined;
  },
  quantityPairs({ lines }) {
    for (const l of lines) {
      for (const [qty, unit] of [['qty1', 'unit1'], ['qty2', 'unit2']] as const) {
        const hasQty = !!l[qty], hasUnit = !!l[unit];
        if (hasQty !== hasUnit) return simulatorText.quantityPair(l.gnum ?? '?', qty, unit);
        const v = hasQty ? decimalUnits(l[qty]!) : undefined;
        if (hasQty && (v === undefined || v <= 0n)) return simulatorText.quantityPositive(l.gnum ?? '?', qty);
      }
    }
    return undefined;
  },
  codeTables({ head, lines }) {
    const inHead = badCode(head, '');
    if (inHead) return inHead;
    for (const l of lines) {
      const inLine = badCode(l, simulatorText.linePrefix(l.gnum ?? '?'));
      if (inLine) return inLine;
    }
    return undefined;
  },
  importPaid({ head }) {
    const [goods, freight, tax, discount, paid] = ['goodsValue', 'freight', 'taxTotal', 'discount', 'acturalPaid'].map((k) => units(head[k]));
    if ([goods, freight, tax, discount, paid].some((v) => v === undefined)) return undefined;
    const expected = goods! + freight! + tax! - discount!;
    if (expected !== paid) return simulatorText.paidMismatch(head.acturalPaid ?? '', unitsText(expected));
    return undefined;
  },
  decAmounts({ head, lines }) {
    if (netOverGross(head.NetWt, head.GrossWet)) return decText.netOverGross(head.NetWt!, head.GrossWet!);
    for (const l of lines) {
      const product = productOff(l.GQty, l.DeclPrice, l.DeclTotal);
      if (product !== undefined) return decText.lineTotal(l.GNo ?? '?', l.DeclTotal!, unitsText(product));
    }
    const inHead = badCode(head, '', DEC_CODE_ELEMENTS);
    if (inHead) return inHead;
    for (const l of lines) {
      const inLine = badCode(l, simulatorText.linePrefix(l.GNo ?? '?'), DEC_CODE_ELEMENTS);
      if (inLine) return inLine;
    }
    return undefined;
  },
  singleLimit({ lines }) {
    const sum = sumOf(lines, 'totalPrice');
    if (sum !== undefined && sum > decimalUnits(SINGLE_LIMIT_CNY)!) return simulatorText.singleLimit(unitsText(sum), SINGLE_LIMIT_CNY);
    return undefined;
  },
};

/** A check's refusal: a 100 海关退单 with the reason, or a negative processing code (−621005). */
export interface Refusal { reason: string; status?: string }

/** Checks customs answers with a negative code of its own instead of 100 (ceb-messages §5.3). */
const NEGATIVE: Partial<Record<CheckName, string>> = { singleLimit: '-621005' };

/** The first failing check, in the order the type lists them. */
export function runChecks(names: readonly CheckName[] | undefined, doc: DocumentBody): Refusal | undefined {
  for (const name of names ?? []) {
    const reason = checks[name](doc);
    if (reason) return NEGATIVE[name] ? { reason, status: NEGATIVE[name] } : { reason };
  }
  return undefined;
}
