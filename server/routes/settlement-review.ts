/**
 * The bank's and customs' review API of settlement, verification and reward applications
 * (the operator's: a PLATFORM login or X-Review-Token, issue 20; the sandbox goes through the same functions):
 *   /api/review/settlement/pageList {state?}     waiting records (申报中 and 审核中 by default)
 *   /api/review/settlement/{accept|refuse}       the bank accepts or refuses an application (申报中)
 *   /api/review/settlement/{approve|reject}      the audit's decision (审核中)
 *   /api/review/verification/{approve|reject}    a verification application (审核中)
 *   /api/review/subsidy/{start|finish}           customs verifies a reward application
 * Refusing needs an opinion; each decision is the machine's (a wrong state answers code -1).
 */
import type { FastifyInstance } from 'fastify';
import { settlementStateNames, stateNameOf } from '../../domain/settlement/states.ts';
import { defineRoute } from '../http/route.ts';
import { reviewSubsidy } from '../rewards/review.ts';
import { time } from '../settlement/format.ts';
import { reviewSettlement, reviewVerification, type BankVerb } from '../settlement/review.ts';

const tags = ['结汇与补贴审核'];
const decision = {
  type: 'object', required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 }, opinion: { type: 'string', maxLength: 500 } },
};
type Decision = { id: number; opinion?: string };

export default async function settlementReviewRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute<{ state?: string }, 'operator'>(app, {
    path: '/api/review/settlement/pageList', summary: '待处理的结汇单 ', tags, access: 'operator', dataOptional: true,
    data: { type: 'object', properties: { state: { type: 'string', maxLength: 16 } } },
    handler: async ({ data }) => {
      const states = data?.state ? [data.state] : ['declare', 'audit'];
      const rows = await db.selectFrom('settlements as s').innerJoin('companies as c', 'c.id', 's.company_id')
        .select(['s.id', 's.declare_no', 's.state', 's.bank_name', 's.total_amount', 's.total_count', 's.app_time', 'c.company_name'])
        .where('s.state', 'in', states).orderBy('s.state_time').limit(500).execute();
      return rows.map((r) => ({
        id: Number(r.id), declareNo: r.declare_no, state: r.state, stateName: stateNameOf(settlementStateNames, r.state), bankName: r.bank_name,
        totalAmount: r.total_amount, totalCount: r.total_count, appTime: time(r.app_time), companyName: r.company_name,
      }));
    },
  });

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
