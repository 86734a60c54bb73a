/**
 * The operator's 备案审核 (issue 20, /review/filing): the queue of filings 审核中 with what each
 * changed since its last approved version, one filing in full (its attachments open through the
 * enterprise page's own capability links, server/company/detail.ts), 通过 (assigning or confirming
 * the companyCode), 退回 (an opinion is required: the enterprise reads it on its 企业备案 page) and
 * the decisions taken. Every decision is the filing machine's (reviewFiling); the company's live
 * stream hears it from the approve_state trigger (migration 021).
 */
import type { FastifyInstance } from 'fastify';
import { approveStateName } from '../../domain/enterprise/approval.ts';
import { reviewFilingText as t } from '../../domain/texts/review-filing.ts';
import { filingDecisions, filingForReview, filingQueue, type DecisionQuery, type QueueQuery } from '../company/filing-review.ts';
import { reviewFiling } from '../company/review.ts';
import { defineRoute } from '../http/route.ts';

const tags = ['备案审核'];
const page = {
  pageIndex: { type: 'integer', title: '页码 (从0开始)', minimum: 0, maximum: 100_000 },
  pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100 },
  companyName: { type: 'string', title: '企业名称', maxLength: 100 },
};
const id = { id: { type: 'integer', title: '企业编号', minimum: 1 } };

export default async function reviewFilingRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute<QueueQuery, 'operator'>(app, {
    path: '/api/review/filing/pageList', summary: '待审核的企业备案 (含自上次通过以来的变更)', tags, access: 'operator', idColumn: 'integer',
    dataOptional: true, log: false,
    data: { type: 'object', additionalProperties: false, properties: page },
    handler: ({ data }) => filingQueue(db, data ?? {}),
  });

  defineRoute<{ id: number }, 'operator'>(app, {
    path: '/api/review/filing/detail', summary: '企业备案详情 (附件、审批记录、与上次通过版本的比较)', tags, access: 'operator', idColumn: 'integer',
    log: false,
    data: { type: 'object', required: ['id'], additionalProperties: false, properties: id },
    handler: ({ data }) => filingForReview(db, data.id),
  });

  defineRoute<DecisionQuery, 'operator'>(app, {
    path: '/api/review/filing/history', summary: '备案审核记录 (某企业或全部企业)', tags, access: 'operator', idColumn: 'integer',
    dataOptional: true, log: false,
    data: { type: 'object', additionalProperties: false, properties: { ...page, companyId: { type: 'integer', title: '企业编号', minimum: 1 } } },
    handler: ({ data }) => filingDecisions(db, data ?? {}),
  });

  type Decision = { id: number; opinion?: string; note?: string; companyCode?: string };
  const decision = (extra: object) => ({
    type: 'object', required: ['id'], additionalProperties: false,
    properties: {
      ...id,
      opinion: { type: 'string', title: '审批意见', maxLength: 500 },
      note: { type: 'string', title: '备注', maxLength: 500 },
      ...extra,
    },
  });

  defineRoute<Decision, 'operator'>(app, {
    path: '/api/review/filing/approve', summary: '备案审核通过 (分配或确认企业海关编码)', tags, access: 'operator', idColumn: 'integer',
    log: { action: '备案审核通过' }, message: t.approved,
    data: decision({ companyCode: { type: 'string', title: '企业海关编码', maxLength: 20 } }),
    handler: async ({ data, user }) => {
      const approveState = await reviewFiling(db, {
        companyId: data.id, decision: 'approve', reviewer: user.userName || user.loginName,
        opinion: data.opinion ?? null, note: data.note ?? null, companyCode: data.companyCode ?? null,
      });
      return { id: data.id, approveState, showApproveState: approveStateName(approveState) };
    },
  });

  defineRoute<Decision, 'operator'>(app, {
    path: '/api/review/filing/reject', summary: '退回企业备案 (须填写审批意见，企业可见)', tags, access: 'operator', idColumn: 'integer',
    log: { action: '备案退回' }, message: t.rejected,
    data: decision({}),
    handler: async ({ data, user }) => {
      const approveState = await reviewFiling(db, {
        companyId: data.id, decision: 'reject', reviewer: user.userName || user.loginName, opinion: data.opinion ?? null, note: data.note ?? null,
      });
      return { id: data.id, approveState, showApproveState: approveStateName(approveState) };
    },
  });
}
