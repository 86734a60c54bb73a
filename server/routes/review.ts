/**
 * The filing review API (the "administrator flow"): the platform operator's side, not an enterprise
 * user's: 'operator' routes (a PLATFORM login, or REVIEW_TOKEN in X-Review-Token for scripts; issue
 * 20). The sandbox (server/company/sandbox.ts) approves through the same function.
 */
import type { FastifyInstance } from 'fastify';
import { APPROVE_STATE, approveStateName } from '../../domain/enterprise/approval.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { chinaTime } from '../company/detail.ts';
import { reviewFiling } from '../company/review.ts';
import { defineRoute } from '../http/route.ts';

const tags = ['备案审核'];

export default async function reviewRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute<{ approveState?: number }, 'operator'>(app, {
    idColumn: 'integer',
    path: '/api/review/company/pageList', summary: '待审核的企业备案', tags, access: 'operator', dataOptional: true,
    data: { type: 'object', properties: { approveState: { type: 'integer', title: '备案状态' } } },
    handler: async ({ data }) => {
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
    defineRoute<Decision, 'operator'>(app, {
      idColumn: 'integer',
      path: `/api/review/company/${verb}`, summary, tags, access: 'operator', data: decision,
      handler: async ({ user, data }) => {
        // a logged-in operator signs with its own name; a script names one, or is 海关审核
        const reviewer = data.reviewer?.trim() || (user.userId ? user.userName : enterpriseText.reviewer);
        const approveState = await reviewFiling(db, {
          companyId: data.id, decision: verb, reviewer, opinion: data.opinion ?? null, note: data.note ?? null,
        });
        return { id: data.id, approveState, showApproveState: approveStateName(approveState) };
      },
    });
  }
}
