/**
 * The filing review API (the "administrator flow"): customs' or the platform operator's side, not an
 * enterprise user's, so it is guarded by a shared secret (REVIEW_TOKEN in the X-Review-Token header)
 * instead of a login; without REVIEW_TOKEN it is off. The sandbox (server/company/sandbox.ts)
 * approves through the same function.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APPROVE_STATE, approveStateName } from '../../domain/enterprise/approval.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { chinaTime } from '../company/detail.ts';
import { reviewFiling } from '../company/review.ts';
import { BizError, HttpError, defineRoute } from '../http/route.ts';

const tags = ['备案审核'];
const digest = (s: string) => createHash('sha256').update(s).digest();

export default async function reviewRoutes(app: FastifyInstance) {
  const { db, config } = app;

  function requireReviewer(request: FastifyRequest) {
    if (!config.reviewToken) throw new BizError(enterpriseText.reviewDisabled);
    const header = request.headers['x-review-token'];
    const presented = Array.isArray(header) ? header[0] : header;
    if (!presented || !timingSafeEqual(digest(presented), digest(config.reviewToken))) throw new HttpError(403, enterpriseText.reviewForbidden);
  }

  defineRoute<{ approveState?: number }>(app, {
    idColumn: 'integer',
    path: '/api/review/company/pageList', summary: '待审核的企业备案 (X-Review-Token)', tags, access: 'public', dataOptional: true,
    data: { type: 'object', properties: { approveState: { type: 'integer', title: '备案状态' } } },
    handler: async ({ request, data }) => {
      requireReviewer(request);
      const rows = await db.selectFrom('companies').select(['id', 'company_name', 'customs_regist_code', 'approve_state', 'applied_at'])
        .where('approve_state', '=', data?.approveState ?? APPROVE_STATE.reviewing).orderBy('applied_at').orderBy('id').limit(500).execute();
      return rows.map((r) => ({
        id: r.id, companyName: r.company_name, customsRegistCode: r.customs_regist_code, approveState: r.approve_state,
        showApproveState: approveStateName(r.approve_state), applyTime: chinaTime(r.applied_at),
      }));
    },
  });

  const decision = {
    type: 'object', required: ['id'],
    properties: {
      id: { type: 'integer', title: '企业编号', minimum: 1 },
      opinion: { type: 'string', title: '审批意见', maxLength: 500 },
      reviewer: { type: 'string', title: '审核人', maxLength: 100 },
      note: { type: 'string', title: '备注', maxLength: 500 },
    },
  };
  type Decision = { id: number; opinion?: string; reviewer?: string; note?: string };

  for (const [verb, summary] of [['approve', '备案审核通过'], ['reject', '备案退回 (须填写审批意见)']] as const) {
    defineRoute<Decision>(app, {
      idColumn: 'integer',
      path: `/api/review/company/${verb}`, summary: `${summary} (X-Review-Token)`, tags, access: 'public', data: decision,
      handler: async ({ request, data }) => {
        requireReviewer(request);
        const approveState = await reviewFiling(db, {
          companyId: data.id, decision: verb, reviewer: data.reviewer?.trim() || enterpriseText.reviewer, opinion: data.opinion ?? null, note: data.note ?? null,
        });
        return { id: data.id, approveState, showApproveState: approveStateName(approveState) };
      },
    });
  }
}
