/**
 * The bank's and customs' side of settlement and verification (the review API and the sandbox):
 * decided by the same machines as the company's actions, so a decision in the wrong state is
 * refused the same way. A refused settlement frees its inventories; a verification's outcome moves
 * its amount from "in verification" to verified (approved) or back to what is left (refused).
 */
import { sql } from 'kysely';
import { settlementText as t, verificationText } from '../../domain/texts/settlement.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { decideSettlement, decideVerification, type SettlementVerb } from './decide.ts';

export type BankVerb = Extract<SettlementVerb, 'accept' | 'refuse' | 'approve' | 'reject'>;

const defaultOpinion: Record<BankVerb, string> = { accept: t.bankAccepted, refuse: '', approve: t.approvedOpinion, reject: '' };

export async function reviewSettlement(db: Db, id: number, verb: BankVerb, opinion?: string | null): Promise<string> {
  const text = opinion?.trim() || defaultOpinion[verb];
  if (!text) throw BizError.fields(t.opinionRequired, [{ field: 'opinion', message: t.opinionRequired }]);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('settlements').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new BizError(t.notFound);
    const next = decideSettlement(row, verb);
    const now = new Date();
    await trx.updateTable('settlements').set({ state: next, audit_opinion: text, state_time: now, update_time: now, version: row.version + 1 })
      .where('id', '=', row.id).execute();
    if (next === 'not_approved') await trx.updateTable('settlement_inventories').set({ active: false }).where('settlement_id', '=', row.id).execute();
    return next;
  });
}

export async function reviewVerification(db: Db, id: number, verb: 'approve' | 'reject', opinion?: string | null): Promise<string> {
  const text = opinion?.trim() || (verb === 'approve' ? verificationText.sandboxOpinion : '');
  if (!text) throw BizError.fields(t.opinionRequired, [{ field: 'opinion', message: t.opinionRequired }]);
  return db.transaction().execute(async (trx) => {
    const v = await trx.selectFrom('settlement_verifications').selectAll().where('id', '=', id).executeTakeFirst();
    if (!v) throw new BizError(verificationText.notFound);
    // the settlement first, then the application: the order every writer takes
    await trx.selectFrom('settlements').select('id').where('id', '=', v.settlement_id).forUpdate().execute();
    const locked = await trx.selectFrom('settlement_verifications').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const next = decideVerification(locked, verb);
    await trx.updateTable('settlement_verifications').set({ state: next, audit_opinion: text, state_time: new Date(), update_time: new Date() }).where('id', '=', id).execute();
    await sql`update settlements set verifying_amount = verifying_amount - ${locked.amount},
      verified_amount = verified_amount + ${next === 'approved' ? locked.amount : '0'}, update_time = now(), version = version + 1
      where id = ${locked.settlement_id}`.execute(trx);
    return next;
  });
}
