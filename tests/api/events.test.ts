/**
 * Issue 16: GET /api/events on a real listening server, read with Node's fetch. Events reach the
 * own company's streams only; the ticket is one-use and short-lived; a stream ends with its
 * session; a 500-bill batch is a bounded number of messages; on PostgreSQL, a receipt ingested
 * through server B reaches a stream held on server A.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { LiveEvent } from '../../domain/events.ts';
import { eventsText } from '../../domain/texts/events.ts';
import { serverText } from '../../domain/texts/server.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { openSse, type SseReader } from '../helpers/sse.ts';

let t: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
const open: SseReader[] = [];
beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  other = await login(t.app, demo.other.username, demo.other.password);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

const line = { id: 'temp1', gnum: 1, itemNo: 'SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 };
const order = (orderNo: string) => ({
  orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0, details: [line],
});

async function stream(app: TestApp, token: string): Promise<SseReader> {
  const s = await openSse(`${app.url}/api/events`, { 'x-authorization': `Bearer ${token}` });
  open.push(s);
  expect(s.status).toBe(200);
  return s;
}

async function ticketOf(app: TestApp, token: string): Promise<string> {
  const r = await call(app.app, '/api/events/ticket', {}, token);
  expect(r.body).toMatchObject({ code: 0, data: { ticket: expect.any(String) } });
  return r.body.data.ticket as string;
}

const events = (s: SseReader) => s.messages.map((m) => m.data as LiveEvent);

describe('GET /api/events', () => {
  it("tells the own company of its declared order and of customs' answer; another company hears nothing", async () => {
    const mine = await stream(t, admin.token);
    const theirs = await openSse(`${t.url}/api/events?ticket=${await ticketOf(t, other.token)}`);
    open.push(theirs);
    expect(theirs.status).toBe(200);

    const r = await call(t.app, `/api/enterprise${exportOrder.api.saveAndApply}`, order('EVT-OWN-1'), admin.token);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
    const id = r.body.data.id as number;
    await mine.waitFor((m) => (m.data as LiveEvent).type === 'bill' && (m.data as { id: number }).id === id);
    await t.app.customs.drain();
    const answered = await mine.waitFor((m) => {
      const e = m.data as LiveEvent;
      return e.type === 'bill' && e.id === id && e.change === 'state' && !['DRAFT', 'DECLARING'].includes(e.state);
    });
    const row = await t.handle.db.selectFrom('bill_heads').select('state').where('id', '=', id).executeTakeFirstOrThrow();
    expect(answered.data).toMatchObject({ type: 'bill', mode: 'export', key: 'order', id, change: 'state' });
    expect(events(mine)).toContainEqual(expect.objectContaining({ type: 'counts', mode: 'export', key: 'order' }));
    expect(answered.id).toMatch(/^[0-9a-f]+-\d+$/);
    expect((answered.data as { stateName: string }).stateName).not.toBe('');
    expect(row.state).toBeTruthy();

    // the other company's stream is still open and heard nothing of it
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(theirs.messages).toEqual([]);
    expect(t.app.events.streams.size).toBeGreaterThanOrEqual(2);
  });

  it('a ticket opens one stream once, and not after 30 s', async () => {
    const ticket = await ticketOf(t, admin.token);
    const first = await openSse(`${t.url}/api/events?ticket=${ticket}`);
    open.push(first);
    expect(first.status).toBe(200);
    const again = await openSse(`${t.url}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(again.refusal).toMatchObject({ code: -1, message: eventsText.ticketInvalid });

    const late = await ticketOf(t, admin.token);
    t.advanceClock(31_000);
    try {
      const refused = await openSse(`${t.url}/api/events?ticket=${late}`);
      expect(refused.status).toBe(401);
      expect(refused.refusal).toMatchObject({ message: eventsText.ticketInvalid });
    } finally {
      t.advanceClock(-31_000);
    }
    const none = await openSse(`${t.url}/api/events`);
    expect(none.status).toBe(401);
    expect(none.refusal).toMatchObject({ message: serverText.unauthorized });
  });

  it("ends with its session (退出系统), not with a token refresh", async () => {
    const session = await login(t.app, demo.admin.username, demo.admin.password);
    const s = await stream(t, session.token);
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': session.refreshToken } });
    const renewed = refreshed.json().data as { token: string; refreshToken: string };
    expect(renewed.token).toEqual(expect.any(String));
    const r = await call(t.app, `/api/enterprise${exportOrder.api.save}`, order('EVT-SESSION-1'), admin.token);
    expect(r.body.code).toBe(0);
    await s.waitFor((m) => (m.data as { id?: number }).id === r.body.data.id);

    expect(s.messages.some((m) => m.event === 'end')).toBe(false);
    expect((await call(t.app, '/api/auth/logout', { refreshToken: renewed.refreshToken }, renewed.token)).body.code).toBe(0);
    await s.waitFor((m) => m.event === 'end');
    await s.ended;
    await vi.waitFor(() => expect([...t.app.events.streams].every((x) => !x.isClosed)).toBe(true));
  });

  it('ends when its user is frozen (here by SQL, as another server or an administrator would)', async () => {
    const user = await login(t.app, demo.user.username, demo.user.password);
    const s = await stream(t, user.token);
    try {
      await t.handle.db.updateTable('users').set({ state: 'INVALID' }).where('login_name', '=', demo.user.username).execute();
      await s.waitFor((m) => m.event === 'end');
      await s.ended;
    } finally {
      await t.handle.db.updateTable('users').set({ state: 'EFFECTIVE' }).where('login_name', '=', demo.user.username).execute();
    }
  });

  it("tells a company of its filing's new state, and everybody of a published notice", async () => {
    const mine = await stream(t, admin.token);
    const theirs = await stream(t, other.token);
    const company = await t.handle.db.selectFrom('companies').select(['id', 'approve_state']).where('id', '=', other.userInfo.companyId).executeTakeFirstOrThrow();
    const next = company.approve_state === 5 ? 2 : 5;
    await t.handle.db.updateTable('companies').set({ approve_state: next }).where('id', '=', company.id).execute();
    await t.handle.db.updateTable('companies').set({ approve_state: company.approve_state }).where('id', '=', company.id).execute();
    await theirs.waitFor((m) => (m.data as LiveEvent).type === 'filing' && (m.data as { approveState: number }).approveState === company.approve_state);
    const notice = await t.handle.db.insertInto('notices').values({ type: 'NOTICE', title: '实时更新测试公告', content: '<p>测试</p>' }).returning('id').executeTakeFirstOrThrow();
    for (const s of [mine, theirs]) await s.waitFor((m) => (m.data as LiveEvent).type === 'notice' && (m.data as { id: number }).id === notice.id);
    expect(events(mine).some((e) => e.type === 'filing')).toBe(false);
    await t.handle.db.deleteFrom('notices').where('id', '=', notice.id).execute();
  });

  it('a stream reconnecting with its Last-Event-ID is caught up; an unknown one is told to resync', async () => {
    const s = await stream(t, admin.token);
    await s.waitFor(() => true, 100).catch(() => undefined);
    const first = await call(t.app, `/api/enterprise${exportOrder.api.save}`, order('EVT-RESUME-1'), admin.token);
    const heard = await s.waitFor((m) => (m.data as { id?: number }).id === first.body.data.id && m.id !== undefined);
    s.close();
    const second = await call(t.app, `/api/enterprise${exportOrder.api.save}`, order('EVT-RESUME-2'), admin.token);
    const resumed = await openSse(`${t.url}/api/events`, { 'x-authorization': `Bearer ${admin.token}`, 'last-event-id': heard.id! });
    open.push(resumed);
    await resumed.waitFor((m) => (m.data as { id?: number }).id === second.body.data.id);
    expect(events(resumed).some((e) => e.type === 'bill' && e.id === first.body.data.id)).toBe(false);

    const stranger = await openSse(`${t.url}/api/events`, { 'x-authorization': `Bearer ${admin.token}`, 'last-event-id': 'abcdef01-5' });
    open.push(stranger);
    await stranger.waitFor((m) => m.event === 'resync');
  });

  it('a 500-bill batch declare is a bounded number of messages per stream', async () => {
    // one order saved through the API, 499 copies of it (heads and lines) in one statement each
    const first = await call(t.app, `/api/enterprise${exportOrder.api.save}`, order('EVT-BATCH-000'), admin.token);
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    const source = first.body.data.id as number;
    const copies = await sql<{ id: number }>`
      insert into bill_heads (company_id, bill_key, mode, state, cop_no, order_no, ebc_code, ebc_name, ebp_code, ebp_name, agent_code, agent_name,
        logistics_code, logistics_name, pay_code, customs_code, trade_mode, app_type, data)
      select company_id, bill_key, mode, state, case when cop_no is null then null else cop_no || '-' || g end, 'EVT-BATCH-' || lpad(g::text, 3, '0'),
        ebc_code, ebc_name, ebp_code, ebp_name, agent_code, agent_name, logistics_code, logistics_name, pay_code, customs_code, trade_mode, app_type,
        jsonb_set(data, '{orderNo}', to_jsonb('EVT-BATCH-' || lpad(g::text, 3, '0')))
      from bill_heads, generate_series(1, 499) g where id = ${source} returning id`.execute(t.handle.db);
    await sql`insert into bill_lines (company_id, head_id, gnum, data) select h.company_id, h.id, l.gnum, l.data from bill_lines l, bill_heads h
      where l.company_id = h.company_id and l.head_id = ${source} and h.order_no like 'EVT-BATCH-%' and h.id <> ${source}`.execute(t.handle.db);
    const ids = [source, ...copies.rows.map((r) => Number(r.id))];
    expect(ids).toHaveLength(500);
    const mine = await stream(t, admin.token);
    const theirs = await stream(t, other.token);
    const startedAt = Date.now();
    const started = await call(t.app, '/api/enterprise/bills/jobs/start', { mode: 'export', key: 'order', ids }, admin.token);
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    const jobId = started.body.data.jobId as number;
    await mine.waitFor((m) => { const e = m.data as LiveEvent; return e.type === 'job' && e.jobId === jobId && e.state === 'done'; }, 120_000);
    await t.app.customs.drain();
    // the last receipts' window, at its longest
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const answered = await t.handle.db.selectFrom('bill_heads').select('id').where('id', 'in', ids).where('state', 'not in', ['DRAFT', 'DECLARING']).execute();
    expect(answered.length).toBeGreaterThan(0);
    console.info(`500-bill batch: ${mine.messages.length} messages on the stream (${answered.length} bills answered): ${mine.messages.map((m) => `${m.event}@${m.at - startedAt}ms`).join(' ')}`);
    expect(mine.messages.length).toBeLessThanOrEqual(60);
    expect(events(mine).filter((e) => e.type === 'counts').length).toBeGreaterThan(0);
    expect(theirs.messages).toEqual([]);
  }, 240_000);
});

describe.runIf(process.env.DATABASE_URL)('two app servers on one PostgreSQL database', () => {
  let b: TestApp;
  beforeAll(async () => { b = await createTestApp({ listen: true, sameDatabaseAs: t }); });
  afterAll(() => b.close());

  it('a change committed through server B reaches a stream held on server A, and only its company', async () => {
    const onA = await stream(t, admin.token);
    const otherOnA = await stream(t, other.token);
    const adminOnB = await login(b.app, demo.admin.username, demo.admin.password);
    const r = await call(b.app, `/api/enterprise${exportOrder.api.saveAndApply}`, order('EVT-TWO-1'), adminOnB.token);
    expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    const id = r.body.data.id as number;
    await b.app.customs.drain();
    await onA.waitFor((m) => {
      const e = m.data as LiveEvent;
      return e.type === 'bill' && e.id === id && !['DRAFT', 'DECLARING'].includes(e.state);
    });
    expect(otherOnA.messages).toEqual([]);
  });

  it('a ticket issued on server A is redeemed once, on server B', async () => {
    const ticket = await ticketOf(t, admin.token);
    const onB = await openSse(`${b.url}/api/events?ticket=${ticket}`);
    open.push(onB);
    expect(onB.status).toBe(200);
    expect((await openSse(`${t.url}/api/events?ticket=${ticket}`)).status).toBe(401);
  });
});
