/**
 * The account side walked end to end by a company that did not exist when the server started
 * (issue 6, "Done when"): /reg → 恭喜你注册成功 → login → bill pages closed (请先进行企业备案！) →
 * /enterprise filled and 保存并申报 → 审核中 → the sandbox approves while the page stays open
 * (审核中 turns into 备案通过 without a reload) → the session has the company's code without a new
 * login (the bill pages open; a second tab waiting on a bill page opens it by itself) → an authorization asked of the demo e-commerce company, which agrees
 * (a second browser, its main account) → the company's ERP declares an inventory of that
 * e-commerce company through the API, customs (the embedded simulator) releases it → a settlement
 * from 待生成 to 审核通过 (添加结汇单, 添加清单, 提交申请 with a bank; the sandboxed bank and audit) →
 * the e-commerce company recalls the authorization (确认回收企业授权?) → a reward application
 * with an Excel bill-number import, verified by the sandbox, its result detail opened → 操作日志
 * lists what each company did.
 * Real server, real database, two real chromium sessions; no console errors or CSP violations.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { findBill } from '../../domain/bills/index.ts';
import { detailedListBill } from '../customs/fixtures-export.ts';
import { exportOrderBill, exportReceiptBill, exportWaybillBill } from '../customs/fixtures.ts';
import { chooseOption as choose, labelled as field, labelledInput as input, toast, untilShown as until } from './forms.ts';
import { launchBrowser, logIn, screenshot, startServer, watchPage, type PageProblems, type StartedServer } from './harness.ts';
import { explainFailures } from './session.ts';

const COMPANY = { name: '宁波海曙云帆跨境贸易有限公司', login: 'yunfan', code: '3302968Y1F', password: 'Reg@2026pass' };
const DEMO = { name: '宁波跨境优选供应链管理有限公司', login: 'admin', password: 'Cbec@2026demo' };
/** the main air waybill of the company's parcel: on the inventory, and in the reward's bill list */
const AIR_WAYBILL = '784-55500001';

let server: StartedServer;
let companyContext: BrowserContext;
let demoContext: BrowserContext;
let page: Page;
let demo: Page;
let problems: PageProblems;
let demoProblems: PageProblems;

beforeAll(async () => {
  [server, companyContext, demoContext] = await Promise.all([
    startServer({ env: { FILING_AUTO_APPROVE_MS: '2500', SANDBOX_ADVANCE_MS: '1500' }, timeoutMs: 180_000 }), launchBrowser(), launchBrowser(),
  ]);
  page = await companyContext.newPage();
  demo = await demoContext.newPage();
  problems = watchPage(page);
  demoProblems = watchPage(demo);
}, 200_000); // a first start migrates and seeds a fresh database: slow on a busy machine
afterAll(async () => {
  await companyContext?.close();
  await demoContext?.close();
  await server?.stop();
});
explainFailures(() => (server ? { server, pages: { company: page && { page, problems }, demo: demo && { page: demo, problems: demoProblems } } } : undefined));

const dialog = (p: Page) => p.getByRole('dialog').last();
const menu = (p: Page) => p.getByRole('navigation', { name: '菜单' });
/**
 * Opens a menu entry (unfolding its group first) and waits for its page. A click that lands while
 * the just-unfolded group is still moving can miss the entry (CI once left the demo on 首页, with
 * the group open): then it is clicked again, as a person would. `stays`: the entry is refused
 * (a bill page before the filing), so no page is waited for.
 */
async function openMenu(p: Page, group: string, entry: string, { stays = false } = {}) {
  const item = menu(p).getByText(entry, { exact: true });
  if (!(await item.isVisible())) await menu(p).getByText(group, { exact: true }).click();
  await item.click();
  if (stays) return;
  const path = await menu(p).getByRole('link', { name: entry, exact: true }).getAttribute('href');
  const arrived = (url: URL) => url.pathname === path;
  if (await p.waitForURL(arrived, { timeout: 5_000 }).then(() => true, () => false)) return;
  await item.click();
  await p.waitForURL(arrived);
}
const chinaDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * The company's ERP: saves and declares bills through the same API the console uses, with the
 * logged-in session's token (what an integration does with the account's token).
 */
