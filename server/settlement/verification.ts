/**
 * Settlement verification (核销, accounts §2, §4, §7). The page lists the company's approved
 * settlements with what is still to verify; one is chosen (single choice sets the available amount),
 * an amount applied (/declare/verification/apply {amount, ids}); the bank answers (sandbox or review
 * API); an application still in audit may be revoked with a reason (/declare/verification/revokes),
 * which the history keeps. Every step is decided by machines/settlement-verification.ts.
 */
import { sql } from 'kysely';
import { parseAmount, tooManyDecimals } from '../../domain/settlement/amounts.ts';
import { stateNameOf, verificationStateNames } from '../../domain/settlement/states.ts';
import { settlementText, verificationText as t } from '../../domain/texts/settlement.ts';
import { settlementHasTag } from '../../machines/settlement.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { applyPaging, applySorts, applyTerms, compileListQuery } from '../query/list-query.ts';
import { decideVerification } from './decide.ts';
import { amount, idList, subtract, time } from './format.ts';
import { nextNumber } from './numbers.ts';
import { settlementSelect, settlementVo, settlementWhitelist, type SettlementRow } from './records.ts';
import { MAX_BATCH } from './settlements.ts';

/** The approved settlements (the rows of the verification page), with their amounts. */
export async function listVerifiable(db: Db, user: AuthUser, request: unknown) {
  const compiled = compileListQuery(request, settlementWhitelist(user.companyCode), { tiebreaker: 's.id' });
  const base = applyTerms(settlementSelect(db, user).where('s.state', '=', 'approved'), compiled);
  const rows = await applyPaging(applySorts(base, compiled), compiled).execute() as SettlementRow[];
  const full = rows.length === compiled.pageSize;
  const total = !full && (rows.length > 0 || compiled.pageIndex === 0) ? compiled.offset + rows.length
    : Number((await db.selectFrom(base.clearSelect().select(sql`1`.as('one')).as('q')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  const ids = rows.map((r) => r.id);
  const latest = ids.length === 0 ? [] : await db.selectFrom('settlement_verifications').select(['settlement_id', 'state', 'ver_no'])
    .distinctOn('settlement_id').where('settlement_id', 'in', ids).orderBy('settlement_id').orderBy('id', 'desc').execute();
  const byId = new Map(latest.map((v) => [Number(v.settlement_id), v]));
  return {
    total,
    datas: rows.map((r) => {
      const v = byId.get(Number(r.id));
      return { ...settlementVo(r), verState: v?.state ?? null, verStateName: v ? stateNameOf(verificationStateNames, v.state) : '未核销', verNo: v?.ver_no ?? null };
    }),
  };
}

/** 申请核销: one approved settlement, an amount > 0 with at most 5 decimals, not above what is left. */
export async function applyVerification(db: Db, user: AuthUser, input: { amount?: unknown; ids?: unknown }) {
  const ids = idList(input.ids, 1);
  if (!ids || ids.length !== 1) throw new BizError(t.selectOne);
  if (tooManyDecimals(input.amount)) throw BizError.fields(t.amountScale, [{ field: 'amount', message: t.amountScale }]);
  const value = parseAmount(input.amount);
  if (value <= 0) throw BizError.fields(t.amountRequired, [{ field: 'amount', message: t.amountRequired }]);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('settlements').selectAll().where('id', '=', ids[0]!).where('company_id', '=', user.companyId).forUpdate().executeTakeFirst();
    if (!row || !settlementHasTag(row.state, 'verifiable')) throw new BizError(t.notFound);
    const available = subtract(row.total_amount, row.verified_amount, row.verifying_amount);
    if (value > Number(available)) throw BizError.fields(t.amountTooLarge, [{ field: 'amount', message: t.amountTooLarge }]);
    const verNo = await nextNumber(trx, 'HX');
    const inserted = await trx.insertInto('settlement_verifications').values({
      company_id: user.companyId, settlement_id: row.id, ver_no: verNo, amount: value, state: 'audit',
    }).returning('id').executeTakeFirstOrThrow();
    await sql`update settlements set verifying_amount = verifying_amount + ${value}, update_time = now(), version = version + 1 where id = ${row.id}`.execute(trx);
    return { id: Number(inserted.id), verNo, amount: amount(value), availableAmount: subtract(available, value) };
  });
}

/** 撤销申请: the applications in audit of the chosen settlements, with a reason; all or nothing. */
export async function revokeVerifications(db: Db, user: AuthUser, input: { ids?: unknown; reason?: unknown }) {
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) throw BizError.fields(t.revokeReasonRequired, [{ field: 'reason', message: t.revokeReasonRequired }]);
  const ids = idList(input.ids, MAX_BATCH);
  if (!ids || ids.length === 0) throw new BizError(t.selectRevoke);
  await db.transaction().execute(async (trx) => {
    const heads = await trx.selectFrom('settlements').selectAll().where('id', 'in', ids).where('company_id', '=', user.companyId).orderBy('id').forUpdate().execute();
    if (heads.length !== ids.length) throw new BizError(t.notFound);
    for (const head of heads) {
      // the newest application of the settlement is the one a revocation is about
      const v = await trx.selectFrom('settlement_verifications').selectAll().where('settlement_id', '=', head.id).orderBy('id', 'desc').forUpdate().executeTakeFirst();
      if (!v) throw new BizError(t.nothingToRevoke);
      const next = decideVerification(v, 'revoke');
      await trx.updateTable('settlement_verifications').set({ state: next, reason, state_time: new Date(), update_time: new Date() }).where('id', '=', v.id).execute();
      await sql`update settlements set verifying_amount = verifying_amount - ${v.amount}, update_time = now(), version = version + 1 where id = ${head.id}`.execute(trx);
      await trx.insertInto('settlement_revocations').values({
        company_id: user.companyId, revoke_type: 2, settlement_id: head.id, verification_id: v.id, declare_no: head.declare_no, agent_name: user.companyName,
        app_time: v.app_time, reason, bank_name: head.bank_name, total_count: head.total_count, total_amount: v.amount,
        audit_opinion: v.audit_opinion, state_name: verificationStateNames.revoke,
      }).execute();
    }
  });
}

/** 核销结果: the applications of one settlement, newest first, with what was left after each. */
export async function verificationResults(db: Db, user: AuthUser, id: unknown) {
  const head = await settlementSelect(db, user).where('s.id', '=', Number(id)).executeTakeFirst() as SettlementRow | undefined;
  if (!head || !Number.isSafeInteger(Number(id))) throw new BizError(settlementText.notFound);
  const rows = await db.selectFrom('settlement_verifications').selectAll().where('settlement_id', '=', head.id).orderBy('id', 'desc').execute();
  return {
    head: settlementVo(head),
    datas: rows.map((v) => ({
      id: Number(v.id), verNo: v.ver_no, amount: amount(v.amount), state: v.state, stateName: stateNameOf(verificationStateNames, v.state),
      reason: v.reason, auditOpinion: v.audit_opinion, appTime: time(v.app_time), updateTime: time(v.update_time),
    })),
  };
}
