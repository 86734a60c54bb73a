/** What a server that is shutting down answers (issue 27, graceful shutdown). */
export const shutdownText = {
  /** HTTP 503 to every request that arrives while the server drains (SIGTERM/SIGINT) */
  draining: '服务器正在重启，请稍后重试',
  /** an export still being written when the shutdown's grace period ran out: its file is removed */
  exportAborted: '服务器正在重启，导出已中止，请稍后重新导出',
} as const;
