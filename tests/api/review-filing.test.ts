/**
 * The operator's 备案审核 API (issue 20) on a real database: the queue of filings 审核中 with what
 * each changed since its last approved version, the filing in full with its attachments, 通过
 * (assigning or confirming the companyCode), 退回 (a reason is required and the enterprise reads it),
 * decisions the filing machine does not allow, and the decisions per company. Calls are made with
 * X-Review-Token (scripted use) and with the demo operator's login.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { completeEnterprise } from '../../domain/enterprise/example.ts';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { reviewFilingText as t } from '../../domain/texts/review-filing.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { call, createTestApp, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

const REVIEW = 'review-secret-filing';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let app: TestApp;
beforeAll(async () => { app = await createTestApp({ env: { REVIEW_TOKEN: REVIEW } }); });
afterAll(() => app?.close());

const op = (path: string, data: unknown) => app.app.inject({
  method: 'POST', url: `/api/review/filing${path}`, payload: { data }, headers: { 'x-review-token': REVIEW },
}).then((r) => ({ status: r.statusCode, body: r.json() as { code: number; message: string; data: any } }));
const enterprise = (path: string, data: unknown, session: LoginAnswer) => call(app.app, `/api/enterprise${path}`, data, session.token);

let seq = 0;
/** A registered, unfiled company with its main account, logged in (as registration leaves it). */
async function newCompany() {
  seq += 1;
  const code = `33028${String(seq).padStart(3, '0')}R7`;
  const db = app.handle.db;
  const company = await db.insertInto('companies').values({ company_name: `宁波审核测试有限公司${seq}`, approve_state: 0, customs_regist_code: code, profile: '{}' })
    .returning('id').executeTakeFirstOrThrow();
  const loginName = `review${seq}`;
  await db.insertInto('users').values({ company_id: company.id, login_name: loginName, user_name: `备案员${seq}`, user_type: 'ADMIN', state: 'EFFECTIVE', password_hash: await hashPassword('Review@2026pw') }).execute();
  return { id: company.id, code, name: `宁波审核测试有限公司${seq}`, session: await login(app.app, loginName, 'Review@2026pw') };
}

/** An attachment as /company/saveFile keeps it (the upload route itself is tested in enterprise.test.ts). */
async function attach(companyId: number, fileType = '01', fileName = '营业执照.png') {
  return app.handle.db.insertInto('company_files').values({
    company_id: companyId, file_type: fileType, file_name: fileName, content_type: 'image/png', size: PNG.length, content: PNG, token: randomUUID(),
  }).returning('id').executeTakeFirstOrThrow();
}

async function declared(values: Record<string, unknown> = completeEnterprise) {
  const c = await newCompany();
  await attach(c.id);
  const res = await enterprise('/company/apply', values, c.session);
  expect(res.body, res.body.message).toMatchObject({ code: 0 });
  return c;
}

