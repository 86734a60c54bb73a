/**
 * 参数设置 (accounts-and-enterprise.md §2, §3 Company setting, §5, §7 /company/querySettingList and
 * /company/saveSetting): the company's own type/code/value parameters. Everybody of the company
 * reads them; only the main account writes (they are the company's, not a user's). Saving without
 * an id adds a parameter, with an id changes that one; (type, code) is unique within a company.
 */
import { settingProblems, type SettingValues } from '../../domain/content/settings.ts';
import { settingsText as t } from '../../domain/texts/settings.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { chinaTime } from '../company/detail.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';

type Row = { id: number; type: string; code: string; value: string; create_time: Date; update_time: Date };
const vo = (r: Row, companyCode: string | null) => ({
  id: r.id, type: r.type, code: r.code, value: r.value, companyCode, createTime: chinaTime(r.create_time), updateTime: chinaTime(r.update_time),
});

export async function listSettings(db: Db, user: AuthUser) {
  const rows = await db.selectFrom('company_settings').select(['id', 'type', 'code', 'value', 'create_time', 'update_time'])
    .where('company_id', '=', user.companyId).orderBy('type').orderBy('code').orderBy('id').execute();
  return rows.map((r) => vo(r, user.companyCode));
}

export interface SettingInput extends SettingValues { id?: number | string | null; companyCode?: string | null }

export async function saveSetting(db: Db, user: AuthUser, input: SettingInput) {
  // who may save is the route's permission (/parametersSetting save, a grant since issue 17)
  const errors = settingProblems(input);
  if (errors.length > 0) throw BizError.fields(t.incomplete, errors);
  if (input.companyCode && input.companyCode !== user.companyCode) throw new BizError(t.otherCompany);
  const values = { type: String(input.type).trim(), code: String(input.code).trim(), value: String(input.value).trim() };
  const id = input.id === undefined || input.id === null || input.id === '' ? null : Number(input.id);
  try {
    const row = await db.transaction().execute(async (trx) => {
      if (id !== null) {
        const own = await trx.selectFrom('company_settings').select('id').where('id', '=', Number.isInteger(id) ? id : -1)
          .where('company_id', '=', user.companyId).forUpdate().executeTakeFirst();
        if (!own) throw new BizError(t.notFound);
      }
      const clash = await trx.selectFrom('company_settings').select('id').where('company_id', '=', user.companyId)
        .where('type', '=', values.type).where('code', '=', values.code).executeTakeFirst();
      if (clash && clash.id !== id) throw BizError.fields(t.duplicate(values.type, values.code), [{ field: 'code', message: t.duplicate(values.type, values.code) }]);
      const now = new Date();
      return id === null
        ? trx.insertInto('company_settings').values({ company_id: user.companyId, ...values, create_time: now, update_time: now }).returningAll().executeTakeFirstOrThrow()
        : trx.updateTable('company_settings').set({ ...values, update_time: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    });
    return vo(row, user.companyCode);
  } catch (error) {
    // two saves of one new (type, code) at once: the unique constraint decides
    if ((error as { code?: string }).code === '23505') throw new BizError(t.duplicate(values.type, values.code));
    throw error;
  }
}
