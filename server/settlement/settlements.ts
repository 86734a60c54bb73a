/**
 * Exchange settlement records (accounts §2, §4, §7): the list, the detail head, 提交申请 with a
 * bank, 撤销申请 with a reason (kept in the history), 删除申请, and the head's specDeclFlag. Every
 * write locks the records it changes and is decided by machines/settlement.ts; a batch is one
 * transaction, so one refused record leaves every record of the batch as it was.
 */
import { sql } from 'kysely';
import { isSpecDeclFlag } from '../../domain/settlement/spec-decl-flag.ts';
import { settlementStateNames, type BillType, IE_TYPES } from '../../domain/settlement/states.ts';
import { settlementText as t } from '../../domain/texts/settlement.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { applyPaging, applySorts, applyTerms, compileListQuery } from '../query/list-query.ts';
import { decideSettlement, decideSettlementLock } from './decide.ts';
import { bankName, idList } from './format.ts';
import { nextNumber } from './numbers.ts';
import { settlementSelect, settlementVo, settlementWhitelist, type SettlementRow, type SettlementVo } from './records.ts';
import { ebcAuthorized } from './authorization.ts';

export const MAX_BATCH = 500;

export async function listSettlements(db: Db, user: AuthUser, request: unknown): Promise<{ total: number; datas: SettlementVo[] }> {
  const compiled = compileListQuery(request, settlementWhitelist(user.companyCode), { tiebreaker: 's.id' });
  const base = applyTerms(settlementSelect(db, user), compiled);
  const rows = await applyPaging(applySorts(base, compiled), compiled).execute() as SettlementRow[];
  const full = rows.length === compiled.pageSize;
  const total = !full && (rows.length > 0 || compiled.pageIndex === 0)
    ? compiled.offset + rows.length
    : Number((await db.selectFrom(base.clearSelect().select(sql`1`.as('one')).as('q')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  return { total, datas: rows.map(settlementVo) };
}

/** One record of the caller's company (optionally of one bill type), or 结汇单不存在或无权访问. */
export async function findSettlement(db: Db, user: AuthUser, id: unknown, billType?: BillType): Promise<SettlementVo> {
  if (!Number.isSafeInteger(Number(id))) throw new BizError(t.notFound);
  let q = settlementSelect(db, user).where('s.id', '=', Number(id));
  if (billType) q = q.where('s.ie_type', '=', IE_TYPES[billType]);
  const row = await q.executeTakeFirst() as SettlementRow | undefined;
  if (!row) throw new BizError(t.notFound);
  return settlementVo(row);
}

/** Locks the company's records (in id order, so two batches never deadlock); any unknown id refuses all. */
export async function lockSettlements(trx: Db, user: AuthUser, ids: readonly number[]) {
  const rows = await trx.selectFrom('settlements').selectAll().where('company_id', '=', user.companyId).where('id', 'in', [...ids])
    .orderBy('id').forUpdate().execute();
  if (rows.length !== ids.length) throw new BizError(t.notFound);
  return rows;
}

const batch = (ids: unknown, empty: string) => {
  if (Array.isArray(ids) && ids.length === 0) throw new BizError(empty);
  const list = idList(ids, MAX_BATCH);
  if (!list) throw new BizError(Array.isArray(ids) && ids.length > MAX_BATCH ? t.tooMany(MAX_BATCH) : empty);
  return list;
};

export interface ApplyInput { id: number; bankCode: string; note?: string | null }

/** 提交申请: to_declare → declare with a bank; the declaration number is issued now. */
export async function applySettlement(db: Db, user: AuthUser, input: ApplyInput): Promise<SettlementVo> {
  const bank = bankName(String(input.bankCode ?? ''));
  if (!input.bankCode) throw BizError.fields(t.bankRequired, [{ field: 'bankCode', message: t.bankRequired }]);
  if (!bank) throw BizError.fields(t.badBank, [{ field: 'bankCode', message: t.badBank }]);
  await db.transaction().execute(async (trx) => {
    const [row] = await lockSettlements(trx, user, [Number(input.id)]);
    const next = decideSettlement(row!, 'apply');
    if (row!.total_count === 0) throw new BizError(t.noInventory);
    if (!(await ebcAuthorized(trx, user, row!.ebc_code))) throw new BizError(t.authorizationRecalled(row!.ebc_name ?? row!.ebc_code ?? ''));
    const now = new Date();
    await trx.updateTable('settlements').set({
      state: next, bank_code: input.bankCode, bank_name: bank, note: input.note?.trim() || null,
      declare_no: row!.declare_no ?? await nextNumber(trx, row!.ie_type === 'IMP' ? 'GH' : 'JH', now),
      app_time: now, state_time: now, update_time: now, version: row!.version + 1,
    }).where('id', '=', row!.id).execute();
  });
  return findSettlement(db, user, input.id);
}

/** 删除申请 (to_declare only): the records and their lines are removed. */
export async function deleteSettlements(db: Db, user: AuthUser, rawIds: unknown): Promise<void> {
  const ids = batch(rawIds, t.selectRows);
  await db.transaction().execute(async (trx) => {
    for (const row of await lockSettlements(trx, user, ids)) decideSettlement(row, 'delete');
    await trx.deleteFrom('settlements').where('id', 'in', ids).where('company_id', '=', user.companyId).execute();
  });
}

/** 撤销申请 (audit only) with a reason; the record stays as 已撤销 and the history keeps the reason. */
export async function revokeSettlements(db: Db, user: AuthUser, input: { ids?: unknown; reason?: unknown; revokeType?: unknown }): Promise<void> {
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) throw BizError.fields(t.revokeReasonRequired, [{ field: 'reason', message: t.revokeReasonRequired }]);
  if (input.revokeType !== undefined && Number(input.revokeType) !== 1) throw new BizError(t.badRevokeType);
  const ids = batch(input.ids, t.selectRevoke);
  await db.transaction().execute(async (trx) => {
    const rows = await lockSettlements(trx, user, ids);
    const nexts = rows.map((row) => decideSettlement(row, 'revoke'));
    const now = new Date();
    for (const [i, row] of rows.entries()) {
      await trx.updateTable('settlements').set({ state: nexts[i]!, state_time: now, update_time: now, version: row.version + 1 }).where('id', '=', row.id).execute();
      await trx.updateTable('settlement_inventories').set({ active: false }).where('settlement_id', '=', row.id).execute();
      await trx.insertInto('settlement_revocations').values({
        company_id: user.companyId, revoke_type: 1, settlement_id: row.id, declare_no: row.declare_no, agent_name: user.companyName,
        app_time: row.app_time, reason, bank_name: row.bank_name, total_count: row.total_count, total_amount: row.total_amount,
        audit_opinion: row.audit_opinion, state_name: settlementStateNames.revoke,
      }).execute();
    }
  });
}

/** The head's specDeclFlag (seven boxes), while the record may be edited. */
export async function saveSettlementHead(db: Db, user: AuthUser, input: { id: number; specDeclFlag?: unknown }): Promise<SettlementVo> {
  if (!isSpecDeclFlag(input.specDeclFlag)) throw BizError.fields(t.badSpecDeclFlag, [{ field: 'specDeclFlag', message: t.badSpecDeclFlag }]);
  await db.transaction().execute(async (trx) => {
    const [row] = await lockSettlements(trx, user, [Number(input.id)]);
    decideSettlement(row!, 'edit');
    await trx.updateTable('settlements').set({ spec_decl_flag: input.specDeclFlag as string, update_time: new Date(), version: row!.version + 1 })
      .where('id', '=', row!.id).execute();
  });
  return findSettlement(db, user, input.id);
}

export type { SettlementRow };

/**
 * 批量锁定 / 批量解锁 (§5: needs a selection, 请选择操作数据！): one transaction, so a record
 * already locked (or not locked) refuses the whole batch, naming it. Whatever its workflow state.
 */
export async function setSettlementsLock(db: Db, user: AuthUser, rawIds: unknown, lock: boolean): Promise<void> {
  const ids = batch(rawIds, t.selectRows);
  await db.transaction().execute(async (trx) => {
    const rows = await lockSettlements(trx, user, ids);
    const nexts = rows.map((row) => decideSettlementLock(row, lock));
    const now = new Date();
    await trx.updateTable('settlements').set({
      lock_state: nexts[0]!, locked_by: lock ? (user.apiKey?.name ?? (user.userName || user.loginName)).slice(0, 100) : null, lock_time: lock ? now : null, update_time: now, version: sql`version + 1`,
    }).where('company_id', '=', user.companyId).where('id', 'in', ids).execute();
  });
}
