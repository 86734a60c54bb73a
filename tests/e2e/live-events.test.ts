/**
 * Issue 16, first web consumer: an open 出口订单 list follows changes made elsewhere without any
 * click on 刷新 — a colleague's tab (same company) saves and declares an order, and the list shows
 * the new row and then customs' 海关入库, keeping its page, through GET /api/events.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillLine, textbox } from './forms.ts';
import { screenshot, watchPage, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole, type ConsoleSession } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems, session: ConsoleSession;
const ORDER_NO = `LIVE${Date.now()}`;

useConsole({ env: { SIMULATOR_DELAY_MS: '1500' }, loginAsDemoAdmin: true }, (s) => ({ server, page, problems } = (session = s)));

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
});
