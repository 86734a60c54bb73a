/**
 * The tab strip across F5 (issue 31): pages opened from the side menu, one pinned from its tab's
 * right-click menu, come back after page.reload() in the same order, pinned, with the page shown
 * before the reload shown again; the strip's menu shows the limit (标签页上限：12 个). Real server,
 * real database, real chromium.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;
useConsole({ loginAsDemoAdmin: true, timeoutMs: 110_000 }, (s) => ({ server, page, problems } = s));

const tablist = () => page.getByRole('tablist', { name: '已打开的页面' });
const tabTitles = () => tablist().getByRole('tab').allTextContents();

/** Opens a page from the side menu, as a user does (a goto would be a reload of its own). */
async function open(group: string, item: string, path: string) {
  const nav = page.getByRole('navigation', { name: '菜单' });
  const link = nav.locator(`a[href="${path}"]`).first();
  if (!(await link.isVisible())) await nav.getByText(group, { exact: true }).click();
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
  await tablist().getByRole('tab', { name: item, selected: true }).waitFor();
}

describe('tabs after F5', () => {
  it('come back in their order, the pinned one pinned, the shown one shown', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/home`);
    await open('服务中心', '工单', '/workorder');
    await open('服务中心', '通知公告', '/notice');
    await open('企业管理', '参数设置', '/parametersSetting');
    await tablist().getByRole('tab', { name: '通知公告' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '固定标签页' }).click();
    await expect.poll(tabTitles).toEqual(['首页', '已固定通知公告', '工单', '参数设置']);
    await page.getByRole('button', { name: '标签操作' }).click();
    await page.getByText('标签页上限：12 个').waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'tabs-reload-1-before');

    await page.reload();
    await tablist().getByRole('tab', { name: '参数设置', selected: true }).waitFor();
    expect(await tabTitles()).toEqual(['首页', '已固定通知公告', '工单', '参数设置']);
    expect(new URL(page.url()).pathname).toBe('/parametersSetting');
    // a restored tab opens its page
    await tablist().getByRole('tab', { name: '工单' }).click();
    await page.waitForURL((url) => url.pathname === '/workorder');
    await screenshot(page, 'tabs-reload-2-after');
    problems.assertNone();
  });
});
