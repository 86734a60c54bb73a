/**
 * Issue 17 part 1 end to end: the main account opens 权限 of its sub-account in 账号管理, ticks
 * 参数设置 with its 保存 in the module tree and saves; the sub-account, logging in, finds the
 * page with its 保存 button, the server answering its list.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toast } from './forms.ts';
import { logIn, screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;

useConsole({}, (s) => ({ server, page, problems } = s));

const login = (account: string, password: string) => logIn(page, server.url, account, password);

describe('权限 of a sub-account', () => {
  it('is ticked by the main account and followed by the sub-account’s page, buttons and calls', async () => {
    await login('admin', 'Cbec@2026demo');
    await page.goto(`${server.url}/account`);
    await page.getByRole('row').filter({ hasText: 'user@admin' }).getByRole('button', { name: '权限', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '权限设置 - user@admin' });
    await dialog.getByRole('checkbox', { name: '出口订单', exact: true }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: '出口订单', exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: '参数设置', exact: true }).isChecked()).toBe(false);
    await dialog.getByRole('checkbox', { name: '参数设置 保存', exact: true }).check();
    expect(await dialog.getByRole('checkbox', { name: '参数设置', exact: true }).isChecked()).toBe(true);
    await screenshot(page, 'grants-1-dialog');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await toast(page, '权限已保存');

    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await login('user@admin', 'Cbec@2026user');
    await page.goto(`${server.url}/parametersSetting`);
    await page.getByRole('table', { name: '参数设置' }).getByText('DEFAULT_TRADE_MODE').waitFor();
    expect(await page.getByRole('button', { name: '保存', exact: true }).count()).toBe(1);
    problems.assertNone();
  });
});
