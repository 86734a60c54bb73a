/**
 * Customs' rules (domain/customs/rules) applied to a bill before it is declared, pure: the bill's
 * fields are read under the message's element names (FieldDef.xml ?? name), judged by the rows of
 * the definition's message type, and every breach comes back as a field error on the field it
 * names (`lines.0.totalPrice`), named by the field's label and ending with the rule's code. The embedded customs
 * judges the sent message by the same rows, so a bill that passes here is one it takes.
 */
import type { FieldError } from '../envelope.ts';
import { breachesOf, rulesFor } from '../customs/rules/evaluate.ts';
import type { CustomsRule } from '../customs/rules/types.ts';
import { customsRuleText } from '../texts/customs-rules.ts';
import type { BillDefinition, FieldDef } from './types.ts';

type Values = Readonly<Record<string, unknown>>;

const elementOf = (f: FieldDef): string | undefined => (f.xml === false ? undefined : f.xml ?? f.name);

function byElement(fields: readonly FieldDef[]): Map<string, FieldDef> {
  const out = new Map<string, FieldDef>();
  for (const f of fields) {
    const element = elementOf(f);
    if (element !== undefined && !out.has(element)) out.set(element, f);
  }
  return out;
}

function asElements(fields: Map<string, FieldDef>, values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [element, f] of fields) out[element] = values[f.name];
  return out;
}

interface Prepared {
  rules: CustomsRule[];
  headFields: Map<string, FieldDef>;
  lineFields: Map<string, FieldDef>;
  label: (element: string, inLine: boolean) => string | undefined;
}
/** Per definition, once: its message's rules and its fields by element (a batch judges hundreds of bills). */
const prepared = new WeakMap<BillDefinition, Prepared>();
function prepare(def: BillDefinition): Prepared {
  let p = prepared.get(def);
  if (!p) {
    const headFields = byElement(def.head), lineFields = byElement(def.lines?.fields ?? []);
    // a line's element is labelled by the line's field, then the head's (gnum, currency …)
    const label = (element: string, inLine: boolean) => ((inLine ? lineFields.get(element) : undefined) ?? headFields.get(element) ?? lineFields.get(element))?.label;
    p = { rules: def.message ? rulesFor(def.message.type) : [], headFields, lineFields, label };
    prepared.set(def, p);
  }
  return p;
}

/** The labels of a definition's fields by the message's element names, for customs' rules judged outside a bill (the simulator). */
export const ruleLabelsOf = (def: BillDefinition): ((element: string, inLine: boolean) => string | undefined) => prepare(def).label;

/** The field errors of customs' rules for a bill of `def` (none when its type sends no message). */
export function customsRuleErrors(def: BillDefinition, head: Values, lines: readonly Values[], now: Date): FieldError[] {
  const { rules, headFields, lineFields, label } = prepare(def);
  if (rules.length === 0) return [];
  const doc = { head: asElements(headFields, head), lines: lines.map((l) => asElements(lineFields, l)) };
  return breachesOf(rules, doc, { now, label }).map((b) => {
    const message = customsRuleText.withCode(b.message, b.rule.code);
    if (b.element === undefined) return { field: 'lines', message };
    if (b.line !== undefined) return { field: `lines.${b.line}.${lineFields.get(b.element)?.name ?? b.element}`, message };
    return { field: headFields.get(b.element)?.name ?? b.element, message };
  });
}
