/**
 * Issue 14, reproduction 6: an access token dies with its session, on the very next call — after
 * 退出系统, a freeze, a delete, a password change or reset, and a refresh-token reuse — here and on a
 * second app server sharing the PostgreSQL database.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverText } from '../../domain/texts/server.ts';
import { LISTENER_APPLICATION_NAME } from '../../server/db/listener.ts';
import { call, createTestApp, demo, encryptPassword, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let pem: string;
beforeAll(async () => {
  t = await createTestApp();
  pem = (await call(t.app, '/api/auth/public_key', {})).body.data;
});
afterAll(() => t.close());

const validate = (app: TestApp, token: string) => call(app.app, '/api/jwt_core/validate', {}, token);
const enc = (s: string) => encryptPassword(pem, s);

async function expectWorks(app: TestApp, token: string) {
  const r = await validate(app, token);
  expect(r.status).toBe(200);
  expect(r.body.code).toBe(0);
}

async function expectRefused(app: TestApp, token: string) {
  const r = await validate(app, token);
  expect(r.status).toBe(401);
  expect(r.body).toMatchObject({ code: -1, message: serverText.unauthorized });
}

async function userId(app: TestApp, loginName: string): Promise<number> {
  return (await app.handle.db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirstOrThrow()).id;
}

/** Logs user@admin in again with its demo password (a test that changed it restores it). */
async function restoreUser(app: TestApp) {
  const { hashPassword } = await import('../../server/auth/passwords.ts');
  await app.handle.db.updateTable('users').set({ state: 'EFFECTIVE', password_hash: await hashPassword(demo.user.password) }).where('login_name', '=', demo.user.username).execute();
}

describe('the old access token is refused (401) on the next call', () => {
  it('after 退出系统; the same user\'s other login (another browser) goes on', async () => {
    const here = await login(t.app, demo.admin.username, demo.admin.password);
    const elsewhere = await login(t.app, demo.admin.username, demo.admin.password);
    await expectWorks(t, here.token);
    const out = await call(t.app, '/api/auth/logout', { refreshToken: here.refreshToken }, here.token);
    expect(out.body.code).toBe(0);
    await expectRefused(t, here.token);
    await expectWorks(t, elsewhere.token);
  });

  it('after 退出系统 that only presents the access token', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    await expectWorks(t, a.token);
    expect((await call(t.app, '/api/auth/logout', {}, a.token)).body.code).toBe(0);
    await expectRefused(t, a.token);
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': a.refreshToken } });
    expect(refreshed.json().code).toBe(-1);
  });

  it('after the main account freezes the sub-account, and stays refused once it is restored', async () => {
    const admin = await login(t.app, demo.admin.username, demo.admin.password);
    const user = await login(t.app, demo.user.username, demo.user.password);
    await expectWorks(t, user.token);
    const id = await userId(t, demo.user.username);
    expect((await call(t.app, '/api/enterprise/user/frozen', { ids: [id], state: 'INVALID' }, admin.token)).body.code).toBe(0);
    await expectRefused(t, user.token);
    expect((await call(t.app, '/api/enterprise/user/frozen', { ids: [id], state: 'EFFECTIVE' }, admin.token)).body.code).toBe(0);
    await expectRefused(t, user.token);
    await expectWorks(t, admin.token);
  });

  it('after the main account resets the sub-account\'s password', async () => {
    const admin = await login(t.app, demo.admin.username, demo.admin.password);
    const user = await login(t.app, demo.user.username, demo.user.password);
    await expectWorks(t, user.token);
    const id = await userId(t, demo.user.username);
    const reset = await call(t.app, '/api/enterprise/user/resetPasswprd', { id, newPassword: enc('abc12345'), againPassword: enc('abc12345') }, admin.token);
    expect(reset.body.code).toBe(0);
    await expectRefused(t, user.token);
    await restoreUser(t);
  });

  it('after the user changes its own password (every login of the user ends)', async () => {
    const user = await login(t.app, demo.user.username, demo.user.password);
    const other = await login(t.app, demo.user.username, demo.user.password);
    await expectWorks(t, user.token);
    await expectWorks(t, other.token);
    const changed = await call(t.app, '/api/enterprise/user/updatePasswprd', { oldPassword: enc(demo.user.password), newPassword: enc('Fresh@2026pw'), againPassword: enc('Fresh@2026pw') }, user.token);
    expect(changed.body.code).toBe(0);
    await expectRefused(t, user.token);
    await expectRefused(t, other.token);
    await restoreUser(t);
  });

  it('after a refresh token is reused (the family is revoked): the newer access token dies too', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    const refresh = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': token } }).then((r) => r.json());
    const r1 = await refresh(a.refreshToken);
    expect(r1.code).toBe(0);
    await expectWorks(t, r1.data.token);
    await expectWorks(t, a.token);
    expect((await refresh(a.refreshToken)).code).toBe(-1);
    await expectRefused(t, r1.data.token);
    await expectRefused(t, a.token);
  });

  it('after the main account deletes the sub-account', async () => {
    const t2 = await createTestApp();
    try {
      const admin = await login(t2.app, demo.admin.username, demo.admin.password);
      const user = await login(t2.app, demo.user.username, demo.user.password);
      await expectWorks(t2, user.token);
      const id = await userId(t2, demo.user.username);
      expect((await call(t2.app, '/api/enterprise/user/deleteByIds', { ids: [id] }, admin.token)).body.code).toBe(0);
      await expectRefused(t2, user.token);
    } finally {
      await t2.close();
    }
  });

  it('a token of before this check (no family in it) is answered -10000, so the console refreshes it', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    const { createSigner } = await import('fast-jwt');
    const claims = JSON.parse(Buffer.from(a.token.split('.')[1]!, 'base64url').toString('utf8'));
    delete claims.fam;
    const legacy = createSigner({ key: t.app.secrets.jwtKey, algorithm: 'HS256', noTimestamp: true })(claims);
    const r = await validate(t, legacy);
    expect(r.body.code).toBe(-10000);
  });
});

