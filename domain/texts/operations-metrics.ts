/** What /metrics answers a caller it does not serve (issue 30). */
export const operationsText = {
  metricsOff: '监控指标未开启（设置 METRICS_TOKEN 后可用）',
  metricsUnauthorized: '监控指标需要有效的访问令牌',
} as const;
