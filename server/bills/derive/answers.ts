/**
 * What the user answered before an action ran: its prompt (a required reason or note) and its form
 * fields (leaveTime, the summary flags …), read from the definition's action words and checked
 * with the same rules as the page, before anything is read or written. A missing or bad answer
 * refuses the whole call with the field named (nothing is saved).
 */
import { coerceValue, fieldProblem } from '../../../domain/bills/validation.ts';
import type { BillApi, BillDefinition, FieldDef } from '../../../domain/bills/types.ts';
import type { FieldError } from '../../../domain/envelope.ts';
import { BizError } from '../../http/errors.ts';
import type { Values } from '../values.ts';

interface Asked { field: FieldDef; requiredMessage?: string }

/** The fields the actions performing `key` ask for. */
export function askedFields(def: BillDefinition, key: keyof BillApi): Asked[] {
  const out: Asked[] = [];
  for (const a of def.actions.filter((x) => x.api === key)) {
    if (a.prompt) {
      const { field, label, maxLength, requiredMessage } = a.prompt;
      out.push({ field: { name: field, label, kind: 'textarea', maxLength, required: true }, requiredMessage });
    }
    for (const f of a.form ?? []) out.push({ field: f });
  }
  return out;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The answers, coerced (text trimmed, numbers as numbers), or a refusal naming each bad one. */
export function checkAnswers(def: BillDefinition, key: keyof BillApi, data: Record<string, unknown>): Values {
  const values: Values = {};
  const errors: FieldError[] = [];
  for (const { field, requiredMessage } of askedFields(def, key)) {
    const raw = data[field.name];
    if (requiredMessage && blank(raw)) {
      errors.push({ field: field.name, message: requiredMessage });
      continue;
    }
    const problem = fieldProblem(field, raw, 'save');
    // the placeholders of bills §5 (请选择日期时间) name no field: the label goes before them
    if (problem) errors.push({ field: field.name, message: problem.includes(field.label) ? problem : `${field.label}：${problem}` });
    else values[field.name] = coerceValue(field, raw) ?? null;
  }
  if (errors.length > 0) throw BizError.fields(errors.map((e) => e.message).join('；'), errors);
  return values;
}
