/**
 * Issue 31's "Done when": the newcomer's path as one walk at 1280 × 800, a screenshot at every step
 * (test-results/screenshots/newcomer-31-*.png, kept by CI): 登录 → 出口订单 from the side menu →
 * 新增 an order → 暂存 → the browser reloaded: the draft still there, 暂存 in its head and in the
 * list → 编辑 → 保存并申报 → 海关入库 arrives on the open screen by itself (the live updates of the
 * built-in customs simulator: no reload, no 刷新) → the bill's 状态图 on its current state → 导出:
 * the downloaded .xlsx opens, holds the bill, and has the screen's column headers in the screen's
 * order → the header's 业务状态图 opens /diagrams. The file's later walks run in this session, on its login.
 *
 * Issue 19's "Done when": a newcomer's walk, clicked as a new user does, at 1440 × 900 and at
 * 1280 × 720, finds none of the issue's list (geometry and text asserted, screenshots kept):
 *
 * 出口订单 list → 新增 (tab 出口订单 添加) → 保存 with nothing filled fails → the head filled, its
 * errors gone as typed → lines whose 总价 is 数量 × 单价 computed, saving a line brings no stale
 * error back → the head's 商品金额 filled with the lines' sum, no typing → 保存 (tab titled by the number) → 申报
 * straight from the view → customs' receipts arrive: 报送类型's change said next to it, the list's
 * 状态 and 回执信息 inside the window → 状态图 in Chinese with 可执行：… → 返回 closes the tab → 导出
 * an .xlsx with the list's columns (币制 as 142 人民币, money as #,##0.00).
 *
 * 进口清单: 状态 and 回执信息 inside the window, the state tabs on one line (the rest under 更多),
 * the toolbar's actions inside the window and clear of the search controls (what does not fit under
 * 更多操作), read-only values readable, 原产国（地区） typed 中国 offers 142 中国 first.
 *
 * And the column chooser's widths: a header's edge dragged widens the column, the width survives a
 * reload (per user and list), 恢复默认 brings the definition's width back.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { pickOption, textbox } from './forms.ts';
import { screenshot, watchPage, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';
import { contrast } from './contrast.ts';

let server: StartedServer, page: Page, problems: PageProblems, context: BrowserContext;
// a loaded machine may take more than the default minute to start the server on a fresh database;
// no login here: the first walk logs in through the login page, as a newcomer does
useConsole({ env: { SIMULATOR_DELAY_MS: '300' }, timeoutMs: 110_000 }, (s) => ({ server, page, problems, context } = s));

const sizes = [{ width: 1440, height: 900 }, { width: 1280, height: 720 }] as const;
/** generous: a loaded machine answers slowly, and customs' receipts come after the simulator's delay */
const SLOW = { timeout: 30_000 };

/** The page of the open tab (kept tabs stay in the DOM, hidden). */
const shown = () => page.locator('main [data-page]:visible');
const tablist = () => page.getByRole('tablist', { name: '已打开的页面' });
const stripTab = (name: string) => tablist().getByRole('tab', { name, exact: true });
const toolbar = () => shown().getByRole('toolbar', { name: '单据操作' });
const confirmDialog = () => page.getByRole('dialog').getByRole('button', { name: '确定', exact: true });
const headerCell = (text: string): Locator => shown().locator('thead th').filter({ hasText: new RegExp(`^${text}`) }).first();

