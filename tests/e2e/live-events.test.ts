/**
 * Issue 16 in the browser, without any click on 刷新:
 * - an open 出口订单 list follows changes made elsewhere — a colleague's tab (same company) saves
 *   and declares an order, and the list shows the new row and then customs' 海关入库;
 * - a second browser of the same company (its own session and stream) saves an order: it appears in
 *   the first browser's open list;
 * - an order declared in the browser shows 海关入库 on its detail and in the list (kept behind its
 *   tab, which follows while hidden); customs' answer is toasted and the toast opens the bill; the
 *   detail's tab, not looked at when its bill changed, carries a mark until visited.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillLine, textbox } from './forms.ts';
import { launchBrowser, loginAsDemoAdmin, screenshot, watchPage, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole, type ConsoleSession } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems, session: ConsoleSession;
const ORDER_NO = `LIVE${Date.now()}`;
const SAVED_NO = `LIVS${Date.now()}`;
const DECLARED_NO = `LIVD${Date.now()}`;

/** 新增 on an open 出口订单 list, the head and one line filled in (not yet saved). */
async function newOrder(p: Page, orderNo: string): Promise<void> {
  await p.getByRole('button', { name: '新增', exact: true }).click();
  await p.waitForURL('**/details/export/order');
  await textbox(p, '订单编号').fill(orderNo);
  await textbox(p, '电商平台代码').fill('3302960001');
  await textbox(p, '电商平台名称').fill('宁波跨境优选电商平台');
  await textbox(p, '商品金额').fill('168');
  await fillLine(p, { gnum: '1', itemNo: 'NB-TEA-001', itemName: '宁波白茶礼盒', qty: '1', price: '168' });
}

const visiblePage = (p: Page) => p.locator('main [data-page]:visible');

useConsole({ env: { SIMULATOR_DELAY_MS: '4000' }, timeoutMs: 110_000, loginAsDemoAdmin: true }, (s) => ({ server, page, problems } = (session = s)));

describe('live updates in the browser', () => {
  it("a list shows a colleague's declared order and customs' answer without 刷新", async () => {
    await page.goto(`${server.url}/bill/export/order`);
    await page.getByText('SO20261121001').first().waitFor();
    const row = page.getByRole('row').filter({ hasText: ORDER_NO });
    expect(await row.count()).toBe(0);

    // the colleague: another tab of the same company
    const other = await session.context.newPage();
    const otherProblems = watchPage(other);
    await other.goto(`${server.url}/bill/export/order`);
    await other.getByRole('button', { name: '新增', exact: true }).click();
    await other.waitForURL('**/details/export/order');
    await textbox(other, '订单编号').fill(ORDER_NO);
    await textbox(other, '电商平台代码').fill('3302960001');
    await textbox(other, '电商平台名称').fill('宁波跨境优选电商平台');
    await textbox(other, '商品金额').fill('168');
    await fillLine(other, { gnum: '1', itemNo: 'NB-TEA-001', itemName: '宁波白茶礼盒', qty: '1', price: '168' });
    await other.getByRole('button', { name: '保存并申报', exact: true }).click();
    await other.getByText('是否保存并申报？').waitFor();
    await other.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();

    // no click on the first page from here on
    await row.first().waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await row.first().textContent()) ?? '', { timeout: 30_000, interval: 250 }).toContain('海关入库');
    await screenshot(page, 'live-1-list-followed');
    otherProblems.assertNone();
    problems.assertNone();
    await other.close();
  });

  it("a second browser of the same company saves an order: it appears in this browser's open list", async () => {
    await page.goto(`${server.url}/bill/export/order`);
    await page.getByText('SO20261121001').first().waitFor();
    const row = page.getByRole('row').filter({ hasText: SAVED_NO });
    expect(await row.count()).toBe(0);

    const otherBrowser = await launchBrowser();
    try {
      const other = await otherBrowser.newPage();
      const otherProblems = watchPage(other);
      await loginAsDemoAdmin(other, server.url);
      await other.goto(`${server.url}/bill/export/order`);
      await newOrder(other, SAVED_NO);
      await other.getByRole('toolbar', { name: '单据操作' }).getByRole('button', { name: '保存', exact: true }).click();
      await other.getByText('是否保存信息?').waitFor();
      await other.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
      await other.getByText('保存成功！').first().waitFor();

      // no click on this browser's page: the row arrives by itself, as 暂存
      await row.first().waitFor({ timeout: 20_000 });
      expect(await row.first().textContent()).toContain('暂存');
      await screenshot(page, 'live-2-other-browser-saved');
      otherProblems.assertNone();
    } finally {
      await otherBrowser.close();
    }
    problems.assertNone();
  });

  it('declared here: 海关入库 on the detail and in the list without 刷新; the changed tab is marked; the toast opens the bill', async () => {
    await page.goto(`${server.url}/bill/export/order`);
    await page.getByText('SO20261121001').first().waitFor();
    await newOrder(page, DECLARED_NO);
    await page.getByRole('button', { name: '保存并申报', exact: true }).click();
    await page.getByText('是否保存并申报？').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
    await page.waitForURL(/\/details\/export\/order\?id=\d+/);
    const id = new URL(page.url()).searchParams.get('id');
    // a saved bill's tab is titled by its number
    await page.getByRole('tab', { name: DECLARED_NO }).waitFor();

    // while customs thinks it over (the simulator answers after SIMULATOR_DELAY_MS), back to the
    // list's tab: the list follows, and the detail's tab, not looked at, is marked when its bill changes
    await page.getByRole('tab', { name: '出口订单', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: DECLARED_NO });
    await expect.poll(async () => (await row.first().textContent()) ?? '', { timeout: 30_000, interval: 250 }).toContain('海关入库');
    const detailTab = page.getByRole('tab', { name: DECLARED_NO });
    await detailTab.getByRole('img', { name: '单据有更新' }).waitFor({ timeout: 10_000 });
    // customs' answer, toasted
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: `出口订单 ${DECLARED_NO} 海关入库` });
    await toast.first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'live-3-list-answered-tab-marked');

    // the toast opens the bill: its open tab, whose mark goes; the detail followed while hidden
    await toast.first().getByRole('button', { name: `出口订单 ${DECLARED_NO} 海关入库` }).click();
    await page.waitForURL((url) => url.pathname === '/details/export/order' && url.searchParams.get('id') === id);
    await visiblePage(page).getByText(/^海关入库：海关已接收并入库/).first().waitFor({ timeout: 15_000 });
    expect(await visiblePage(page).getByRole('button', { name: '编辑', exact: true }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: DECLARED_NO }).count()).toBe(1);
    expect(await detailTab.getByRole('img', { name: '单据有更新' }).count()).toBe(0);
    await screenshot(page, 'live-4-toast-opened-bill');
    problems.assertNone();
  });
});
