/**
 * The operator's 结汇审核 and 补贴审核 in the browser (issue 20), on the demo data (settlements in
 * every state, a reward application waiting): the operator logs in, 受理 a settlement 申报中, refuses
 * one 审核中 (the reason is asked first), reads a detail with its inventories, and starts verifying
 * a reward application. Real server, real database, real chromium; no console errors.
 */
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toast as toastOn } from './forms.ts';
import { screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;
useConsole({}, (s) => ({ server, page, problems } = s));

const toast = (text: string) => toastOn(page, text);
const dialog = () => page.getByRole('dialog').last();

describe('the operator reviews settlements and rewards', () => {
  it('logs in as the operator and decides in 结汇审核 and 补贴审核', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('企业账号').fill('operator');
    await page.getByLabel('密码', { exact: true }).fill('Cbec@2026operator');
    await page.getByLabel('验证码').fill('abcd');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/review/filing');

    await page.goto(`${server.url}/review/settlement`);
    const list = page.getByRole('table', { name: '结汇审核' });
    const declared = list.getByRole('row').filter({ hasText: '申报中' }).first();
    await declared.waitFor();
    await declared.getByRole('button', { name: '受理', exact: true }).click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await toast('已受理');

    const audited = list.getByRole('row').filter({ hasText: '审核中' }).first();
    await audited.getByRole('button', { name: '审核不通过' }).click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await dialog().getByText('请填写原因').waitFor();
    await dialog().getByRole('textbox').fill('贸易背景资料不全');
    await dialog().getByRole('button', { name: '确定' }).click();
    await toast('已审核不通过');

    await list.getByRole('row').nth(1).getByRole('button', { name: '查看' }).click();
    await page.getByRole('table', { name: '清单信息' }).getByRole('row').nth(1).waitFor();
    await screenshot(page, 'review-settlement-detail');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/review/subsidy`);
    const rewards = page.getByRole('table', { name: '补贴审核' });
    const waiting = rewards.getByRole('row').filter({ hasText: '待核验' }).first();
    await waiting.waitFor();
    await waiting.getByRole('button', { name: '开始核验' }).click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await toast('已开始核验');
    problems.assertNone();
  }, 120_000);
});
