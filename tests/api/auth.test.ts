import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePasswordRequiredText } from '../../domain/texts/http.ts';
import { authText } from '../../domain/texts/auth.ts';
import { serverText } from '../../domain/texts/server.ts';
import { passwordText } from '../../domain/password-rules.ts';
import { call, createTestApp, demo, encryptPassword, login, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let pem: string;
beforeAll(async () => {
  t = await createTestApp();
  pem = (await call(t.app, '/api/auth/public_key', {})).body.data;
});
afterAll(() => t.close());

async function tryLogin(username: string, password: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({ username, password: encryptPassword(pem, password), tag: 'admin', ...extra });
  const res = await t.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('public key and login', () => {
  it('serves an SPKI PEM public key', () => {
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('logs the demo admin in with userInfo and modules carrying button codes', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    expect(a.token.split('.')).toHaveLength(3);
    expect(a.refreshToken.length).toBeGreaterThan(20);
    expect(a.userInfo).toMatchObject({ companyCode: '3302961A2B', userType: 'ADMIN', account: 'admin' });
    expect(a.modules.length).toBeGreaterThan(20);
    expect(a.modules.some((m) => m.buttonVos.length > 0)).toBe(true);
  });

  it('gives the USER sub-account fewer buttons than the ADMIN on account management', async () => {
    const admin = await login(t.app, demo.admin.username, demo.admin.password);
    const user = await login(t.app, demo.user.username, demo.user.password);
    const codes = (a: typeof admin) => a.modules.find((m) => m.uri === '/account')?.buttonVos.map((b) => b.code) ?? [];
    expect(codes(admin)).toContain('add');
    expect(codes(user)).not.toContain('add');
    expect(user.userInfo.userType).toBe('USER');
  });

  it('refuses a wrong password with a Chinese message and no token', async () => {
    const r = await tryLogin('other', 'Wrong@2026pass');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: -1, message: authText.badCredentials });
    expect(r.body.data).toBeNull();
  });

  it('refuses an unknown account with the same message (no account probing)', async () => {
    const r = await tryLogin('nobody', 'Whatever@2026');
    expect(r.body).toMatchObject({ code: -1, message: authText.badCredentials });
  });

  it('refuses a password that is not valid ciphertext', async () => {
    const q = new URLSearchParams({ username: 'admin', password: 'bm90LWNpcGhlcnRleHQ=', tag: 'admin' });
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } });
    expect(res.json().code).toBe(-1);
    expect(res.json().message).toMatch(/密码/);
  });

  it('locks an account after five failures, and the right password is refused while locked', async () => {
    const t2 = await createTestApp();
    try {
      const key = (await call(t2.app, '/api/auth/public_key', {})).body.data;
      const attempt = async (pw: string) => {
        const q = new URLSearchParams({ username: 'other', password: encryptPassword(key, pw), tag: 'admin' });
        return (await t2.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } })).json();
      };
      for (let i = 0; i < 5; i++) expect((await attempt('Bad@20260000')).message).toBe(authText.badCredentials);
      const locked = await attempt(demo.other.password);
      expect(locked.code).toBe(-1);
      expect(locked.message).toBe(authText.locked(15));
    } finally {
      await t2.close();
    }
  });
});

