/**
 * The operator's 企业管理 (issue 20): every enterprise with its filing state and accounts, and the
 * freeze of a whole company. A frozen company (companies.frozen_at, migration 027) cannot log in or
 * refresh (server/routes/auth.ts), its sessions end at the freeze (their refresh tokens revoked: the
 * access tokens die at their next call) and its API keys are refused (server/accounts/api-keys.ts).
 */
import { sql } from 'kysely';
import { approveStateName } from '../../domain/enterprise/approval.ts';
import { reviewCompanyText as t } from '../../domain/texts/review-company.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { compileListQuery, runPagedList, type ColumnWhitelist } from '../query/list-query.ts';
import { chinaTime } from './detail.ts';

const whitelist: ColumnWhitelist = {
  id: { sql: 'c.id', kind: 'number', label: '编号' },
  company_name: { sql: 'c.company_name', kind: 'text', label: t.companyName },
  company_code: { sql: 'c.company_code', kind: 'text', label: t.companyCode },
  customs_regist_code: { sql: 'c.customs_regist_code', kind: 'text', label: t.companyCode },
  social_credit_code: { sql: 'c.social_credit_code', kind: 'text', label: t.socialCreditCode },
  approve_state: { sql: 'c.approve_state', kind: 'number', label: t.approveState },
  frozen: { sql: sql`(c.frozen_at is not null)`, kind: 'boolean', label: t.state },
  create_time: { sql: 'c.created_at', kind: 'timestamp', label: t.createTime },
  apply_time: { sql: 'c.applied_at', kind: 'timestamp', label: t.applyTime },
};

export async function listEnterprises(db: Db, request: unknown) {
  const compiled = compileListQuery(request, whitelist, {
    defaultSort: [{ name: 'create_time', order: 'desc' }], defaultPageSize: 50, tiebreaker: 'c.id',
  });
  const base = db.selectFrom('companies as c')
    .select(['c.id', 'c.company_name', 'c.company_code', 'c.customs_regist_code', 'c.social_credit_code', 'c.approve_state', 'c.frozen_at', 'c.created_at', 'c.applied_at'])
    .select((eb) => eb.selectFrom('users as u').whereRef('u.company_id', '=', 'c.id').select(sql<number>`count(*)::int`.as('n')).as('account_count'));
  const answer = await runPagedList(db, base, compiled, { simple: false });
  const rows = Array.isArray(answer) ? answer : answer.datas;
  const datas = rows.map((r) => ({
    id: r.id, companyName: r.company_name, companyCode: r.company_code, customsRegistCode: r.customs_regist_code,
    socialCreditCode: r.social_credit_code, approveState: r.approve_state, showApproveState: approveStateName(r.approve_state),
    frozen: r.frozen_at !== null, frozenTime: r.frozen_at ? chinaTime(r.frozen_at) : '', accountCount: Number(r.account_count ?? 0),
    createTime: chinaTime(r.created_at), applyTime: r.applied_at ? chinaTime(r.applied_at) : '',
  }));
  return { total: Array.isArray(answer) ? datas.length : answer.total, datas };
}

/** The accounts of one company: the main account first, then its sub-accounts. */
export async function enterpriseAccounts(db: Db, companyId: number) {
  const company = await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  if (!company) throw new BizError(t.notFound);
  const rows = await db.selectFrom('users').select(['id', 'login_name', 'user_name', 'user_type', 'state', 'created_at'])
    .where('company_id', '=', companyId).orderBy('user_type').orderBy('created_at').orderBy('id').limit(1000).execute();
  return rows.map((r) => ({ id: r.id, loginName: r.login_name, userName: r.user_name, userType: r.user_type, state: r.state, createTime: chinaTime(r.created_at) }));
}

/**
 * Freezes (frozen = true) or unfreezes a company; answers the ids of its users, whose cached sessions
 * the caller drops once this has committed.
 */
export async function setCompanyFrozen(db: Db, companyId: number, frozen: boolean): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('companies').select(['id', 'frozen_at']).where('id', '=', companyId).forUpdate().executeTakeFirst();
    if (!row) throw new BizError(t.notFound);
    if (frozen && row.frozen_at !== null) throw new BizError(t.alreadyFrozen);
    if (!frozen && row.frozen_at === null) throw new BizError(t.notFrozen);
    await trx.updateTable('companies').set({ frozen_at: frozen ? new Date() : null }).where('id', '=', companyId).execute();
    const users = (await trx.selectFrom('users').select('id').where('company_id', '=', companyId).execute()).map((u) => u.id);
    if (frozen && users.length > 0) {
      // every login of the company ends (the revocation notifies every app server, migration 014)
      await trx.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', 'in', users).where('revoked_at', 'is', null).execute();
    }
    // the company's API keys are read again on every app server: the trigger of migration 025 fires
    // on an update of api_keys.company_id (unchanged here) and drops each key from the caches
    await trx.updateTable('api_keys').set({ company_id: companyId }).where('company_id', '=', companyId).execute();
    return users;
  });
}
