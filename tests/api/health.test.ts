// Issue 27, item 6: /healthz and /readyz, without login, on the run's database (PGlite, or
// PostgreSQL in the PostgreSQL lane). The database going away: tests/api/db-outage.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('health checks', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t.close());

  it('are public routes of the route table', () => {
    const health = t.app.routeTable.filter((r) => r.url === '/healthz' || r.url === '/readyz');
    expect(health.map((r) => `${r.method} ${r.url} ${r.access}`).sort()).toEqual(['GET /healthz public', 'GET /readyz public', 'HEAD /healthz public', 'HEAD /readyz public']);
  });

  it('answer 200 without login while the server serves and its database is ready', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ code: 0, message: '服务运行中', data: { status: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ code: 0, message: '服务已就绪', data: { status: 'ready', database: true, migrations: true, listen: true, draining: false } });
  });

  it('/readyz answers 503 while a LISTEN channel is lost, and while the server drains; /healthz stays 200', async () => {
    const state = t.app.serverState;
    state.listenLost.add('cbec_test');
    const lost = await t.app.inject({ method: 'GET', url: '/readyz' });
    state.listenLost.delete('cbec_test');
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toMatchObject({ code: -1, data: { status: 'unavailable', listen: false, database: true } });

    state.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ code: -1, data: { status: 'unavailable', draining: true } });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      state.draining = false;
    }
  });
});
