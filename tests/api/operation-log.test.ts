/**
 * The operation log (issue 17 §2) on a real database: a change and its 成功 row commit together,
 * a rolled-back change leaves none, a refused call is logged as 失败 with its message; a USER sees
 * only its own rows; the list filters by time window, account, module, action, outcome and bill
 * number; the export is an .xlsx; old rows are pruned.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { OPERATION_LOG_EXPORT_PATH, OPERATION_LOG_LIST_PATH } from '../../domain/operation-log.ts';
import { BizError } from '../../server/http/errors.ts';
import { runWithLog } from '../../server/oplog/route-log.ts';
import { pruneOperationLogs } from '../../server/oplog/prune.ts';
import { loadExcel } from '../../server/files/excel.ts';
import { findExportFile, makerOf } from '../../server/files/store.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: LoginAnswer;
let user: LoginAnswer;
let other: LoginAnswer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  user = await login(t.app, demo.user.username, demo.user.password);
  other = await login(t.app, demo.other.username, demo.other.password);
});
afterAll(async () => { await t?.close(); });

const order = (orderNo: string) => ({
  orderNo, ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
  details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
});
const saveOrder = (orderNo: string, token = admin.token) => call(t.app, `/api/enterprise${exportOrder.api.save}`, order(orderNo), token);
const list = (data: Record<string, unknown>, token = admin.token) => call(t.app, OPERATION_LOG_LIST_PATH, { pageIndex: 0, pageSize: 50, ...data }, token);
const term = (column: string, termType: string, value: unknown) => ({ column, termType, value });
const rowsFor = async (billNo: string, token = admin.token) => (await list({ terms: [term('bill_no', 'eq', billNo)] }, token)).body.data.datas as Record<string, any>[];

describe('what a call leaves in the log', () => {
  it('a save leaves one 成功 row: who, from where, what, which bill', async () => {
    const r = await saveOrder('OPLOG-SO-1');
    expect(r.body.code).toBe(0);
    const rows = await rowsFor('OPLOG-SO-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account: 'admin', actorName: admin.userInfo.username, module: '出口订单', action: '保存', billType: 'export/order',
      billNos: ['OPLOG-SO-1'], recordIds: [r.body.data.id], outcome: '成功', message: '',
    });
    expect(rows[0]!.ip).not.toBe('');
    expect(rows[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('a refused save (duplicate number) leaves no 成功 row and no bill, but a 失败 row with the message', async () => {
    await saveOrder('OPLOG-DUP');
    const again = await saveOrder('OPLOG-DUP');
    expect(again.body.code).toBe(-1);
    const rows = await rowsFor('OPLOG-DUP');
    expect(rows.map((r) => r.outcome)).toEqual(['失败', '成功']);
    expect(rows[0]!.message).toBe(again.body.message);
    const bills = await t.handle.db.selectFrom('bill_heads').select('id').where('order_no', '=', 'OPLOG-DUP').execute();
    expect(bills).toHaveLength(1);
  });

  it('a change rolled back after it wrote leaves no 成功 row (the row rides in the change\'s transaction)', async () => {
    const actor = { companyId: admin.userInfo.companyId, userId: null, account: 'rollback-probe', name: '测试', ip: '127.0.0.1' };
    const plan = { module: '测试', action: '回滚' };
    await expect(runWithLog(t.handle.db, plan, actor, {}, async () => {
      await t.handle.db.transaction().execute(async (trx) => {
        await trx.updateTable('companies').set({ company_name: 'ROLLED BACK' }).where('id', '=', admin.userInfo.companyId).execute();
        throw new BizError('中途失败');
      });
    }, () => undefined)).rejects.toThrow('中途失败');
    const rows = await t.handle.db.selectFrom('operation_logs').select(['outcome', 'message']).where('account', '=', 'rollback-probe').execute();
    expect(rows).toEqual([{ outcome: '失败', message: '中途失败' }]);
    const company = await t.handle.db.selectFrom('companies').select('company_name').where('id', '=', admin.userInfo.companyId).executeTakeFirstOrThrow();
    expect(company.company_name).not.toBe('ROLLED BACK');
  });

  it('a write outside a transaction commits with its row; a failing one leaves none', async () => {
    const actor = { companyId: admin.userInfo.companyId, userId: null, account: 'autocommit-probe', name: '测试', ip: '' };
    await runWithLog(t.handle.db, { module: '测试', action: '单句' }, actor, {}, async () => {
      await t.handle.db.updateTable('companies').set({ company_name: 'never' }).where('id', '=', -1).execute();
    }, () => undefined);
    const rows = await t.handle.db.selectFrom('operation_logs').select(['outcome']).where('account', '=', 'autocommit-probe').execute();
    expect(rows).toEqual([{ outcome: '成功' }]);
  });

  it('a call refused before it changes anything is logged as refused (a USER creating a sub-account: no permission)', async () => {
    const r = await call(t.app, '/api/enterprise/user/save', { loginName: 'nope', loginPwd: '', againPassword: '', state: 'EFFECTIVE' }, user.token);
    expect(r.body.code).toBe(-1);
    const rows = (await list({ terms: [term('action', 'eq', '新建子账号')] }, user.token)).body.data.datas;
    expect(rows[0]).toMatchObject({ account: 'user@admin', module: '账号', action: '新建子账号', outcome: '失败', message: expect.stringContaining('权限') });
  });

  it('a read is never logged', async () => {
    await call(t.app, `/api/enterprise${exportOrder.api.pageList}`, { pageIndex: 0, pageSize: 10 }, admin.token);
    const rows = (await list({ terms: [term('module', 'eq', '出口订单')] })).body.data.datas as { action: string }[];
    expect(rows.every((r) => r.action !== '列表')).toBe(true);
  });

  it('a delete names the bill it deleted', async () => {
    const { body } = await saveOrder('OPLOG-DEL');
    const del = await call(t.app, `/api/enterprise${exportOrder.api.delete}`, { ids: [body.data.id] }, admin.token);
    expect(del.body.code).toBe(0);
    const rows = await rowsFor('OPLOG-DEL');
    expect(rows[0]).toMatchObject({ action: '删除', billNos: ['OPLOG-DEL'], recordIds: [body.data.id], outcome: '成功' });
  });
});

describe('who sees what', () => {
  it('a USER sees only its own rows; the main account sees the company\'s; another company sees none of them', async () => {
    await saveOrder('OPLOG-USER-1', user.token);
    const own = (await list({}, user.token)).body.data.datas as { account: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.account === 'user@admin')).toBe(true);
    const asked = (await list({ terms: [term('account', 'eq', 'admin')] }, user.token)).body.data;
    expect(asked).toEqual({ total: 0, datas: [] });
    const all = (await list({}, admin.token)).body.data.datas as { account: string }[];
    expect(new Set(all.map((r) => r.account))).toEqual(new Set(['admin', 'user@admin', 'rollback-probe', 'autocommit-probe']));
    expect((await rowsFor('OPLOG-USER-1', other.token))).toEqual([]);
  });
});

describe('the list', () => {
  it('filters by account, module, action, outcome and bill number (eq and like)', async () => {
    const by = async (...terms: unknown[]) => (await list({ terms })).body.data.datas as Record<string, any>[];
    expect((await by(term('account', 'eq', 'user@admin'))).every((r) => r.account === 'user@admin')).toBe(true);
    expect((await by(term('module', 'eq', '出口订单'), term('action', 'eq', '删除'))).map((r) => r.billNos)).toEqual([['OPLOG-DEL']]);
    const refused = await by(term('outcome', 'eq', '失败'));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.outcome === '失败')).toBe(true);
    const like = await by(term('bill_no', 'like', 'oplog-so'));
    expect(like.map((r) => r.billNos[0])).toEqual(['OPLOG-SO-1']);
    const either = await by(term('bill_no', 'in', 'OPLOG-SO-1,OPLOG-DEL'));
    expect(new Set(either.map((r) => r.billNos[0]))).toEqual(new Set(['OPLOG-SO-1', 'OPLOG-DEL']));
    expect((await list({ terms: [term('message', 'eq', 'x')] })).body.code).toBe(-1);
  });

  it('lists the last 7 days unless a time window is named; pages and sorts like every list', async () => {
    const old = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    await t.handle.db.insertInto('operation_logs').values({
      company_id: admin.userInfo.companyId, user_id: null, account: 'admin', module: '出口订单', action: '保存', bill_type: 'export/order',
      bill_nos: ['OPLOG-OLD'], outcome: '成功', created_at: old,
    }).execute();
    expect(await rowsFor('OPLOG-OLD')).toEqual([]);
    const wide = await list({ terms: [term('bill_no', 'eq', 'OPLOG-OLD'), term('create_time', 'btw', ['2000-01-01 00:00:00', '2999-12-31 23:59:59'])] });
    expect(wide.body.data.datas.map((r: { billNos: string[] }) => r.billNos)).toEqual([['OPLOG-OLD']]);
    const page = await list({ pageIndex: 0, pageSize: 2, sorts: [{ name: 'create_time', order: 'asc' }] });
    expect(page.body.data.datas).toHaveLength(2);
    expect(page.body.data.total).toBeGreaterThan(2);
    expect(page.body.data.datas[0].createTime <= page.body.data.datas[1].createTime).toBe(true);
  });

  it('exports the filtered rows to .xlsx', async () => {
    const r = await call(t.app, OPERATION_LOG_EXPORT_PATH, { terms: [term('module', 'eq', '出口订单')] }, admin.token);
    expect(r.body.code).toBe(0);
    const [id, name] = (r.body.data.downloadUri as string).split('/').slice(-2).map(decodeURIComponent);
    const adminId = (await t.handle.db.selectFrom('users').select('id').where('login_name', '=', demo.admin.username).executeTakeFirstOrThrow()).id;
    const path = await findExportFile(t.dataDir, id!, name!, makerOf({ companyId: admin.userInfo.companyId, userId: adminId }));
    expect(path).toBeDefined();
    const excel = await loadExcel();
    const book = new excel.Workbook();
    await book.xlsx.load((await readFile(path!)) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['操作时间', '账号', '模块', '操作', '单据编号', '结果']));
    const texts = sheet.getSheetValues().flat().map(String);
    expect(texts).toContain('OPLOG-SO-1');
  });
});

describe('retention', () => {
  it('prunes the rows older than OPERATION_LOG_DAYS and nothing younger; a second run finds nothing', async () => {
    const before = await t.handle.db.selectFrom('operation_logs').select('id').execute();
    expect(await pruneOperationLogs(t.handle.db, 20)).toBe(1);
    const after = await t.handle.db.selectFrom('operation_logs').select('id').execute();
    expect(after.length).toBe(before.length - 1);
    expect(await pruneOperationLogs(t.handle.db, 20)).toBe(0);
  });
});