describe('changes made elsewhere reach this server through LISTEN/NOTIFY', () => {
  it('a family revoked straight in the database (not through this server) ends its token', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    await expectWorks(t, a.token);
    // the session is known now; this server is not told by its own code, only by the database
    await t.handle.db.updateTable('refresh_tokens').set({ revoked_at: new Date() })
      .where('user_id', '=', await userId(t, demo.admin.username)).where('revoked_at', 'is', null)
      .where('created_at', '>=', new Date(Date.now() - 60_000)).execute();
    await expect.poll(async () => (await validate(t, a.token)).status, { timeout: 5000 }).toBe(401);
  });

  it('a user frozen straight in the database ends its tokens', async () => {
    const user = await login(t.app, demo.user.username, demo.user.password);
    await expectWorks(t, user.token);
    await t.handle.db.updateTable('users').set({ state: 'INVALID' }).where('login_name', '=', demo.user.username).execute();
    await expect.poll(async () => (await validate(t, user.token)).status, { timeout: 5000 }).toBe(401);
    await restoreUser(t);
  });
});

describe.runIf(process.env.DATABASE_URL)('two app servers on one PostgreSQL database', () => {
  let second: TestApp;
  beforeAll(async () => { second = await createTestApp({ sameDatabaseAs: t }); });
  afterAll(() => second.close());

  const refusedOn = (app: TestApp, token: string) => expect.poll(async () => (await validate(app, token)).status, { timeout: 10_000, interval: 20 }).toBe(401);

  it('a logout made through the first ends the token on the second', async () => {
    const a: LoginAnswer = await login(t.app, demo.admin.username, demo.admin.password);
    await expectWorks(second, a.token);
    await expectWorks(t, a.token);
    expect((await call(t.app, '/api/auth/logout', { refreshToken: a.refreshToken })).body.code).toBe(0);
    await expectRefused(t, a.token);
    await refusedOn(second, a.token);
  });

  it('a freeze made through the second ends the token on the first', async () => {
    const admin = await login(second.app, demo.admin.username, demo.admin.password);
    const user = await login(t.app, demo.user.username, demo.user.password);
    await expectWorks(t, user.token);
    await expectWorks(second, user.token);
    const id = await userId(t, demo.user.username);
    expect((await call(second.app, '/api/enterprise/user/frozen', { ids: [id], state: 'INVALID' }, admin.token)).body.code).toBe(0);
    await expectRefused(second, user.token);
    await refusedOn(t, user.token);
    await restoreUser(t);
  });

  it('a password change made through the first ends every login of the user on the second', async () => {
    const user = await login(t.app, demo.user.username, demo.user.password);
    const elsewhere = await login(second.app, demo.user.username, demo.user.password);
    await expectWorks(second, user.token);
    await expectWorks(second, elsewhere.token);
    const changed = await call(t.app, '/api/enterprise/user/updatePasswprd', { oldPassword: enc(demo.user.password), newPassword: enc('Fresh@2026two'), againPassword: enc('Fresh@2026two') }, user.token);
    expect(changed.body.code).toBe(0);
    await refusedOn(second, user.token);
    await refusedOn(second, elsewhere.token);
    await restoreUser(t);
  });

  it('a lost LISTEN connection fails safe: a change made while it was down still ends the token', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    await expectWorks(second, a.token);
    // end every LISTEN connection of this database (both servers'), then revoke behind their backs
    const ended = await sql<{ ended: boolean }>`select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`.execute(second.handle.db);
    expect(ended.rows.filter((r) => r.ended).length).toBeGreaterThanOrEqual(2);
    await t.handle.db.updateTable('refresh_tokens').set({ revoked_at: new Date() })
      .where('user_id', '=', await userId(t, demo.admin.username)).where('revoked_at', 'is', null)
      .where('created_at', '>=', new Date(Date.now() - 60_000)).execute();
    await refusedOn(second, a.token);
    await refusedOn(t, a.token);
    // and once the connections are back, notifications arrive again
    const b = await login(t.app, demo.admin.username, demo.admin.password);
    await expect.poll(async () => (await validate(second, b.token)).status, { timeout: 10_000 }).toBe(200);
    expect((await call(t.app, '/api/auth/logout', { refreshToken: b.refreshToken })).body.code).toBe(0);
    await refusedOn(second, b.token);
  });
});
