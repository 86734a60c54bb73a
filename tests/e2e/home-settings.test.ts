/**
 * Common functions and parameter settings end to end: the user picks functions on /commonFun and
 * the home grid follows; the main account changes and adds parameters on /parametersSetting (the
 * §5 checks on the form), while a sub-account sees them without a 保存 button.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { labelled, toast } from './forms.ts';
import { logIn, screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;

useConsole({}, (s) => ({ server, page, problems } = s));

const login = (account: string, password: string) => logIn(page, server.url, account, password);
const field = (label: string) => labelled(page, label);

describe('common functions', () => {
  it('pins the chosen functions to the home grid', async () => {
    await login('admin', 'Cbec@2026demo');
    const grid = page.getByRole('region', { name: '常用功能' });
    await grid.getByRole('button', { name: '通知公告' }).waitFor();
    await grid.getByRole('link', { name: '自定义' }).click();
    await page.waitForURL('**/commonFun');
    await page.getByRole('navigation', { name: '面包屑' }).getByText('自定义常用功能').waitFor();
    await page.getByRole('region', { name: '进口业务' }).getByRole('checkbox', { name: '进口订单' }).check();
    await page.getByRole('region', { name: '常用功能' }).getByRole('checkbox', { name: '通知公告' }).uncheck();
    await screenshot(page, 'home-settings-1-functions');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('保存成功!').first().waitFor();
    await page.goto(`${server.url}/home`);
    await grid.getByRole('button', { name: '进口订单' }).waitFor();
    expect(await grid.getByRole('button', { name: '通知公告' }).count()).toBe(0);
  });
});

describe('parameter settings', () => {
  it('picks a parameter into the form, changes it, and checks a new one', async () => {
    await page.goto(`${server.url}/parametersSetting`);
    const table = page.getByRole('table', { name: '参数设置' });
    await table.getByRole('radio', { name: '申报 DEFAULT_TRADE_MODE' }).check();
    expect(await field('参数值').inputValue()).toBe('9610');
    await field('参数值').fill('1210');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('保存参数成功').first().waitFor();
    await table.getByRole('row').filter({ hasText: 'DEFAULT_TRADE_MODE' }).getByText('1210').waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    expect(await field('参数类型').inputValue()).toBe('');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await toast(page, '请填写必填数据');
    await page.getByText('请填写参数类型').waitFor();
    await page.getByText('请填写参数编码').waitFor();
    await page.getByText('请填写参数值').waitFor();
    await field('参数类型').fill('打印');
    await field('参数编码').fill('LABEL_SIZE');
    await field('参数值').fill('100x150');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await table.getByRole('row').filter({ hasText: 'LABEL_SIZE' }).waitFor();
    await screenshot(page, 'home-settings-2-parameters');
  });

  it('refuses a sub-account the parameters until its main account grants 参数设置 (issue 17)', async () => {
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await login('user@admin', 'Cbec@2026user');
    await page.goto(`${server.url}/parametersSetting`);
    await page.getByText('没有该操作的权限').first().waitFor();
    expect(await page.getByRole('button', { name: '保存', exact: true }).count()).toBe(0);
    problems.assertNone();
  });
});
