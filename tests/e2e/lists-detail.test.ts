/**
 * Issue 19 "Lists" and "Detail", as a declarant sees them at 1440 × 900 and 1280 × 720 on the demo
 * data (geometry, text and computed colours; no pixel comparison; screenshots kept as artefacts):
 * - 进口清单, 出口清单 and 出口订单: 状态 and the row's 回执 within the window without scrolling
 *   sideways, still there after scrolling the table to its far right; 回执信息 read right after;
 * - 出口清单: the state tabs on one line, the rest under 更多, and no page scrollbar; the buttons on one
 *   line, the rest under 更多操作 (issue 31 item 7 replaced the ‹ › strip and the fixed 6 buttons);
 * - 列设置: a hidden column stays hidden after a reload, 恢复默认 brings it back;
 * - amounts read 1,234.50 in lists;
 * - a draft's detail: 申报 in view mode; read-only values at ≥ 4.5:1 contrast with a dashed frame;
 *   原产国 typed 中国 offers 142 中国 first; 总价 = 数量 × 单价 as typed.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';
import { contrast } from './contrast.ts';

let server: StartedServer, page: Page, problems: PageProblems;
// a loaded machine (CI beside other suites) may take more than the default minute to start the server
useConsole({ loginAsDemoAdmin: true, timeoutMs: 110_000 }, (s) => ({ server, page, problems } = s));

const sizes = [{ width: 1440, height: 900 }, { width: 1280, height: 720 }] as const;
const lists = [
  { name: '进口清单', path: '/bill/import/detailedList' },
  { name: '出口清单', path: '/bill/export/detailedList' },
  { name: '出口订单', path: '/bill/export/order' },
] as const;

async function openList(path: string) {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('tab', { name: /^全部/ }).waitFor();
  await page.locator('tbody tr[data-row]').first().waitFor();
}

/** The header cell whose own text is `text`. */
const headerCell = (text: string): Locator => page.locator('thead th').filter({ hasText: new RegExp(`^${text}`) }).first();

