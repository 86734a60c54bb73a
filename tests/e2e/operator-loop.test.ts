/**
 * Issue 20's loop in the browsers of its two sides on one production-like server (no sandbox timers): a company
 * registers and files on its 企业备案 page → the operator, logged in on the same /login page, finds
 * the filing in 备案审核, opens it and approves it (the companyCode confirmed) → the company's
 * page shows 备案通过 and its bill pages open without logging in again. Then the money half, with the
 * settlement sandbox off too (SANDBOX_ADVANCE_MS 0, as in production), so only the operator moves
 * it: an enterprise adds released inventories to a settlement and applies → the operator 受理 and
 * 审核通过 in 结汇审核 → the enterprise applies for 核销 → the operator approves it in 核销审核 → the
 * enterprise reads 核销成功. A fresh company has no released inventories (only customs releases
 * them), so the money half is the demo company's, whose seed holds released ones; the ticket and
 * notice steps of the loop are review-desk.test.ts's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chooseOption, labelled, labelledInput, toast } from './forms.ts';
import { launchBrowser, loginAsDemoAdmin, screenshot, watchPage, type PageProblems, type StartedServer } from './harness.ts';
import { explainFailures, useConsole } from './session.ts';

let server: StartedServer, company: Page, companyProblems: PageProblems;
let operatorContext: BrowserContext, operator: Page, operatorProblems: PageProblems;
let enterpriseContext: BrowserContext, enterprise: Page, enterpriseProblems: PageProblems;

const COMPANY = '宁波审核闭环贸易有限公司';
/** the settlement the loop carries (its 申报编号, JH…) */
let declareNo = '';

