/**
 * /archive's own calls (bills §7, prefix /api/enterprise): /Knowledge_file/state_count and
 * /Knowledge_file/batchDownload; /Knowledge_file/list and /download are served with the home
 * page's content routes. Reading needs a login; 批量下载 is the /archive page's batchDownload
 * button (the zip is kept as the caller's company's file).
 */
import type { FastifyInstance } from 'fastify';
import { serverText } from '../../domain/texts/server.ts';
import { BizError, defineRoute } from '../http/route.ts';
import { knowledgeBatchDownload, knowledgeTypeCounts } from './knowledge-files.ts';

const tags = ['知识库'];

export default async function archiveRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, {
    idColumn: 'integer',
    path: '/api/enterprise/Knowledge_file/state_count', summary: '知识文档按类型计数 (e 出口说明, i 进口说明, other 其他)', tags, dataOptional: true,
    data: { type: 'object', additionalProperties: true },
    permission: { uri: '/archive' },
    handler: ({ data }) => knowledgeTypeCounts(db, data ?? {}),
  });

  defineRoute<{ ids?: unknown }>(app, {
    idColumn: 'integer',
    path: '/api/enterprise/Knowledge_file/batchDownload', summary: '知识文档批量下载 {ids} → downloadUri (.zip)', tags, dataOptional: true,
    data: { type: 'object', properties: { ids: { type: 'array', maxItems: 1000 } } },
    permission: { uri: '/archive', code: 'batchDownload' },
    handler: ({ user, data }) => knowledgeBatchDownload(db, user.companyId, data?.ids),
  });
}
