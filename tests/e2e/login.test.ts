/**
 * The console end to end: log in as the demo ADMIN, see the side menu, open a page as a tab and
 * close it, log out through the header dropdown (退出系统 → 确定), open a shared bill link signed
 * out and land on that bill after logging in. Real server, real database,
 * real chromium; no console errors or CSP violations along the way.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toast } from './forms.ts';
import { logIn, screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;

// not logged in: logging in is what this file tests, step by step
useConsole({}, (s) => ({ server, page, problems } = s));

describe('login, menu, tabs, logout', () => {
  it('logs the demo admin in (CAPTCHA=off accepts any captcha text) and lands on 首页', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/login');
    await page.getByLabel('企业账号').fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('Cbec@2026demo');
    await page.getByLabel('验证码').fill('abcd');
    await screenshot(page, 'login-1-form');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByRole('tab', { name: '首页' }).count()).toBe(1);
  });

  it('shows the side menu from the modules', async () => {
    const menu = page.getByRole('navigation', { name: '菜单' });
    for (const group of ['出口业务', '进口业务', '企业管理', '服务中心']) {
      await expect.poll(() => menu.getByText(group, { exact: true }).count(), { message: group }).toBe(1);
    }
    await menu.getByText('企业管理', { exact: true }).click();
    await menu.getByText('参数设置', { exact: true }).waitFor();
    await screenshot(page, 'login-2-menu');
  });

  it('opens a page as a tab and closes it again', async () => {
    const menu = page.getByRole('navigation', { name: '菜单' });
    await menu.getByText('参数设置', { exact: true }).click();
    await page.waitForURL('**/parametersSetting');
    const tab = page.getByRole('tab', { name: '参数设置' });
    await tab.waitFor();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'login-3-tab');

    await page.getByRole('button', { name: '关闭 参数设置' }).click();
    await expect.poll(() => tab.count()).toBe(0);
    await page.waitForURL('**/home');
    // the tab bar follows the route a render later
    await expect.poll(() => page.getByRole('tab', { name: '首页' }).getAttribute('aria-selected')).toBe('true');
  });

  it('logs out through the header dropdown after confirming', async () => {
    await page.getByRole('banner').getByRole('button').last().click();
    await page.getByRole('menuitem', { name: '退出系统' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('确认退出当前用户?').waitFor();
    await screenshot(page, 'login-4-confirm');
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('企业账号').waitFor();
    await toast(page, '已退出!');
    await screenshot(page, 'login-5-logged-out');
  });

  it('a shared link to a bill, at the old 支付单 address with its id, opens that bill after login', async () => {
    await logIn(page, server.url, 'admin', 'Cbec@2026demo');
    await page.goto(`${server.url}/bill/import/receipt`);
    const row = page.getByRole('link', { name: /^LL\d{8}000001$/ });
    await row.waitFor();
    const title = (await row.textContent())!;
    const id = new URL((await row.getAttribute('href'))!, server.url).searchParams.get('id')!;
    // the link is opened by someone signed out (a new browser, a bookmark)
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await page.goto(`${server.url}/bill/import/payment?id=${id}`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('企业账号').fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('Cbec@2026demo');
    await page.getByLabel('验证码').fill('abcd');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`**/details/import/receipt?id=${id}`);
    const head = page.getByRole('region', { name: '表头信息' });
    await expect.poll(() => head.getByPlaceholder('请填写支付交易编号').inputValue()).toBe(title);
    await screenshot(page, 'login-6-shared-bill-link');
  });

  it('saw no console errors, page errors, CSP violations or 5xx answers', () => {
    problems.assertNone();
  });
});
