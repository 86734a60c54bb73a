/**
 * The whole bill checked before 保存 / 保存并申报 with the server's own rules (validateBill: fields,
 * 表体至少需要1行 when declaring, duplicate 序号), except that an empty field the server fills itself
 * (dxpId ← the company's DXP id) is not reported missing; once the fields are right, 保存并申报 also
 * checks customs' rules (domain/customs/rules), as the server does before sending.
 */
import type { BillDefinition, FieldDef } from '../../../../domain/bills/types.ts';
import { customsRuleErrors } from '../../../../domain/bills/customs-rule-errors.ts';
import { validateBill, type Purpose } from '../../../../domain/bills/validation.ts';
import type { FieldError } from '../../../../domain/envelope.ts';
import { serverFills } from '../../../components/DefinitionForm.tsx';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export function checkBill(definition: BillDefinition, head: Record<string, unknown>, lines: readonly Record<string, unknown>[], purpose: Purpose): FieldError[] {
  const byName = (fields: readonly FieldDef[] | undefined, name: string) => fields?.find((f) => f.name === name);
  const valid = validateBill(definition, head, lines, purpose);
  const errors = valid.errors.filter(({ field }) => {
    const line = /^lines\.(\d+)\.(.+)$/.exec(field);
    const def = line ? byName(definition.lines?.fields, line[2]!) : byName(definition.head, field);
    const value = line ? lines[Number(line[1])]?.[line[2]!] : head[field];
    return !(def && serverFills(def) && blank(value));
  });
  if (errors.length > 0 || purpose !== 'declare') return errors;
  return customsRuleErrors(definition, { ...head, ...valid.head }, valid.lines, new Date());
}
