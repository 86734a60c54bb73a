// GET /metrics (issue 30): off without METRICS_TOKEN, 401 without the bearer, and with it the
// Prometheus text with request durations by route, the process's own, the pool's (PostgreSQL) and
// the product's cbec_… figures as the database holds them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsText } from '../../domain/texts/operations-metrics.ts';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'metrics-test-token-0123456789';
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ env: { METRICS_TOKEN: TOKEN } }), createTestApp()]);
});
afterAll(async () => { await Promise.all([t?.close(), off?.close()]); });

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** One sample's value from the text format, or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `) || (labels && l.startsWith(`${name}{`) && l.includes(labels) && l.includes('} ')));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  it('is off (404 in the envelope, not the console page) when METRICS_TOKEN is unset', async () => {
    const res = await scrape(off, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: operationsText.metricsOff, data: null });
  });

  it('refuses a missing or wrong bearer with 401', async () => {
    for (const auth of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(t, auth);
      expect(res.statusCode, auth).toBe(401);
      expect(res.json()).toMatchObject({ code: -1, message: operationsText.metricsUnauthorized });
    }
  });

  it('answers the Prometheus text: request durations by route pattern, process, event loop, product figures', async () => {
    const admin = await login(t.app, demo.admin.username, demo.admin.password);
    await call(t.app, '/api/enterprise/invt/order/findHeadById', { id: 1 }, admin.token);
    await call(t.app, '/api/enterprise/invt/order/findHeadById', { id: 1 }); // no login: 401
    // a declaration waiting in the outbox (no worker polls in tests): one pending message
    await t.handle.db.insertInto('customs_messages').values({
      guid: 'metrics-test-guid', company_id: admin.userInfo.companyId, bill_id: null, message_type: 'CEB303', status: 'pending',
      xml: '<x/>', next_attempt_at: new Date(Date.now() + 3_600_000),
    } as never).execute();

    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/api\/enterprise\/invt\/order\/findHeadById",status_code="200"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/api\/enterprise\/invt\/order\/findHeadById",status_code="401"\} 1$/m);
    expect(text).not.toMatch(/route="[^"]*\?/); // never a raw URL with its query
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(sample(text, 'cbec_logins_total', 'outcome="ok"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cbec_requests_refused_total', 'status="401"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cbec_outbox_messages', 'state="pending"')).toBe(1);
    expect(sample(text, 'cbec_outbox_messages', 'state="sending"')).toBe(0);
    expect(sample(text, 'cbec_outbox_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'cbec_bulk_jobs_running')).toBe(0);
    expect(sample(text, 'cbec_db_up')).toBe(1);
    expect(text).toMatch(/^# TYPE cbec_receipts_unmatched gauge$/m);
    expect(text).toMatch(/^# TYPE cbec_customs_deliveries_total counter$/m);
    if (t.handle.kind === 'pg') expect(text).toMatch(/^cbec_db_pool_connections\{state="idle"\} \d+$/m);
  });
});
