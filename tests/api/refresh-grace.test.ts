/**
 * Issue 29, reproductions 1, 8 and 11 on the server: two tabs of one login refreshing with the same
 * refresh token at once keep the login (the grace, docs/decisions/refresh-grace.md) while a replay
 * by anyone else, or after the grace, still revokes the family; logout with only an expired access
 * token ends its login; a refresh token in the URL is not taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authText } from '../../domain/texts/auth.ts';
import { REFRESH_GRACE_MS } from '../../server/auth/tokens.ts';
import { call, createTestApp, demo, login, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

interface Answer { code: number; message: string; data: { token: string; refreshToken: string } }

/** A tab's refresh: its refresh token, and the (maybe expired) access token of its login as the bearer. */
const refresh = (refreshToken: string, accessToken?: string): Promise<Answer> => t.app.inject({
  method: 'GET', url: '/api/auth/refresh_token',
  headers: { 'x-refresh-token': refreshToken, ...(accessToken ? { 'x-authorization': `Bearer ${accessToken}` } : {}) },
}).then((r) => r.json());

const works = async (token: string) => (await call(t.app, '/api/jwt_core/validate', {}, token)).body.code === 0;

describe('one login, many tabs: a refresh token presented again within the grace', () => {
  it('two tabs refreshing at once both get the same new pair, and the login goes on', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    const [one, two] = await Promise.all([refresh(a.refreshToken, a.token), refresh(a.refreshToken, a.token)]);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(two.data.refreshToken).toBe(one.data.refreshToken);
    expect(await works(one.data.token)).toBe(true);
    expect(await works(two.data.token)).toBe(true);
    // the pair answered twice is the family's newest: it rotates as any other
    const next = await refresh(one.data.refreshToken, one.data.token);
    expect(next.code).toBe(0);
    expect(await works(next.data.token)).toBe(true);
  });

  it("the late tab gets the family's newest token when the first tab has already rotated again", async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    const r1 = await refresh(a.refreshToken, a.token);
    const r2 = await refresh(r1.data.refreshToken, r1.data.token);
    const late = await refresh(a.refreshToken, a.token);
    expect(late.code).toBe(0);
    expect(late.data.refreshToken).toBe(r2.data.refreshToken);
    expect(await works(r2.data.token)).toBe(true);
  });

  it('a replay without an access token of the same login revokes the family, as before', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    const b = await login(t.app, demo.admin.username, demo.admin.password);
    const r1 = await refresh(a.refreshToken, a.token);
    expect(r1.code).toBe(0);
    // another login's access token proves nothing about this one
    expect(await refresh(a.refreshToken, b.token)).toMatchObject({ code: -1, message: authText.sessionEnded });
    expect(await works(r1.data.token)).toBe(false);
    expect((await refresh(r1.data.refreshToken, r1.data.token)).code).toBe(-1);
    expect(await works(b.token)).toBe(true);

    const c = await login(t.app, demo.admin.username, demo.admin.password);
    const c1 = await refresh(c.refreshToken, c.token);
    expect((await refresh(c.refreshToken)).code).toBe(-1);
    expect(await works(c1.data.token)).toBe(false);
  });

  it('a replay after the grace revokes the family even with the access token', async () => {
    const t2 = await createTestApp();
    try {
      const a = await login(t2.app, demo.admin.username, demo.admin.password);
      const again = (refreshToken: string, accessToken: string) => t2.app.inject({
        method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': refreshToken, 'x-authorization': `Bearer ${accessToken}` },
      }).then((r) => r.json() as Promise<Answer>);
      const r1 = await again(a.refreshToken, a.token);
      expect(r1.code).toBe(0);
      t2.advanceClock(REFRESH_GRACE_MS + 1000);
      expect((await again(a.refreshToken, a.token)).code).toBe(-1);
      expect((await again(r1.data.refreshToken, r1.data.token)).code).toBe(-1);
    } finally {
      await t2.close();
    }
  });
});

describe('logout ends the login it is told of', () => {
  it('with only an access token that has expired (a tab left open): its refresh token is dead afterwards', async () => {
    const t3 = await createTestApp();
    try {
      const a = await login(t3.app, demo.admin.username, demo.admin.password);
      t3.advanceClock((t3.config.accessTokenTtl + 60) * 1000);
      expect((await call(t3.app, '/api/jwt_core/validate', {}, a.token)).body.code).not.toBe(0);
      expect((await call(t3.app, '/api/auth/logout', {}, a.token)).body.code).toBe(0);
      const r = await t3.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': a.refreshToken } });
      expect(r.json()).toMatchObject({ code: -1, message: authText.sessionEnded });
    } finally {
      await t3.close();
    }
  });

  it('a forged access token ends nothing', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    const [head, body] = a.token.split('.');
    expect((await call(t.app, '/api/auth/logout', {}, `${head}.${body}.forged`)).body.code).toBe(0);
    expect((await refresh(a.refreshToken, a.token)).code).toBe(0);
  });
});

describe('refresh tokens come only in the body or a header, never in the URL', () => {
  it('the console refreshes with the token in the body', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', payload: { data: { refreshToken: a.refreshToken } }, headers: { 'x-authorization': `Bearer ${a.token}` } });
    expect(r.json().code).toBe(0);
    expect(await works(r.json().data.token)).toBe(true);
  });

  it('a refresh token in the query string is not taken (and stays usable by its holder)', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    for (const method of ['GET', 'POST'] as const) {
      const r = await t.app.inject({ method, url: `/api/auth/refresh_token?refreshToken=${encodeURIComponent(a.refreshToken)}`, ...(method === 'POST' ? { payload: { data: {} } } : {}) });
      expect(r.json()).toMatchObject({ code: -1, message: authText.sessionEnded });
    }
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': a.refreshToken } });
    expect(byHeader.json().code).toBe(0);
  });
});
