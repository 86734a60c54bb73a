/**
 * The reviewer's decision on a declared filing (the operator's 备案审核, the review API and the
 * sandbox): decided by the filing machine, recorded in the approval history. An approval gives a
 * company that was never filed its companyCode — its customs registration code, or the code the
 * operator assigns — and keeps the approved record as a version (server/company/versions.ts), the
 * base the next declaration is compared with. Bill pages open at the next token refresh or login.
 */
import { CUSTOMS_REGIST_CODE, REGISTRATION_LIMITS } from '../../domain/enterprise/registration.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { reviewFilingText } from '../../domain/texts/review-filing.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import { refuseTakenDxpId } from './dxp-id.ts';
import { decideFiling } from './filing.ts';
import { recordApprovedVersion } from './versions.ts';

export interface ReviewDecision {
  companyId: number;
  decision: 'approve' | 'reject';
  reviewer: string;
  opinion?: string | null;
  note?: string | null;
  /**
   * Approve only: the companyCode the operator assigns (a first filing) or confirms (a filed
   * company keeps its code). Absent: the customs registration code given at registration.
   */
  companyCode?: string | null;
}

const codeField = (message: string) => BizError.fields(message, [{ field: 'companyCode', message }]);

/** The companyCode an approval leaves: the kept one, or the one assigned (checked here, its uniqueness in the transaction). */
function codeToAssign(row: { company_code: string | null; customs_regist_code: string | null }, asked: string | null | undefined): string | null {
  const code = asked?.trim();
  if (row.company_code) {
    if (code && code !== row.company_code) throw codeField(reviewFilingText.companyCodeFixed(row.company_code));
    return row.company_code;
  }
  if (asked !== undefined && asked !== null && !code) throw codeField(reviewFilingText.companyCodeRequired);
  const chosen = code || row.customs_regist_code;
  if (!chosen) throw codeField(reviewFilingText.companyCodeRequired);
  if (chosen.length > REGISTRATION_LIMITS.customsRegistCode || !CUSTOMS_REGIST_CODE.test(chosen)) throw codeField(reviewFilingText.companyCodeBad);
  return chosen;
}

export async function reviewFiling(db: Db, d: ReviewDecision): Promise<number> {
  const opinion = d.opinion?.trim() || (d.decision === 'approve' ? enterpriseText.defaultApproveOpinion : '');
  if (!opinion) throw BizError.fields(enterpriseText.opinionRequired, [{ field: 'opinion', message: enterpriseText.opinionRequired }]);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('companies').select(['id', 'approve_state', 'company_code', 'customs_regist_code', 'profile', 'dxp_id'])
      .where('id', '=', d.companyId).forUpdate().executeTakeFirst();
    if (!row) throw new BizError(enterpriseText.companyNotFound);
    const next = decideFiling(row.approve_state, d.decision);
    const code = d.decision === 'approve' ? codeToAssign(row, d.companyCode) : null;
    if (code && code !== row.company_code) {
      const taken = await trx.selectFrom('companies').select('id').where('id', '<>', row.id)
        .where((eb) => eb.or([eb('company_code', '=', code), eb('customs_regist_code', '=', code)])).executeTakeFirst();
      if (taken) throw codeField(reviewFilingText.companyCodeTaken);
    }
    await trx.updateTable('companies').set({
      approve_state: next, applied_at: null, updated_at: new Date(),
      ...(code && code !== row.company_code ? { company_code: code, customs_regist_code: code } : {}),
    }).where('id', '=', row.id).execute();
    const approval = await trx.insertInto('company_approvals').values({
      company_id: row.id, user_name: d.reviewer, approve_state: next, opinion, note: d.note ?? null,
    }).returning('id').executeTakeFirstOrThrow();
    if (d.decision === 'approve') {
      // the approved filing's 报文传输编号 becomes the one the company's messages are sent and attributed by
      const dxpId = (row.profile as Record<string, unknown> | null)?.dxpId;
      if (dxpId !== undefined && (dxpId ?? null) !== row.dxp_id) {
        await refuseTakenDxpId(trx, row.id, dxpId);
        await trx.updateTable('companies').set({ dxp_id: (dxpId as string | null) ?? null }).where('id', '=', row.id).execute();
      }
      await recordApprovedVersion(trx, row.id, approval.id);
    }
    return next;
  });
}
