/**
 * Issue 20's "Done when", in the browsers of its two sides on a production server (NODE_ENV=production:
 * captcha and rate limits on, no sandbox timer, no review token, customs through the folder
 * transport): one company, registered in this run, is carried by the two consoles alone —
 *   registers (/reg) and files → the operator approves the filing in 备案审核 → its bill pages open
 *   without a new login → it declares a parcel's 出口订单, 收款单, 出口运单 and 出口清单 (新增 →
 *   保存并申报), customs answers through the receive folder and releases the 清单 → it applies for a
 *   settlement of that released 清单 → the operator 受理 and 审核通过 in 结汇审核 → it applies for
 *   核销 → the operator approves in 核销审核 → it reads 核销成功 → it writes a ticket, the operator
 *   answers it in 工单处理 and it reads the answer → the operator publishes a notice in 内容发布 and
 *   the company reads it on its home page.
 * Customs is the one party that is not a console: a production server has no customs of its own,
 * so the test plays it on the far side of the folder transport (folder-customs.ts), where the
 * Single Window client would be — it reads the declarations the console sent and drops its
 * receipts into the receive folder, which the server's own watcher reads. Like customs, it releases
 * the 清单 only when it holds the parcel's order, receipt and waybill (三单, rule R602).
 * The captchas are read off their images (captcha.ts), as a person reads them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { reviewContentText as c } from '../../domain/texts/review-content.ts';
import { reviewTicketText as t } from '../../domain/texts/review-ticket.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { answerCaptcha } from './captcha.ts';
import { folderCustoms } from './folder-customs.ts';
import { CARRIER, declareParcelDocuments, PLATFORM } from './export-parcel.ts';
import { addBill, labelled, labelledInput, openBillList, pickOption, textbox, toast } from './forms.ts';
import { launchBrowser, repoRoot, screenshot, watchPage, type PageProblems, type StartedServer } from './harness.ts';
import { declareFiling, fillFilingProfile, logInAs, register, type NewCompany } from './new-company.ts';
import { explainFailures, useConsole } from './session.ts';

let server: StartedServer, company: Page, companyProblems: PageProblems;
let operatorContext: BrowserContext, operator: Page, operatorProblems: PageProblems;

const COMPANY: NewCompany = { name: '宁波审核闭环贸易有限公司', login: 'oploop', code: '3302968OPL', password: 'Loop@2026pass' };
/** the parcel the company exports: its order, receipt, waybill and 清单 */
const PARCEL = { orderNo: 'OPL20260001', logisticsNo: 'YTOPL0000000001', copNo: 'OPLQD0000001', invtNo: '31182026E000000901' };
/**
 * The company's DXP id (报文传输编号), issued by the e-port: given in its filing, it becomes the
 * company's on approval and every bill saved without one takes it (docs/decisions/dxpid-when-applies.md).
 */
const DXP_ID = 'DXPENT0000968001';
const TICKET = '出口清单放行后如何申请结汇';
const ANSWER = '在结汇管理的结汇页面添加结汇单，选择已放行清单后提交申请即可。';
const NOTICE = '关于结汇审核时限的通知';
/** the settlement the loop carries (its 申报编号, JH…) */
let declareNo = '';

/**
 * A production server seeds no account (issue 27): the platform operator is made as a deployment
 * makes it, with `npm run create-operator` before the first start.
 */
const OPERATOR = { login: 'shenhe', password: 'Shenhe#2026loop' };
const createOperator = (env: NodeJS.ProcessEnv) => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/create-operator.ts', OPERATOR.login, '平台审核员'], {
  cwd: repoRoot, env: { ...env, OPERATOR_PASSWORD: OPERATOR.password },
}).then(() => undefined);

const customs = folderCustoms('cbec-e2e-oploop-');
afterAll(() => customs.remove());

// production as deployed: NODE_ENV=production with the harness's test switches taken back (captcha
// and rate limits on), the sandbox timers and the review token at their production defaults (none)
useConsole({
  env: {
    NODE_ENV: 'production', CAPTCHA: '', RATE_LIMIT: '', FILING_AUTO_APPROVE_MS: '', SANDBOX_ADVANCE_MS: '', REVIEW_TOKEN: '',
    ...customs.env(),
  },
  prepare: createOperator,
  // a fresh database migrated and seeded on a machine other test runs share
  timeoutMs: 240_000,
}, (s) => ({ server, page: company, problems: companyProblems } = s));

