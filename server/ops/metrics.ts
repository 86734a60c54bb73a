/**
 * GET /metrics in the Prometheus text format (issue 30), for an operator's Prometheus: on only when
 * METRICS_TOKEN is set, and then only for `Authorization: Bearer <token>`.
 *
 * Cheap by construction: a request pays one histogram observation in onResponse (a label lookup and
 * a bucket increment), and only when metrics are on; everything read from the database (the outbox,
 * jobs, unmatched receipts) is asked at scrape time, a few indexed counts, never on a request's path.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { operationsText } from '../../domain/texts/operations-metrics.ts';
import { productCounters } from './counters.ts';

const LOGIN_ROUTE = '/api/auth/login';

export interface PoolStats { total: number; idle: number; waiting: number }

export interface MetricsOptions {
  token: string | undefined;
  /** the PostgreSQL pool's numbers; absent on PGlite (one in-process session) */
  poolStats?: (() => PoolStats) | undefined;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function installMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { token } = options;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ code: EnvelopeCode.error, message: operationsText.metricsOff, data: null });
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!same(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ code: EnvelopeCode.error, message: operationsText.metricsUnauthorized, data: null });
    }
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
  if (!token) return;

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const counter of Object.values(productCounters)) registry.registerMetric(counter as Counter);

  const duration = new Histogram({
    name: 'http_request_duration_seconds', help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status_code'] as const, registers: [registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // the route's pattern, never the raw URL: ids and query strings would make a series per request
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    if (reply.statusCode === 401 || reply.statusCode === 403) productCounters.refusals.inc({ status: String(reply.statusCode) });
    done();
  });
  // a login's outcome is in its envelope, not its status (a wrong password answers 200 with code -1)
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.routeOptions.url === LOGIN_ROUTE && typeof payload === 'string') {
      productCounters.logins.inc({ outcome: payload.startsWith('{"code":0') ? 'ok' : 'refused' });
    }
    done(null, payload);
  });

  const db = app.db;
  const poolStats = options.poolStats;
  new Gauge({
    name: 'cbec_db_pool_connections', help: 'Database pool connections by state (PostgreSQL)', labelNames: ['state'] as const, registers: [registry],
    collect() {
      if (!poolStats) return;
      const s = poolStats();
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Gauge({
    name: 'cbec_db_up', help: '1 while the database answers, 0 while this server finds it unreachable', registers: [registry],
    collect() { this.set(app.serverState.databaseUp ? 1 : 0); },
  });
  new Gauge({
    name: 'cbec_outbox_messages', help: 'Customs messages waiting to be sent (pending) or being sent (sending)', labelNames: ['state'] as const, registers: [registry],
    async collect() {
      const rows = await sql<{ status: string; n: number }>`
        select 'pending' as status, count(*)::int as n from customs_messages where status = 'pending'
        union all select 'sending', count(*)::int from customs_messages where status = 'sending'`.execute(db).then((r) => r.rows, () => []);
      for (const r of rows) this.set({ state: r.status }, Number(r.n));
    },
  });
  new Gauge({
    name: 'cbec_outbox_oldest_waiting_seconds', help: 'Age of the oldest customs message still waiting to be sent (0 when none)', registers: [registry],
    async collect() {
      const row = await sql<{ age: number | null }>`
        select extract(epoch from now() - min(created_at))::float8 as age from customs_messages where status = 'pending'`.execute(db).then((r) => r.rows[0], () => undefined);
      this.set(Number(row?.age ?? 0));
    },
  });
  new Gauge({
    name: 'cbec_receipts_unmatched', help: 'Receipts kept without a bill (未匹配回执)', registers: [registry],
    async collect() {
      const row = await sql<{ n: number }>`select count(*)::int as n from customs_receipts where bill_id is null`.execute(db).then((r) => r.rows[0], () => undefined);
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'cbec_bulk_jobs_running', help: 'Bulk declaration jobs running (all servers)', registers: [registry],
    async collect() {
      const row = await sql<{ n: number }>`select count(*)::int as n from bill_jobs where state = 'running'`.execute(db).then((r) => r.rows[0], () => undefined);
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'cbec_live_streams_open', help: 'Live-event streams open on this server', registers: [registry],
    collect() { this.set(app.events?.hub.streams ?? 0); },
  });
}
