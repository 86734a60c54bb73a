/**
 * Issue 17 in the browser: rights follow without a new login. The sub-account `user@admin` is logged
 * in and stays on its page; in another browser the main account ticks 参数设置 with its 保存 for it
 * in 账号管理 → 权限. With no click, reload or login on the sub-account's page, its side menu offers
 * 参数设置, which opens with its 保存 button; unticked again, the entry leaves the menu and the open
 * 参数设置 page closes with a message (issue 29).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { layoutText } from '../../domain/texts/web.ts';
import { toast } from './forms.ts';
import { launchBrowser, logIn, screenshot, watchPage, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;

useConsole({ timeoutMs: 110_000 }, (s) => ({ server, page, problems } = s));

const menu = (p: Page) => p.getByRole('navigation', { name: '菜单' });
const storedUris = (p: Page) => p.evaluate(() => (JSON.parse(localStorage.getItem('cbec.modules') ?? '[]') as { uri: string }[]).map((m) => m.uri));

/** The main account, in its own browser, sets 参数设置 保存 of user@admin on or off. */
async function setParameterGrant(admin: Page, on: boolean): Promise<void> {
  await admin.goto(`${server.url}/account`);
  await admin.getByRole('row').filter({ hasText: 'user@admin' }).getByRole('button', { name: '权限', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: '权限设置 - user@admin' });
  const box = dialog.getByRole('checkbox', { name: '参数设置 保存', exact: true });
  await box.waitFor();
  if (on) await box.check();
  else {
    await box.uncheck();
    await dialog.getByRole('checkbox', { name: '参数设置', exact: true }).uncheck();
  }
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await toast(admin, '权限已保存');
}

describe('rights follow without a new login', () => {
  it("the main account ticks 参数设置 for its sub-account: the sub-account's menu and buttons follow at once; unticked, it goes", async () => {
    await logIn(page, server.url, 'user@admin', 'Cbec@2026user');
    await menu(page).getByText('出口业务', { exact: true }).waitFor();
    expect(await storedUris(page)).not.toContain('/parametersSetting');
    expect(await menu(page).getByText('参数设置', { exact: true }).count()).toBe(0);

    const adminBrowser = await launchBrowser();
    try {
      const admin = await adminBrowser.newPage();
      const adminProblems = watchPage(admin);
      await logIn(admin, server.url, 'admin', 'Cbec@2026demo');
      await setParameterGrant(admin, true);

      // no reload, no login on the sub-account's page: the menu has the entry, the page its button
      await expect.poll(() => storedUris(page), { timeout: 20_000, interval: 250 }).toContain('/parametersSetting');
      const entry = menu(page).getByText('参数设置', { exact: true });
      if (!(await entry.isVisible())) await menu(page).getByText('企业管理', { exact: true }).click();
      await entry.click();
      await page.waitForURL('**/parametersSetting');
      await page.getByRole('table', { name: '参数设置' }).getByText('DEFAULT_TRADE_MODE').waitFor();
      expect(await page.getByRole('button', { name: '保存', exact: true }).count()).toBe(1);
      await screenshot(page, 'live-session-granted');

      await setParameterGrant(admin, false);
      await expect.poll(() => storedUris(page), { timeout: 20_000, interval: 250 }).not.toContain('/parametersSetting');
      // the open page of the module taken away closes, with its data, and says why (issue 29)
      await page.getByText(layoutText.revokedClosed(['参数设置'])).first().waitFor({ timeout: 10_000 });
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 5_000 }).not.toBe('/parametersSetting');
      expect(await page.getByRole('table', { name: '参数设置' }).count()).toBe(0);
      await expect.poll(() => menu(page).getByText('参数设置', { exact: true }).count(), { timeout: 5_000 }).toBe(0);
      adminProblems.assertNone();
    } finally {
      await adminBrowser.close();
    }
    problems.assertNone();
  });
});