async function inWindow(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge within ${size.width}`).toBeLessThanOrEqual(size.width + 0.5);
  expect(box!.y + box!.height, `${what}: bottom edge within ${size.height}`).toBeLessThanOrEqual(size.height + 0.5);
}

/** The page never scrolls sideways. */
const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The texts of a row's cells by their header (the body rows line up with the header cells). */
async function rowByHeader(row: Locator): Promise<Record<string, { text: string; index: number }>> {
  const headers = (await shown().locator('thead th').allTextContents()).map((t) => t.trim());
  const cells = await row.evaluate((r) => [...r.children].map((c) => (c.textContent ?? '').trim()));
  return Object.fromEntries(headers.map((h, index) => [h, { text: cells[index] ?? '', index }]));
}


/** The head's error messages now shown. */
const headErrors = () => page.getByRole('region', { name: '表头信息' }).locator('.mantine-InputWrapper-error').allTextContents();

/** A line through the body form, 总价 left to the page: it must read 数量 × 单价. */
async function addLine(n: number, itemName: string, qty: string, price: string, total: string) {
  const body = page.getByRole('region', { name: '表体信息' });
  await body.getByRole('button', { name: '新增', exact: true }).click();
  await textbox(page, '序号').fill(String(n));
  await textbox(page, '企业商品货号').fill(`NB-TEA-00${n}`);
  await textbox(page, '企业商品名称').fill(itemName);
  await pickOption(page, '计量单位', '011');
  await textbox(page, '数量').fill(qty);
  await textbox(page, '单价').fill(price);
  await expect.poll(() => textbox(page, '总价').inputValue()).toBe(total);
  // the body form's 保存 (the toolbar's 保存 saves the whole bill)
  await page.getByRole('button', { name: '保存', exact: true }).last().click();
  await body.getByRole('cell', { name: itemName, exact: true }).waitFor();
}

/** The .xlsx the list's 导出 makes (the console opens its address in a new window: recorded instead). */
async function exportedBook(): Promise<ExcelJS.Worksheet> {
  await page.evaluate(() => {
    const w = window as unknown as { opened?: string };
    delete w.opened;
    window.open = ((u: string) => { w.opened = u; return null; }) as typeof window.open;
  });
  await shown().getByRole('button', { name: '导出', exact: true }).click();
  await page.waitForFunction(() => Boolean((window as unknown as { opened?: string }).opened), null, SLOW);
  const uri = new URL(await page.evaluate(() => (window as unknown as { opened: string }).opened), server.url).toString();
  const res = await page.request.get(uri);
  expect(res.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

/** The head of the open bill (单据概要): its number, its state, customs' last answer. */
const billHead = () => shown().locator('header[aria-label="单据概要"]');
/** The screen's data columns, left to right: the header cells of the definition's columns (not the checkboxes, 序号 or 回执). */
const screenColumns = () => shown().locator('thead th[data-accessor]')
  .evaluateAll((ths) => ths.filter((th) => !(th.getAttribute('data-accessor') ?? '').startsWith('__')).map((th) => (th.textContent ?? '').trim()));

/**
 * The file a click downloads. The console opens the download in a new window, which turns into a
 * download at once; playwright reports a new window's download on the page that opened it.
 */
async function downloadOf(click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', SLOW), click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  return (await download.path())!;
}

describe('issue 31: the newcomer\'s path, one walk at 1280 × 800', { timeout: 300_000 }, () => {
  const ORDER_NO = `NC31${Date.now()}`;
  // the window alone while a dialog is open: what the newcomer sees of it at 1280 × 800
  const step = (n: number, what: string, dialog = false) => screenshot(page, `newcomer-31-${String(n).padStart(2, '0')}-${what}`, { fullPage: !dialog });

  it('登录 → 新增 → 暂存 → reload → 保存并申报 → 海关入库 live → 状态图 → 导出 → 业务状态图', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });

    // 1. log in, as typed on the login page (CAPTCHA=off takes any code)
    await page.goto(`${server.url}/login`);
    await page.getByLabel('企业账号').fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('Cbec@2026demo');
    await page.getByLabel('验证码').fill('abcd');
    await step(1, 'login');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/home', SLOW);
    await tablist().getByRole('tab', { name: '首页', selected: true }).waitFor(SLOW);
    await step(2, 'home');

    // 2. 出口订单 from the side menu, then 新增
    const nav = page.getByRole('navigation', { name: '菜单' });
    const menuLink = nav.locator('a[href="/bill/export/order"]').first();
    if (!(await menuLink.isVisible())) await nav.getByText('出口业务', { exact: true }).click();
    await menuLink.click();
    await tablist().getByRole('tab', { name: '出口订单', selected: true }).waitFor(SLOW);
    await shown().locator('tbody tr[data-row]').first().waitFor(SLOW);
    await step(3, 'order-list');
    await shown().getByRole('button', { name: '新增', exact: true }).click();
    await tablist().getByRole('tab', { name: '出口订单 添加', selected: true }).waitFor(SLOW);
    await textbox(page, '订单编号').fill(ORDER_NO);
    await textbox(page, '电商平台代码').fill('3302960001');
    await textbox(page, '电商平台名称').fill('宁波跨境优选电商平台');
    await addLine(1, '宁波白茶礼盒', '2', '19.9', '39.80');
    await expect.poll(() => textbox(page, '商品金额').inputValue()).toBe('39.80');
    await step(4, 'order-filled');

    // 3. 暂存: stored as a draft, with an address of its own
    await toolbar().getByRole('button', { name: '暂存', exact: true }).click();
    await page.getByText('暂存成功!').first().waitFor(SLOW);
    await page.waitForURL(/\/details\/export\/order\?id=\d+/, SLOW);
    await billHead().getByText('暂存', { exact: true }).waitFor(SLOW);
    await step(5, 'stashed');

    // 4. the browser reloaded: the draft is still there, 暂存 in its head and in the list
    await page.reload();
    await expect.poll(() => textbox(page, '订单编号').inputValue(), SLOW).toBe(ORDER_NO);
    await billHead().getByText('暂存', { exact: true }).waitFor(SLOW);
    expect(await billHead().textContent()).toContain(`订单编号 ${ORDER_NO}`);
    await step(6, 'reloaded-draft');
    await stripTab('出口订单').click();
    const row = () => shown().locator('tbody tr[data-row]').filter({ hasText: ORDER_NO }).first();
    await row().waitFor(SLOW);
    expect((await rowByHeader(row()))['状态']!.text).toBe('暂存');
    await step(7, 'reloaded-list');

    // from here on the page is never reloaded: a mark on the window would be gone after a reload
    await page.evaluate(() => { (window as unknown as { walk31?: boolean }).walk31 = true; });
    const notReloaded = () => page.evaluate(() => (window as unknown as { walk31?: boolean }).walk31 === true);

    // 5. back to the bill: 编辑 → 保存并申报
    await row().getByRole('link', { name: ORDER_NO, exact: true }).click();
    await tablist().getByRole('tab', { name: ORDER_NO, selected: true }).waitFor(SLOW);
    await toolbar().getByRole('button', { name: '编辑', exact: true }).click();
    const saveDeclare = toolbar().getByRole('button', { name: '保存并申报', exact: true });
    await saveDeclare.waitFor(SLOW);
    await step(8, 'editing');
    await saveDeclare.click();
    await page.getByText('是否保存并申报？').waitFor();
    await step(9, 'confirm-save-declare', true);
    await confirmDialog().click();

    // 6. customs' answer comes to the open screen by itself: the head turns 海关入库 and a toast says
    // so (both from the live updates; nothing clicked, nothing reloaded)
    await Promise.all([
      billHead().getByText('海关入库', { exact: true }).waitFor(SLOW),
      page.locator('.mantine-Notification-root').filter({ hasText: `出口订单 ${ORDER_NO} 海关入库` }).first().waitFor(SLOW),
    ]);
    await step(10, 'stored-live');
    await stripTab('出口订单').click();
    await expect.poll(async () => (await rowByHeader(row()))['状态']!.text, SLOW).toBe('海关入库');
    expect(await notReloaded()).toBe(true);
    await step(11, 'stored-in-list');

    // 7. the bill's 状态图: its current state highlighted
    await row().getByRole('link', { name: ORDER_NO, exact: true }).click();
    await tablist().getByRole('tab', { name: ORDER_NO, selected: true }).waitFor(SLOW);
    await shown().getByRole('button', { name: '状态图', exact: true }).click();
    const diagram = page.getByRole('dialog', { name: '单据状态图（当前状态已高亮）' });
    await diagram.getByText('当前状态：海关入库').waitFor(SLOW);
    const current = diagram.getByTestId('diagram-viewport').locator('svg g.current');
    await current.first().waitFor(SLOW);
    expect(await current.evaluateAll((nodes) => nodes.map((n) => n.id))).toEqual([expect.stringContaining('billLifecycle_customs_stored')]);
    await step(12, 'state-diagram', true);
    await page.keyboard.press('Escape');
    await diagram.waitFor({ state: 'hidden' });

    // 8. 导出 from the list: a real .xlsx with the bill, headed by the screen's columns in their order
    await stripTab('出口订单').click();
    await row().waitFor(SLOW);
    const columns = await screenColumns();
    expect(columns.slice(0, 3)).toEqual(['订单编号', '状态', '回执信息']);
    const file = await downloadOf(() => shown().getByRole('button', { name: '导出', exact: true }).click());
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
    expect(headers).toEqual(columns);
    const rows: string[][] = [];
    sheet.eachRow((r, n) => { if (n > 1) rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))); });
    const ours = rows.find((r) => r[columns.indexOf('订单编号')] === ORDER_NO);
    expect(ours, 'the bill in the export').toBeDefined();
    expect(ours![columns.indexOf('状态')]).toBe('海关入库');
    await step(13, 'exported');

    // 9. the header's 业务状态图: /diagrams in a new tab, the console kept open
    const [diagrams] = await Promise.all([
      context.waitForEvent('page', SLOW),
      page.getByRole('banner').getByRole('link', { name: '业务状态图', exact: true }).click(),
    ]);
    const diagramProblems = watchPage(diagrams);
    await diagrams.waitForURL((url) => url.pathname === '/diagrams', SLOW);
    expect(diagrams.viewportSize()).toEqual({ width: 1280, height: 800 });
    await diagrams.getByRole('navigation', { name: '目录' }).waitFor(SLOW);
    await diagrams.locator('section [data-testid=diagram-viewport] svg').first().waitFor({ timeout: 90_000 });
    await screenshot(diagrams, 'newcomer-31-14-diagrams');
    await diagrams.close();
    diagramProblems.assertNone();
    expect(await notReloaded()).toBe(true);
    problems.assertNone();
  });
});

describe('a newcomer walks export order → declare → receipts → export', { timeout: 300_000 }, () => {
  for (const size of sizes) {
    const ORDER_NO = `NW${size.width}${Date.now()}`;

    it(`at ${size.width} × ${size.height}`, async () => {
      await page.setViewportSize(size);
      await page.goto(`${server.url}/bill/export/order`);
      await shown().locator('tbody tr[data-row]').first().waitFor(SLOW);
      await inWindow(headerCell('状态'), '出口订单 状态');
      await inWindow(headerCell('回执信息'), '出口订单 回执信息');

      // 新增: a tab of its own, 添加
      await shown().getByRole('button', { name: '新增', exact: true }).click();
      await tablist().getByRole('tab', { name: '出口订单 添加', selected: true }).waitFor();

      // 保存 with nothing filled fails, with the head's errors
      await toolbar().getByRole('button', { name: '保存', exact: true }).click();
      if (await confirmDialog().isVisible().catch(() => false)) await confirmDialog().click();
      await expect.poll(headErrors, SLOW).toContain('请填写订单编号');

      // the head filled: its errors go as the fields are typed
      await textbox(page, '订单编号').fill(ORDER_NO);
      await textbox(page, '电商平台代码').fill('3302960001');
      await textbox(page, '电商平台名称').fill('宁波跨境优选电商平台');
      await expect.poll(headErrors).not.toContain('请填写订单编号');

      // lines: 总价 = 数量 × 单价 as typed; saving a line brings no error back on a filled field
      await addLine(1, '宁波白茶礼盒', '2', '19.9', '39.80');
      await addLine(2, '宁波红茶礼盒', '3', '10', '30.00');
      const stale = (await headErrors()).filter((e) => e !== '请填写商品金额');
      expect(stale, 'errors of fields that are filled').toEqual([]);

      // the head's 商品金额 is the lines' sum without typing (issue 31 item 8)
      const goodsValue = textbox(page, '商品金额');
      await goodsValue.scrollIntoViewIfNeeded();
      await inWindow(goodsValue, '商品金额');
      await expect.poll(() => goodsValue.inputValue()).toBe('69.80');
      await expect.poll(headErrors).toEqual([]);
      await screenshot(page, `newcomer-order-add-${size.width}`);

      // 保存: the tab is titled by the bill's number, and the view offers 申报 at once
      await toolbar().getByRole('button', { name: '保存', exact: true }).click();
      await page.getByText('是否保存信息?').waitFor();
      await confirmDialog().click();
      await page.getByText('保存成功！').first().waitFor(SLOW);
      await tablist().getByRole('tab', { name: ORDER_NO, selected: true }).waitFor(SLOW);
      expect(await stripTab('出口订单 添加').count()).toBe(0);
      const declare = toolbar().getByRole('button', { name: '申报', exact: true });
      await declare.waitFor(SLOW);
      await inWindow(declare, '申报 in view mode');
      expect(await toolbar().getByRole('button', { name: '编辑', exact: true }).count()).toBe(1);
      // money in the detail as the spec's precision reads it: at least two decimals, like the list's
      await expect.poll(() => textbox(page, '商品金额').inputValue()).toBe('69.80');
      expect(await textbox(page, '运杂费').inputValue()).toBe('0.00');

      // 申报 straight from the view
      await declare.click();
      await page.getByText('是否申报？').waitFor();
      await confirmDialog().click();
      await expect.poll(() => toolbar().getByRole('button', { name: '申报', exact: true }).count(), SLOW).toBe(0);

      // customs' receipts arrive in the open detail: 报送类型's change is said next to it
      const hint = page.getByText('报送类型已由“1 新增”自动改为“2 变更”（单据已申报过，再次申报按此报送）');
      await hint.waitFor(SLOW);
      await inWindow(hint, 'the 报送类型 note');
      await screenshot(page, `newcomer-order-declared-${size.width}`);

      // the list (its tab kept): 状态 and 回执信息 of the bill inside the window
      await stripTab('出口订单').click();
      const row = shown().locator('tbody tr[data-row]').filter({ hasText: ORDER_NO });
      await expect.poll(async () => {
        if (!(await row.count()) || !(await row.textContent())?.includes('海关入库')) {
          await shown().getByRole('button', { name: '刷新', exact: true }).first().click();
        }
        return (await row.first().textContent().catch(() => '')) ?? '';
      }, { timeout: 30_000, interval: 1_000 }).toContain('海关入库');
      const cells = await rowByHeader(row.first());
      expect(cells['状态']!.text).toBe('海关入库');
      expect(cells['回执信息']!.text).not.toBe('');
      await inWindow(row.first().locator(':scope > *').nth(cells['状态']!.index), 'the bill\'s 状态');
      await inWindow(row.first().locator(':scope > *').nth(cells['回执信息']!.index), 'the bill\'s 回执信息');
      await inWindow(row.first().getByRole('button', { name: `${ORDER_NO} 的回执` }), 'the bill\'s 回执');
      expect(cells['商品金额']!.text).toBe('69.80');
      expect(await noSidewaysScroll()).toBe(true);
      await screenshot(page, `newcomer-order-list-${size.width}`);

      // back to the bill (its tab, titled by its number): 状态图 in Chinese, with what can be done next
      await row.first().getByRole('link', { name: ORDER_NO, exact: true }).click();
      await tablist().getByRole('tab', { name: ORDER_NO, selected: true }).waitFor();
      await shown().getByRole('button', { name: '状态图', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '单据状态图（当前状态已高亮）' });
      const svg = dialog.getByTestId('diagram-viewport').locator('svg').first();
      await svg.locator('g.current').first().waitFor(SLOW);
      await inWindow(dialog.getByTestId('diagram-viewport'), 'the 状态图');
      const next = (await dialog.getByTestId('next-actions').textContent()) ?? '';
      expect(next).toMatch(/^可执行：[\u4e00-\u9fa5/、]+$/);
      expect(next).toContain('重新发送回执');
      const drawn = await svg.evaluate((el) => [...el.querySelectorAll('text')].map((t) => t.textContent ?? '').join(' '));
      expect(drawn).toContain('海关入库');
      expect(drawn).toContain('申报');
      expect(drawn).not.toMatch(/[a-z]+\.[a-z]+|any state|任意状态 \(/i);
      await screenshot(page, `newcomer-order-diagram-${size.width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // 返回 closes the tab and shows the list
      await shown().getByRole('button', { name: '返回', exact: true }).click();
      await tablist().getByRole('tab', { name: '出口订单', exact: true, selected: true }).waitFor();
      expect(await stripTab(ORDER_NO).count()).toBe(0);

      // 导出: the list's columns, codes with their names (issue 31); money as the list formats it
      const listed = await rowByHeader(shown().locator('tbody tr[data-row]').filter({ hasText: ORDER_NO }).first());
      const sheet = await exportedBook();
      const head = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
      const at = (label: string) => { const i = head.indexOf(label); expect(i, `${label} in the export`).toBeGreaterThan(0); return i; };
      let ours: ExcelJS.Row | undefined;
      sheet.eachRow((r, n) => { if (n > 1 && r.getCell(at('订单编号')).value === ORDER_NO) ours = r; });
      expect(ours, 'the bill in the export').toBeDefined();
      const currency = String(ours!.getCell(at('币制')).value);
      expect(currency).toBe('142 人民币');
      expect(currency).toContain(listed['币制']!.text);
      expect(String(ours!.getCell(at('状态')).value)).toBe('海关入库');
      const amount = ours!.getCell(at('商品金额'));
      expect(amount.value).toBe(69.8);
      expect(amount.numFmt).toBe('#,##0.00');
      // every amount of the sheet the same way, as numbers
      sheet.eachRow((r, n) => {
        if (n === 1) return;
        const cell = r.getCell(at('商品金额'));
        if (cell.value == null || cell.value === '') return;
        expect(typeof cell.value).toBe('number');
        expect(cell.numFmt).toBe('#,##0.00');
      });
      // no column of the sheet holds bare codes where the list shows names
      for (const label of ['币制', '状态']) {
        sheet.eachRow((r, n) => { if (n > 1) expect(String(r.getCell(at(label)).value ?? '')).not.toMatch(/^\d+$/); });
      }
    });
  }
});

