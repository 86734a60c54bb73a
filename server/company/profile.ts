/**
 * 保存 (/company/saveCompany) and 保存并申报 (/company/apply): the whole record is checked with the
 * page's own rules (domain/enterprise/rules.ts), every code against its dictionary and the area
 * against the division table, and stored in one transaction with the state the filing machine
 * reaches. A refusal stores nothing.
 */
import type { FieldError } from '../../domain/envelope.ts';
import { APPROVE_STATE } from '../../domain/enterprise/approval.ts';
import { areaFields, enterpriseFields } from '../../domain/enterprise/fields.ts';
import { checkEnterprise, normalizeEnterprise } from '../../domain/enterprise/rules.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { refuseTakenDxpId } from './dxp-id.ts';
import { companyDetail, type CompanyDetail } from './detail.ts';
import { divisions, fullName, validChain } from './divisions.ts';
import { decideFiling } from './filing.ts';

const selects = enterpriseFields.filter((f) => f.kind === 'select' && f.codeTable && f.nameField);
/** kept in columns, never in the profile */
export const columnFields = new Set(['companyName', 'customsRegistCode']);

/** Fills each chosen code's name from its dictionary and the area's name; answers the codes nobody knows. */
export async function resolveNames(db: Db, values: Record<string, unknown>): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const chosen = selects.filter((f) => typeof values[f.name] === 'string');
  const rows = chosen.length === 0 ? [] : await db.selectFrom('dictionary_items').select(['dic_code', 'value', 'name'])
    .where((eb) => eb.or(chosen.map((f) => eb.and([eb('dic_code', '=', f.codeTable!), eb('value', '=', values[f.name] as string)]))))
    .execute();
  for (const f of chosen) {
    const item = rows.find((r) => r.dic_code === f.codeTable && r.value === values[f.name]);
    if (item) values[f.nameField!] = item.name;
    else errors.push({ field: f.name, message: enterpriseText.badCode(f.label) });
  }
  for (const f of selects) if (values[f.name] === null) values[f.nameField!] = null;
  const area = values[areaFields.area] as string | null;
  if (area) {
    const table = await divisions();
    if (validChain(table, values[areaFields.province] as string | null, values[areaFields.city] as string | null, area)) {
      values[areaFields.name] = fullName(table, area);
    } else {
      errors.push({ field: areaFields.area, message: enterpriseText.badArea });
    }
  } else {
    values[areaFields.name] = null;
  }
  return errors;
}

export async function storeProfile(db: Db, user: AuthUser, input: Record<string, unknown>, action: 'save' | 'apply'): Promise<CompanyDetail> {
  if (input.id !== undefined && input.id !== null && Number(input.id) !== user.companyId) throw new BizError(enterpriseText.companyNotFound);
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('companies').select(['id', 'company_name', 'customs_regist_code', 'company_code', 'approve_state'])
      .where('id', '=', user.companyId).forUpdate().executeTakeFirst();
    if (!row) throw new BizError(enterpriseText.companyNotFound);
    const next = decideFiling(row.approve_state, action);
    const values = normalizeEnterprise(input);
    values.companyName = row.company_name;
    values.customsRegistCode = row.customs_regist_code ?? row.company_code;
    const codeErrors = await resolveNames(trx, values);
    const check = checkEnterprise(values);
    if (check.message || codeErrors.length > 0) {
      const errors = [...codeErrors, ...check.errors.filter((e) => !codeErrors.some((c) => c.field === e.field))];
      throw BizError.fields(check.message ?? codeErrors[0]!.message, errors);
    }
    await refuseTakenDxpId(trx, row.id, values.dxpId);
    const profile = Object.fromEntries(Object.entries(values).filter(([k]) => !columnFields.has(k)));
    await trx.updateTable('companies').set({
      profile: JSON.stringify(profile),
      social_credit_code: (values.socialCreditCode as string | null) ?? null,
      approve_state: next,
      updated_at: new Date(),
      ...(action === 'apply' ? { applied_at: new Date() } : {}),
    }).where('id', '=', row.id).execute();
    if (action === 'apply') {
      await trx.insertInto('company_approvals').values({
        company_id: row.id, user_name: user.userName, approve_state: APPROVE_STATE.reviewing, note: enterpriseText.applyNote,
      }).execute();
    }
  });
  return companyDetail(db, user.companyId);
}
