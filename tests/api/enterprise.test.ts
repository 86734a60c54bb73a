/**
 * The enterprise page's API on a real database: the profile and its §5 rules, the division
 * cascade, filing through review (review API and the sandbox), the filing machine refusing actions
 * in the wrong state, attachments (type, size, ownership), the authorization code and another
 * company's records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.ts';
import { enterpriseText as t } from '../../domain/texts/enterprise.ts';
import { completeEnterprise, completeEnterpriseNames } from '../../domain/enterprise/example.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

const REVIEW = 'review-secret-1';
let app: TestApp;
let admin: LoginAnswer;
let other: LoginAnswer;
beforeAll(async () => {
  app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } });
  admin = await login(app.app, demo.admin.username, demo.admin.password);
  other = await login(app.app, demo.other.username, demo.other.password);
});
afterAll(() => app?.close());

let seq = 0;
/** A registered, unfiled company with its main account (as registration leaves it), logged in. */
async function newCompany(target: TestApp = app) {
  seq += 1;
  const code = `33029${String(seq).padStart(3, '0')}Z9`;
  const db = target.handle.db;
  const company = await db.insertInto('companies').values({ company_name: `宁波备案测试有限公司${seq}`, approve_state: 0, customs_regist_code: code, profile: '{}' })
    .returning('id').executeTakeFirstOrThrow();
  const loginName = `filing${seq}`;
  await db.insertInto('users').values({ company_id: company.id, login_name: loginName, user_name: `备案员${seq}`, user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Filing@2026pw') }).execute();
  return { id: company.id, code, session: await login(target.app, loginName, 'Filing@2026pw') };
}

const api = (path: string, data: unknown, token: string, target: TestApp = app) => call(target.app, `/api/enterprise${path}`, data, token);
const review = (verb: string, data: unknown, token: string | null = REVIEW) => app.app.inject({
  method: 'POST', url: `/api/review/company/${verb}`, payload: { data }, headers: token !== null ? { 'x-review-token': token } : {},
}).then((r) => ({ status: r.statusCode, body: r.json() as { code: number; message: string; data: any } }));

describe('enterprise profile', () => {
  it('shows a filed enterprise with its state name and customs registration code', async () => {
    const detail = (await api('/company/queryDetailById', {}, admin.token)).body.data;
    expect(detail).toMatchObject({ companyName: '宁波跨境优选供应链管理有限公司', customsRegistCode: '3302961A2B', companyCode: '3302961A2B', approveState: 2, showApproveState: '备案通过' });
  });

  it('serves the GB/T 2260 divisions: provinces, cities, areas, leaves', async () => {
    const provinces = (await api('/area/getProvinces', {}, admin.token)).body.data as { id: string; name: string; leaf: boolean }[];
    expect(provinces.length).toBe(31);
    expect(provinces).toContainEqual({ id: '330000', code: '330000', name: '浙江省', leaf: false });
    const cities = (await api('/area/getByCode', { id: '330000' }, admin.token)).body.data;
    expect(cities).toContainEqual({ id: '330200', code: '330200', name: '宁波市', leaf: false });
    const areas = (await api('/area/getByCode', { id: '330200' }, admin.token)).body.data;
    expect(areas).toContainEqual({ id: '330212', code: '330212', name: '鄞州区', leaf: true });
    expect((await api('/area/getByCode', { id: '110000' }, admin.token)).body.data).toEqual([{ id: '110100', code: '110100', name: '市辖区', leaf: false }]);
    expect((await api('/area/getByCode', { id: '330212' }, admin.token)).body.data).toEqual([]);
    expect((await api('/area/getByCode', { id: '999999' }, admin.token)).body).toMatchObject({ code: -1, message: t.badArea });
    const total = (await Promise.all(provinces.map(async (p) => {
      const cs = (await api('/area/getByCode', { id: p.id }, admin.token)).body.data as { id: string }[];
      return cs.length;
    }))).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(330);
  });

  it('refuses an empty record with 请完善必填信息 and every required message of §5', async () => {
    const { session } = await newCompany();
    const res = await api('/company/saveCompany', {}, session.token);
    expect(res.body).toMatchObject({ code: -1, message: t.incomplete });
    const messages = (res.body.data.errors as { message: string }[]).map((e) => e.message);
    for (const m of ['请输入组织机构编码', '请输入营业执照注册号', '请输入纳税人识别号', '请输入正确的邮箱地址', '请选择注册海关', '请填写工商注册地址',
      '请填写注册资本', '请填写投资总额', '请填写到位资金', '请选择行政区划', '请选择经济类型', '请选择经营类别', '请填写经营范围', '请选择经济区划',
      '请选择组织机构类型', '请选择行业种类', '请填写法定代表人', '请选择法定代表人证件类型', '请填写法定代表人证件类型号码', '请填写海关业务联系人姓名',
      '请填写海关业务联系人移动电话', '请选择业务范围']) {
      expect(messages, m).toContain(m);
    }
  });

  it('refuses a complete record without a company type: 请选择跨境贸易电子商务类型', async () => {
    const { session } = await newCompany();
    const res = await api('/company/saveCompany', { ...completeEnterprise, ebcCompany: false }, session.token);
    expect(res.body).toMatchObject({ code: -1, message: t.chooseCompanyType, data: { errors: [{ field: 'companyType', message: t.chooseCompanyType }] } });
  });

  it('names each bad value on its field: numbers, email, mobile, codes, the division chain', async () => {
    const { session } = await newCompany();
    const res = await api('/company/saveCompany', {
      ...completeEnterprise, registeredCapital: 'abc', inPlaceFunds: -1, email: 'filing@', mobileNo: '2380574000', customsCode: '9999',
      cityCode: '320100', areaCode: '320102', orgCode: 'X'.repeat(31),
    }, session.token);
    expect(res.body.code).toBe(-1);
    expect(res.body.data.errors).toEqual(expect.arrayContaining([
      { field: 'registeredCapital', message: '注册资本(万元)必须是数字' },
      { field: 'inPlaceFunds', message: '到位资金(万元)不能小于0' },
      { field: 'email', message: '请输入正确的邮箱地址' },
      { field: 'mobileNo', message: '请输入正确的11位手机号' },
      { field: 'customsCode', message: '注册海关不正确' },
      { field: 'areaCode', message: t.badArea },
      { field: 'orgCode', message: '组织机构编码长度不能超过30个字符' },
    ]));
    // a city is not an area: the area must be the lowest level
    const notLeaf = await api('/company/saveCompany', { ...completeEnterprise, areaCode: '330200' }, session.token);
    expect(notLeaf.body).toMatchObject({ code: -1, data: { errors: [{ field: 'areaCode', message: t.badArea }] } });
  });

  it('saves: numbers coerced, names filled by the server, read-only fields kept, state unchanged', async () => {
    const { session, code } = await newCompany();
    const res = await api('/company/saveCompany', { ...completeEnterprise, companyName: '改名企图', customsRegistCode: '0000000000', approveState: 2 }, session.token);
    expect(res.body).toMatchObject({ code: 0, message: t.saved });
    const d = res.body.data;
    expect(d).toMatchObject({ ...completeEnterpriseNames, registeredCapital: 500, totalInvestment: 800.5, inPlaceFunds: 300, customsRegistCode: code, approveState: 0, otherAddr: null });
    expect(d.companyName).toMatch(/^宁波备案测试有限公司/);
    expect((await api('/company/queryDetailById', {}, session.token)).body.data).toEqual(d);
  });

  it('refuses another company’s record', async () => {
    const res = await api('/company/saveCompany', { ...completeEnterprise, id: other.userInfo.companyId }, admin.token);
    expect(res.body).toMatchObject({ code: -1, message: t.companyNotFound });
  });
});

describe('filing through review', () => {
  it('declares into review, where nothing may change, and a rejection then an approval move it on', async () => {
    const { id, code, session } = await newCompany();
    const applied = await api('/company/apply', completeEnterprise, session.token);
    expect(applied.body).toMatchObject({ code: 0, message: t.declared, data: { approveState: 5, showApproveState: '审核中' } });
    expect(applied.body.data.approvalRecordVos).toMatchObject([{ userName: session.userInfo.username, stateName: '审核中', note: t.applyNote }]);

    for (const [path, data, verb] of [['/company/saveCompany', completeEnterprise, '修改'], ['/company/apply', completeEnterprise, '申报'], ['/company/generateAuthCode', {}, '生成授权码']] as const) {
      expect((await api(path, data, session.token)).body, path).toMatchObject({ code: -1, message: `当前备案状态为审核中，不能${verb}` });
    }
    expect((await api('/company/deleteFileByFileId', { id: 1 }, session.token)).body.code).toBe(-1);

    expect((await review('approve', { id })).body).toMatchObject({ code: 0, data: { approveState: 2, showApproveState: '备案通过' } });

    // a second company: sent back first, then filed again
    const second = await newCompany();
    await api('/company/apply', completeEnterprise, second.session.token);
    expect((await review('reject', { id: second.id }, null)).status).toBe(403);
    expect((await review('reject', { id: second.id }, 'wrong')).body).toMatchObject({ code: -1, message: t.reviewForbidden });
    expect((await review('reject', { id: second.id })).body).toMatchObject({ code: -1, message: t.opinionRequired });
    const pending = (await review('pageList', {})).body.data as { id: number }[];
    expect(pending.map((p) => p.id)).toContain(second.id);
    expect((await review('reject', { id: second.id, opinion: '营业执照扫描件不清晰' })).body).toMatchObject({ code: 0, data: { approveState: 3, showApproveState: '备案未通过' } });
    const rejected = (await api('/company/queryDetailById', {}, second.session.token)).body.data;
    expect(rejected).toMatchObject({ approveState: 3, companyCode: null });
    expect(rejected.approvalRecordVos[0]).toMatchObject({ stateName: '备案未通过', opinion: '营业执照扫描件不清晰', userName: t.reviewer });
    expect((await api('/company/saveCompany', completeEnterprise, second.session.token)).body.code).toBe(0);
    expect((await api('/company/apply', completeEnterprise, second.session.token)).body.data.approveState).toBe(5);
    expect((await review('approve', { id: second.id, reviewer: '宁波海关 王审核' })).body.data).toMatchObject({ approveState: 2 });
    expect((await review('approve', { id: second.id })).body).toMatchObject({ code: -1, message: '当前备案状态为备案通过，不能审核通过' });

    // approved: the customs registration code becomes the company code, and the next login carries it
    const first = (await api('/company/queryDetailById', {}, session.token)).body.data;
    expect(first).toMatchObject({ approveState: 2, companyCode: code });
    expect(first.approvalRecordVos.map((r: { stateName: string }) => r.stateName)).toEqual(['备案通过', '审核中']);
    const relogin = await login(app.app, session.userInfo.account, 'Filing@2026pw');
    expect(relogin.userInfo.companyCode).toBe(code);
    const history = (await api('/company/queryDetailById', {}, second.session.token)).body.data.approvalRecordVos.map((r: { stateName: string }) => r.stateName);
    expect(history).toEqual(['备案通过', '审核中', '备案未通过', '审核中']);
  });

  it('an approval reaches the logged-in session at its next token refresh, without a new login', async () => {
    const { id, code, session } = await newCompany();
    expect(session.userInfo.companyCode).toBeNull();
    // unfiled: the bill routes refuse the session
    expect((await api('/expu/order/pageList', { pageIndex: 0, pageSize: 10 }, session.token)).body).toMatchObject({ code: -1, message: '请先进行企业备案！' });
    await api('/company/apply', completeEnterprise, session.token);
    expect((await review('approve', { id })).body.code).toBe(0);

    const refreshed = await app.app.inject({ method: 'GET', url: '/api/auth/refresh_token', headers: { 'x-refresh-token': session.refreshToken } });
    const answer = refreshed.json().data as { token: string; refreshToken: string; userInfo: LoginAnswer['userInfo'] };
    expect(answer.userInfo).toMatchObject({ companyCode: code, companyName: session.userInfo.companyName, account: session.userInfo.account, userType: 'ADMIN' });
    // the new access token carries the code: the bill routes open to it
    expect((await api('/expu/order/pageList', { pageIndex: 0, pageSize: 10 }, answer.token)).body.code).toBe(0);
    // the old one still says "not filed" until it is replaced
    expect((await api('/expu/order/pageList', { pageIndex: 0, pageSize: 10 }, session.token)).body.code).toBe(-1);
  });

  it('the sandbox approves a declared filing after FILING_AUTO_APPROVE_MS; the review API is off without REVIEW_TOKEN', async () => {
    const sandbox = await createTestApp({ env: { FILING_AUTO_APPROVE_MS: '300' } });
    try {
      const { session } = await newCompany(sandbox);
      const off = await sandbox.app.inject({ method: 'POST', url: '/api/review/company/pageList', payload: { data: {} }, headers: { 'x-review-token': 'x' } });
      expect(off.json()).toMatchObject({ code: -1, message: t.reviewDisabled });
      expect((await api('/company/apply', completeEnterprise, session.token, sandbox)).body.data.approveState).toBe(5);
      await expect.poll(async () => (await api('/company/queryDetailById', {}, session.token, sandbox)).body.data.approveState, { timeout: 5000, interval: 100 }).toBe(2);
      const records = (await api('/company/queryDetailById', {}, session.token, sandbox)).body.data.approvalRecordVos;
      expect(records[0]).toMatchObject({ stateName: '备案通过', userName: t.sandboxReviewer, opinion: t.defaultApproveOpinion, note: t.sandboxNote });
    } finally {
      await sandbox.close();
    }
  });
});

/** The smallest valid PNG (1×1), and a JPEG header. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d4e2a40000000049454e44ae426082', 'hex');
function multipart(name: string, content: Buffer) {
  const boundary = `----cbec${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function upload(name: string, content: Buffer, token: string) {
  const { payload, headers } = multipart(name, content);
  const res = await app.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, 'x-authorization': `Bearer ${token}` } });
  return res.json() as { code: number; message: string; data: { uri: string; name: string }[] };
}

describe('attachments', () => {
  it('keeps a png with its type, serves it by its link, and deletes it', async () => {
    const up = await upload('营业执照.png', PNG, admin.token);
    expect(up.code).toBe(0);
    const saved = await api('/company/saveFile', { fileType: '01', fileUri: up.data[0]!.uri, companyId: admin.userInfo.companyId }, admin.token);
    expect(saved.body).toMatchObject({ code: 0, data: { fileTypeName: '营业执照', fileName: '营业执照.png' } });
    // the upload moved into the enterprise record: its temporary file is gone
    expect(await app.handle.db.selectFrom('files').select('id').where('uri', '=', up.data[0]!.uri).executeTakeFirst()).toBeUndefined();
    const file = (await api('/company/queryDetailById', {}, admin.token)).body.data.companyFileVos.find((f: { id: number }) => f.id === saved.body.data.id);
    expect(file).toMatchObject({ fileType: '01', fileTypeName: '营业执照', fileName: '营业执照.png' });
    const got = await app.app.inject({ method: 'GET', url: file.attachment.downloadUri });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);
    expect((await app.app.inject({ method: 'GET', url: '/api/enterprise/company/file/00000000-0000-0000-0000-000000000000/x.png' })).statusCode).toBe(404);

    expect((await api('/company/deleteFileByFileId', { id: file.id }, other.token)).body).toMatchObject({ code: -1, message: t.fileNotFound });
    expect((await api('/company/deleteFileByFileId', { id: file.id }, admin.token)).body).toMatchObject({ code: 0, message: t.deleted });
    expect((await app.app.inject({ method: 'GET', url: file.attachment.downloadUri })).statusCode).toBe(404);
  });

  it('refuses the wrong type, the wrong size, another company’s upload, and saves nothing', async () => {
    const count = async () => (await app.handle.db.selectFrom('company_files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    expect((await upload('执照.gif', Buffer.from('GIF89a'), admin.token))).toMatchObject({ code: -1 });
    const fake = await upload('执照.png', Buffer.from('not really a picture'), admin.token);
    expect((await api('/company/saveFile', { fileType: '01', fileUri: fake.data[0]!.uri }, admin.token)).body).toMatchObject({ code: -1, message: t.fileTypeBad });
    const big = await upload('执照.png', Buffer.concat([PNG, Buffer.alloc(512_001 - PNG.length)]), admin.token);
    expect((await api('/company/saveFile', { fileType: '01', fileUri: big.data[0]!.uri }, admin.token)).body).toMatchObject({ code: -1, message: t.fileTooLarge });
    const exact = await upload('执照.png', Buffer.concat([PNG, Buffer.alloc(512_000 - PNG.length)]), admin.token);
    const otherUpload = await upload('他人执照.png', PNG, other.token);
    expect((await api('/company/saveFile', { fileType: '01', fileUri: otherUpload.data[0]!.uri }, admin.token)).body).toMatchObject({ code: -1, message: '文件不存在或无权访问' });
    expect((await api('/company/saveFile', { fileType: '01', fileUri: exact.data[0]!.uri, companyId: other.userInfo.companyId }, admin.token)).body).toMatchObject({ code: -1, message: t.companyNotFound });
    expect((await api('/company/saveFile', { fileType: '77', fileUri: exact.data[0]!.uri }, admin.token)).body).toMatchObject({ code: -1, message: t.chooseFileType });
    expect(await count()).toBe(before);
    expect((await api('/company/saveFile', { fileType: '99', fileUri: exact.data[0]!.uri }, admin.token)).body.code).toBe(0);
    expect(await count()).toBe(before + 1);
  });
});

describe('authorization code', () => {
  it('is empty until generated; generating replaces it; an unfiled company cannot generate one', async () => {
    expect((await api('/company/queryAuthCode', {}, other.token)).body.data).toEqual({ authCode: null, createTime: null });
    const first = (await api('/company/generateAuthCode', {}, other.token)).body;
    expect(first).toMatchObject({ code: 0, message: t.generated });
    expect(first.data.authCode).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
    expect((await api('/company/queryAuthCode', {}, other.token)).body.data.authCode).toBe(first.data.authCode);
    const second = (await api('/company/generateAuthCode', {}, other.token)).body.data.authCode;
    expect(second).not.toBe(first.data.authCode);
    const { session } = await newCompany();
    expect((await api('/company/generateAuthCode', {}, session.token)).body).toMatchObject({ code: -1, message: '当前备案状态为未备案，不能生成授权码' });
  });
});