async function erp<T>(path: string, data: unknown): Promise<{ code: number; message: string; data: T }> {
  const token = await page.evaluate(() => localStorage.getItem('cbec.token'));
  const res = await fetch(`${server.url}/api/enterprise${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${token}` }, body: JSON.stringify({ data }),
  });
  return (await res.json()) as { code: number; message: string; data: T };
}
/** Saves and declares a bill; answers once customs' answer is one of `states` (else fails with customs' words). */
async function declareThroughApi(mode: string, key: string, bill: { head: Record<string, unknown>; lines: Record<string, unknown>[] }, states: string[]): Promise<void> {
  const definition = findBill(mode, key)!;
  const { appTime: _appTime, ...head } = bill.head;
  const details = bill.lines.map((l, i) => ({ ...l, id: `temp${i + 1}` }));
  const saved = await erp<{ id: number }>(definition.api.saveAndApply!, { ...head, ...(definition.lines ? { details } : {}) });
  expect(saved, `${definition.label}: ${saved.message}`).toMatchObject({ code: 0 });
  let last = { state: '', returnInfo: '' };
  await expect.poll(async () => {
    last = (await erp<{ state: string; returnInfo: string }>(definition.api.detail!, { id: saved.data.id })).data;
    return states.includes(last.state) || ['100', 'ERROR'].includes(last.state) ? last.state : 'waiting';
  }, { timeout: 30_000, interval: 300, message: `${definition.label} never answered` }).not.toBe('waiting');
  expect(last.state, `${definition.label}: ${last.returnInfo}`).toBeOneOf(states);
}

