/** The form's values from a loaded record: every field present (flags false, text empty as null). */
import { areaFields, enterpriseFields } from '../../../domain/enterprise/fields.ts';
import type { EnterpriseValues } from '../../../domain/enterprise/rules.ts';

export function formValuesOf(record: Record<string, unknown> | null): EnterpriseValues {
  const out: EnterpriseValues = {};
  for (const f of enterpriseFields) {
    const v = record?.[f.name];
    out[f.name] = f.kind === 'flag' ? v === true : v === undefined ? null : v;
  }
  for (const k of [areaFields.province, areaFields.city, areaFields.area]) out[k] = (record?.[k] as string | null | undefined) ?? null;
  return out;
}