describe('a newcomer walks 进口清单', { timeout: 240_000 }, () => {
  for (const size of sizes) {
    it(`at ${size.width} × ${size.height}`, async () => {
      await page.setViewportSize(size);
      await page.goto(`${server.url}/bill/import/detailedList`);
      const rows = shown().locator('tbody tr[data-row]');
      await rows.first().waitFor(SLOW);

      // 状态 and 回执信息 of the list and of a row inside the window
      await inWindow(headerCell('状态'), '进口清单 状态');
      await inWindow(headerCell('回执信息'), '进口清单 回执信息');
      const cells = await rowByHeader(rows.first());
      await inWindow(rows.first().locator(':scope > *').nth(cells['状态']!.index), 'a row\'s 状态');
      await inWindow(rows.first().locator(':scope > *').nth(cells['回执信息']!.index), 'a row\'s 回执信息');
      await inWindow(rows.first().getByRole('button', { name: /的回执$/ }), 'a row\'s 回执');
      expect(await noSidewaysScroll()).toBe(true);

      // the state tabs: one line inside the window, nothing cut; those that do not fit are under 更多 (issue 31 item 7)
      const strip = shown().getByRole('tablist').filter({ has: page.getByRole('tab', { name: /^全部/ }) });
      await inWindow(strip, 'the state tabs');
      const lines = await strip.getByRole('tab').evaluateAll((tabs) => new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))).size);
      expect(lines).toBe(1);
      expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const moreStates = shown().getByRole('button', { name: '更多', exact: true });
      await inWindow(moreStates, '更多 (states)');
      await moreStates.click();
      await page.getByRole('menuitem').first().waitFor();
      await page.keyboard.press('Escape');

      // the toolbar: the actions that fit (and 更多操作 for the rest) inside the window, clear of the search
      const actions = shown().getByRole('button', { name: /^(批量申报|重新发送回执|导出|新增|删除|批量改为退单|申请撤单|申请退货|更多操作)/ });
      const count = await actions.count();
      expect(count).toBeGreaterThanOrEqual(5);
      expect(count).toBeLessThanOrEqual(8);
      const search = await shown().getByRole('button', { name: '高级搜索' }).boundingBox();
      for (let i = 0; i < count; i++) {
        const b = actions.nth(i);
        await inWindow(b, `action ${(await b.textContent()) ?? i}`);
        const a = (await b.boundingBox())!;
        const overlap = a.x < search!.x + search!.width && search!.x < a.x + a.width && a.y < search!.y + search!.height && search!.y < a.y + a.height;
        expect(overlap).toBe(false);
      }
      const more = shown().getByRole('button', { name: '更多操作' });
      if (await more.count()) {
        await more.click();
        await page.getByRole('menuitem').first().waitFor();
        await page.keyboard.press('Escape');
      }
      await screenshot(page, `newcomer-inventory-list-${size.width}`);

      // a declared bill in view: read-only values at ≥ 4.5:1, told apart by their frame
      await rows.first().locator('a').first().click();
      await page.waitForURL(/\/details\/import\/detailedList\?id=/, SLOW);
      // the values shown (a select keeps its value in a hidden input beside the one shown)
      const value = page.getByRole('region', { name: '表头信息' }).locator('input:disabled:not([type=hidden]):not([type=checkbox])');
      await expect.poll(() => value.evaluateAll((els) => els.filter((e) => (e as HTMLInputElement).value !== '').length), SLOW).toBeGreaterThan(0);
      const looks = await value.evaluateAll((els) => els.filter((e) => (e as HTMLInputElement).value !== '').map((el) => {
        const s = getComputedStyle(el);
        return { color: s.color, background: s.backgroundColor, opacity: s.opacity, border: s.borderTopStyle };
      }));
      for (const look of looks) {
        expect(Number(look.opacity)).toBe(1);
        expect(look.border).toBe('dashed');
        expect(contrast(look.color, look.background)).toBeGreaterThanOrEqual(4.5);
      }
      await screenshot(page, `newcomer-inventory-view-${size.width}`);

      // a new one: 原产国（地区） typed 中国 offers 中国 first
      await stripTab('进口清单').click();
      await shown().getByRole('button', { name: '新增', exact: true }).click();
      await tablist().getByRole('tab', { name: '进口清单 添加', selected: true }).waitFor();
      const body = page.getByRole('region', { name: '表体信息' });
      await body.getByRole('button', { name: '新增', exact: true }).click();
      const country = body.getByPlaceholder('请选择原产国（地区）');
      await country.click();
      await country.fill('中国');
      await expect.poll(async () => (await page.getByRole('option').first().textContent())?.trim()).toBe('142 中国');
      await screenshot(page, `newcomer-inventory-country-${size.width}`);
      await page.keyboard.press('Escape');
    });
  }
});

