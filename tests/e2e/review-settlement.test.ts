/**
 * The operator's 结汇审核 and 补贴审核 in the browser (issue 20), on the demo data (settlements in
 * every state, a reward application waiting): the operator logs in, 受理 a settlement 申报中, refuses
 * one 审核中 (the reason is asked first), reads a detail with its inventories, and starts verifying
 * a reward application. Real server, real database, real chromium; no console errors.
 */
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toast as toastOn } from './forms.ts';
import { screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;
useConsole({}, (s) => ({ server, page, problems } = s));

const toast = (text: string) => toastOn(page, text);
const dialog = () => page.getByRole('dialog').last();

/** The toast is what the eye sees at its centre: not beneath a drawer or a dialog (issue 31 item 13). */
async function toastSeen(text: string): Promise<void> {
  const root = page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
  await root.waitFor();
  for (let i = 0; ; i++) {
    const onTop = await root.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top !== null && el.contains(top);
    });
    if (onTop) return;
    if (i >= 20) throw new Error(`toast ${text} is covered`);
    await page.waitForTimeout(100);
  }
}

/** The first cell of a row is inside its table's visible part and not covered, however the table is scrolled. */
async function firstCellSeen(table: import('playwright-core').Locator): Promise<boolean> {
  return table.evaluate((t) => {
    const box = t.closest('.mantine-ScrollArea-viewport')!;
    const cell = t.querySelector('tbody tr td')!;
    const c = cell.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (c.left < b.left - 1 || c.right > b.right + 1) return false;
    const top = document.elementFromPoint(c.left + Math.min(c.width, 40) / 2, c.top + c.height / 2);
    return top !== null && cell.contains(top);
  });
}

describe('the operator reviews settlements and rewards', () => {
  it('logs in as the operator and decides in 结汇审核 and 补贴审核', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('企业账号').fill('operator');
    await page.getByLabel('密码', { exact: true }).fill('Cbec@2026operator');
    await page.getByLabel('验证码').fill('abcd');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/review/filing');

    await page.goto(`${server.url}/review/settlement`);
    const list = page.getByRole('table', { name: '结汇审核' });
    const declared = list.getByRole('row').filter({ hasText: '申报中' }).first();
    await declared.waitFor();
    await declared.getByRole('button', { name: '受理', exact: true }).click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await toast('已受理');

    const audited = list.getByRole('row').filter({ hasText: '审核中' }).first();
    await audited.getByRole('button', { name: '审核不通过' }).click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await dialog().getByText('请填写原因').waitFor();
    await dialog().getByRole('textbox').fill('贸易背景资料不全');
    await dialog().getByRole('button', { name: '确定' }).click();
    await toastSeen('已审核不通过');

    // 申报编号 stays in sight however far the table is scrolled to reach 操作 (issue 31 item 13)
    const scroller = list.locator('xpath=ancestor::*[contains(@class,"mantine-ScrollArea-viewport")][1]');
    const scrolled = await scroller.evaluate((el) => { el.scrollLeft = el.scrollWidth; return el.scrollLeft; });
    if (scrolled === 0) throw new Error('the queue did not scroll sideways: the check below would prove nothing');
    await page.waitForTimeout(100);
    if (!(await firstCellSeen(list))) throw new Error('申报编号 is scrolled out of sight');
    await screenshot(page, 'review-settlement-scrolled');

    // a decision taken in the detail drawer is confirmed where the eye is, above the drawer
    const another = list.getByRole('row').filter({ hasText: '审核中' }).first();
    await another.getByRole('button', { name: '查看' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '结汇单信息' });
    await drawer.getByRole('button', { name: '审核通过' }).click();
    await dialog().getByRole('textbox').fill('单证相符');
    await dialog().getByRole('button', { name: '确定' }).click();
    await toastSeen('已审核通过');
    await screenshot(page, 'review-settlement-drawer-decided');
    await page.keyboard.press('Escape');

    await list.getByRole('row').nth(1).getByRole('button', { name: '查看' }).click();
    await page.getByRole('table', { name: '清单信息' }).getByRole('row').nth(1).waitFor();
    await screenshot(page, 'review-settlement-detail');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/review/subsidy`);
    const rewards = page.getByRole('table', { name: '补贴审核' });
    const waiting = rewards.getByRole('row').filter({ hasText: '待核验' }).first();
    await waiting.waitFor();
    await waiting.getByRole('button', { name: '开始核验' }).click();
    await dialog().getByRole('button', { name: '确定' }).click();
    await toast('已开始核验');
    problems.assertNone();
  }, 120_000);
});
