/**
 * The simulated customs' checks of one document, pure: the rows of customs' rule table
 * (domain/customs/rules) for the document's message, judged on its elements. The first breach is
 * the reason customs writes into a 100 海关退单 receipt — the same words the console shows before
 * sending — or a negative processing code of the rule's own (−621005).
 */
import { ruleLabelsOf } from '../../../domain/bills/customs-rule-errors.ts';
import { billDefinitions } from '../../../domain/bills/index.ts';
import { firstBreach, rulesFor, type RuleContext } from '../../../domain/customs/rules/evaluate.ts';
import { customsRules } from '../../../domain/customs/rules/table.ts';
import type { CustomsRule } from '../../../domain/customs/rules/types.ts';

export interface DocumentBody {
  head: Record<string, string>;
  lines: Record<string, string>[];
}

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

/** A check's refusal: a 100 海关退单 with the reason, or a negative processing code (−621005). */
export interface Refusal { reason: string; status?: string }

/** The fields' labels of the bill type that sends a message type, so customs' reason reads like the console's. */
function labelsFor(messageType: string | undefined): RuleContext['label'] {
  const def = messageType === undefined ? undefined : billDefinitions.find((d) => d.message?.type === messageType && !d.issuedBy);
  return def ? ruleLabelsOf(def) : undefined;
}

function refusalOf(rules: readonly CustomsRule[], doc: DocumentBody, now?: Date, messageType?: string): Refusal | undefined {
  const label = labelsFor(messageType);
  const breach = firstBreach(rules, doc, { ...(now ? { now } : {}), ...(label ? { label } : {}) });
  if (!breach) return undefined;
  return breach.rule.status ? { reason: breach.message, status: breach.rule.status } : { reason: breach.message };
}

/** The first breach of the rules of a message type, in the table's order. */
export function checkDocument(messageType: string, doc: DocumentBody, now?: Date): Refusal | undefined {
  return refusalOf(rulesFor(messageType), doc, now, messageType);
}

/** The first breach of the rules of these names (linePrice, netGross …), whatever their messages. */
export function runChecks(names: readonly string[], doc: DocumentBody, now?: Date): Refusal | undefined {
  return refusalOf(customsRules.filter((r) => names.includes(r.name)), doc, now);
}
