/**
 * The enterprise form's rules (accounts-and-enterprise.md §5), run by the page on blur and on
 * save/declare, and by the server on every save and apply. Values are normalised first (numeric
 * coercion of the capital fields, trimmed text, booleans for flags), so both sides check the
 * same thing. Lengths are characters, as everywhere (domain/bills/validation.ts charLength).
 */
import type { FieldError } from '../envelope.ts';
import { fieldText } from '../texts/server.ts';
import { enterpriseText } from '../texts/enterprise.ts';
import { charLength } from '../bills/validation.ts';
import { areaFields, businessScopeFlags, businessScopeRequired, companyTypeFlags, enterpriseFields, type EnterpriseField } from './fields.ts';

export type EnterpriseValues = Record<string, unknown>;

export const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const MOBILE = /^1\d{10}$/;
/** A DXP user id: DXP, three letters of its kind (ENT enterprise, LGS logistics…), ten digits (ceb-messages §7). */
export const DXP_ID = /^DXP[A-Z]{3}\d{10}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** 万元 with at most 4 decimals (1 元) and 14 integer digits. */
export const MONEY_SCALE = 4;
const MONEY_INT_DIGITS = 14;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Flags arrive as booleans, 1/0 or '1'/'0'/'Y'/'N'/'true'/'false'; stored as booleans. */
export function flagOf(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1;
  return typeof v === 'string' && ['1', 'y', 'true'].includes(v.trim().toLowerCase());
}

/** A number from a number or a numeric string ('100', ' 12.5 '); NaN when it is not one; null when blank. */
export function numberOf(v: unknown): number | null {
  if (isBlank(v)) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : NaN;
  if (typeof v === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(v)) return Number(v);
  return NaN;
}

function valueOf(field: EnterpriseField, v: unknown): unknown {
  switch (field.kind) {
    case 'flag': return flagOf(v);
    case 'number': return numberOf(v);
    default:
      if (isBlank(v)) return null;
      return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v;
  }
}

/** The form's values as stored: numbers coerced, text trimmed (blank → null), flags as booleans. */
export function normalizeEnterprise(input: EnterpriseValues): EnterpriseValues {
  const out: EnterpriseValues = {};
  for (const f of enterpriseFields) {
    out[f.name] = valueOf(f, input[f.name]);
    if (f.nameField) out[f.nameField] = isBlank(input[f.nameField]) ? null : String(input[f.nameField]).trim();
  }
  for (const k of [areaFields.province, areaFields.city, areaFields.area, areaFields.name]) {
    out[k] = isBlank(input[k]) ? null : String(input[k]).trim();
  }
  return out;
}

function validDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** One field's problem (on blur), or undefined. `values` are raw or normalised form values. */
export function enterpriseFieldProblem(field: EnterpriseField, raw: unknown): string | undefined {
  const v = valueOf(field, raw);
  if (field.kind === 'flag') return undefined;
  if (v === null) return field.required;
  if (field.kind === 'number') {
    const n = v as number;
    if (Number.isNaN(n)) return fieldText.number(field.label);
    if (n < 0) return fieldText.minimum(field.label, 0);
    const scaled = n * 10 ** MONEY_SCALE;
    if (Math.floor(n).toString().length > MONEY_INT_DIGITS || Math.abs(Math.round(scaled) - scaled) > 1e-6 * Math.max(1, scaled)) {
      return `${field.label}最多${MONEY_INT_DIGITS}位整数、${MONEY_SCALE}位小数`;
    }
    return undefined;
  }
  if (typeof v !== 'string') return fieldText.type(field.label);
  if (field.maxLength !== undefined && charLength(v) > field.maxLength) return fieldText.maxLength(field.label, field.maxLength);
  if (field.kind === 'date' && !validDate(v)) return fieldText.type(field.label);
  if (field.format === 'email' && !EMAIL.test(v)) return enterpriseText.emailBad;
  if (field.format === 'mobile' && !MOBILE.test(v)) return enterpriseText.phoneBad;
  if (field.format === 'dxpId' && !DXP_ID.test(v)) return enterpriseText.dxpIdBad;
  return undefined;
}

/** Field name used for the company-type and business-scope problems (no single input holds them). */
export const COMPANY_TYPE_FIELD = 'companyType';
export const BUSINESS_SCOPE_FIELD = 'businessScope';

/** Every problem of the form; the company-type check is separate (companyTypeProblem). */
export function enterpriseProblems(values: EnterpriseValues): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of enterpriseFields) {
    const problem = enterpriseFieldProblem(f, values[f.name]);
    if (problem) errors.push({ field: f.name, message: problem });
  }
  if (isBlank(values[areaFields.area])) errors.push({ field: areaFields.area, message: areaFields.required });
  if (!businessScopeFlags.some((k) => flagOf(values[k]))) errors.push({ field: BUSINESS_SCOPE_FIELD, message: businessScopeRequired });
  return errors;
}

export function companyTypeProblem(values: EnterpriseValues): FieldError | undefined {
  return companyTypeFlags.some((k) => flagOf(values[k])) ? undefined : { field: COMPANY_TYPE_FIELD, message: enterpriseText.chooseCompanyType };
}

export interface EnterpriseCheck {
  /** what the save/declare answers: 请完善必填信息, else 请选择跨境贸易电子商务类型; null when fine */
  message: string | null;
  errors: FieldError[];
}

/** §5: a failed form gives 请完善必填信息; a form without any company-type flag gives 请选择跨境贸易电子商务类型. */
export function checkEnterprise(values: EnterpriseValues): EnterpriseCheck {
  const errors = enterpriseProblems(values);
  if (errors.length > 0) return { message: enterpriseText.incomplete, errors };
  const type = companyTypeProblem(values);
  return type ? { message: type.message, errors: [type] } : { message: null, errors: [] };
}
