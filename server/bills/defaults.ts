/**
 * Field defaults (FieldDef.default) filled on save when the user left a field empty: literals,
 * the clock, and the caller's enterprise, read at most once per request and only when needed.
 */
import type { DefaultWord, FieldDef } from '../../domain/bills/types.ts';
import type { Db } from '../db/database.ts';
import { chinaDateTime } from './time.ts';

export interface CompanyFacts {
  code: string | null;
  name: string;
  dxpId: string | null;
}

export type CompanyReader = () => Promise<CompanyFacts>;

/** A reader of the company row that asks the database once, the first time it is called. */
export function companyReader(db: Db, companyId: number): CompanyReader {
  let facts: Promise<CompanyFacts> | undefined;
  return () => {
    facts ??= db.selectFrom('companies').select(['company_code', 'company_name', 'dxp_id']).where('id', '=', companyId)
      .executeTakeFirstOrThrow()
      .then((c) => ({ code: c.company_code, name: c.company_name, dxpId: c.dxp_id }));
    return facts;
  };
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

async function wordValue(word: DefaultWord, company: CompanyReader, now: Date): Promise<string | null> {
  switch (word) {
    case 'company.code': return (await company()).code;
    case 'company.name': return (await company()).name;
    case 'company.dxpId': return (await company()).dxpId;
    case 'now': return chinaDateTime(now);
    case 'dxp': return 'DXP';
  }
}

/** The values with every empty, user-settable field that has a default filled in. */
export async function withDefaults(fields: readonly FieldDef[], values: Record<string, unknown>, company: CompanyReader, now: Date): Promise<Record<string, unknown>> {
  const out = { ...values };
  for (const f of fields) {
    if (f.readOnly || f.default === undefined || !isEmpty(out[f.name])) continue;
    out[f.name] = typeof f.default === 'object' ? await wordValue(f.default.word, company, now) : f.default;
  }
  return out;
}

/** Whether filling these fields can need the company row (so it is read before a transaction). */
export const needsCompany = (fields: readonly FieldDef[]) =>
  fields.some((f) => typeof f.default === 'object' && f.default.word.startsWith('company.'));
