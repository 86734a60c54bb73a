/**
 * Self-registration (POST /api/third/user/registerForPc) on a real database: every rule of §5 with
 * its message, the signature and captcha, duplicates, and that the registered company logs in as an
 * unfiled enterprise (no companyCode) and finds its registration on the enterprise page.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureBase } from '../../domain/enterprise/registration.ts';
import { registrationText as t } from '../../domain/texts/enterprise.ts';
import { call, createTestApp, encryptPassword, login, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let pem: string;
beforeAll(async () => {
  app = await createTestApp();
  pem = (await call(app.app, '/api/auth/public_key', {})).body.data;
});
afterAll(() => app?.close());

interface Form { companyName: string; loginName: string; customsRegistCode: string; password: string; againPassword: string; businessType: string; companyType: string; captcha: string; thirdUserId?: string }
const good = (n: string): Form => ({
  companyName: `宁波测试跨境电商有限公司${n}`, loginName: `reg${n}`, customsRegistCode: `33029${n.padStart(5, '0')}`.slice(0, 10),
  password: 'Reg@2026pass', againPassword: 'Reg@2026pass', businessType: 'E,I', companyType: '1,2', captcha: 'abcd',
});

/** The body the console sends: encrypted passwords, encode flag, timestamp and SHA-256 signature. */
function body(form: Form, overrides: Record<string, unknown> = {}) {
  const timestamp = String(overrides.timestamp ?? Date.now());
  const captchaId = String(overrides.captchaId ?? Date.now());
  const base = signatureBase({
    businessType: form.businessType, captchaId, companyName: form.companyName.trim(), companyType: form.companyType,
    customsRegistCode: form.customsRegistCode.trim(), loginName: form.loginName.trim(), thirdUserId: form.thirdUserId ?? '', timestamp,
  });
  return {
    ...form, password: form.password ? encryptPassword(pem, form.password) : '', againPassword: form.againPassword ? encryptPassword(pem, form.againPassword) : '',
    captchaId, timestamp, encode: true, sign: createHash('sha256').update(base).digest('hex'), ...overrides,
  };
}
const register = (payload: unknown, target = app) => call(target.app, '/api/third/user/registerForPc', payload);

