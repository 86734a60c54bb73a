/**
 * The reviewer's decision on a declared filing (review API and the sandbox): decided by the filing
 * machine, recorded in the approval history. An approval gives a company that was never filed its
 * customs registration code as companyCode (bill pages open at its next token refresh or login).
 */
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { decideFiling } from './filing.ts';

export interface ReviewDecision {
  companyId: number;
  decision: 'approve' | 'reject';
  reviewer: string;
  opinion?: string | null;
  note?: string | null;
}

export async function reviewFiling(db: Db, d: ReviewDecision): Promise<number> {
  const opinion = d.opinion?.trim() || (d.decision === 'approve' ? enterpriseText.defaultApproveOpinion : '');
  if (!opinion) throw BizError.fields(enterpriseText.opinionRequired, [{ field: 'opinion', message: enterpriseText.opinionRequired }]);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('companies').select(['id', 'approve_state', 'company_code', 'customs_regist_code'])
      .where('id', '=', d.companyId).forUpdate().executeTakeFirst();
    if (!row) throw new BizError(enterpriseText.companyNotFound);
    const next = decideFiling(row.approve_state, d.decision);
    await trx.updateTable('companies').set({
      approve_state: next, applied_at: null, updated_at: new Date(),
      ...(d.decision === 'approve' && !row.company_code ? { company_code: row.customs_regist_code } : {}),
    }).where('id', '=', row.id).execute();
    await trx.insertInto('company_approvals').values({
      company_id: row.id, user_name: d.reviewer, approve_state: next, opinion, note: d.note ?? null,
    }).execute();
    return next;
  });
}
