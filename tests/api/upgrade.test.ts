/**
 * The system upgrade on a real database: who is asked (the main account of a company still to be
 * promoted), every step decided by the progress machine (a call in a step that does not allow it
 * is refused, naming the step, and changes nothing), the agreement's 5-second countdown kept by the
 * server, the §5 rules of the resource-centre account, a USER refused, and the sample image.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeText as t } from '../../domain/texts/upgrade.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { call, createTestApp, demo, encryptPassword, login, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let pem: string;
let other: string;
let otherCompany: number;
beforeAll(async () => {
  app = await createTestApp();
  pem = (await app.app.inject({ method: 'POST', url: '/api/auth/public_key', payload: {} })).json().data;
  other = (await login(app.app, demo.other.username, demo.other.password)).token;
  otherCompany = (await app.handle.db.selectFrom('users').select('company_id').where('login_name', '=', 'other').executeTakeFirstOrThrow()).company_id!;
});
afterAll(() => app?.close());

const api = (path: string, data: unknown, token = other) => call(app.app, `/api/enterprise/agreement${path}`, data, token);
const enc = (p: string) => encryptPassword(pem, p);
const stored = () => app.handle.db.selectFrom('upgrade_wizards').selectAll().where('company_id', '=', otherCompany).executeTakeFirstOrThrow();
/** the agreement was opened `seconds` ago */
const openedAgo = (seconds: number) => app.handle.db.updateTable('upgrade_wizards').set({ step_at: new Date(Date.now() - seconds * 1000) }).where('company_id', '=', otherCompany).execute();
const CREDIT = '91330106MA27WQ8N1Y';

describe('who is asked to upgrade', () => {
  it('asks the main account of a company still to be promoted, with its credit code', async () => {
    expect((await api('/queryInfo', undefined)).body.data).toEqual({ needPromotion: true, bizRegNo: CREDIT, companyName: '杭州云途国际物流有限公司', step: 'notice', countdown: 0 });
  });

  it('does not ask a company that has nothing to do, and refuses its wizard calls', async () => {
    const admin = (await login(app.app, demo.admin.username, demo.admin.password)).token;
    expect((await api('/queryInfo', undefined, admin)).body.data).toMatchObject({ needPromotion: false, step: 'finished' });
    expect((await api('/next', undefined, admin)).body).toMatchObject({ code: -1, message: t.notNeeded });
  });

  it('does not ask a sub-account, and refuses its every wizard call: the main account upgrades', async () => {
    await app.handle.db.insertInto('users').values({ company_id: otherCompany, parent_id: null, login_name: 'clerk@other', user_name: '王五', user_type: 'USER', state: 'EFFECTIVE', password_hash: await hashPassword('Clerk@2026pw') }).execute();
    const clerk = (await login(app.app, 'clerk@other', 'Clerk@2026pw')).token;
    expect((await api('/queryInfo', undefined, clerk)).body.data).toMatchObject({ needPromotion: false, step: 'notice' });
    for (const path of ['/next', '/read', '/back']) expect((await api(path, undefined, clerk)).body).toMatchObject({ code: -1, message: t.adminOnly });
    expect((await api('/createRs', { bizRegNo: CREDIT, loginPwd: enc('Upgrade2026') }, clerk)).body).toMatchObject({ code: -1, message: t.adminOnly });
    expect((await stored()).step).toBe('notice');
  });
});

