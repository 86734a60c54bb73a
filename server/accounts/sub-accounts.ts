/**
 * Sub-accounts of an enterprise (accounts-and-enterprise.md §3, §4, §6): listed per company (a USER
 * sees only its own row), created, reset, frozen or restored and deleted by the main account only.
 * A batch touches only the caller's company's sub-accounts; one id that is not one refuses the
 * whole batch, so nothing is changed half.
 */
import { sql } from 'kysely';
import { accountText as t } from '../../domain/texts/accounts.ts';
import type { AccountState } from '../../domain/enterprise/account-rules.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { compileListQuery, runPagedList, type ColumnWhitelist } from '../query/list-query.ts';
import { chinaTime } from '../company/detail.ts';
import { grantDefaults, replaceGrants, storedGrants } from './grants.ts';
import type { GrantPair } from '../../domain/grants.ts';
import { describeGrantChange } from '../../domain/grant-changes.ts';
import { noteDetail } from '../oplog/context.ts';

export const MAX_BATCH = 100;

const whitelist: ColumnWhitelist = {
  id: { sql: 'users.id', kind: 'number', label: '编号' },
  login_name: { sql: 'users.login_name', kind: 'text', label: '用户名' },
  user_name: { sql: 'users.user_name', kind: 'text', label: '姓名' },
  state: { sql: 'users.state', kind: 'text', label: '状态' },
  user_type: { sql: 'users.user_type', kind: 'text', label: '账号类型' },
  create_time: { sql: 'users.created_at', kind: 'timestamp', label: '创建时间' },
};

export async function listAccounts(db: Db, user: AuthUser, request: unknown) {
  const compiled = compileListQuery(request, whitelist, {
    // the main account first, then sub-accounts in the order they were made
    defaultSort: [{ name: 'user_type', order: 'asc' }, { name: 'create_time', order: 'asc' }, { name: 'id', order: 'asc' }],
    defaultPageSize: 50, tiebreaker: 'users.id',
  });
  const base = db.selectFrom('users').innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.user_name', 'users.login_name', 'users.user_type', 'users.state', 'users.created_at', 'companies.company_name'])
    .where('users.company_id', '=', user.companyId)
    // every user sees its own row (accounts spec); the company's other accounts are the main account's (issue 29)
    .$if(user.userType !== 'ADMIN', (q) => q.where('users.id', '=', user.userId));
  const answer = await runPagedList(db, base, compiled, { simple: false });
  const rows = Array.isArray(answer) ? answer : answer.datas;
  const datas = rows.map((r) => ({
    id: r.id, username: r.user_name, loginName: r.login_name, userType: r.user_type, state: r.state, companyName: r.company_name, createTime: chinaTime(r.created_at),
  }));
  return { total: Array.isArray(answer) ? datas.length : answer.total, datas };
}

/** Only the main account manages sub-accounts (the button codes say so too; this is the backstop). */
export function requireAdmin(user: AuthUser): void {
  if (user.userType !== 'ADMIN') throw new BizError(t.adminOnly);
}

/** The caller's company's sub-accounts with these ids, locked; any other id refuses the whole batch. */
export async function lockSubAccounts(trx: Db, user: AuthUser, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new BizError(t.selectRows);
  if (unique.length > MAX_BATCH) throw new BizError(t.tooMany);
  const rows = await trx.selectFrom('users').select(['id', 'user_type', 'login_name']).where('id', 'in', unique)
    .where('company_id', '=', user.companyId).orderBy('id').forUpdate().execute();
  if (rows.length !== unique.length) throw new BizError(t.notFound);
  if (rows.some((r) => r.user_type !== 'USER' || r.id === user.userId)) throw new BizError(t.notSubAccount);
  return rows;
}

async function revokeSessions(trx: Db, ids: readonly number[]) {
  await trx.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', 'in', ids).where('revoked_at', 'is', null).execute();
}

export async function setAccountState(db: Db, user: AuthUser, ids: readonly number[], state: AccountState): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await lockSubAccounts(trx, user, ids);
    const locked = rows.map((r) => r.id);
    await trx.updateTable('users').set({ state }).where('id', 'in', locked).execute();
    // a frozen account's sessions end: its refresh tokens here, its access tokens at their next call
    // (the route tells the session cache once this commits)
    if (state === 'INVALID') await revokeSessions(trx, locked);
  });
}

export async function deleteAccounts(db: Db, user: AuthUser, ids: readonly number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await lockSubAccounts(trx, user, ids);
    await trx.deleteFrom('users').where('id', 'in', rows.map((r) => r.id)).execute();
  });
}

export async function resetAccountPassword(db: Db, user: AuthUser, id: number, loginName: string | undefined, passwordHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [row] = await lockSubAccounts(trx, user, [id]);
    if (loginName !== undefined && loginName.trim() !== '' && loginName.trim() !== row!.login_name) throw new BizError(t.notFound);
    await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: new Date() }).where('id', '=', id).execute();
    await revokeSessions(trx, [id]);
  });
}

export async function createAccount(db: Db, user: AuthUser, loginName: string, name: string, state: AccountState, passwordHash: string): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom('users').select('id').where(sql`lower(login_name)`, '=', loginName.toLowerCase()).executeTakeFirst();
      if (exists) throw new BizError(t.loginNameTaken);
      const row = await trx.insertInto('users').values({
        company_id: user.companyId, parent_id: user.userId, login_name: loginName, user_name: name, user_type: 'USER', state, password_hash: passwordHash,
      }).returning('id').executeTakeFirstOrThrow();
      await grantDefaults(trx, row.id);
      return row.id;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new BizError(t.loginNameTaken);
    throw error;
  }
}

/** A sub-account's stored grants (the 权限 dialog); only of the caller's company's sub-accounts. */
export async function subAccountGrants(db: Db, user: AuthUser, id: number): Promise<GrantPair[]> {
  const row = await db.selectFrom('users').select(['id', 'user_type']).where('id', '=', id).where('company_id', '=', user.companyId).executeTakeFirst();
  if (!row) throw new BizError(t.notFound);
  if (row.user_type !== 'USER') throw new BizError(t.notSubAccount);
  return storedGrants(db, { kind: 'user', id });
}

/** Replaces a sub-account's grants (saved at once; its next call follows them). */
export async function saveSubAccountGrants(db: Db, user: AuthUser, id: number, grants: readonly GrantPair[]): Promise<GrantPair[]> {
  return db.transaction().execute(async (trx) => {
    const [account] = await lockSubAccounts(trx, user, [id]);
    const before = await trx.selectFrom('user_grants').select(['module_id', 'code']).where('user_id', '=', id).execute();
    const saved = await replaceGrants(trx, { kind: 'user', id }, grants);
    // the log row says whose grants changed and how (issue 31), not only that some did
    noteDetail(describeGrantChange(account!.login_name, before.map((r) => ({ moduleId: r.module_id, code: r.code })), saved));
    return saved;
  });
}
