/**
 * The product's own event counters (issue 30's cbec_… metrics), counted where the event happens and
 * read by /metrics when METRICS_TOKEN is set (server/ops/metrics.ts registers them). Registered in
 * no registry of their own: an increment is a map update, whether or not metrics are on.
 */
import { Counter, Gauge } from 'prom-client';

export const productCounters = {
  deliveries: new Counter({
    name: 'cbec_customs_deliveries_total', help: 'Customs message deliveries by transport and outcome (sent, failed_attempt, failed)',
    labelNames: ['transport', 'outcome'] as const, registers: [],
  }),
  receipts: new Counter({
    name: 'cbec_receipts_ingested_total', help: 'Customs receipts read, by outcome (applied, unmatched, refused)',
    labelNames: ['outcome'] as const, registers: [],
  }),
  logins: new Counter({
    name: 'cbec_logins_total', help: 'Login attempts by outcome (ok, refused)', labelNames: ['outcome'] as const, registers: [],
  }),
  refusals: new Counter({
    name: 'cbec_requests_refused_total', help: 'API calls refused for want of a login or a permission (HTTP 401/403)', labelNames: ['status'] as const, registers: [],
  }),
  exports: new Gauge({ name: 'cbec_exports_running', help: 'Excel exports being written on this server', registers: [] }),
};
