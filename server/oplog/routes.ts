/**
 * 操作日志 (issue 17 §2): POST /api/enterprise/operationLog/pageList (fixed path) and /export
 * (.xlsx → downloadUri); the background pruning of rows older than OPERATION_LOG_DAYS.
 */
import type { FastifyInstance } from 'fastify';
import { OPERATION_LOG_EXPORT_PATH, OPERATION_LOG_LIST_PATH, OPERATION_LOG_URI } from '../../domain/operation-log.ts';
import { operationLogText as t } from '../../domain/texts/operation-log.ts';
import { defineRoute } from '../http/route.ts';
import { exportOperationLogs, listOperationLogs } from './list.ts';
import { startPruning } from './prune.ts';

const tags = [t.title];
const listRequest = {
  type: 'object',
  properties: { pageIndex: {}, pageSize: {}, terms: { type: 'array', maxItems: 50 }, sorts: { type: 'array', maxItems: 10 } },
};

export default async function operationLogRoutes(app: FastifyInstance) {
  const { db } = app;
  defineRoute(app, {
    path: OPERATION_LOG_LIST_PATH, permission: { uri: OPERATION_LOG_URI }, summary: '操作日志列表 (主账号看本企业，子账号只看自己；默认近7天)', tags, dataOptional: true,
    data: listRequest, log: false,
    handler: ({ user, data }) => listOperationLogs(db, user, data),
  });
  defineRoute(app, {
    path: OPERATION_LOG_EXPORT_PATH, summary: '导出操作日志 (.xlsx) → downloadUri', tags, dataOptional: true,
    data: listRequest, log: false, permission: { uri: OPERATION_LOG_URI, code: 'export' },
    handler: ({ user, data }) => exportOperationLogs(db, app.config.dataDir, user, data),
  });

  const pruner = startPruning(db, app.config.operationLogDays, (error) => app.log.warn({ err: error }, 'operation log: pruning failed'));
  app.addHook('onClose', async () => pruner.stop());
}
