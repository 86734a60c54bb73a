/**
 * 工单处理 and 内容发布 end to end (issue 20), two browsers on the real product: the operator
 * answers the demo company's pending ticket and publishes a notice it wrote; the enterprise reads the
 * answer in its ticket and the notice on its pages (a draft it never sees). No console errors, no
 * CSP violations, no 5xx in either browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { demoOperator } from '../../server/db/seed/demo.ts';
import { reviewContentText as c } from '../../domain/texts/review-content.ts';
import { reviewTicketText as t } from '../../domain/texts/review-ticket.ts';
import { labelled } from './forms.ts';
import { launchBrowser, screenshot, watchPage, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;
useConsole({ loginAsDemoAdmin: true }, (s) => ({ server, page, problems } = s));

let deskContext: BrowserContext | undefined;
let desk: Page;
let deskProblems: PageProblems;
beforeAll(async () => {
  deskContext = await launchBrowser();
  desk = await deskContext.newPage();
  deskProblems = watchPage(desk);
  await desk.goto(`${server.url}/login`);
  await desk.getByLabel('企业账号').fill(demoOperator.login_name);
  await desk.getByLabel('密码', { exact: true }).fill(demoOperator.password);
  await desk.getByLabel('验证码').fill('abcd');
  await desk.getByRole('button', { name: '登录', exact: true }).click();
  await desk.waitForURL('**/review/**');
});
afterAll(async () => { await deskContext?.close(); });

const TICKET = '建议增加运单导入模板的填写说明';
const ANSWER = '已在模板第二行增加填写说明，保价费为选填。';
const NOTICE = '关于审核端上线的通知';

describe('工单处理', () => {
  it('the operator answers a pending ticket and the enterprise reads the answer', async () => {
    await desk.goto(`${server.url}/review/ticket`);
    await desk.getByRole('row', { name: new RegExp(TICKET) }).getByRole('button', { name: new RegExp(`^${t.view}`) }).click();
    await desk.getByTestId('desk-ticket').getByText(TICKET).waitFor();
    await desk.getByLabel(t.reply, { exact: true }).fill(ANSWER);
    await desk.getByRole('button', { name: t.reply, exact: true }).click();
    await desk.getByTestId('desk-ticket-state').getByText('处理中').waitFor();
    await desk.getByTestId('desk-ticket').getByText(ANSWER).waitFor();
    await screenshot(desk, 'review-desk-1-ticket');

    await page.goto(`${server.url}/workorder`);
    await page.getByRole('row', { name: new RegExp(TICKET) }).getByRole('link', { name: /^查看/ }).click();
    await page.getByTestId('ticket-replies').getByText(ANSWER).waitFor();
    expect(await page.getByTestId('ticket-state').textContent()).toBe('处理中');
  });
});

describe('内容发布', () => {
  it('a notice written by the operator reaches the enterprise only once published', async () => {
    await desk.goto(`${server.url}/review/content`);
    await desk.getByRole('button', { name: c.add, exact: true }).click();
    await labelled(desk, c.titleLabel).fill(NOTICE);
    await labelled(desk, c.content).fill('<p>审核端已上线。<script>alert(1)</script></p>');
    await desk.getByTestId('notice-preview').getByText('审核端已上线。').waitFor();
    await desk.getByRole('button', { name: c.save, exact: true }).click();
    const row = desk.getByRole('row', { name: new RegExp(NOTICE) });
    await row.getByText(c.draft).waitFor();

    await page.goto(`${server.url}/notice`);
    await page.getByText('通知公告').first().waitFor();
    expect(await page.getByText(NOTICE).count()).toBe(0);

    await row.getByRole('button', { name: `${c.publish} ${NOTICE}` }).click();
    await row.getByText(c.published).waitFor();
    await screenshot(desk, 'review-desk-2-content');
    await page.goto(`${server.url}/notice`);
    await page.getByText(NOTICE).first().waitFor();
    await page.goto(`${server.url}/home`);
    await page.getByText(NOTICE).first().waitFor({ state: 'attached' });

    problems.assertNone();
    deskProblems.assertNone();
  });
});
