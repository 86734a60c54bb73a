/**
 * Issue 31 item 7 "Lists at 1440": the bill lists fit a 1440 × 900 and a 1280 × 800 window, measured
 * with getBoundingClientRect (screenshots kept as artefacts):
 * - no column is left half under the pinned 回执 column: 商品金额 of 出口订单 is wholly before it, or
 *   wholly past it (scrolled into view, it comes clear); the same for every header of three lists;
 * - 进口清单's toolbar is one line: its buttons share one top, what does not fit is under 更多操作;
 * - the state tabs are one line with no ‹ › arrows: the tabs that do not fit are items of 更多 with
 *   their counts (two-digit ones: ten 出口订单 drafts are saved through the API first), and choosing
 *   one selects it, shown as the active tab.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;
useConsole({ loginAsDemoAdmin: true, timeoutMs: 110_000 }, (s) => ({ server, page, problems } = s));

const sizes = [{ width: 1440, height: 900 }, { width: 1280, height: 800 }] as const;
const lists = [
  { name: '进口清单', path: '/bill/import/detailedList' },
  { name: '出口订单', path: '/bill/export/order' },
  { name: '出口清单', path: '/bill/export/detailedList' },
] as const;
/** 进口清单's list actions the demo admin is granted, in the definition's order */
const importInventoryActions = ['批量申报', '重新发送回执', '导出', '新增', '删除', '批量改为退单', '申请撤单', '申请退货'];

async function openList(path: string) {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('tab', { name: /^全部/ }).waitFor();
  await page.locator('tbody tr[data-row]').first().waitFor();
  // the counts are in (the loader beside the tabs is gone): the tabs have their final widths
  await page.getByLabel('正在统计数量').waitFor({ state: 'detached' });
}

const box = async (locator: Locator) => {
  const b = await locator.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
  return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
};
const stateTabs = () => page.getByRole('tablist').filter({ has: page.getByRole('tab', { name: /^全部/ }) });
const headers = () => page.locator('thead th').evaluateAll((ths) => ths.map((th) => ({ text: th.textContent!.trim(), left: th.getBoundingClientRect().left, right: th.getBoundingClientRect().right })));

