/**
 * Turns libxml2's schema errors into the form's field errors, pure: the element a problem names is
 * mapped back to the definition field it was written from (head, line n, BaseTransfer), so the
 * detail page can put 订单编号长度不能超过60个字符 on the order number input.
 */
import type { FieldError } from '../../../domain/envelope.ts';
import type { BillDefinition, FieldDef } from '../../../domain/bills/types.ts';
import { fieldText } from '../../../domain/texts/server.ts';
import { customsText } from '../../../domain/texts/customs.ts';
import type { SchemaProblem } from '../schemas.ts';
import { bodyFields, elementOf, transferFieldsOf, type MessageBill } from './build.ts';

interface Segment { name: string; index: number }

const segmentsOf = (xpath: string | undefined): Segment[] =>
  (xpath ?? '').split('/').filter(Boolean).map((s) => {
    const m = /^(?:[\w.-]+:)?([\w.-]+)(?:\[(\d+)\])?$/.exec(s);
    return { name: m?.[1] ?? s, index: Number(m?.[2] ?? 1) };
  });

/** Local names in "Expected is ( {ns}a )" / "Expected is one of ( {ns}a, {ns}b )". */
const expectedOf = (message: string): string[] => {
  const m = /Expected is(?: one of)? \(([^)]*)\)/.exec(message);
  return m ? m[1]!.split(',').map((s) => s.trim().replace(/^\{[^}]*\}/, '').replace(/^\w+:/, '')).filter(Boolean) : [];
};

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

interface Target {
  /** FieldError.field */
  key: string;
  label: string;
  element: string;
  prefix: string;
  value: unknown;
}

/** What an element inside a group (head, line, BaseTransfer) stands for. */
function targetOf(def: BillDefinition, group: Segment | undefined, body: Segment | undefined, element: string, bills: readonly MessageBill[]): Target {
  const message = def.message!;
  const bill = bills[(body?.index ?? 1) - 1] ?? bills[0];
  const system = customsText.systemLabels[element];
  const find = (fields: readonly FieldDef[]) => fields.find((f) => elementOf(f) === element);
  const plain = (label: string, key = element): Target => ({ key, label, element, prefix: '', value: undefined });

  if (group && group.name === message.line && def.lines) {
    const index = group.index - 1;
    // the bill's own line number when the message carries a later share of its lines (a split bill)
    const i = (bill?.lineOffset ?? 0) + index;
    const f = find(bodyFields(def.lines.fields));
    if (f) return { key: `lines.${i}.${f.name}`, label: f.label, element, prefix: customsText.linePrefix(i + 1), value: bill?.lines[index]?.[f.name] };
  } else if (group?.name === 'BaseTransfer') {
    const f = find(transferFieldsOf(def));
    if (f) return { key: f.name, label: f.label, element, prefix: '', value: bill?.head[f.name] };
  } else if (group && (group.name === message.head || (!message.head && group.name === message.body))) {
    const f = find(bodyFields(def.head));
    if (f) return { key: f.name, label: f.label, element, prefix: '', value: bill?.head[f.name] };
  }
  return plain(system ?? element);
}

/** The Chinese sentence for one libxml2 error about a known field. */
function sentence(label: string, element: string, text: string): string {
  let m: RegExpExecArray | null;
  if ((m = /\[facet 'maxLength'\].*maximum length of '(\d+)'/.exec(text))) return fieldText.maxLength(label, Number(m[1]));
  if ((m = /\[facet 'minLength'\].*minimum length of '(\d+)'/.exec(text))) return fieldText.minLength(label, Number(m[1]));
  if ((m = /\[facet 'length'\].*allowed length of '(\d+)'/.exec(text))) return customsText.exactLength(label, Number(m[1]));
  if ((m = /\[facet 'fractionDigits'\].*\('(\d+)'\)/.exec(text))) return customsText.fractionDigits(label, Number(m[1]));
  if ((m = /\[facet 'totalDigits'\].*\('(\d+)'\)/.exec(text))) return customsText.totalDigits(label, Number(m[1]));
  if (/\[facet '(enumeration|pattern)'\]/.test(text)) return fieldText.pattern(label);
  if (/atomic type 'xs:(int|integer|long|short|nonNegativeInteger|positiveInteger)'/.test(text)) return fieldText.integer(label);
  if (/atomic type 'xs:(decimal|double|float)'/.test(text)) return fieldText.number(label);
  return customsText.schemaDetail(label, element, text.replace(/^Element '[^']*'(, attribute '[^']*')?: /, ''));
}

/**
 * Field errors for the schema problems of a message built from `bills` (same order as built).
 * `explained`: fields whose value could not be written at all (reported already); the schema's
 * complaint about their missing element is dropped.
 */
export function schemaFieldErrors(def: BillDefinition, problems: readonly SchemaProblem[], bills: readonly MessageBill[], explained: ReadonlySet<string> = new Set()): FieldError[] {
  const message = def.message;
  const errors: FieldError[] = [];
  const push = (e: FieldError) => { if (!errors.some((x) => x.field === e.field && x.message === e.message)) errors.push(e); };

  for (const p of problems) {
    const segments = segmentsOf(p.xpath);
    const leaf = /^Element '(?:\{[^}]*\})?([^']+)'/.exec(p.message)?.[1] ?? segments.at(-1)?.name ?? '';
    const attribute = /^Element '[^']*', attribute '([^']+)'/.exec(p.message)?.[1];
    const body = segments.find((s) => s.name === message?.body);
    if (!message || segments.length === 0) {
      push({ field: '', message: p.message });
      continue;
    }
    if (attribute) {
      const label = customsText.systemLabels[attribute] ?? attribute;
      push({ field: attribute, message: sentence(label, attribute, p.message) });
      continue;
    }
    const expected = expectedOf(p.message);
    const missingChild = /Missing child element/.test(p.message);
    const notExpected = /This element is not expected/.test(p.message);
    if ((missingChild || notExpected) && expected.length > 0) {
      // The schema names the element it wanted where it found another one (or the end): the
      // last expected element is the one missing, when the bill indeed left it empty: libxml2
      // lists, in schema order, the optional elements that may come next and then the first
      // required one (CEB701: startTime, endTime, loctNo, summaryFlag).
      const group = missingChild ? segments.at(-1) : segments.at(-2);
      const t = targetOf(def, group, body, expected.at(-1)!, bills);
      if (explained.has(t.key)) continue;
      if (isBlank(t.value)) {
        push({ field: t.key, message: t.prefix + fieldText.required(t.label) });
        continue;
      }
    }
    const t = targetOf(def, segments.at(-2), body, leaf, bills);
    push({ field: t.key, message: t.prefix + sentence(t.label, t.element, p.message) });
  }
  return errors;
}

/** The envelope message: the first problem, and how many more there are. */
export function schemaMessage(errors: readonly FieldError[]): string {
  const first = errors[0]?.message ?? '';
  return customsText.schemaRefused(errors.length > 1 ? `${first}${customsText.moreProblems(errors.length)}` : first);
}
