/** What the server answers about its own operation: the database away, its health. */
export const operationsText = {
  /** HTTP 503 while the database cannot be reached (a restart, a failover): the call may be repeated. */
  databaseUnavailable: '数据库暂时不可用，请稍后重试',
} as const;
