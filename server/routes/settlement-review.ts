/**
 * The bank's and customs' review API of settlement, verification and reward applications
 * (the operator's: a PLATFORM login or X-Review-Token, issue 20; the sandbox goes through the same functions):
 *   /api/review/{settlement,verification,subsidy}/pageList   the operator's queues: every company's records,
 *                                                 paged, with terms (state, company, time, number; {state} still works)
 *   /api/review/{settlement,verification,subsidy}/detail     one record as a decision is taken on it
 *   /api/review/settlement/inventories, /api/review/subsidy/{bills,results}   their rows, paged
 *   /api/review/settlement/{accept|refuse}       the bank accepts or refuses an application (申报中)
 *   /api/review/settlement/{approve|reject}      the audit's decision (审核中)
 *   /api/review/verification/{approve|reject}    a verification application (审核中)
 *   /api/review/subsidy/{start|finish}           customs verifies a reward application
 * Refusing needs an opinion; each decision is the machine's (a wrong state answers code -1).
 */
import type { FastifyInstance } from 'fastify';
import { settlementStateNames, stateNameOf } from '../../domain/settlement/states.ts';
import { reviewSubsidyBills, reviewSubsidyDetail, reviewSubsidyList, reviewSubsidyResults } from '../rewards/review-queue.ts';
import { defineRoute } from '../http/route.ts';
import { reviewSubsidy } from '../rewards/review.ts';
import {
  reviewSettlementDetail, reviewSettlementInventories, reviewSettlementList, reviewVerificationDetail, reviewVerificationList, type ReviewListRequest,
} from '../settlement/review-queue.ts';
import { reviewSettlement, reviewVerification, type BankVerb } from '../settlement/review.ts';

const tags = ['结汇与补贴审核'];
const decision = {
  type: 'object', required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 }, opinion: { type: 'string', maxLength: 500 } },
};
type Decision = { id: number; opinion?: string };

export default async function settlementReviewRoutes(app: FastifyInstance) {
  const { db } = app;

  const list = {
    type: 'object', additionalProperties: true,
    properties: { pageIndex: { type: 'integer', minimum: 0 }, pageSize: { type: 'integer', minimum: 1, maximum: 1000 }, state: { type: 'string', maxLength: 16 } },
  };
  const one = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };
  const page = { ...one, properties: { ...one.properties, pageIndex: { type: 'integer', minimum: 0 }, pageSize: { type: 'integer', minimum: 1, maximum: 1000 } } };
  const reads: [string, string, object, (data: never) => Promise<unknown>][] = [
    ['settlement/pageList', '结汇单 (状态、企业、申请时间、申报编号；{state} 为状态的简写)', list, (d: ReviewListRequest) => reviewSettlementList(db, d)],
    ['settlement/detail', '结汇单详情 (金额、核销申请)', one, (d: { id: number }) => reviewSettlementDetail(db, d.id)],
    ['settlement/inventories', '结汇单的清单 (分页)', page, (d: { id: number }) => reviewSettlementInventories(db, d)],
    ['verification/pageList', '核销申请 (状态、企业、申请时间、核销编号、结汇申报编号)', list, (d: ReviewListRequest) => reviewVerificationList(db, d)],
    ['verification/detail', '核销申请详情 (及其结汇单)', one, (d: { id: number }) => reviewVerificationDetail(db, d.id)],
    ['subsidy/pageList', '补贴申请 (状态、企业、申请时间、申请编号、申请类型)', list, (d: ReviewListRequest) => reviewSubsidyList(db, d)],
    ['subsidy/detail', '补贴申请详情 (绑定企业、提单数、核验结果数)', one, (d: { id: number }) => reviewSubsidyDetail(db, d.id)],
    ['subsidy/bills', '补贴申请导入的提单号 (分页)', page, (d: { id: number }) => reviewSubsidyBills(db, d)],
    ['subsidy/results', '补贴申请的核验结果 (分页)', page, (d: { id: number }) => reviewSubsidyResults(db, d)],
  ];
  for (const [path, summary, data, read] of reads) {
    defineRoute<never, 'operator'>(app, {
      path: `/api/review/${path}`, summary, tags, access: 'operator', data, dataOptional: data === list,
      handler: ({ data: input }) => read(input),
    });
  }

  const bankVerbs: [BankVerb, string][] = [['accept', '银行受理'], ['refuse', '银行退回 (须填写意见)'], ['approve', '审核通过'], ['reject', '审核不通过 (须填写意见)']];
  for (const [verb, summary] of bankVerbs) {
    defineRoute<Decision, 'operator'>(app, {
      path: `/api/review/settlement/${verb}`, summary: `结汇单${summary}`, tags, access: 'operator', data: decision,
      handler: async ({ data }) => {
        const state = await reviewSettlement(db, data.id, verb, data.opinion);
        return { id: data.id, state, stateName: stateNameOf(settlementStateNames, state) };
      },
    });
  }
  for (const verb of ['approve', 'reject'] as const) {
    defineRoute<Decision, 'operator'>(app, {
      path: `/api/review/verification/${verb}`, summary: `核销申请${verb === 'approve' ? '通过' : '不通过 (须填写意见)'}`, tags, access: 'operator', data: decision,
      handler: async ({ data }) => {
        return { id: data.id, state: await reviewVerification(db, data.id, verb, data.opinion) };
      },
    });
  }
  for (const verb of ['start', 'finish'] as const) {
    defineRoute<Decision, 'operator'>(app, {
      path: `/api/review/subsidy/${verb}`, summary: `补贴申请${verb === 'start' ? '开始核验' : '核验完成'}`, tags, access: 'operator', data: decision,
      handler: async ({ data }) => {
        return { id: data.id, state: await reviewSubsidy(db, data.id, verb) };
      },
    });
  }
}