describe('the wizard, step by step', () => {
  it('refuses what the notice does not allow, naming the step', async () => {
    expect((await api('/back', undefined)).body).toMatchObject({ code: -1, message: t.refused('升级公告', '返回上一步') });
    expect((await api('/read', undefined)).body).toMatchObject({ code: -1, message: t.refused('升级公告', '确认已阅读') });
    expect((await api('/createRs', { bizRegNo: CREDIT, loginPwd: enc('Upgrade2026') })).body).toMatchObject({ code: -1, message: t.refused('升级公告', '创建资源中心账号') });
    expect((await stored()).step).toBe('notice');
  });

  it('opens the agreement with its countdown, and refuses 已阅读 before five seconds', async () => {
    const next = (await api('/next', undefined)).body;
    expect(next.data).toMatchObject({ step: 'agreement', needPromotion: true });
    expect(next.data.countdown).toBeGreaterThanOrEqual(4);
    expect(next.data.countdown).toBeLessThanOrEqual(5);
    await openedAgo(2);
    expect((await api('/queryInfo', undefined)).body.data.countdown).toBe(3);
    expect((await api('/read', undefined)).body).toMatchObject({ code: -1, message: t.readTooSoon(3) });
    expect((await api('/next', undefined)).body).toMatchObject({ code: -1, message: t.refused('阅读协议', '进入下一步') });
    expect((await stored()).step).toBe('agreement');
  });

  it('goes back to the notice and forward again, the countdown starting anew', async () => {
    await openedAgo(10);
    expect((await api('/back', undefined)).body.data.step).toBe('notice');
    expect((await api('/next', undefined)).body.data.step).toBe('agreement');
    expect((await api('/read', undefined)).body.message).toMatch(/^请仔细阅读协议，[45]秒后可确认已阅读$/);
  });

  it('accepts 已阅读 once the countdown is over, then goes back to the agreement and forward', async () => {
    await openedAgo(5);
    expect((await api('/read', undefined)).body.data).toMatchObject({ step: 'account', countdown: 0 });
    expect((await api('/back', undefined)).body.data.step).toBe('agreement');
    await openedAgo(6);
    expect((await api('/read', undefined)).body.data.step).toBe('account');
  });

  it('checks the account form: password 8–20 of two kinds, the confirmation, the credit code', async () => {
    const create = (loginPwd: string, againPassword?: string, bizRegNo = CREDIT) => api('/createRs', { bizRegNo, loginPwd: enc(loginPwd), ...(againPassword === undefined ? {} : { againPassword: enc(againPassword) }) });
    for (const bad of ['Ab1', 'abcdefgh', '12345678', '!!!!!!!!', 'a1'.repeat(11), 'abc 12345', '密码Abc12345']) {
      expect((await create(bad)).body, bad).toMatchObject({ code: -1, message: t.passwordRule, data: { errors: [{ field: 'password', message: t.passwordRule }] } });
    }
    expect((await create('Upgrade2026', 'Upgrade2025')).body).toMatchObject({ code: -1, message: t.mismatch });
    expect((await create('Upgrade2026', 'Upgrade2026', '91330106MA27WQ8N1X')).body).toMatchObject({ code: -1, message: t.creditCodeMismatch });
    await app.handle.db.updateTable('companies').set({ social_credit_code: null }).where('id', '=', otherCompany).execute();
    expect((await create('Upgrade2026', 'Upgrade2026', '')).body).toMatchObject({ code: -1, message: t.noCreditCode });
    await app.handle.db.updateTable('companies').set({ social_credit_code: CREDIT }).where('id', '=', otherCompany).execute();
    expect(await stored()).toMatchObject({ step: 'account', rs_account: null, rs_password_hash: null });
  });

  it('creates the resource-centre account, after which nothing more is asked or allowed', async () => {
    const res = await api('/createRs', { bizRegNo: CREDIT, loginPwd: enc('abc!@#12'), againPassword: enc('abc!@#12') });
    expect(res.body).toMatchObject({ code: 0, message: t.created, data: { account: CREDIT, loginUrl: 'https://www.singlewindow.cn/', step: 'finished', needPromotion: false } });
    const row = await stored();
    expect(row).toMatchObject({ step: 'finished', rs_account: CREDIT, created_by: 'other' });
    expect(row.rs_password_hash).toMatch(/^scrypt\$/);
    expect((await api('/queryInfo', undefined)).body.data).toMatchObject({ needPromotion: false, step: 'finished' });
    for (const [path, verb] of [['/next', '进入下一步'], ['/back', '返回上一步'], ['/read', '确认已阅读']] as const) {
      expect((await api(path, undefined)).body).toMatchObject({ code: -1, message: t.refused('已完成', verb) });
    }
    expect((await api('/createRs', { bizRegNo: CREDIT, loginPwd: enc('abc!@#12') })).body).toMatchObject({ code: -1, message: t.refused('已完成', '创建资源中心账号') });
  });
});

describe('the sample image', () => {
  it('answers its link, which serves an SVG of the resource centre login', async () => {
    const { displayUri } = (await api('/template', undefined)).body.data;
    const res = await app.app.inject({ method: 'GET', url: displayUri });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('用户登录');
  });
});

describe('the header\'s agreement download', () => {
  it('answers the link of the agreement, a PDF named after it, for any logged-in user', async () => {
    const user = (await login(app.app, demo.user.username, demo.user.password)).token;
    const answer = (await api('/getDownloadUrl', undefined, user)).body;
    expect(answer).toMatchObject({ code: 0, data: { downloadUri: expect.stringMatching(/^\/api\/enterprise\/agreement\/file\/agreement\.pdf\?download=1$/) } });
    expect((await app.app.inject({ method: 'POST', url: '/api/enterprise/agreement/getDownloadUrl', payload: {} })).statusCode).toBe(401);
    const file = await app.app.inject({ method: 'GET', url: answer.data.downloadUri });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`attachment; filename="agreement.pdf"; filename*=UTF-8''${encodeURIComponent(`${t.agreementTitle}.pdf`)}`);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.rawPayload.length).toBeGreaterThan(500);
  });
});
