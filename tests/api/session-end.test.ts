/**
 * Issue 29, reproduction 2 on the server: an open console is told at once that its session ended,
 * and why — its stream says `end` with the reason (the console leaves for /login saying so) after a
 * logout elsewhere, the main account's 禁止登陆, the platform's freeze of the company, and a delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionEndReason } from '../../domain/events.ts';
import { demoOperator } from '../../server/db/seed/demo.ts';
import { openSse, type SseReader } from '../helpers/sse.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let userId: number;
const open: SseReader[] = [];
beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { CUSTOMS_POLL_MS: '0' } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
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

/** The stream's `end` arrives within a few seconds (not at a heartbeat, 15 s away) and names the reason. */
async function endsWith(s: SseReader, reason: SessionEndReason): Promise<void> {
  const end = await s.waitFor((m) => m.event === 'end', 5_000);
  expect(end.data).toEqual({ reason });
  await s.ended;
}

describe("an open console's session ends: its stream says why", () => {
  it('退出系统 in another tab of the same login', async () => {
    const session = await login(t.app, demo.admin.username, demo.admin.password);
    const s = await stream(session.token);
    expect((await call(t.app, '/api/auth/logout', { refreshToken: session.refreshToken })).body.code).toBe(0);
    await endsWith(s, 'loggedOut');
  });

  it('the main account forbids the sub-account to log in (禁止登陆)', async () => {
    const user = await login(t.app, demo.user.username, demo.user.password);
    const s = await stream(user.token);
    expect((await call(t.app, '/api/enterprise/user/frozen', { ids: [userId], state: 'INVALID' }, admin.token)).body.code).toBe(0);
    await endsWith(s, 'frozen');
    expect((await call(t.app, '/api/enterprise/user/frozen', { ids: [userId], state: 'EFFECTIVE' }, admin.token)).body.code).toBe(0);
  });

  it('the platform freezes the company', async () => {
    const operator = await login(t.app, demoOperator.login_name, demoOperator.password);
    const other = await login(t.app, demo.other.username, demo.other.password);
    const s = await stream(other.token);
    const companyId = Number(other.userInfo.companyId);
    expect((await call(t.app, '/api/review/enterprise/freeze', { id: companyId }, operator.token)).body.code).toBe(0);
    await endsWith(s, 'companyFrozen');
    expect((await call(t.app, '/api/review/enterprise/unfreeze', { id: companyId }, operator.token)).body.code).toBe(0);
  });

  it('the main account deletes the sub-account', async () => {
    const user = await login(t.app, demo.user.username, demo.user.password);
    const s = await stream(user.token);
    expect((await call(t.app, '/api/enterprise/user/deleteByIds', { ids: [userId] }, admin.token)).body.code).toBe(0);
    await endsWith(s, 'deleted');
  });
});