// both pages are told when a test fails
explainFailures(() => (operator ? { server, pages: { company: { page: company, problems: companyProblems }, operator: { page: operator, problems: operatorProblems } } } : undefined));
afterAll(async () => { await operatorContext?.close(); });

const lastDialog = (page: Page) => page.getByRole('dialog').last();
const menu = (page: Page) => page.getByRole('navigation', { name: '菜单' });
const field = (label: string) => textbox(company, label);

/** Toggles options of the settlement list's state multi-select from the keyboard. */
async function pickStates(page: Page, names: string[]) {
  for (const name of names) {
    await labelledInput(page, '状态').focus();
    await page.keyboard.type(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

/** The row's state cell: the column headed 状态. */
async function stateOf(row: Locator): Promise<string> {
  const headers = await company.getByRole('row').first().locator('th, td').allTextContents();
  const at = headers.findIndex((h) => h.trim() === '状态');
  return ((await row.locator('th, td').nth(at).textContent()) ?? '').trim();
}

/** Presses 刷新 on the company's bill list until the row of `title` shows `state`. */
async function untilState(path: string, title: string, state: string) {
  await openBillList(company, server.url, path);
  const row = company.getByRole('row').filter({ hasText: title }).first();
  await expect.poll(async () => {
    await company.getByRole('button', { name: '刷新', exact: true }).first().click();
    await company.waitForTimeout(300);
    return (await row.count()) ? stateOf(row) : '';
  }, { timeout: 60_000, interval: 1000 }).toBe(state);
}

/** China's calendar day (customs' clock), YYYY-MM-DD. */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

describe('a new company carried from registration to a verified settlement by the two consoles', () => {
  it('registers, logs in and declares its filing', async () => {
    await register(company, server.url, COMPANY, answerCaptcha);
    await logInAs(company, server.url, COMPANY.login, COMPANY.password, answerCaptcha);
    await company.goto(`${server.url}/enterprise`);
    await company.getByTestId('approve-state').getByText('未备案').waitFor();
    await company.getByRole('button', { name: '编辑', exact: true }).click();
    await fillFilingProfile(company, { dxpId: DXP_ID });
    await declareFiling(company);
    await screenshot(company, 'operator-loop-1-declared');
  });

  it('the operator finds it in 备案审核 and approves it, confirming the companyCode', async () => {
    operatorContext = await launchBrowser();
    operator = await operatorContext.newPage();
    operatorProblems = watchPage(operator);
    await logInAs(operator, server.url, OPERATOR.login, OPERATOR.password, answerCaptcha, '/review/filing');
    const queue = operator.getByRole('table', { name: '待审核' });
    const row = queue.getByRole('row').filter({ hasText: COMPANY.name });
    await row.getByText('首次备案', { exact: true }).waitFor();
    await screenshot(operator, 'operator-loop-2-queue');
    await row.getByRole('link', { name: '审核' }).click();
    await operator.waitForURL('**/review/filing/detail/*');
    await operator.getByText('首次备案，无上次通过的版本').waitFor();
    expect(await operator.getByLabel('法定代表人', { exact: true }).textContent()).toContain('张伟');
    await operator.getByRole('button', { name: '通过', exact: true }).click();
    expect(await labelled(operator, '企业海关编码').inputValue()).toBe(COMPANY.code);
    await operator.getByRole('dialog').getByRole('button', { name: '通过', exact: true }).click();
    await operator.getByText('审核通过').first().waitFor();
    await operator.getByRole('table', { name: '审批记录' }).getByText('备案通过').waitFor();
    expect(await operator.getByRole('button', { name: '通过', exact: true }).count()).toBe(0);
    await screenshot(operator, 'operator-loop-3-approved');
  });

  it("the company's page shows 备案通过 and its bill pages open without logging in again", async () => {
    await company.getByTestId('approve-state').getByText('备案通过').waitFor({ timeout: 30_000 });
    await menu(company).getByText('出口业务', { exact: true }).click();
    await menu(company).getByText('出口订单', { exact: true }).click();
    await company.waitForURL('**/bill/export/order');
    await company.getByRole('button', { name: '新增', exact: true }).waitFor();
    expect(await company.getByText('请先进行企业备案！').count()).toBe(0);
    await screenshot(company, 'operator-loop-4-bills-open');
  });

  it("declares a parcel's 出口订单, 收款单, 出口运单 and 出口清单 (新增 → 保存并申报)", async () => {
    await declareParcelDocuments(company, server.url, {
      orderNo: PARCEL.orderNo, logisticsNo: PARCEL.logisticsNo,
      consignee: { name: 'Ahmad Faizal', telephone: '+60123456789', address: 'No. 12, Jalan Ampang, Kuala Lumpur' },
    });
    await addBill(company, server.url, '/bill/export/detailedList', async () => {
      await pickOption(company, '申报地海关代码', '3118');
      await field('电商平台代码').fill(PLATFORM.code);
      await field('电商平台名称').fill(PLATFORM.name);
      await field('订单编号').fill(PARCEL.orderNo);
      await field('物流企业代码').fill(CARRIER.code);
      await field('物流企业名称').fill(CARRIER.name);
      await field('物流运单编号').fill(PARCEL.logisticsNo);
      await field('企业内部编号').fill(PARCEL.copNo);
      await pickOption(company, '出口口岸代码', '3109');
      await field('出口日期').fill(chinaToday());
      await company.keyboard.press('Enter');
      await pickOption(company, '申报业务类型', '简化申报');
      await field('生产销售单位代码').fill('3302965C31');
      await field('生产销售单位名称').fill('宁波四明茶业有限公司');
      await pickOption(company, '运输方式', '航空运输');
      await pickOption(company, '运抵国（地区）', '马来西亚');
      await pickOption(company, '指运港代码', '1382');
      await field('运费').fill('20');
      await pickOption(company, '包装种类代码', '纸箱');
      await field('件数').fill('1');
      await field('毛重（千克）').fill('1.8');
      await field('净重（千克）').fill('1.5');
      await company.getByRole('button', { name: '新增', exact: true }).click();
      await textbox(company, '序号').fill('1');
      await textbox(company, '企业商品货号').fill('NB-TEA-001');
      await textbox(company, '企业商品名称').fill('宁波白茶礼盒');
      await textbox(company, '商品编码').fill('0902109000');
      await textbox(company, '商品名称').fill('绿茶');
      await textbox(company, '规格型号').fill('白茶|250克/盒|礼盒装');
      await pickOption(company, '最终目的国（地区）', '马来西亚');
      await pickOption(company, '计量单位', '140');
      await pickOption(company, '法定计量单位', '035');
      await textbox(company, '数量').fill('2');
      await textbox(company, '法定数量').fill('0.5');
      await textbox(company, '单价').fill('168');
      await textbox(company, '总价').fill('336');
      await company.getByRole('button', { name: '保存', exact: true }).last().click();
      await company.getByRole('cell', { name: '宁波白茶礼盒', exact: true }).waitFor();
    });
    await screenshot(company, 'operator-loop-5-inventory-declared');
  });

  it('customs takes the order, receipt and waybill and releases the 清单; the company sees 放行', async () => {
    const order = await customs.declared('CEB303', 'orderNo', PARCEL.orderNo);
    expect(order.field('dxpId')).toBe(DXP_ID); // the filed id, never typed on the bill
    await customs.answer(order, [{ status: '2', info: '新增申报成功' }, { status: '120', info: '海关入库成功' }]);
    const receipt = await customs.declared('CEB403', 'orderNo', PARCEL.orderNo);
    await customs.answer(receipt, [{ status: '2', info: '新增申报成功' }, { status: '120', info: '海关入库成功' }]);
    const waybill = await customs.declared('CEB505', 'logisticsNo', PARCEL.logisticsNo);
    await customs.answer(waybill, [{ status: '2', info: '新增申报成功' }, { status: '399', info: '海关审结' }]);

    const inventory = await customs.declared('CEB603', 'copNo', PARCEL.copNo);
    // 三单 (R602): customs holds the 清单's order, receipt and waybill, of the same e-commerce company
    expect(inventory.field('ebcCode')).toBe(COMPANY.code);
    expect(order.field('ebcCode')).toBe(COMPANY.code);
    expect(receipt.field('ebcCode')).toBe(COMPANY.code);
    expect([inventory.field('orderNo'), inventory.field('logisticsNo'), inventory.field('logisticsCode')]).toEqual([PARCEL.orderNo, PARCEL.logisticsNo, waybill.field('logisticsCode')]);
    await customs.answer(inventory, [
      { status: '2', info: '新增申报成功', issues: { preNo: 'B20260000000000901' } },
      { status: '120', info: '海关入库成功', issues: { invtNo: PARCEL.invtNo } },
      { status: '399', info: '海关审结' },
      { status: '800', info: '放行' },
    ]);
    await untilState('/bill/export/order', PARCEL.orderNo, '海关入库');
    await untilState('/bill/export/detailedList', PARCEL.copNo, '放行');
    await company.getByRole('row').filter({ hasText: PARCEL.copNo }).getByText(PARCEL.invtNo).waitFor();
    await screenshot(company, 'operator-loop-6-released');
  });

  it('applies for a settlement of its released 清单', async () => {
    await company.goto(`${server.url}/exchangeSettlement`);
    await company.getByRole('button', { name: '添加结汇单' }).click();
    await lastDialog(company).getByRole('radio', { name: '出口' }).check();
    await lastDialog(company).getByRole('button', { name: '确定' }).click();
    await company.waitForURL('**/exchangeSettlement/applicationDetail?params=*');
    await company.getByRole('button', { name: '添加清单' }).click();
    const candidate = lastDialog(company).getByRole('table', { name: '选择已放行清单' }).getByRole('row').filter({ hasText: PARCEL.invtNo });
    await candidate.getByRole('checkbox').check();
    await lastDialog(company).getByRole('button', { name: '添加', exact: true }).click();
    await toast(company, '操作成功！');
    await expect.poll(() => company.getByRole('table', { name: '清单信息' }).getByRole('row').count()).toBe(2);

    await company.getByRole('button', { name: '返回' }).click();
    await company.waitForURL('**/exchangeSettlement');
    const list = company.getByRole('table', { name: '结汇' });
    // its only settlement
    const draftRow = list.getByRole('row').nth(1);
    await draftRow.getByText('待生成', { exact: true }).first().waitFor();
    await draftRow.getByRole('button', { name: '提交申请' }).click();
    await lastDialog(company).getByLabel(/^结算银行/).and(company.locator('input')).click();
    await company.getByRole('option', { name: '中国银行', exact: true }).click();
    await lastDialog(company).getByRole('button', { name: '确定' }).click();
    await toast(company, '提交申请成功');
    const first = draftRow.getByRole('cell').nth(1);
    await expect.poll(async () => (await first.textContent()) ?? '', { timeout: 30_000 }).toMatch(/^JH\d{14}$/);
    declareNo = (await first.textContent())!;
    await list.getByRole('row').filter({ hasText: declareNo }).getByText('申报中', { exact: true }).waitFor();
    await screenshot(company, 'operator-loop-7-settlement-applied');
  });

  it('the operator 受理 it and approves it in 结汇审核', async () => {
    await menu(operator).getByText('结汇审核', { exact: true }).click();
    await operator.waitForURL('**/review/settlement');
    const row = operator.getByRole('table', { name: '结汇审核' }).getByRole('row').filter({ hasText: declareNo });
    await row.getByText(COMPANY.name).waitFor();
    await row.getByRole('button', { name: '受理', exact: true }).click();
    await lastDialog(operator).getByRole('button', { name: '确定' }).click();
    await toast(operator, '已受理');
    await row.getByText('审核中', { exact: true }).waitFor();
    await row.getByRole('button', { name: '审核通过', exact: true }).click();
    await lastDialog(operator).getByRole('textbox').fill('单证齐全，同意结汇');
    await lastDialog(operator).getByRole('button', { name: '确定' }).click();
    await toast(operator, '已审核通过');
    await screenshot(operator, 'operator-loop-8-settlement-approved');
  });

  it('the company sees 审核通过 and applies for 核销', async () => {
    await company.goto(`${server.url}/exchangeSettlement`);
    await pickStates(company, ['审核通过']);
    await company.getByRole('button', { name: '查询', exact: true }).click();
    await company.getByRole('table', { name: '结汇' }).getByRole('row').filter({ hasText: declareNo }).getByText('审核通过', { exact: true }).waitFor();

    await company.goto(`${server.url}/settlementVerification`);
    await company.getByRole('table', { name: '核销' }).getByRole('radio', { name: declareNo, exact: true }).check();
    expect(Number(await company.getByLabel('可核销金额').inputValue())).toBe(336);
    await company.getByLabel('本次核销金额').fill('336');
    await company.getByRole('button', { name: '申请核销' }).click();
    await toast(company, '提交核销申请成功');
    await screenshot(company, 'operator-loop-9-verification-applied');
  });

  it('the operator approves the 核销 in 核销审核, and the company reads 核销成功', async () => {
    await menu(operator).getByText('核销审核', { exact: true }).click();
    await operator.waitForURL('**/review/verification');
    const row = operator.getByRole('table', { name: '核销审核' }).getByRole('row').filter({ hasText: declareNo });
    await row.getByRole('button', { name: '核销通过', exact: true }).click();
    await lastDialog(operator).getByRole('button', { name: '确定' }).click();
    await toast(operator, '核销已通过');
    await screenshot(operator, 'operator-loop-10-verification-approved');

    await company.goto(`${server.url}/settlementVerification`);
    await company.getByRole('table', { name: '核销' }).getByRole('row').filter({ hasText: declareNo }).getByRole('button', { name: '核销结果' }).click();
    await company.getByRole('table', { name: '核销结果' }).getByText('核销成功', { exact: true }).waitFor();
    await screenshot(company, 'operator-loop-11-verified');
  });

  it('the company writes a ticket, the operator answers it in 工单处理, the company reads the answer', async () => {
    await company.goto(`${server.url}/workorder`);
    await company.getByRole('button', { name: '写工单' }).click();
    await company.waitForURL('**/workorder/edit');
    await company.getByRole('radio', { name: '查询问题' }).check();
    await labelled(company, '工单标题').fill(TICKET);
    await labelled(company, '工单内容详情').fill('我司出口清单已放行，请问结汇申请需要准备哪些材料？');
    await labelled(company, '联系方式').fill('13805740000');
    await company.getByRole('button', { name: '提交', exact: true }).click();
    await toast(company, '创建成功');
    await company.waitForURL('**/workorder');

    await menu(operator).getByText('工单处理', { exact: true }).click();
    await operator.waitForURL('**/review/ticket');
    await operator.getByRole('row', { name: new RegExp(TICKET) }).getByRole('button', { name: new RegExp(`^${t.view}`) }).click();
    await operator.getByTestId('desk-ticket').getByText(TICKET).waitFor();
    await operator.getByLabel(t.reply, { exact: true }).fill(ANSWER);
    await operator.getByRole('button', { name: t.reply, exact: true }).click();
    await operator.getByTestId('desk-ticket-state').getByText('处理中').waitFor();
    // the conversation's new paragraph (the reply box may still hold the text a moment)
    await operator.getByTestId('desk-ticket').getByRole('paragraph').filter({ hasText: ANSWER }).waitFor();
    await screenshot(operator, 'operator-loop-12-ticket-answered');
    await operator.keyboard.press('Escape');
    await operator.getByTestId('desk-ticket').waitFor({ state: 'hidden' });

    await company.goto(`${server.url}/workorder`);
    await company.getByRole('row', { name: new RegExp(TICKET) }).getByRole('link', { name: /^查看/ }).click();
    await company.getByTestId('ticket-replies').getByText(ANSWER).waitFor();
    expect(await company.getByTestId('ticket-state').textContent()).toBe('处理中');
    await screenshot(company, 'operator-loop-13-ticket-read');
  });

  it('the operator publishes a notice in 内容发布 and the company reads it on its home page', async () => {
    await menu(operator).getByText('内容发布', { exact: true }).click();
    await operator.waitForURL('**/review/content');
    await operator.getByRole('button', { name: c.add, exact: true }).click();
    await labelled(operator, c.titleLabel).fill(NOTICE);
    await labelled(operator, c.content).fill('<p>结汇申请自受理之日起三个工作日内审核完毕。</p>');
    await operator.getByTestId('notice-preview').getByText('结汇申请自受理之日起三个工作日内审核完毕。').waitFor();
    await operator.getByRole('button', { name: c.save, exact: true }).click();
    const row = operator.getByRole('row', { name: new RegExp(NOTICE) });
    await row.getByText(c.draft).waitFor();
    await row.getByRole('button', { name: `${c.publish} ${NOTICE}` }).click();
    await row.getByText(c.published).waitFor();
    await screenshot(operator, 'operator-loop-14-notice-published');

    await company.goto(`${server.url}/home`);
    // the section's list (its ticker above shows the same titles), opened on the notice's page
    await company.getByRole('region', { name: '通知公告' }).getByText(NOTICE).last().click();
    await company.waitForURL('**/notice/noticeDetails/*');
    await company.getByText('结汇申请自受理之日起三个工作日内审核完毕。').waitFor();
    await screenshot(company, 'operator-loop-15-notice-read');
  });

  it('saw no console errors, page errors, CSP violations or 5xx answers in either browser', async () => {
    companyProblems.assertNone();
    operatorProblems.assertNone();
  });
});
