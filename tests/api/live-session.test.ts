/**
 * Issue 17 (and 20): a logged-in session follows changes of its own rights and of its company's
 * filing without a new login. The server tells the stream of the sub-account whose grants the main
 * account saved ('grants', to that user only), and every stream of a company whose filing a reviewer
 * decided ('filing'); re-reading the modules, or refreshing the token, then answers the new state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVE_STATE } from '../../domain/enterprise/approval.ts';
import type { LiveEvent } from '../../domain/events.ts';
import { defaultSubAccountGrants } from '../../domain/grants.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { openSse, type SseReader } from '../helpers/sse.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

const REVIEW = 'review-secret-live';
let t: TestApp;
let admin: LoginAnswer;
let user: LoginAnswer;
let userId: number;
const open: SseReader[] = [];
beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { CUSTOMS_POLL_MS: '0', REVIEW_TOKEN: REVIEW } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  user = await login(t.app, demo.user.username, demo.user.password);
  userId = (await t.handle.db.selectFrom('users').select('id').where('login_name', '=', demo.user.username).executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

async function stream(token: string): Promise<SseReader> {
  const s = await openSse(`${t.url}/api/events`, { 'x-authorization': `Bearer ${token}` });
  open.push(s);
  expect(s.status).toBe(200);
  return s;
}
const events = (s: SseReader) => s.messages.map((m) => m.data as LiveEvent);
type Module = { uri: string };
const modulesOf = async (token: string) => (await call(t.app, '/api/enterprise/user/modules', {}, token)).body.data as Module[];
const settlementPage = moduleSeeds.find((m) => m.uri === '/exchangeSettlement')!;

describe('a grant change reaches the sub-account at once', () => {
  it("tells the sub-account's stream (and no one else's) when the main account saves its grants; its modules then answer the new grants", async () => {
    const mine = await stream(user.token);
    const admins = await stream(admin.token);
    expect((await modulesOf(user.token)).some((m) => m.uri === '/exchangeSettlement')).toBe(false);

    const grants = [...defaultSubAccountGrants(), { moduleId: settlementPage.id, code: '' }];
    const saved = await call(t.app, '/api/enterprise/user/saveGrants', { id: userId, grants }, admin.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    await mine.waitFor((m) => m.event === 'grants' && (m.data as LiveEvent).type === 'grants' && (m.data as { userId: number }).userId === userId, 15_000);
    expect((await modulesOf(user.token)).some((m) => m.uri === '/exchangeSettlement')).toBe(true);

    // a bill saved afterwards reaches the main account's stream: by then a grants event would have too
    const restored = await call(t.app, '/api/enterprise/user/saveGrants', { id: userId, grants: defaultSubAccountGrants() }, admin.token);
    expect(restored.body.code).toBe(0);
    const notice = await t.handle.db.insertInto('notices').values({ type: 'NOTICE', title: '权限实时更新测试', content: '<p>测试</p>' }).returning('id').executeTakeFirstOrThrow();
    await admins.waitFor((m) => (m.data as LiveEvent).type === 'notice' && (m.data as { id: number }).id === notice.id, 15_000);
    expect(events(admins).some((e) => e.type === 'grants')).toBe(false);
    await mine.waitFor((m) => (m.data as LiveEvent).type === 'notice' && (m.data as { id: number }).id === notice.id, 15_000);
    expect((await modulesOf(user.token)).some((m) => m.uri === '/exchangeSettlement')).toBe(false);
    await t.handle.db.deleteFrom('notices').where('id', '=', notice.id).execute();
  });

  it('a grant change made by SQL (another server, an administrator) is told too', async () => {
    const mine = await stream(user.token);
    await t.handle.db.insertInto('user_grants').values({ user_id: userId, module_id: settlementPage.id, code: '' }).execute();
    try {
      await mine.waitFor((m) => (m.data as LiveEvent).type === 'grants', 15_000);
    } finally {
      await t.handle.db.deleteFrom('user_grants').where('user_id', '=', userId).where('module_id', '=', settlementPage.id).execute();
    }
  });

  it('a stream resuming with its Last-Event-ID is caught up on its own grants only', async () => {
    const lastId = `${t.app.events.hub.serverId}-${t.app.events.hub.lastSeq}`;
    await t.handle.db.insertInto('user_grants').values({ user_id: userId, module_id: settlementPage.id, code: '' }).execute();
    try {
      const seq = t.app.events.hub.lastSeq;
      await expect.poll(() => t.app.events.hub.lastSeq, { timeout: 15_000 }).toBeGreaterThan(seq);
      const resumed = await openSse(`${t.url}/api/events`, { 'x-authorization': `Bearer ${user.token}`, 'last-event-id': lastId });
      open.push(resumed);
      await resumed.waitFor((m) => (m.data as LiveEvent).type === 'grants', 15_000);
      const adminResumed = await openSse(`${t.url}/api/events`, { 'x-authorization': `Bearer ${admin.token}`, 'last-event-id': lastId });
      open.push(adminResumed);
      await adminResumed.waitFor(() => true, 1000).catch(() => undefined);
      expect(events(adminResumed).some((e) => e.type === 'grants')).toBe(false);
    } finally {
      await t.handle.db.deleteFrom('user_grants').where('user_id', '=', userId).where('module_id', '=', settlementPage.id).execute();
    }
  });
});

describe("a filing decision reaches the company's sessions at once", () => {
  it('the review API approving tells every stream of the company; a token refresh then carries the company code', async () => {
    const db = t.handle.db;
    const company = await db.insertInto('companies').values({ company_name: '宁波实时备案测试有限公司', approve_state: APPROVE_STATE.reviewing, customs_regist_code: '3302LIVE01', profile: '{}' })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('users').values({ company_id: company.id, login_name: 'livefiling', user_name: '实时备案员', user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Filing@2026pw') }).execute();
    const session = await login(t.app, 'livefiling', 'Filing@2026pw');
    expect(session.userInfo.companyCode).toBeNull();
    const theirs = await stream(session.token);
    const others = await stream(admin.token);

    const decided = await t.app.inject({ method: 'POST', url: '/api/review/company/approve', payload: { data: { id: company.id } }, headers: { 'x-review-token': REVIEW } });
    expect(decided.json()).toMatchObject({ code: 0, data: { approveState: APPROVE_STATE.approved } });
    await theirs.waitFor((m) => m.event === 'filing' && (m.data as { approveState: number }).approveState === APPROVE_STATE.approved, 15_000);

    const refreshed = await t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': session.refreshToken } });
    expect(refreshed.json().data.userInfo).toMatchObject({ companyCode: '3302LIVE01' });
    expect(events(others).some((e) => e.type === 'filing')).toBe(false);
  });
});