describe('captcha', () => {
  it('serves an SVG image and accepts its answer exactly once', async () => {
    const t3 = await createTestApp({ env: { CAPTCHA: 'on' } });
    try {
      const img = await t3.app.inject({ method: 'GET', url: '/api/enterprise/kaptcha/defaultKaptcha?captchaId=1732170000000' });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(img.body).toMatch(/^<svg/);
      const answer = (await t3.handle.db.selectFrom('captchas').select('answer').where('captcha_id', '=', '1732170000000').executeTakeFirstOrThrow()).answer;
      const key = (await call(t3.app, '/api/auth/public_key', {})).body.data;
      const attempt = async (captcha: string) => {
        const q = new URLSearchParams({ username: 'admin', password: encryptPassword(key, demo.admin.password), tag: 'admin', captcha, captchaId: '1732170000000' });
        return (await t3.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } })).json();
      };
      expect((await attempt(answer.toUpperCase())).code).toBe(0);
      expect(await attempt(answer)).toMatchObject({ code: -1, message: authText.captchaInvalid });
    } finally {
      await t3.close();
    }
  });

  it('spends a captcha on a wrong guess and refuses an expired one', async () => {
    const t3 = await createTestApp({ env: { CAPTCHA: 'on' } });
    try {
      const key = (await call(t3.app, '/api/auth/public_key', {})).body.data;
      const attempt = async (captcha: string, captchaId: string) => {
        const q = new URLSearchParams({ username: 'admin', password: encryptPassword(key, demo.admin.password), tag: 'admin', captcha, captchaId });
        return (await t3.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } })).json();
      };
      await t3.app.inject({ method: 'GET', url: '/api/enterprise/kaptcha/defaultKaptcha?captchaId=a1' });
      expect(await attempt('zzzz', 'a1')).toMatchObject({ code: -1, message: authText.captchaWrong });
      const answer = (await t3.handle.db.selectFrom('captchas').select('answer').where('captcha_id', '=', 'a1').executeTakeFirstOrThrow()).answer;
      expect(await attempt(answer, 'a1')).toMatchObject({ code: -1, message: authText.captchaInvalid });

      await t3.app.inject({ method: 'GET', url: '/api/enterprise/kaptcha/defaultKaptcha?captchaId=a2' });
      await t3.handle.db.updateTable('captchas').set({ expires_at: new Date(Date.now() - 1000) }).where('captcha_id', '=', 'a2').execute();
      const a2 = (await t3.handle.db.selectFrom('captchas').select('answer').where('captcha_id', '=', 'a2').executeTakeFirstOrThrow()).answer;
      expect(await attempt(a2, 'a2')).toMatchObject({ code: -1, message: authText.captchaExpired });
      expect(await attempt('', '')).toMatchObject({ code: -1, message: authText.captchaRequired });
    } finally {
      await t3.close();
    }
  });

  it('rejects a captchaId with odd characters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/enterprise/kaptcha/defaultKaptcha?captchaId=../../etc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-1);
  });
});

describe('tokens', () => {
  it('answers 401 without a token and with a tampered one', async () => {
    const none = await call(t.app, '/api/jwt_core/validate', {});
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(serverText.unauthorized);
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    const [h, p, s] = a.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), ut: 'ADMIN', cc: '9999999999' })).toString('base64url');
    const tampered = await call(t.app, '/api/jwt_core/validate', {}, `${h}.${forged}.${s}`);
    expect(tampered.status).toBe(401);
    const valid = await call(t.app, '/api/jwt_core/validate', {}, a.token);
    expect(valid.body).toMatchObject({ code: 0, data: { valid: true } });
  });

  it('answers envelope code -10000 once the access token has expired', async () => {
    const t4 = await createTestApp();
    try {
      const a = await login(t4.app, demo.admin.username, demo.admin.password);
      t4.advanceClock((t4.config.accessTokenTtl + 1) * 1000);
      const r = await call(t4.app, '/api/jwt_core/validate', {}, a.token);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(-10000);
    } finally {
      await t4.close();
    }
  });

  it('rotates the refresh token, and reusing an old one revokes the whole family', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    const refresh = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': token } }).then((r) => r.json());
    const r1 = await refresh(a.refreshToken);
    expect(r1.code).toBe(0);
    expect(r1.data.refreshToken).not.toBe(a.refreshToken);
    expect((await call(t.app, '/api/jwt_core/validate', {}, r1.data.token)).body.code).toBe(0);
    const replay = await refresh(a.refreshToken);
    expect(replay).toMatchObject({ code: -1, message: authText.sessionEnded });
    // The thief's replay also ends the legitimate holder's newer token.
    expect(await refresh(r1.data.refreshToken)).toMatchObject({ code: -1 });
  });

  it('logout revokes the refresh token', async () => {
    const a = await login(t.app, demo.admin.username, demo.admin.password);
    expect((await call(t.app, '/api/auth/logout', { refreshToken: a.refreshToken })).body.code).toBe(0);
    const r = await t.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': a.refreshToken } });
    expect(r.json().code).toBe(-1);
  });

  it('refuses refresh for a frozen user', async () => {
    const t5 = await createTestApp();
    try {
      const a = await login(t5.app, demo.user.username, demo.user.password);
      await t5.handle.db.updateTable('users').set({ state: 'INVALID' }).where('login_name', '=', demo.user.username).execute();
      const r = await t5.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': a.refreshToken } });
      expect(r.json()).toMatchObject({ code: -1, message: authText.frozen });
      const q = new URLSearchParams({ username: demo.user.username, password: encryptPassword(pem, demo.user.password), tag: 'admin' });
      // a frozen user cannot log in either
      const key = (await call(t5.app, '/api/auth/public_key', {})).body.data;
      q.set('password', encryptPassword(key, demo.user.password));
      const l = await t5.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } });
      expect(l.json()).toMatchObject({ code: -1, message: authText.frozen });
    } finally {
      await t5.close();
    }
  });
});

