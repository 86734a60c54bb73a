/** What the server answers about its own operation: the database away, its health. */
export const operationsText = {
  /** HTTP 503 while the database cannot be reached (a restart, a failover): the call may be repeated. */
  databaseUnavailable: '数据库暂时不可用，请稍后重试',
  /** the health probes (GET /healthz, /readyz), in the envelope like every answer */
  alive: '服务运行中',
  ready: '服务已就绪',
  notReady: '服务暂未就绪（数据库、迁移、实时通知或正在停止，见 data）',
} as const;