describe('column widths', { timeout: 120_000 }, () => {
  it('a header\'s edge dragged widens the column; the width survives a reload, per user and list; 恢复默认 restores it', async () => {
    await page.setViewportSize(sizes[0]);
    const open = async () => {
      await page.goto(`${server.url}/bill/export/order`);
      await shown().locator('tbody tr[data-row]').first().waitFor(SLOW);
    };
    // another list's width of the same column, before (each list fits its own columns to the window)
    await page.goto(`${server.url}/bill/import/order`);
    await shown().locator('tbody tr[data-row]').first().waitFor(SLOW);
    const otherBefore = await headerCell('电商平台名称').boundingBox();
    await open();
    const header = headerCell('电商平台名称');
    const width = async () => (await header.boundingBox())!.width;
    const before = await width();
    const handle = shown().getByRole('separator', { name: '调整“电商平台名称”列宽' });
    const grip = (await handle.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2 + 40, grip.y + grip.height / 2, { steps: 4 });
    await page.mouse.move(grip.x + grip.width / 2 + 80, grip.y + grip.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(width).toBeGreaterThan(before + 70);
    const dragged = await width();
    expect(dragged).toBeLessThan(before + 90);
    // the body's cells follow their header
    const cells = await rowByHeader(shown().locator('tbody tr[data-row]').first());
    const cell = shown().locator('tbody tr[data-row]').first().locator(':scope > *').nth(cells['电商平台名称']!.index);
    expect(Math.abs((await cell.boundingBox())!.width - dragged)).toBeLessThan(2);

    // kept for this user and this list
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('columns.')));
    expect(stored.some((k) => k.includes('admin') && k.endsWith('columns.export.order'))).toBe(true);
    await open();
    await expect.poll(async () => Math.abs((await width()) - dragged)).toBeLessThan(2);
    // another list keeps its own widths
    await page.goto(`${server.url}/bill/import/order`);
    await shown().locator('tbody tr[data-row]').first().waitFor(SLOW);
    const other = await headerCell('电商平台名称').boundingBox();
    if (other && otherBefore) expect(Math.abs(other.width - otherBefore.width)).toBeLessThan(2);

    await open();
    await shown().getByRole('button', { name: '列设置' }).click();
    await page.getByRole('button', { name: '恢复默认' }).click();
    await expect.poll(async () => Math.abs((await width()) - before)).toBeLessThan(2);
    await page.keyboard.press('Escape');
    await screenshot(page, 'newcomer-column-width');
  });

  it('had no console errors, CSP violations or server errors', () => {
    problems.assertNone();
  });
});