async function inWindow(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right edge within ${size.width}`).toBeLessThanOrEqual(size.width + 0.5);
}


describe('lists a declarant reads without scrolling sideways', { timeout: 180_000 }, () => {
  for (const size of sizes) {
    for (const list of lists) {
      it(`${list.name} at ${size.width} × ${size.height}: 状态 and 回执 in view, also scrolled to the far right`, async () => {
        await page.setViewportSize(size);
        await openList(list.path);
        await inWindow(headerCell('状态'), '状态');
        await inWindow(headerCell('回执$'), '回执');
        const firstRow = page.locator('tbody tr[data-row]').first();
        await inWindow(firstRow.getByRole('button', { name: /的回执$/ }), 'a row\'s 回执');
        // the page itself never scrolls sideways
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        // scrolled to the far right, the pinned columns stay
        await page.locator('.mantine-datatable .mantine-ScrollArea-viewport, .mantine-datatable [data-radix-scroll-area-viewport], .mantine-datatable-scroll-area [style*="overflow"]').first()
          .evaluate((el) => { el.scrollLeft = el.scrollWidth; });
        await page.waitForTimeout(200);
        await inWindow(headerCell('状态'), '状态 after scrolling');
        await inWindow(firstRow.locator('td[data-pinned="left"]').last(), 'the row\'s 状态 after scrolling');
        await screenshot(page, `lists-${list.path.replaceAll('/', '-')}-${size.width}`);
      });
    }
  }

  it('出口订单: 回执信息 comes right after the pinned columns; amounts read 1,234.50', async () => {
    await page.setViewportSize(sizes[0]);
    await openList('/bill/export/order');
    const headers = (await page.locator('thead th').allTextContents()).map((t) => t.trim());
    expect(headers.indexOf('回执信息')).toBe(headers.indexOf('状态') + 1);
    await inWindow(headerCell('回执信息'), '回执信息');
    const at = headers.indexOf('商品金额');
    const amounts = (await page.locator('tbody tr[data-row]').evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent ?? ''), at)).filter((t) => t !== '');
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) expect(a).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  it('出口清单: the state tabs stay on one line with 更多, the actions on one line with 更多操作', async () => {
    for (const size of sizes) {
      await page.setViewportSize(size);
      await openList('/bill/export/detailedList');
      // the state tabs (not the page tabs above them)
      const strip = page.getByRole('tablist').filter({ has: page.getByRole('tab', { name: /^全部/ }) });
      await inWindow(strip, 'the state tabs');
      // the states (全部 and every one of the dictionary) overflow the line: the rest are under 更多, nothing scrolls
      expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const heights = await strip.getByRole('tab').evaluateAll((tabs) => new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))).size);
      expect(heights).toBe(1);
      const shownStates = await strip.getByRole('tab').count();
      await page.getByRole('button', { name: '更多', exact: true }).click();
      expect(shownStates + (await page.getByRole('menuitem').count())).toBeGreaterThanOrEqual(12);
      await page.keyboard.press('Escape');
      const more = page.getByRole('button', { name: '更多操作' });
      await inWindow(more, '更多操作');
      // the buttons never run under the controls on the right (the create window)
      const [a, b] = [await more.boundingBox(), await page.getByRole('button', { name: '高级搜索' }).boundingBox()];
      const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
      expect(overlap).toBe(false);
      const window = page.getByText('创建时间', { exact: true }).first();
      const w = await window.boundingBox();
      if (w) expect(a!.x + a!.width <= w.x || a!.y >= w.y + w.height || a!.y + a!.height <= w.y).toBe(true);
      await more.click();
      await page.getByRole('menuitem').first().waitFor();
      const items = await page.getByRole('menuitem').allTextContents();
      expect(items.length).toBeGreaterThan(0);
      expect(items).toContain('申请撤单'); // the 7th granted action: past the buttons that fit
      await page.keyboard.press('Escape');
      await screenshot(page, `lists-export-inventory-tabs-${size.width}`);
    }
  });

  it('列设置: a hidden column stays hidden after a reload; 恢复默认 shows it again', async () => {
    await page.setViewportSize(sizes[0]);
    await openList('/bill/export/order');
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByRole('checkbox', { name: '电商平台名称' }).uncheck();
    await expect.poll(() => headerCell('电商平台名称').count()).toBe(0);
    await page.keyboard.press('Escape');
    await openList('/bill/export/order');
    expect(await headerCell('电商平台名称').count()).toBe(0);
    await page.getByRole('button', { name: '列设置' }).click();
    await page.getByRole('button', { name: '恢复默认' }).click();
    await expect.poll(() => headerCell('电商平台名称').count()).toBe(1);
    await page.keyboard.press('Escape');
  });
});

describe('a draft detail that helps', { timeout: 180_000 }, () => {
  it('offers 申报 in view mode and keeps read-only values readable', async () => {
    for (const size of sizes) {
      await page.setViewportSize(size);
      await openList('/bill/export/order');
      await page.getByRole('tab', { name: /^暂存/ }).click();
      await page.locator('tbody tr[data-row] a').first().click();
      await page.waitForURL(/\/details\/export\/order\?id=/);
      const toolbar = page.getByRole('toolbar', { name: '单据操作' });
      await inWindow(toolbar.getByRole('button', { name: '申报', exact: true }), '申报');
      expect(await toolbar.getByRole('button', { name: '编辑', exact: true }).count()).toBe(1);
      const input = page.getByRole('region', { name: '表头信息' }).getByPlaceholder('请填写订单编号');
      expect(await input.isDisabled()).toBe(true);
      const look = await input.evaluate((el) => {
        const s = getComputedStyle(el);
        return { color: s.color, background: s.backgroundColor, opacity: s.opacity, border: s.borderTopStyle };
      });
      expect(Number(look.opacity)).toBe(1);
      expect(look.border).toBe('dashed');
      expect(contrast(look.color, look.background)).toBeGreaterThanOrEqual(4.5);
      await screenshot(page, `detail-view-${size.width}`);
    }
  });

  it('a new order: 原产国 typed 中国 offers 中国 first; 总价 follows 数量 × 单价', async () => {
    await page.setViewportSize(sizes[0]);
    await page.goto(`${server.url}/details/export/order`);
    const body = page.getByRole('region', { name: '表体信息' });
    await body.getByRole('button', { name: '新增', exact: true }).click();
    await body.getByPlaceholder('请填写数量').fill('3');
    await body.getByPlaceholder('请填写单价').fill('19.9');
    // the product as the view reads money (the field is not being typed in)
    await expect.poll(() => body.getByPlaceholder('请填写总价').inputValue()).toBe('59.70');
    const country = body.getByPlaceholder('请选择原产国');
    await country.click();
    await country.fill('中国');
    await expect.poll(async () => (await page.getByRole('option').first().textContent())?.trim()).toBe('142 中国');
    await screenshot(page, 'detail-country-ranked');
    await page.keyboard.press('Escape');
    problems.assertNone();
  });
});