const lastDialog = (page: Page) => page.getByRole('dialog').last();
/** Toggles options of the settlement list's state multi-select from the keyboard. */
async function pickStates(page: Page, names: string[]) {
  for (const name of names) {
    await labelledInput(page, '状态').focus();
    await page.keyboard.type(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}
const CODE = '3302968OPL';

// no sandbox timers (the production defaults, said out loud): nothing but the operator decides
useConsole({ env: { FILING_AUTO_APPROVE_MS: '0', SANDBOX_ADVANCE_MS: '0' }, timeoutMs: 110_000 }, (s) => ({ server, page: company, problems: companyProblems } = s));

async function logInAs(page: Page, account: string, password: string, landing: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('企业账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('验证码').fill('abcd');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

// the operator's page is told too when a test fails (useConsole tells the company's)
explainFailures(() => (operator ? {
  server,
  pages: { operator: { page: operator, problems: operatorProblems }, enterprise: enterprise ? { page: enterprise, problems: enterpriseProblems } : undefined },
} : undefined));
afterAll(async () => { await Promise.all([operatorContext?.close(), enterpriseContext?.close()]); });

describe('the operator console closes the filing loop', () => {
  it('a company registers and declares its filing', async () => {
    const field = (label: string) => labelled(company, label);
    const choose = (label: string, search: string, option: string) => chooseOption(company, label, search, option);
    await company.goto(`${server.url}/reg`);
    await field('企业名称').fill(COMPANY);
    await field('登录名').fill('oploop');
    await field('海关注册编码').fill(CODE);
    await field('密码').fill('Loop@2026pass');
    await field('确认密码').fill('Loop@2026pass');
    await company.getByRole('radio', { name: '出口', exact: true }).check();
    await company.getByRole('checkbox', { name: '电商企业' }).check();
    await field('验证码').fill('abcd');
    await company.getByRole('button', { name: '注册', exact: true }).click();
    await company.getByRole('dialog').getByText('恭喜你注册成功，返回首页登录').waitFor();
    await company.getByRole('dialog').getByRole('button', { name: '确定' }).click();

    await logInAs(company, 'oploop', 'Loop@2026pass', '/home');
    await company.goto(`${server.url}/enterprise`);
    await company.getByTestId('approve-state').getByText('未备案').waitFor();
    await company.getByRole('button', { name: '编辑', exact: true }).click();
    await field('法定代表人').fill('张伟');
    await field('组织机构编码').fill('MA2GXK7Q3');
    await field('营业执照注册号').fill('330203000456789');
    await field('纳税人识别号').fill('91330203MA2GXK7Q3N');
    await field('工商注册地址').fill('浙江省宁波市海曙区中山西路138号');
    await field('邮箱').fill('filing@example.cn');
    await field('经营范围').fill('跨境电子商务进出口业务');
    await choose('注册海关', '3105', '3105 甬保税区');
    await field('注册资本(万元)').fill('500');
    await field('投资总额(万元)').fill('800');
    await field('到位资金(万元)').fill('300');
    await choose('省', '浙江', '浙江省');
    await choose('市', '宁波', '宁波市');
    await choose('区县', '海曙', '海曙区');
    await choose('经济区划', '01', '01 经济特区');
    await choose('经济类型', '150', '150 有限责任公司');
    await choose('经营类别', '10000000', '10000000 进出口收发货人');
    await choose('组织机构类型', '01', '01 企业法人');
    await choose('行业种类', 'F', 'F 批发和零售业');
    await choose('法定代表人证件类型', '1', '1 身份证');
    await field('法定代表人证件号码').fill('330203198001011234');
    await field('海关业务联系人').fill('李娜');
    await field('联系人移动电话').fill('13805740000');
    await company.getByRole('checkbox', { name: '出口', exact: true }).check();
    await company.getByRole('button', { name: '保存并申报', exact: true }).click();
    await company.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await company.getByText('申报成功!').waitFor();
    await company.getByTestId('approve-state').getByText('审核中').waitFor();
    await screenshot(company, 'operator-loop-1-declared');
  });

  it('the operator finds it in 备案审核 and approves it, confirming the companyCode', async () => {
    operatorContext = await launchBrowser();
    operator = await operatorContext.newPage();
    operatorProblems = watchPage(operator);
    await logInAs(operator, 'operator', 'Cbec@2026operator', '/review/filing');
    const queue = operator.getByRole('table', { name: '待审核' });
    const row = queue.getByRole('row').filter({ hasText: COMPANY });
    await row.getByText('首次备案', { exact: true }).waitFor();
    await screenshot(operator, 'operator-loop-2-queue');
    await row.getByRole('link', { name: '审核' }).click();
    await operator.waitForURL('**/review/filing/detail/*');
    await operator.getByText('首次备案，无上次通过的版本').waitFor();
    expect(await operator.getByLabel('法定代表人', { exact: true }).textContent()).toContain('张伟');
    await operator.getByRole('button', { name: '通过', exact: true }).click();
    const dialog = operator.getByRole('dialog');
    expect(await labelled(operator, '企业海关编码').inputValue()).toBe(CODE);
    await dialog.getByRole('button', { name: '通过', exact: true }).click();
    await operator.getByText('审核通过').first().waitFor();
    await operator.getByRole('table', { name: '审批记录' }).getByText('备案通过').waitFor();
    expect(await operator.getByRole('button', { name: '通过', exact: true }).count()).toBe(0);
    await screenshot(operator, 'operator-loop-3-approved');
  });

  it("the company's page shows 备案通过 and its bill pages open without logging in again", async () => {
    await company.getByTestId('approve-state').getByText('备案通过').waitFor({ timeout: 30_000 });
    const menu = company.getByRole('navigation', { name: '菜单' });
    await menu.getByText('出口业务', { exact: true }).click();
    await menu.getByText('出口订单', { exact: true }).click();
    await company.waitForURL('**/bill/export/order');
    await company.getByRole('button', { name: '新增', exact: true }).waitFor();
    expect(await company.getByText('请先进行企业备案！').count()).toBe(0);
    await screenshot(company, 'operator-loop-4-bills-open');
  });

  it('an enterprise applies for a settlement of released inventories', async () => {
    // the demo company, in a browser of its own (the new company stays logged in in the first)
    enterpriseContext = await launchBrowser();
    enterprise = await enterpriseContext.newPage();
    enterpriseProblems = watchPage(enterprise);
    await loginAsDemoAdmin(enterprise, server.url);
    await enterprise.goto(`${server.url}/exchangeSettlement`);
    await enterprise.getByRole('button', { name: '添加结汇单' }).click();
    await lastDialog(enterprise).getByRole('radio', { name: '出口' }).check();
    await lastDialog(enterprise).getByRole('button', { name: '确定' }).click();
    await enterprise.waitForURL('**/exchangeSettlement/applicationDetail?params=*');
    await enterprise.getByRole('button', { name: '添加清单' }).click();
    const candidates = lastDialog(enterprise).getByRole('table', { name: '选择已放行清单' });
    await candidates.getByRole('row').nth(1).getByRole('checkbox').check();
    await lastDialog(enterprise).getByRole('button', { name: '添加', exact: true }).click();
    await toast(enterprise, '操作成功！');
    await expect.poll(() => enterprise.getByRole('table', { name: '清单信息' }).getByRole('row').count()).toBe(2);

    await enterprise.getByRole('button', { name: '返回' }).click();
    await enterprise.waitForURL('**/exchangeSettlement');
    // the newest draft is the first 待生成 row (drafts have no application time; newest first)
    await pickStates(enterprise, ['待生成']);
    await enterprise.getByRole('button', { name: '查询', exact: true }).click();
    const list = enterprise.getByRole('table', { name: '结汇' });
    const draftRow = list.getByRole('row').nth(1);
    await expect.poll(() => draftRow.getByRole('cell').nth(7).textContent()).toBe('1');
    await draftRow.getByRole('button', { name: '提交申请' }).click();
    await lastDialog(enterprise).getByLabel(/^结算银行/).and(enterprise.locator('input')).click();
    await enterprise.getByRole('option', { name: '中国银行', exact: true }).click();
    await lastDialog(enterprise).getByRole('button', { name: '确定' }).click();
    await toast(enterprise, '提交申请成功');

    // its declaration number: the newest application
    await pickStates(enterprise, ['待生成', '申报中']); // 待生成 off, 申报中 on
    await enterprise.getByRole('button', { name: '查询', exact: true }).click();
    const first = list.getByRole('row').nth(1).getByRole('cell').nth(1);
    await expect.poll(async () => (await first.textContent()) ?? '').toMatch(/^JH\d{14}$/);
    declareNo = (await first.textContent())!;
    await list.getByRole('row').filter({ hasText: declareNo }).getByText('申报中', { exact: true }).waitFor();
    await screenshot(enterprise, 'operator-loop-5-settlement-applied');
  });

  it('the operator 受理 it and approves it in 结汇审核', async () => {
    await operator.goto(`${server.url}/review/settlement`);
    const row = operator.getByRole('table', { name: '结汇审核' }).getByRole('row').filter({ hasText: declareNo });
    await row.getByRole('button', { name: '受理', exact: true }).click();
    await lastDialog(operator).getByRole('button', { name: '确定' }).click();
    await toast(operator, '已受理');
    await row.getByText('审核中', { exact: true }).waitFor();
    await row.getByRole('button', { name: '审核通过', exact: true }).click();
    await lastDialog(operator).getByRole('textbox').fill('单证齐全，同意结汇');
    await lastDialog(operator).getByRole('button', { name: '确定' }).click();
    await toast(operator, '已审核通过');
    await screenshot(operator, 'operator-loop-6-settlement-approved');
  });

  it('the enterprise sees 审核通过 and applies for 核销', async () => {
    await enterprise.goto(`${server.url}/exchangeSettlement`);
    await pickStates(enterprise, ['审核通过']);
    await enterprise.getByRole('button', { name: '查询', exact: true }).click();
    await enterprise.getByRole('table', { name: '结汇' }).getByRole('row').filter({ hasText: declareNo }).getByText('审核通过', { exact: true }).waitFor();

    await enterprise.goto(`${server.url}/settlementVerification`);
    await enterprise.getByRole('table', { name: '核销' }).getByRole('radio', { name: declareNo, exact: true }).check();
    expect(Number(await enterprise.getByLabel('可核销金额').inputValue())).toBeGreaterThan(1);
    await enterprise.getByLabel('本次核销金额').fill('1');
    await enterprise.getByRole('button', { name: '申请核销' }).click();
    await toast(enterprise, '提交核销申请成功');
    await screenshot(enterprise, 'operator-loop-7-verification-applied');
  });

  it('the operator approves the 核销 in 核销审核, and the enterprise reads 核销成功', async () => {
    await operator.goto(`${server.url}/review/verification`);
    const row = operator.getByRole('table', { name: '核销审核' }).getByRole('row').filter({ hasText: declareNo });
    await row.getByRole('button', { name: '核销通过', exact: true }).click();
    await lastDialog(operator).getByRole('button', { name: '确定' }).click();
    await toast(operator, '核销已通过');
    await screenshot(operator, 'operator-loop-8-verification-approved');

    await enterprise.goto(`${server.url}/settlementVerification`);
    await enterprise.getByRole('table', { name: '核销' }).getByRole('row').filter({ hasText: declareNo }).getByRole('button', { name: '核销结果' }).click();
    await enterprise.getByRole('table', { name: '核销结果' }).getByText('核销成功', { exact: true }).waitFor();
    await screenshot(enterprise, 'operator-loop-9-verified');
  });

  it('saw no console errors, page errors, CSP violations or 5xx answers in any browser', async () => {
    companyProblems.assertNone();
    operatorProblems.assertNone();
    enterpriseProblems.assertNone();
  });
});
