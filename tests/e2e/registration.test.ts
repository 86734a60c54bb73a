/**
 * Registration to a filed enterprise, end to end: /reg → 恭喜你注册成功，返回首页登录 → log in as
 * the new company → /enterprise → 保存并申报 an empty form (请完善必填信息) → fill every required
 * field (dictionaries, the province → city → area cascade) → 保存并申报 → 审核中 (编辑 hidden) →
 * the sandbox approves (FILING_AUTO_APPROVE_MS) → 备案通过 with the history → an attachment →
 * a sub-account created, frozen, reset and deleted.
 * Real server, real database, real chromium; no console errors or CSP violations.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { labelled } from './forms.ts';
import { anyCaptcha, declareFiling, fillFilingProfile, fillRegistration, logInAs, type NewCompany } from './new-company.ts';
import { screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;

useConsole({ env: { FILING_AUTO_APPROVE_MS: '2000' } }, (s) => ({ server, page, problems } = s));

const field = (label: string) => labelled(page, label);
const COMPANY: NewCompany = { name: '宁波海曙跨境贸易有限公司', login: 'haishu', code: '3302968E2E', password: 'Reg@2026pass' };

describe('registration → login → enterprise filing → approved', () => {
  it('registers a company from the login page', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: '注册' }).click();
    await page.waitForURL('**/reg');
    await fillRegistration(page, COMPANY);
    await anyCaptcha(page);
    await screenshot(page, 'registration-1-form');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('恭喜你注册成功，返回首页登录').waitFor();
    await screenshot(page, 'registration-2-success');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
  });

  it('logs the new company in; its enterprise page is not filed yet', async () => {
    await logInAs(page, server.url, COMPANY.login, COMPANY.password, anyCaptcha);
    const menu = page.getByRole('navigation', { name: '菜单' });
    await menu.getByText('企业管理', { exact: true }).click();
    await menu.getByText('企业备案', { exact: true }).click();
    await page.waitForURL('**/enterprise');
    await page.getByTestId('approve-state').getByText('未备案').waitFor();
    expect(await field('企业名称').inputValue()).toBe(COMPANY.name);
    expect(await field('海关注册编码').inputValue()).toBe(COMPANY.code);
  });

  it('refuses to declare an incomplete form: 请完善必填信息', async () => {
    await page.getByRole('button', { name: '编辑', exact: true }).click();
    await page.getByRole('button', { name: '保存并申报', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByText('请完善必填信息').first().waitFor();
    await page.getByText('请输入组织机构编码').waitFor();
    await screenshot(page, 'registration-3-incomplete');
  });

  it('declares the complete profile into review, where 编辑 is hidden', async () => {
    await fillFilingProfile(page);
    await screenshot(page, 'registration-4-filled');
    await declareFiling(page);
    expect(await page.getByRole('button', { name: '编辑', exact: true }).count()).toBe(0);
    expect(await page.getByRole('table', { name: '审批记录' }).getByText('企业提交备案申请').count()).toBe(1);
    await screenshot(page, 'registration-5-reviewing');
  });

  it('the sandbox approves it: 备案通过 in the tag and the history', async () => {
    await expect.poll(async () => {
      await page.reload();
      const tag = page.getByTestId('approve-state').filter({ hasText: /\S/ });
      await tag.waitFor();
      return tag.textContent();
    }, { timeout: 20_000, interval: 1_000 }).toBe('备案通过');
    const history = page.getByRole('table', { name: '审批记录' });
    await history.getByText('沙箱自动审核').waitFor();
    await expect.poll(() => field('区县').and(page.locator('input')).inputValue()).toBe('海曙区');
    await page.getByRole('button', { name: '编辑', exact: true }).waitFor();
    await screenshot(page, 'registration-6-approved');
  });

  it('uploads an attachment to the filed enterprise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cbec-e2e-upload-'));
    const png = join(dir, '营业执照.png');
    writeFileSync(png, Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d4e2a40000000049454e44ae426082', 'hex'));
    await page.getByRole('button', { name: '上传附件' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^文件类型/).click();
    await page.getByRole('option', { name: '营业执照', exact: true }).click();
    await dialog.locator('input[type=file]').setInputFiles(png);
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('上传数据成功').first().waitFor();
    await page.getByRole('table', { name: '附件信息' }).getByText('营业执照.png').waitFor();
    await screenshot(page, 'registration-7-attachment');
  });

  it('manages a sub-account: create (name@main), freeze, reset password, delete', async () => {
    const menu = page.getByRole('navigation', { name: '菜单' });
    await menu.getByText('账号管理', { exact: true }).click();
    await page.waitForURL('**/account');
    const table = page.getByRole('table', { name: '账号管理' });
    await table.getByText('主账号').waitFor();
    await page.getByRole('button', { name: '新建子账号' }).click();
    await page.waitForURL('**/account/add');
    await field('用户名').fill('clerk');
    await field('密码').fill('clerk');
    await field('确认密码').fill('clerk');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('密码由6-30位，需同时包含英文字母、数字，字母开头').first().waitFor();
    await field('密码').fill('clerk2026');
    await field('确认密码').fill('clerk2026');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('创建成功').first().waitFor();
    await page.waitForURL('**/account');
    const row = table.getByRole('row').filter({ hasText: 'clerk@haishu' });
    await row.getByText('有效').waitFor();
    await row.getByRole('switch').click({ force: true });
    await row.getByText('冻结').waitFor();
    await screenshot(page, 'registration-8-accounts');

    await row.getByRole('button', { name: '重置密码' }).click();
    const reset = page.getByRole('dialog');
    await field('新密码').fill('clerk2030');
    await field('确认密码').fill('clerk2030');
    await reset.getByRole('button', { name: '确定' }).click();
    await page.getByText('修改成功！').first().waitFor();

    await row.getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('此操作将永久删除该用户, 是否继续?').waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.getByText('删除成功').first().waitFor();
    await expect.poll(() => table.getByText('clerk@haishu').count()).toBe(0);
  });

  it('saw no console errors, page errors, CSP violations or 5xx answers', () => {
    problems.assertNone();
  });
});
