/**
 * Statistics (accounts §2, §7): /api/agent/counts/list {terms: ieDate btw, tradeMode eq,
 * customsCode eq, companyType eq; sorts} → {datas} (the total row last) and
 * /api/agent/counts/exportAgent {terms} → {downloadUri}. A filed enterprise only.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route.ts';
import { exportStatistics, statisticsRows } from '../statistics/counts.ts';

const PAGE = '/statistics';
const tags = ['统计'];
const body = { type: 'object', additionalProperties: true, properties: { terms: { type: 'array', maxItems: 20 }, sorts: { type: 'array', maxItems: 5 } } };

export default async function statisticsRoutes(app: FastifyInstance) {
  defineRoute(app, {
    path: '/api/agent/counts/list', summary: '按企业统计 (订单数、货值、毛重；末行合计)', tags, access: 'company', data: body,
    permission: { uri: PAGE, code: 'query' },
    handler: async ({ user, data }) => ({ datas: await app.reads.run(user.companyId, (t) => statisticsRows(t.db, user, data)) }),
  });
  defineRoute(app, {
    path: '/api/agent/counts/exportAgent', summary: '导出统计 (.xlsx) → downloadUri', tags, access: 'company', data: body,
    permission: { uri: PAGE, code: 'export' },
    handler: ({ user, data }) => app.reads.run(user.companyId, (t) => exportStatistics(t.db, app.config.dataDir, user, data)),
  });
}