describe('password change', () => {
  it('changes the own password, ends the sessions and lets the new one log in', async () => {
    const t6 = await createTestApp();
    try {
      const key = (await call(t6.app, '/api/auth/public_key', {})).body.data;
      const a = await login(t6.app, demo.other.username, demo.other.password);
      const enc = (s: string) => encryptPassword(key, s);
      const bad = await call(t6.app, '/api/enterprise/user/updatePasswprd', { oldPassword: enc(demo.other.password), newPassword: enc('short'), againPassword: enc('short') }, a.token);
      expect(bad.body).toMatchObject({ code: -1, message: passwordText.ownRule });
      const same = await call(t6.app, '/api/enterprise/user/updatePasswprd', { oldPassword: enc(demo.other.password), newPassword: enc(demo.other.password), againPassword: enc(demo.other.password) }, a.token);
      expect(same.body.message).toBe(passwordText.sameAsOld);
      const wrongOld = await call(t6.app, '/api/enterprise/user/updatePasswprd', { oldPassword: enc('Nope@2026xx'), newPassword: enc('Fresh@2026pw'), againPassword: enc('Fresh@2026pw') }, a.token);
      expect(wrongOld.body.message).toBe(authText.oldPasswordWrong);
      const mismatch = await call(t6.app, '/api/enterprise/user/updatePasswprd', { oldPassword: enc(demo.other.password), newPassword: enc('Fresh@2026pw'), againPassword: enc('Fresh@2026px') }, a.token);
      expect(mismatch.body.message).toBe(passwordText.mismatch);
      const okr = await call(t6.app, '/api/enterprise/user/updatePasswprd', { oldPassword: enc(demo.other.password), newPassword: enc('Fresh@2026pw'), againPassword: enc('Fresh@2026pw') }, a.token);
      expect(okr.body).toMatchObject({ code: 0, message: '修改成功！' });
      const r = await t6.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': a.refreshToken } });
      expect(r.json().code).toBe(-1);
      await expect(login(t6.app, demo.other.username, demo.other.password)).rejects.toThrow();
      expect((await login(t6.app, demo.other.username, 'Fresh@2026pw')).userInfo.account).toBe('other');
    } finally {
      await t6.close();
    }
  });

  it('answers 401 请更改密码 with a token header for an expired password, and the anonymous change works with it', async () => {
    const t7 = await createTestApp();
    try {
      await t7.handle.db.updateTable('users').set({ password_changed_at: new Date(Date.now() - 200 * 24 * 3600 * 1000) }).where('login_name', '=', 'other').execute();
      const key = (await call(t7.app, '/api/auth/public_key', {})).body.data;
      const q = new URLSearchParams({ username: 'other', password: encryptPassword(key, demo.other.password), tag: 'admin' });
      const res = await t7.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(changePasswordRequiredText);
      const token = res.headers.token as string;
      expect(token).toBeTruthy();
      // the change token opens nothing else
      expect((await call(t7.app, '/api/jwt_core/validate', {}, token)).status).toBe(401);
      const enc = (s: string) => encryptPassword(key, s);
      const wrongName = await call(t7.app, '/api/user/anon/pwd/updatePasswprd', { token, loginName: 'admin', oldPassword: enc(demo.other.password), newPassword: enc('Renew@2026pw'), againPassword: enc('Renew@2026pw') });
      expect(wrongName.body.code).toBe(-1);
      const ok = await call(t7.app, '/api/user/anon/pwd/updatePasswprd', { token, loginName: 'other', oldPassword: enc(demo.other.password), newPassword: enc('Renew@2026pw'), againPassword: enc('Renew@2026pw') });
      expect(ok.body).toMatchObject({ code: 0, message: '修改成功！' });
      expect((await login(t7.app, 'other', 'Renew@2026pw')).userInfo.account).toBe('other');
    } finally {
      await t7.close();
    }
  });

  it('treats a weak stored password like an expired one', async () => {
    const t8 = await createTestApp();
    try {
      const { hashPassword } = await import('../../server/auth/passwords.ts');
      await t8.handle.db.updateTable('users').set({ password_hash: await hashPassword('weakpass1') }).where('login_name', '=', 'other').execute();
      const key = (await call(t8.app, '/api/auth/public_key', {})).body.data;
      const q = new URLSearchParams({ username: 'other', password: encryptPassword(key, 'weakpass1'), tag: 'admin' });
      const res = await t8.app.inject({ method: 'POST', url: `/api/auth/login?${q}`, payload: { data: {} } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: changePasswordRequiredText, data: { reason: 'weak' } });
    } finally {
      await t8.close();
    }
  });
});