describe('registration', () => {
  it('registers a company and its main account; it logs in unfiled and sees its registration', async () => {
    const form = { ...good('1'), thirdUserId: 'SW-0001' };
    const res = await register(body(form));
    expect(res.body).toMatchObject({ code: 0, message: t.success, data: { loginName: 'reg1' } });
    const session = await login(app.app, 'reg1', 'Reg@2026pass');
    expect(session.userInfo).toMatchObject({ companyCode: null, companyName: form.companyName, userType: 'ADMIN', account: 'reg1' });
    const detail = (await call(app.app, '/api/enterprise/company/queryDetailById', {}, session.token)).body.data;
    expect(detail).toMatchObject({
      companyName: form.companyName, customsRegistCode: form.customsRegistCode, approveState: 0, showApproveState: '未备案', companyCode: null,
      ebcCompany: true, logisticsCompany: true, ebpCompany: false, bizImport: true, bizExport: true, companyFileVos: [], approvalRecordVos: [],
    });
    const stored = await app.handle.db.selectFrom('companies').select(['third_user_id', 'customs_regist_code']).where('company_name', '=', form.companyName).executeTakeFirstOrThrow();
    expect(stored).toEqual({ third_user_id: 'SW-0001', customs_regist_code: form.customsRegistCode });
  });

  const cases: [string, Partial<Form>, string, string][] = [
    ['no company name', { companyName: '  ' }, 'companyName', t.companyNameRequired],
    ['a 101-character company name', { companyName: '企'.repeat(101) }, 'companyName', t.companyNameTooLong],
    ['no login name', { loginName: '' }, 'loginName', t.loginNameRequired],
    ['a 21-character login name', { loginName: 'a'.repeat(21) }, 'loginName', t.loginNameTooLong],
    ['a login name with @', { loginName: 'a@b' }, 'loginName', t.loginNameBad],
    ['no customs code', { customsRegistCode: '' }, 'customsRegistCode', t.customsRegistCodeRequired],
    ['an 11-character customs code', { customsRegistCode: '33029612345' }, 'customsRegistCode', t.customsRegistCodeTooLong],
    ['no password', { password: '', againPassword: '' }, 'password', t.passwordRequired],
    ['a password of one kind', { password: '12345678', againPassword: '12345678' }, 'password', t.passwordRule],
    ['a 5-character password', { password: 'ab12!', againPassword: 'ab12!' }, 'password', t.passwordRule],
    ['a 21-character password', { password: 'Ab1!'.repeat(5) + 'x', againPassword: 'Ab1!'.repeat(5) + 'x' }, 'password', t.passwordRule],
    ['a password with a space', { password: 'abc 1234', againPassword: 'abc 1234' }, 'password', t.passwordRule],
    ['a different confirmation', { againPassword: 'Reg@2026other' }, 'againPassword', t.mismatch],
    ['no business type', { businessType: '' }, 'businessType', t.businessTypeRequired],
    ['an unknown business type', { businessType: 'X' }, 'businessType', t.businessTypeRequired],
    ['no role', { companyType: '' }, 'companyType', t.companyTypeRequired],
    ['an unknown role', { companyType: '1,6' }, 'companyType', t.companyTypeRequired],
    ['no captcha', { captcha: '' }, 'captcha', t.captchaRequired],
    ['a 7-character captcha', { captcha: 'abcdefg' }, 'captcha', t.captchaTooLong],
  ];
  for (const [name, change, field, message] of cases) {
    it(`refuses ${name}: ${message}`, async () => {
      const form = { ...good('9'), ...change };
      const res = await register(body(form));
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(-1);
      expect(res.body.message).toBe(message);
      expect(res.body.data.errors).toContainEqual({ field, message });
      expect(await app.handle.db.selectFrom('users').select('id').where('login_name', '=', form.loginName.trim()).executeTakeFirst()).toBeUndefined();
    });
  }

  it('accepts the two-kind passwords of the rule and a confirmation left to the form', async () => {
    const form = { ...good('2'), password: 'abc123', againPassword: 'abc123' };
    const { againPassword: _omitted, ...payload } = body(form);
    expect((await register(payload)).body.code).toBe(0);
    // the login's own rule (10–20, four kinds) asks this weak password to be changed first
    await expect(login(app.app, 'reg2', 'abc123')).rejects.toThrow(/请更改密码/);
  });

  it('refuses a login name or customs code already registered (names compare case-insensitively)', async () => {
    expect((await register(body({ ...good('3'), loginName: 'ADMIN' }))).body).toMatchObject({ code: -1, message: t.loginNameTaken });
    expect((await register(body({ ...good('3'), customsRegistCode: '3302961A2B' }))).body).toMatchObject({ code: -1, message: t.customsRegistCodeTaken });
    expect((await register(body(good('3')))).body.code).toBe(0);
    expect((await register(body({ ...good('4'), loginName: 'reg3' }))).body).toMatchObject({ code: -1, message: t.loginNameTaken });
    expect((await register(body({ ...good('4'), customsRegistCode: good('3').customsRegistCode }))).body).toMatchObject({ code: -1, message: t.customsRegistCodeTaken });
  });

  it('refuses a clear-text password, a forged signature and a stale request', async () => {
    const form = good('5');
    expect((await register(body(form, { encode: false }))).body).toMatchObject({ code: -1, message: t.notEncrypted });
    expect((await register(body(form, { companyName: '另一家公司' }))).body).toMatchObject({ code: -1, message: t.badSignature });
    expect((await register(body(form, { timestamp: String(Date.now() - 3600_000) }))).body).toMatchObject({ code: -1, message: t.staleRequest });
    expect((await register({ ...body(form), password: 'bm90LWVuY3J5cHRlZA==' })).body).toMatchObject({ code: -1, message: '密码解密失败，请刷新页面后重试' });
    expect(await app.handle.db.selectFrom('companies').select('id').where('company_name', '=', form.companyName).executeTakeFirst()).toBeUndefined();
  });

  it('with captchas on: a wrong answer is refused and used up, the right one registers once', async () => {
    const strict = await createTestApp({ env: { CAPTCHA: 'on' } });
    try {
      const key = (await call(strict.app, '/api/auth/public_key', {})).body.data as string;
      const withKey = (form: Form, captchaId: string) => {
        const saved = pem;
        pem = key;
        try { return body(form, { captchaId }); } finally { pem = saved; }
      };
      const image = await strict.app.inject({ method: 'GET', url: '/api/enterprise/kaptcha/defaultKaptcha?captchaId=reg-1' });
      expect(image.headers['content-type']).toContain('image/svg+xml');
      const { answer } = await strict.handle.db.selectFrom('captchas').select('answer').where('captcha_id', '=', 'reg-1').executeTakeFirstOrThrow();
      const wrong = await register(withKey({ ...good('6'), captcha: answer === 'zzzz' ? 'yyyy' : 'zzzz' }, 'reg-1'), strict);
      expect(wrong.body).toMatchObject({ code: -1, message: '验证码错误' });
      // one use whatever the answer: the client loads a new captcha after any failure
      const reused = await register(withKey({ ...good('6'), captcha: answer }, 'reg-1'), strict);
      expect(reused.body.code).toBe(-1);
      await strict.app.inject({ method: 'GET', url: '/api/enterprise/kaptcha/defaultKaptcha?captchaId=reg-2' });
      const second = await strict.handle.db.selectFrom('captchas').select('answer').where('captcha_id', '=', 'reg-2').executeTakeFirstOrThrow();
      expect((await register(withKey({ ...good('6'), captcha: second.answer }, 'reg-2'), strict)).body.code).toBe(0);
    } finally {
      await strict.close();
    }
  });
});
