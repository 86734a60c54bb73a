/**
 * Settlement authorization (accounts §2, §4, §6, §7). The agent (any filed company) asks an
 * e-commerce company for authorization; the e-commerce company agrees, refuses or recalls it on its
 * confirm list. The apply list shows the caller's requests (agentCode = its code), the confirm
 * list the requests to it (commerceCode = its code); nobody sees a record of which it is neither.
 * Each action is decided by machines/authorization.ts; a batch is one transaction.
 */
import { sql } from 'kysely';
import { authorizationStateNames, stateNameOf } from '../../domain/settlement/states.ts';
import { authorizationText as t } from '../../domain/texts/settlement.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { applyPaging, applySorts, applyTerms, compileListQuery, type ColumnWhitelist } from '../query/list-query.ts';
import { decideAuthorization, type AuthorizationVerb } from './decide.ts';
import { idList, isUniqueViolation, time } from './format.ts';

const whitelist: ColumnWhitelist = {
  id: { sql: 'a.id', kind: 'number' },
  state: { sql: 'a.state', kind: 'text', label: '状态' },
  agentCode: { sql: 'a.agent_code', kind: 'text' },
  agent_code: { sql: 'a.agent_code', kind: 'text' },
  agentName: { sql: 'a.agent_name', kind: 'text' },
  agent_name: { sql: 'a.agent_name', kind: 'text' },
  commerceCode: { sql: 'a.commerce_code', kind: 'text' },
  commerce_code: { sql: 'a.commerce_code', kind: 'text' },
  commerceName: { sql: 'a.commerce_name', kind: 'text' },
  commerce_name: { sql: 'a.commerce_name', kind: 'text' },
  create_time: { sql: 'a.create_time', kind: 'timestamp' },
  update_time: { sql: 'a.update_time', kind: 'timestamp' },
};

type Row = { id: number; agent_code: string; agent_name: string; commerce_code: string; commerce_name: string; state: string; create_time: Date; update_time: Date };
const vo = (r: Row) => ({
  id: Number(r.id), agentName: r.agent_name, agentCode: r.agent_code, commerceCode: r.commerce_code, commerceName: r.commerce_name,
  createTime: time(r.create_time), updateTime: time(r.update_time), state: r.state, stateName: stateNameOf(authorizationStateNames, r.state),
});

export async function listAuthorizations(db: Db, user: AuthUser, request: unknown) {
  const compiled = compileListQuery(request, whitelist, { defaultSort: [{ name: 'create_time', order: 'desc' }], tiebreaker: 'a.id' });
  const code = user.companyCode ?? '';
  const base = applyTerms(db.selectFrom('settlement_authorizations as a')
    .where((eb) => eb.or([eb('a.agent_company_id', '=', user.companyId), eb('a.commerce_code', '=', code)]))
    .select(['a.id', 'a.agent_code', 'a.agent_name', 'a.commerce_code', 'a.commerce_name', 'a.state', 'a.create_time', 'a.update_time']), compiled);
  const rows = await applyPaging(applySorts(base, compiled), compiled).execute();
  const full = rows.length === compiled.pageSize;
  const total = !full && (rows.length > 0 || compiled.pageIndex === 0) ? compiled.offset + rows.length
    : Number((await db.selectFrom(base.clearSelect().select(sql`1`.as('one')).as('q')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  return { total, datas: rows.map((r) => vo(r as Row)) };
}

/** Filed companies by name, for the selection dialog (never the caller itself). */
export async function findCompanies(db: Db, user: AuthUser, name: unknown) {
  const text = typeof name === 'string' ? name.trim() : '';
  let q = db.selectFrom('companies').select(['company_code', 'company_name']).where('company_code', 'is not', null).where('id', '<>', user.companyId);
  if (text) q = q.where('company_name', 'ilike', `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await q.orderBy('company_name').limit(50).execute();
  return rows.map((r) => ({ companyCode: r.company_code!, companyName: r.company_name }));
}

/** 添加授权: a request to an e-commerce company (to_audit); one live request per pair. */
export async function requestAuthorization(db: Db, user: AuthUser, input: { commerceCode?: unknown }) {
  const code = typeof input.commerceCode === 'string' ? input.commerceCode.trim() : '';
  if (!code) throw BizError.fields(t.companyRequired, [{ field: 'commerceCode', message: t.companyRequired }]);
  if (code === user.companyCode) throw new BizError(t.selfAuthorization);
  const commerce = await db.selectFrom('companies').select(['company_code', 'company_name']).where('company_code', '=', code).executeTakeFirst();
  if (!commerce) throw new BizError(t.companyUnknown);
  try {
    const row = await db.insertInto('settlement_authorizations').values({
      agent_company_id: user.companyId, agent_code: user.companyCode!, agent_name: user.companyName,
      commerce_code: code, commerce_name: commerce.company_name, state: 'to_audit',
    }).returningAll().executeTakeFirstOrThrow();
    return vo(row as unknown as Row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(t.duplicate(commerce.company_name));
    throw error;
  }
}

type Side = 'commerce' | 'agent';
/** Locks the records the caller may act on from its side; any other id refuses the whole batch. */
async function lock(trx: Db, user: AuthUser, ids: number[], side: Side) {
  let q = trx.selectFrom('settlement_authorizations').selectAll().where('id', 'in', ids);
  q = side === 'commerce' ? q.where('commerce_code', '=', user.companyCode ?? '') : q.where('agent_company_id', '=', user.companyId);
  const rows = await q.orderBy('id').forUpdate().execute();
  if (rows.length !== ids.length) throw new BizError(t.notFound);
  return rows;
}

const ids = (value: unknown) => {
  const list = idList(value);
  if (!list || list.length === 0) throw new BizError(t.selectRows);
  return list;
};

/** agree / refuse / recall (the e-commerce company) and delete (the agent). */
export async function actOnAuthorizations(db: Db, user: AuthUser, rawIds: unknown, verb: AuthorizationVerb): Promise<void> {
  const list = ids(rawIds);
  await db.transaction().execute(async (trx) => {
    const rows = await lock(trx, user, list, verb === 'delete' ? 'agent' : 'commerce');
    const nexts = rows.map((r) => decideAuthorization(r, verb));
    if (verb === 'delete') {
      await trx.deleteFrom('settlement_authorizations').where('id', 'in', list).execute();
      return;
    }
    for (const [i, r] of rows.entries()) {
      await trx.updateTable('settlement_authorizations').set({ state: nexts[i]!, update_time: new Date() }).where('id', '=', r.id).execute();
    }
  });
}

/**
 * Whether the caller may settle inventories of this e-commerce company: its own, or one that
 * authorized it (approved). A recalled or refused authorization no longer counts.
 */
export async function ebcAuthorized(q: Db, user: AuthUser, ebcCode: string | null): Promise<boolean> {
  if (!ebcCode || ebcCode === user.companyCode) return true;
  const row = await q.selectFrom('settlement_authorizations').select('id').where('agent_company_id', '=', user.companyId)
    .where('commerce_code', '=', ebcCode).where('state', '=', 'approved').executeTakeFirst();
  return row !== undefined;
}
