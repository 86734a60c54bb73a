/**
 * The 海关规则 page on the real product: reached from the 综合查询 menu, it lists customs' rule table
 * (domain/customs/rules) with codes, texts and sources; a refusal's code (?code=R101) opens it on
 * that rule. No console errors, no CSP violations, no 5xx.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customsRules } from '../../domain/customs/rules/table.ts';
import { customsRuleText } from '../../domain/texts/customs-rules.ts';
import { screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;
useConsole({ loginAsDemoAdmin: true }, (s) => ({ server, page, problems } = s));

const menu = () => page.getByRole('navigation', { name: '菜单' });
const rows = () => page.locator('tr[data-rule]');

describe('海关规则', () => {
  it('opens from 综合查询 and lists every rule with its text and source', async () => {
    const entry = menu().getByText('海关规则', { exact: true });
    if (!(await entry.isVisible())) await menu().getByText('综合查询', { exact: true }).click();
    await entry.click();
    await page.waitForURL((url) => url.pathname === '/customs-rules');
    await page.getByText(customsRuleText.page.intro).waitFor();
    expect(await rows().count()).toBe(customsRules.length);
    const r101 = page.locator('tr[data-rule="R101"]');
    expect(await r101.textContent()).toContain('表体商品总价 = 数量 × 单价（精确到分）');
    expect(await r101.textContent()).toContain('CEB311 进口订单');
    expect(await r101.textContent()).toContain(customsRuleText.publications.spec);
    expect(await page.locator('tr[data-rule="R601"]').textContent()).toContain('海关总署公告2018年第194号');
    await screenshot(page, 'customs-rules');
  });

  it('opens on the rule a refusal names, and searches', async () => {
    await page.goto(`${server.url}/customs-rules?code=R104`);
    await page.locator('tr[data-rule="R104"]').waitFor();
    expect(await rows().count()).toBe(1);
    await page.getByLabel(customsRuleText.page.search).fill('invtNo');
    await page.locator('tr[data-rule="R401"]').waitFor();
    expect(await rows().evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-rule')))).toEqual(['R401', 'R402', 'R603']);
    problems.assertNone();
  });
});