describe('备案审核 queue and detail', () => {
  it('lists filings 审核中 only, the longest waiting first, with time, company, type and no base for a first filing', async () => {
    const first = await declared();
    const second = await declared();
    const unfiled = await newCompany();
    const queue = (await op('/pageList', { pageSize: 100 })).body;
    expect(queue.code).toBe(0);
    const ids = (queue.data.datas as { id: number }[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(unfiled.id);
    const row = queue.data.datas.find((r: { id: number }) => r.id === first.id);
    expect(row).toMatchObject({
      companyName: first.name, customsRegistCode: first.code, companyCode: null, filingType: 'first', filingTypeName: t.filingTypes.first,
      base: 'first', changes: null,
    });
    expect(row.applyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.companyTypes.length).toBeGreaterThan(0);
    const byName = (await op('/pageList', { companyName: second.name })).body.data;
    expect(byName).toMatchObject({ total: 1, datas: [{ id: second.id }] });
  });

  it('shows the filing in full: profile, attachments that open by their link, history', async () => {
    const c = await declared();
    const res = await op('/detail', { id: c.id });
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d).toMatchObject({ id: c.id, companyName: c.name, legalPerson: completeEnterprise.legalPerson, approveState: 5, showApproveState: '审核中', comparison: { base: 'first' } });
    expect(d.companyFileVos).toHaveLength(1);
    const file = await app.app.inject({ method: 'GET', url: d.companyFileVos[0].attachment.downloadUri });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    expect(d.approvalRecordVos[0]).toMatchObject({ state: 5, note: enterpriseText.applyNote });
    expect((await op('/detail', { id: 2_000_000 })).body).toMatchObject({ code: -1, message: t.companyNotFound });
  });
});

describe('备案审核 decisions', () => {
  it('通过 assigns the registration code; a declaration after it is compared with the approved version', async () => {
    const c = await declared();
    const approved = await op('/approve', { id: c.id });
    expect(approved.body).toMatchObject({ code: 0, message: t.approved, data: { approveState: 2, showApproveState: '备案通过' } });
    const filed = (await enterprise('/company/queryDetailById', {}, c.session)).body.data;
    expect(filed).toMatchObject({ companyCode: c.code, approveState: 2 });

    // the enterprise changes two fields and adds an attachment, then declares again
    const added = await attach(c.id, '02', '组织机构代码证.png');
    const again = await enterprise('/company/apply', { ...completeEnterprise, legalPerson: '李四', email: 'new@example.cn' }, c.session);
    expect(again.body.code).toBe(0);
    const row = (await op('/pageList', { companyName: c.name })).body.data.datas[0];
    expect(row).toMatchObject({ id: c.id, filingType: 'change', filingTypeName: t.filingTypes.change, base: 'approved', changes: ['法定代表人', '邮箱', '新增附件1个'] });
    const d = (await op('/detail', { id: c.id })).body.data;
    expect(d.comparison).toMatchObject({
      base: 'approved', addedFileIds: [added.id], removedFiles: [],
      fields: [
        { field: 'legalPerson', label: '法定代表人', before: completeEnterprise.legalPerson, after: '李四' },
        { field: 'email', label: '邮箱', before: completeEnterprise.email, after: 'new@example.cn' },
      ],
    });
    expect(d.comparison.approvedAt).toMatch(/^\d{4}-/);

    // a filed company's code is confirmed, never changed
    const changed = await op('/approve', { id: c.id, companyCode: 'ZZ99999999' });
    expect(changed.body).toMatchObject({ code: -1, message: t.companyCodeFixed(c.code), data: { errors: [{ field: 'companyCode' }] } });
    expect((await op('/approve', { id: c.id, companyCode: c.code })).body).toMatchObject({ code: 0, data: { approveState: 2 } });
    // approved again: the new version is the base, so nothing differs from it now
    await enterprise('/company/apply', { ...completeEnterprise, legalPerson: '李四', email: 'new@example.cn' }, c.session);
    expect((await op('/pageList', { companyName: c.name })).body.data.datas[0]).toMatchObject({ base: 'approved', changes: [] });
  });

  it('通过 with a code the operator assigns; a code of another company is refused', async () => {
    const c = await declared();
    const other = await declared();
    expect((await op('/approve', { id: c.id, companyCode: other.code })).body).toMatchObject({ code: -1, message: t.companyCodeTaken });
    expect((await op('/approve', { id: c.id, companyCode: 'AB-12' })).body).toMatchObject({ code: -1, message: t.companyCodeBad });
    expect((await op('/approve', { id: c.id, companyCode: '3302A7X9Q1' })).body).toMatchObject({ code: 0 });
    expect((await enterprise('/company/queryDetailById', {}, c.session)).body.data).toMatchObject({ companyCode: '3302A7X9Q1', customsRegistCode: '3302A7X9Q1' });
  });

  it('退回 without a reason is refused in Chinese and changes nothing; with one the enterprise reads it', async () => {
    const c = await declared();
    for (const data of [{ id: c.id }, { id: c.id, opinion: '   ' }]) {
      const refused = await op('/reject', data);
      expect(refused.body).toMatchObject({ code: -1, message: enterpriseText.opinionRequired, data: { errors: [{ field: 'opinion' }] } });
    }
    expect((await op('/detail', { id: c.id })).body.data.approveState).toBe(5);
    const rejected = await op('/reject', { id: c.id, opinion: '营业执照扫描件不清晰，请重新上传' });
    expect(rejected.body).toMatchObject({ code: 0, message: t.rejected, data: { approveState: 3, showApproveState: '备案未通过' } });
    const seen = (await enterprise('/company/queryDetailById', {}, c.session)).body.data;
    expect(seen).toMatchObject({ approveState: 3, companyCode: null });
    expect(seen.approvalRecordVos[0]).toMatchObject({ state: 3, stateName: '备案未通过', opinion: '营业执照扫描件不清晰，请重新上传' });
    expect((await op('/pageList', { companyName: c.name })).body.data.total).toBe(0);
  });

  it('refuses a decision the filing machine does not allow in the state', async () => {
    const c = await declared();
    await op('/reject', { id: c.id, opinion: '资料不全' });
    expect((await op('/approve', { id: c.id })).body).toMatchObject({ code: -1, message: '当前备案状态为备案未通过，不能审核通过' });
    expect((await op('/reject', { id: c.id, opinion: '再次退回' })).body).toMatchObject({ code: -1, message: '当前备案状态为备案未通过，不能退回' });
    const unfiled = await newCompany();
    expect((await op('/approve', { id: unfiled.id })).body).toMatchObject({ code: -1, message: '当前备案状态为未备案，不能审核通过' });
  });

  it('keeps the decisions per company, newest first, with who took them (not the enterprise’s own declarations)', async () => {
    const c = await declared();
    await op('/reject', { id: c.id, opinion: '请补充法定代表人证件' });
    await enterprise('/company/apply', completeEnterprise, c.session);
    await op('/approve', { id: c.id, opinion: '资料齐全，同意备案' });
    const history = (await op('/history', { companyId: c.id })).body;
    expect(history).toMatchObject({
      code: 0,
      data: {
        total: 2,
        datas: [
          { companyId: c.id, companyName: c.name, state: 2, stateName: '备案通过', opinion: '资料齐全，同意备案' },
          { companyId: c.id, state: 3, stateName: '备案未通过', opinion: '请补充法定代表人证件' },
        ],
      },
    });
    expect(history.data.datas[0].userName).toBeTruthy();
    const all = (await op('/history', { pageSize: 100 })).body.data.datas as { companyId: number }[];
    expect(all.filter((r) => r.companyId === c.id)).toHaveLength(2);
  });

  it('an operator logged in on the console decides under its own name, and the decision is in the operation log', async () => {
    const operator = await login(app.app, 'operator', 'Cbec@2026operator');
    const c = await declared();
    const queue = await call(app.app, '/api/review/filing/pageList', { companyName: c.name }, operator.token);
    expect(queue.body.data.datas).toMatchObject([{ id: c.id }]);
    const approved = await call(app.app, '/api/review/filing/approve', { id: c.id, opinion: '资料齐全' }, operator.token);
    expect(approved.body).toMatchObject({ code: 0, data: { approveState: 2 } });
    const history = (await call(app.app, '/api/review/filing/history', { companyId: c.id }, operator.token)).body.data.datas;
    expect(history[0]).toMatchObject({ userName: operator.userInfo.username, opinion: '资料齐全' });
    expect(operator.userInfo.username).toBeTruthy();
    const logged = await app.handle.db.selectFrom('operation_logs').select(['account', 'action', 'outcome'])
      .where('account', '=', 'operator').where('action', '=', '备案审核通过').execute();
    expect(logged).toContainEqual({ account: 'operator', action: '备案审核通过', outcome: '成功' });
    // the enterprise itself may not call it
    expect((await call(app.app, '/api/review/filing/approve', { id: c.id }, c.session.token)).status).toBe(403);
  });
});

describe('报文传输编号 (DXPID) in the filing', () => {
  it('is checked and unique when filed, and an approval makes it the id the company\'s bills are sent with', async () => {
    const c = await newCompany();
    await attach(c.id);
    const bad = await enterprise('/company/apply', { ...completeEnterprise, dxpId: 'dxp-123' }, c.session);
    expect(bad.body).toMatchObject({ code: -1, data: { errors: [{ field: 'dxpId', message: enterpriseText.dxpIdBad }] } });
    const demosId = 'DXPENT0000458763';
    const taken = await enterprise('/company/apply', { ...completeEnterprise, dxpId: demosId }, c.session);
    expect(taken.body).toMatchObject({ code: -1, message: enterpriseText.dxpIdTaken, data: { errors: [{ field: 'dxpId' }] } });

    const own = `DXPENT${String(990000 + c.id).padStart(10, '0')}`;
    expect((await enterprise('/company/apply', { ...completeEnterprise, dxpId: own }, c.session)).body.code).toBe(0);
    const dxpOf = async (id: number) => (await app.handle.db.selectFrom('companies').select('dxp_id').where('id', '=', id).executeTakeFirstOrThrow()).dxp_id;
    expect(await dxpOf(c.id)).toBeNull(); // a filing under review changes nothing yet
    expect((await op('/detail', { id: c.id })).body.data).toMatchObject({ dxpId: own });
    expect((await op('/approve', { id: c.id })).body).toMatchObject({ code: 0 });
    expect(await dxpOf(c.id)).toBe(own);

    // the company's next login can declare: a new order without a DXPID takes the filed one
    const again = await login(app.app, `review${seq}`, 'Review@2026pw');
    const saved = await call(app.app, `/api/enterprise${exportOrder.api.save}`, {
      orderNo: `SO-DXP-${c.id}`, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
      details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
    }, again.token);
    expect(saved.body, saved.body.message).toMatchObject({ code: 0 });
    const detail = await call(app.app, `/api/enterprise${exportOrder.api.detail}`, { id: saved.body.data.id }, again.token);
    expect(detail.body.data).toMatchObject({ dxpMode: 'DXP', dxpId: own });

    expect((await enterprise('/company/queryDetailById', {}, again)).body.data).toMatchObject({ dxpId: own });
    // a filing saved before the field existed shows the id the company already sends with
    await app.handle.db.updateTable('companies').set({ profile: sql`profile - 'dxpId'` }).where('id', '=', c.id).execute();
    expect((await enterprise('/company/queryDetailById', {}, again)).body.data).toMatchObject({ dxpId: own });
  });

  it('refuses an approval whose DXPID another company took meanwhile', async () => {
    const first = await declared({ ...completeEnterprise, dxpId: 'DXPENT0000880001' });
    const second = await declared({ ...completeEnterprise, dxpId: 'DXPENT0000880001' });
    expect((await op('/approve', { id: first.id })).body).toMatchObject({ code: 0 });
    const refused = await op('/approve', { id: second.id });
    expect(refused.body).toMatchObject({ code: -1, message: enterpriseText.dxpIdTaken });
    const row = await app.handle.db.selectFrom('companies').select(['dxp_id', 'approve_state']).where('id', '=', second.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ dxp_id: null, approve_state: 5 }); // still 审核中
  });
});