describe('bill lists at 1440 and 1280', { timeout: 240_000 }, () => {
  it('ten 出口订单 drafts saved through the API: the 暂存 count has two digits', async () => {
    const token = await page.evaluate(() => localStorage.getItem('cbec.token'));
    const base = { copCode: '3302961A2B', copName: '宁波跨境优选供应链管理有限公司', dxpMode: 'DXP', appType: '1', orderType: 'E', ebpCode: '3302960001', ebpName: '平台', ebcCode: '3302961A2B', ebcName: '宁波跨境优选供应链管理有限公司', goodsValue: 10, freight: 0, currency: '142' };
    for (let i = 0; i < 10; i++) {
      const r = await page.request.post(`${server.url}/api/enterprise/expu/order/saveOrder`, {
        headers: { 'x-authorization': `Bearer ${token}` },
        data: { data: { ...base, orderNo: `FIT${String(i).padStart(4, '0')}`, details: [{ id: `temp${i}`, gnum: 1, itemName: '商品', unit: '011', currency: '142', qty: 1, price: 10, totalPrice: 10 }] } },
      });
      expect((await r.json()).code).toBe(0);
    }
    await openList('/bill/export/order');
    expect(await page.getByRole('tab', { name: /^暂存\s*\d{2}$/ }).count()).toBe(1);
  });

  for (const size of sizes) {
    it(`${size.width} × ${size.height}: 商品金额 is never half under the pinned 回执, nor is any column`, async () => {
      await page.setViewportSize(size);
      for (const list of lists) {
        await openList(list.path);
        const all = await headers();
        const pinned = all.find((h) => h.text === '回执')!;
        expect(pinned, `${list.name}: the pinned 回执`).toBeDefined();
        for (const h of all.filter((x) => x !== pinned)) {
          const clear = h.right <= pinned.left + 0.5 || h.left >= pinned.left - 0.5;
          expect(clear, `${list.name} ${size.width}: ${h.text} (${h.left}–${h.right}) against 回执 at ${pinned.left}`).toBe(true);
        }
      }
      // 出口订单's amounts: before 回执 at rest, or past it and clear once scrolled into view
      await openList('/bill/export/order');
      const at = (await headers()).findIndex((h) => h.text === '商品金额');
      const amount = page.locator('tbody tr[data-row]').first().locator('td').nth(at);
      const receipt = page.locator('tbody tr[data-row]').first().locator('td').last();
      await expect.poll(async () => (await amount.textContent())?.trim()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
      let [a, r] = [await box(amount), await box(receipt)];
      if (a.right > r.left + 0.5) {
        expect(a.left, '商品金额 wholly past 回执 at rest').toBeGreaterThanOrEqual(r.left - 0.5);
        await amount.evaluate((el) => el.scrollIntoView({ inline: 'end', block: 'nearest' }));
        await page.locator('.mantine-datatable .mantine-ScrollArea-viewport').first().evaluate((el) => { el.scrollLeft += 64; });
        await page.waitForTimeout(200);
        [a, r] = [await box(amount), await box(receipt)];
      }
      expect(a.right, '商品金额 clear of 回执').toBeLessThanOrEqual(r.left + 0.5);
      await screenshot(page, `list-fit-export-order-${size.width}`);
    });

    it(`${size.width} × ${size.height}: 进口清单's toolbar is one line; what does not fit is under 更多操作`, async () => {
      await page.setViewportSize(size);
      await openList('/bill/import/detailedList');
      const toolbar = page.locator('main [data-page]:visible').first();
      const shown: string[] = [];
      for (const name of importInventoryActions) if (await toolbar.getByRole('button', { name, exact: true }).count()) shown.push(name);
      const buttons = [...shown.map((name) => toolbar.getByRole('button', { name, exact: true })), toolbar.getByRole('button', { name: '高级搜索' }), toolbar.getByRole('button', { name: '列设置' })];
      const more = toolbar.getByRole('button', { name: '更多操作' });
      if (shown.length < importInventoryActions.length) buttons.push(more);
      const tops = new Set<number>();
      for (const b of buttons) {
        const bb = await box(b);
        tops.add(Math.round(bb.top));
        expect(bb.right, 'within the window').toBeLessThanOrEqual(size.width);
      }
      expect([...tops], `one line: ${shown.join(' ')}`).toHaveLength(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // the rest are items of 更多操作, in order
      let hidden: string[] = [];
      if (shown.length < importInventoryActions.length) {
        await more.click();
        // the menu opens with a transition: its items are read once they are there
        await page.getByRole('menuitem').first().waitFor();
        hidden = (await page.getByRole('menuitem').allTextContents()).map((t) => t.trim());
        await screenshot(page, `list-fit-import-inventory-actions-${size.width}`);
        await page.keyboard.press('Escape');
      }
      expect([...shown, ...hidden]).toEqual(importInventoryActions);
      if (size.width === 1440) expect(shown.length, 'at 1440 most actions are buttons').toBeGreaterThanOrEqual(6);
    });

    it(`${size.width} × ${size.height}: the state tabs are one line with no arrows; hidden ones are under 更多 with their counts`, async () => {
      await page.setViewportSize(size);
      for (const list of [lists[0], lists[1]]) {
        await openList(list.path);
        const strip = stateTabs();
        expect(await page.getByRole('button', { name: /查看状态/ }).count(), 'no ‹ › arrows').toBe(0);
        // nothing of the strip is cut: it does not scroll, all its tabs on one line within the window
        expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
        const tabs = await strip.getByRole('tab').evaluateAll((ts) => ts.map((t) => ({ text: t.textContent!.trim(), top: Math.round(t.getBoundingClientRect().top), right: t.getBoundingClientRect().right })));
        expect(new Set(tabs.map((t) => t.top)).size).toBe(1);
        for (const t of tabs) expect(t.right, t.text).toBeLessThanOrEqual(size.width);
        expect(tabs.some((t) => /\d{2}$/.test(t.text)), 'a two-digit count').toBe(true);
        const more = page.getByRole('button', { name: '更多', exact: true });
        if (list.name === '进口清单') expect(await more.count(), '进口清单 has 23 states: some are under 更多').toBe(1);
        if ((await more.count()) === 0) continue;
        const moreBox = await box(more);
        expect(moreBox.right).toBeLessThanOrEqual(size.width);
        expect(Math.abs(moreBox.top - tabs[0]!.top)).toBeLessThan(12);
        await more.click();
        await page.getByRole('menuitem').first().waitFor();
        const items = (await page.getByRole('menuitem').allTextContents()).map((t) => t.trim());
        expect(items.length).toBeGreaterThan(0);
        // every hidden state with its count, and no state both shown and hidden
        for (const item of items) expect(item).toMatch(/^\D+\d+$/);
        const names = (texts: string[]) => texts.map((t) => t.replace(/\d+$/, ''));
        expect(names(items).filter((n) => names(tabs.map((t) => t.text)).includes(n))).toEqual([]);
        await screenshot(page, `list-fit-states-menu-${list.path.replaceAll('/', '-')}-${size.width}`);
        // choosing the last hidden state selects it: it is now a tab of the line, the active one
        const chosen = items.at(-1)!;
        const name = chosen.replace(/\d+$/, '');
        await page.getByRole('menuitem', { name: chosen }).click();
        const tab = strip.getByRole('tab', { name: new RegExp(`^${name}\\d+$`) });
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
        expect((await box(tab)).right).toBeLessThanOrEqual(size.width);
        expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
        // the list shows that state's bills
        if (Number(/\d+$/.exec(chosen)![0]) > 0) {
          await expect.poll(async () => [...new Set(await page.locator('tbody tr[data-row]').evaluateAll((rows) => rows.map((r) => r.textContent ?? '')))].every((t) => t.includes(name))).toBe(true);
        }
        await screenshot(page, `list-fit-states-chosen-${list.path.replaceAll('/', '-')}-${size.width}`);
      }
      problems.assertNone();
    });
  }
});