describe('a new company walks the account side', () => {
  it('registers from the login page: 恭喜你注册成功，返回首页登录', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: '注册' }).click();
    await page.waitForURL('**/reg');
    await field(page, '企业名称').fill(COMPANY.name);
    await field(page, '登录名').fill(COMPANY.login);
    await field(page, '海关注册编码').fill(COMPANY.code);
    await field(page, '密码').fill(COMPANY.password);
    await field(page, '确认密码').fill('Reg@2026pas');
    await field(page, '验证码').fill('abcd');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    // nothing chosen yet, and the confirmation differs: the form says so and sends nothing
    await page.getByText('两次输入密码不一致!').waitFor();
    await page.getByText('请选择业务类型').waitFor();
    await page.getByText('请至少选择一个企业角色').waitFor();
    await field(page, '确认密码').fill(COMPANY.password);
    await page.getByRole('radio', { name: '出口', exact: true }).check();
    await page.getByRole('checkbox', { name: '申报企业' }).check();
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await dialog(page).getByText('恭喜你注册成功，返回首页登录').waitFor();
    await screenshot(page, 'walk-01-registered');
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
  });

  it('logs in; bill pages stay closed until the enterprise is filed', async () => {
    await logIn(page, server.url, COMPANY.login, COMPANY.password);
    await openMenu(page, '出口业务', '出口清单', { stays: true });
    await toast(page, '请先进行企业备案！');
    expect(page.url()).toMatch(/\/home$/);
  });

  it('files the enterprise; the sandbox approves it in front of the user, and the session gets the code', async () => {
    await openMenu(page, '企业管理', '企业备案');
    await page.waitForURL('**/enterprise');
    await page.getByTestId('approve-state').getByText('未备案').waitFor();
    await page.getByRole('button', { name: '编辑', exact: true }).click();
    await field(page, '法定代表人').fill('陈海');
    await field(page, '组织机构编码').fill('MA2H7K9Q1');
    await field(page, '营业执照注册号').fill('330203000778812');
    await field(page, '纳税人识别号').fill('91330203MA2H7K9Q1X');
    await field(page, '工商注册地址').fill('浙江省宁波市海曙区药行街99号');
    await field(page, '邮箱').fill('yunfan@example.cn');
    await field(page, '经营范围').fill('跨境电子商务报关代理');
    await choose(page, '注册海关', '3105', '3105 甬保税区');
    await field(page, '注册资本(万元)').fill('300');
    await field(page, '投资总额(万元)').fill('500');
    await field(page, '到位资金(万元)').fill('300');
    await choose(page, '省', '浙江', '浙江省');
    await choose(page, '市', '宁波', '宁波市');
    await choose(page, '区县', '海曙', '海曙区');
    await choose(page, '经济区划', '01', '01 经济特区');
    await choose(page, '经济类型', '150', '150 有限责任公司');
    await choose(page, '经营类别', '01000000', '01000000 报关企业');
    await choose(page, '组织机构类型', '01', '01 企业法人');
    await choose(page, '行业种类', 'L', 'L 租赁和商务服务业');
    await choose(page, '法定代表人证件类型', '1', '1 身份证');
    await field(page, '法定代表人证件号码').fill('330203198502022345');
    await field(page, '海关业务联系人').fill('周敏');
    await field(page, '联系人移动电话').fill('13906741234');
    await page.getByRole('checkbox', { name: '出口', exact: true }).check();
    // a declaring agent is none of the five cross-border types by itself: the form asks for one
    await page.getByRole('button', { name: '保存并申报', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await toast(page, '请选择跨境贸易电子商务类型');
    await page.getByRole('checkbox', { name: '物流企业', exact: true }).check();
    await page.getByRole('button', { name: '保存并申报', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await toast(page, '申报成功!');
    // a second tab of the same login waits on a bill page, closed for now (请先进行企业备案！)
    const other = await companyContext.newPage();
    const otherProblems = watchPage(other);
    await other.goto(`${server.url}/bill/export/detailedList`);
    await page.getByTestId('approve-state').getByText('审核中').waitFor();
    expect(await page.getByRole('button', { name: '编辑', exact: true }).count()).toBe(0);
    await screenshot(page, 'walk-02-reviewing');

    // no reload: the page watches the filing under review and shows the decision
    await page.getByTestId('approve-state').getByText('备案通过').waitFor({ timeout: 20_000 });
    await page.getByRole('table', { name: '审批记录' }).getByText('沙箱自动审核').waitFor();
    // the session has the code now: the stored user info, and the bill pages open
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cbec.userInfo') ?? '{}').companyCode)).toBe(COMPANY.code);
    await screenshot(page, 'walk-03-filed');
    // the other tab opened its list by itself (the live filing event, or its one question to the
    // server); both tabs refreshed the one login in turn, so neither was logged out
    await other.getByRole('button', { name: '高级搜索' }).first().waitFor({ timeout: 30_000 });
    expect(await other.getByText('请先进行企业备案！').count()).toBe(0);
    expect(new URL(other.url()).pathname).toBe('/bill/export/detailedList');
    otherProblems.assertNone();
    await other.close();
    await openMenu(page, '出口业务', '出口清单');
    await page.waitForURL('**/bill/export/detailedList');
    expect(await page.getByText('请先进行企业备案！').count()).toBe(0);
  });

  it('asks the demo e-commerce company for a settlement authorization, which its main account agrees to', async () => {
    await openMenu(page, '结汇管理', '授权申请');
    await page.waitForURL('**/settlementAuthorization/apply');
    await page.getByRole('button', { name: '添加授权' }).click();
    await dialog(page).getByLabel('企业名称').fill('跨境优选');
    await dialog(page).getByRole('button', { name: '查询' }).click();
    await dialog(page).getByRole('radio', { name: DEMO.name }).check();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await toast(page, '创建成功');
    const request = page.getByRole('table', { name: '授权申请' }).getByRole('row').filter({ hasText: DEMO.name });
    await request.getByText('待审核').waitFor();

    await logIn(demo, server.url, DEMO.login, DEMO.password);
    await openMenu(demo, '结汇管理', '授权确认');
    const row = demo.getByRole('table', { name: '授权确认' }).getByRole('row').filter({ hasText: COMPANY.name });
    await row.getByText('待审核').waitFor();
    await row.getByRole('button', { name: '同意' }).click();
    await toast(demo, '授权操作成功');
    await row.getByText('已授权').waitFor();
    await screenshot(demo, 'walk-04-agreed');

    await page.reload();
    await request.getByText('已授权').waitFor();
  });

  it('settles the e-commerce company\'s released inventory: 待生成 → 申报中 → 审核中 → 审核通过', async () => {
    // the ERP declares the parcel's order, receipt, waybill and inventory; customs releases the inventory
    const me = { copCode: COMPANY.code, copName: COMPANY.name };
    const orderNo = 'YF20260001';
    const logisticsNo = 'YTYF00000001';
    // customs must hold the three before the inventory that refers to them (三单比对)
    await declareThroughApi('export', 'order', exportOrderBill({ orderNo, ...me }), ['120']);
    await declareThroughApi('export', 'receipt', exportReceiptBill({ orderNo, ...me, payerName: '陈思远', payerIdNumber: '330203199004123218', payTime: '2026-03-18 10:20:00' }), ['120']);
    await declareThroughApi('export', 'waybill', exportWaybillBill({ orderNo, logisticsNo, ...me, billNo: AIR_WAYBILL, consignee: 'Ahmad Faizal', consigneeTelephone: '+60123456789', consigneeAddress: 'No. 12, Jalan Ampang, Kuala Lumpur' }), ['399']);
    await declareThroughApi('export', 'detailedList', detailedListBill({
      orderNo, logisticsNo, copNo: 'YFQD00000001', ...me, agentCode: COMPANY.code, agentName: COMPANY.name, billNo: AIR_WAYBILL,
      ebpCode: exportOrderBill().head.ebpCode, logisticsCode: exportWaybillBill().head.logisticsCode,
    }), ['800']);

    await openMenu(page, '结汇管理', '结汇');
    await page.waitForURL('**/exchangeSettlement');
    await page.getByRole('button', { name: '添加结汇单' }).click();
    await dialog(page).getByRole('radio', { name: '出口' }).check();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/exchangeSettlement/applicationDetail?params=*');
    await page.getByRole('button', { name: '添加清单' }).click();
    // the released inventory of the authorizing e-commerce company is offered
    const candidate = dialog(page).getByRole('table', { name: '选择已放行清单' }).getByRole('row').filter({ hasText: 'YFQD00000001' });
    await candidate.getByText(DEMO.name).waitFor();
    await candidate.getByRole('checkbox').check();
    await dialog(page).getByRole('button', { name: '添加', exact: true }).click();
    await toast(page, '操作成功！');
    const lines = page.getByRole('table', { name: '清单信息' });
    await expect.poll(() => lines.getByRole('row').count()).toBe(2);
    await screenshot(page, 'walk-05-settlement-draft');

    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL('**/exchangeSettlement');
    const list = page.getByRole('table', { name: '结汇' });
    const only = () => list.getByRole('row').nth(1);
    await only().getByText('待生成', { exact: true }).first().waitFor();
    await only().getByRole('button', { name: '提交申请' }).click();
    await dialog(page).getByLabel(/^结算银行/).and(page.locator('input')).click();
    await page.getByRole('option', { name: '中国银行', exact: true }).click();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await toast(page, '提交申请成功');
    await expect.poll(async () => (await only().getByRole('cell').nth(1).textContent()) ?? '').toMatch(/^JH\d{14}$/);
    await until(page, only, '审核通过', () => page.getByRole('button', { name: '查询', exact: true }).click());
    await screenshot(page, 'walk-06-settlement-approved');
  });

  it('the e-commerce company recalls the authorization: 确认回收企业授权?', async () => {
    const row = demo.getByRole('table', { name: '授权确认' }).getByRole('row').filter({ hasText: COMPANY.name });
    await row.getByRole('button', { name: '回收' }).click();
    await dialog(demo).getByText('确认回收企业授权?').waitFor();
    await dialog(demo).getByRole('button', { name: '确定' }).click();
    await toast(demo, '回收授权成功');
    await row.getByText('已回收').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);

    await openMenu(page, '结汇管理', '授权申请');
    await page.reload();
    await page.getByRole('table', { name: '授权申请' }).getByRole('row').filter({ hasText: DEMO.name }).getByText('已回收').waitFor();
    await screenshot(page, 'walk-07-recalled');
  });

  it('applies for a reward with its air waybill imported, and opens the verified result', async () => {
    await openMenu(page, '补贴管理', '补贴申请');
    await page.waitForURL('**/rewardApplication');
    await page.getByRole('button', { name: '新增申请' }).click();
    await page.waitForURL('**/rewardApplication/apply/apply');
    await page.getByRole('button', { name: '提交申请' }).click();
    await toast(page, '请完整填写申请数据');
    await input(page, '申请类型').click();
    await page.getByRole('option', { name: 'E9 跨境电商9610出口', exact: true }).click();
    await page.getByRole('radio', { name: '货代' }).check();
    await page.getByLabel(/^核验开始日期/).fill(chinaDay(-30));
    await page.getByLabel(/^核验结束日期/).fill(chinaDay());
    await page.getByRole('textbox', { name: '备注' }).click();
    await page.getByRole('button', { name: '提交申请' }).click();
    await toast(page, '请选择绑定企业');
    await page.getByRole('button', { name: '选择企业' }).click();
    await dialog(page).getByRole('checkbox', { name: DEMO.name }).check();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await page.getByRole('textbox', { name: '备注' }).fill('云帆 航空运费补贴');

    const dir = mkdtempSync(join(tmpdir(), 'cbec-e2e-walk-'));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('提单号');
    sheet.addRow(['提单号', '付款企业', '收款企业', '提货时间', '航班号', '航班日期', '毛重（千克）']);
    sheet.addRow([AIR_WAYBILL, COMPANY.name, '宁波机场物流', `${chinaDay()} 09:30`, 'CZ8461', chinaDay(), 0.85]);
    const file = join(dir, '提单号导入.xlsx');
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
    await page.getByLabel('导入文件').setInputFiles(file);
    await dialog(page).getByText('导入数据可能会耗费较多时间, 请耐心等待, 是否导入?').waitFor();
    await dialog(page).getByRole('button', { name: '确定' }).click();
    await toast(page, '导入成功');
    await page.getByRole('table', { name: '提单号导入' }).getByText(AIR_WAYBILL).waitFor();
    await page.getByRole('button', { name: '提交申请' }).click();
    await toast(page, '提交申请成功');
    await page.waitForURL('**/rewardApplication');

    const row = () => page.getByRole('row').filter({ hasText: '云帆 航空运费补贴' });
    await row().waitFor();
    if (!(await row().getByText('核验完成').count())) {
      await row().getByRole('button', { name: '查看' }).click();
      await dialog(page).getByText('您的申请已收到，正在处理中，请耐心等待核验结果').waitFor();
      await dialog(page).getByRole('button', { name: '确定' }).click();
    }
    await until(page, row, '核验完成', () => page.getByRole('button', { name: '查询', exact: true }).click());
    await row().getByRole('button', { name: '查看' }).click();
    await page.waitForURL('**/rewardApplication/apply/detail?id=*');
    const result = page.getByRole('table', { name: '核验结果' }).getByRole('row').filter({ hasText: AIR_WAYBILL });
    // one parcel (分运单数 1) of 0.85 kg under the air waybill
    await result.getByRole('cell', { name: '1', exact: true }).waitFor();
    await result.getByText('0.85').waitFor();
    await screenshot(page, 'walk-08-reward-result');
  });

  it("操作日志 lists what the walk did: the company's changes under its account (the ERP's declarations with their bill numbers), the e-commerce company's under its own", async () => {
    const logOf = async (p: Page) => {
      await openMenu(p, '企业管理', '操作日志');
      await p.waitForURL('**/operationLog');
      const table = p.getByRole('table', { name: '操作日志' });
      await table.getByRole('row').nth(1).waitFor();
      return table;
    };
    const rowOf = (table: ReturnType<Page['getByRole']>, ...texts: string[]) => texts.reduce((row, text) => row.filter({ hasText: text }), table.getByRole('row'));

    const mine = await logOf(page);
    for (const action of ['保存并申报企业备案', '申请授权', '添加出口清单', '提交结汇申请', '导入提单号', '提交补贴申请']) {
      await rowOf(mine, COMPANY.login, action, '成功').first().waitFor();
    }
    // the ERP's declarations through the API, naming their bill
    await rowOf(mine, COMPANY.login, '保存并申报', 'YF20260001').first().waitFor();
    // nothing of the other company
    expect(await rowOf(mine, '回收授权').count()).toBe(0);
    await screenshot(page, 'walk-09-operation-log');

    const theirs = await logOf(demo);
    await rowOf(theirs, DEMO.login, '同意/拒绝授权', '成功').first().waitFor();
    await rowOf(theirs, DEMO.login, '回收授权', '成功').first().waitFor();
    expect(await rowOf(theirs, COMPANY.login).count()).toBe(0);
  });

  it('saw no console errors, page errors, CSP violations or 5xx answers in either browser', () => {
    problems.assertNone();
    demoProblems.assertNone();
  });
});
