/**
 * The home side end to end, on the real product (built console, real server on a fresh database,
 * Debian chromium): the home page with its greeting, lunar date, calendar, news, notices,
 * documents and common functions; the news pages; a work ticket written with a screenshot and seen
 * in its detail; feedback sent; the upgrade wizard walked to its end by the company still to be
 * promoted (杭州云途, login `other`), going back a step on the way. No console errors, no CSP
 * violations, no 5xx.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { publishedNews } from '../../domain/content/published.ts';
import { upgradeText } from '../../domain/texts/upgrade.ts';
import { labelled } from './forms.ts';
import { logIn, screenshot, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole } from './session.ts';

let server: StartedServer, page: Page, problems: PageProblems;

useConsole({}, (s) => ({ server, page, problems } = s));

const login = (account: string, password: string) => logIn(page, server.url, account, password);
const field = (label: string) => labelled(page, label);
const newest = [...publishedNews].sort((a, b) => a.daysAgo - b.daysAgo).map((n) => n.title);

/** China's wall clock (UTC+8) as a local Date: the home page shows China's day whatever the machine's zone (issue 31 item 10). */
function chinaNow(): Date {
  const c = new Date(Date.now() + 8 * 3600_000);
  return new Date(c.getUTCFullYear(), c.getUTCMonth(), c.getUTCDate(), c.getUTCHours(), c.getUTCMinutes());
}

describe('home page', () => {
  it('greets the user with the company, today’s date, lunar date and weekday', async () => {
    await login('admin', 'Cbec@2026demo');
    const now = chinaNow();
    await page.getByTestId('greeting').getByText(/好，王丽华$/).waitFor();
    await page.getByText('宁波跨境优选供应链管理有限公司', { exact: false }).first().waitFor();
    expect(await page.getByTestId('today').textContent()).toBe(`${now.getFullYear()}年${now.getMonth() + 1}月${now.getDate()}日`);
    expect(await page.getByTestId('lunar-today').textContent()).toMatch(/^农历[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]年.+月.+$/);
    await page.getByText(['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'][now.getDay()]!, { exact: true }).waitFor();
  });

  it('scrolls the notices by whole lines: at rest one line fills the window, none is cut (issue 18 §5)', async () => {
    await page.getByTestId('notice-ticker').waitFor();
    const geometry = () => page.evaluate(() => {
      const box = document.querySelector('[data-testid=notice-ticker]')!.getBoundingClientRect();
      const lines = [...document.querySelectorAll('[data-testid=notice-ticker-line]')].map((l) => { const r = l.getBoundingClientRect(); return [r.top, r.bottom] as [number, number]; });
      return { top: box.top, bottom: box.bottom, lines };
    });
    for (let sample = 0; sample < 3; sample++) {
      // at rest: the same geometry twice 150 ms apart (a step slides for 400 ms)
      let g = await geometry();
      for (let tries = 0; tries < 20; tries++) {
        await page.waitForTimeout(150);
        const again = await geometry();
        if (JSON.stringify(again) === JSON.stringify(g)) break;
        g = again;
      }
      const seen = g.lines.filter(([top, bottom]) => bottom > g.top + 0.5 && top < g.bottom - 0.5);
      expect(seen).toHaveLength(1);
      expect(Math.abs(seen[0]![0] - g.top)).toBeLessThan(1);
      expect(Math.abs(seen[0]![1] - g.bottom)).toBeLessThan(1);
      await page.waitForTimeout(1_500);
    }
  });

  it('shows the month calendar: 42 cells from Monday, today marked, months and years to move through', async () => {
    const now = chinaNow();
    const title = page.getByTestId('calendar-title');
    expect(await title.textContent()).toBe(`${now.getFullYear()}年${now.getMonth() + 1}月`);
    const grid = page.getByRole('grid');
    expect(await grid.getByRole('gridcell').count()).toBe(42);
    expect(await grid.getByRole('columnheader').allTextContents()).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    const today = grid.locator('[aria-current="date"]');
    expect(await today.getAttribute('data-date')).toBe(`${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`);
    const first = new Date(now.getFullYear(), now.getMonth(), 1);
    const lead = (first.getDay() + 6) % 7;
    expect(await grid.getByRole('gridcell').nth(lead).getAttribute('data-date')).toMatch(/-01$/);
    await page.getByRole('button', { name: '下个月' }).click();
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    expect(await title.textContent()).toBe(`${next.getFullYear()}年${next.getMonth() + 1}月`);
    await page.getByRole('button', { name: '上一年' }).click();
    expect(await title.textContent()).toBe(`${next.getFullYear() - 1}年${next.getMonth() + 1}月`);
    expect(await grid.locator('[aria-current="date"]').count()).toBe(0);
    await page.getByRole('button', { name: '今天', exact: true }).click();
    expect(await title.textContent()).toBe(`${now.getFullYear()}年${now.getMonth() + 1}月`);
  });

  it('shows the news carousel (first 3) and list (4–8), notices, documents and common functions', async () => {
    const news = page.getByRole('region', { name: '新闻动态' });
    await news.getByTestId('carousel-title').getByText(newest[0]!).waitFor();
    expect(await news.getByRole('button', { name: /^第\d条$/ }).count()).toBe(3);
    await news.getByRole('button', { name: '第3条' }).click();
    await news.getByTestId('carousel-title').getByText(newest[2]!).waitFor();
    expect(await news.getByRole('listitem').count()).toBe(5);
    await news.getByRole('listitem').first().getByText(newest[3]!).waitFor();
    const cover = news.getByRole('img', { name: newest[2]! });
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: '通知公告' }).getByRole('listitem').count()).toBe(5);
    expect(await page.getByRole('region', { name: '文档下载' }).getByRole('listitem').count()).toBe(5);
    const functions = page.getByRole('region', { name: '常用功能' });
    for (const name of ['出口订单', '出口清单', '企业备案', '修改密码']) await functions.getByRole('button', { name }).waitFor();
    await screenshot(page, 'home-1-page');
    await functions.getByRole('button', { name: '修改密码' }).click();
    await page.getByRole('dialog', { name: '修改密码' }).waitFor();
    await page.getByRole('dialog', { name: '修改密码' }).getByRole('button', { name: '取消' }).click();
    await functions.getByRole('button', { name: '企业备案' }).click();
    await page.waitForURL('**/enterprise');
  });

  it('opens the news list (10 a page, pager with jumper) and a news detail with its breadcrumb', async () => {
    await page.goto(`${server.url}/news`);
    await page.getByRole('listitem').filter({ hasText: newest[0]! }).waitFor();
    expect(await page.getByRole('listitem').count()).toBe(10);
    await page.getByText(`共 ${publishedNews.length} 条`).waitFor();
    const jumper = page.getByRole('textbox', { name: '前往' });
    await jumper.fill('2');
    await jumper.press('Enter');
    await expect.poll(() => page.getByRole('listitem').count()).toBe(publishedNews.length - 10);
    await page.getByRole('listitem').first().click();
    await page.waitForURL(/\/news\/newsDetails\/\d+$/);
    const crumbs = page.getByRole('navigation', { name: '面包屑' });
    await crumbs.getByText('首页').waitFor();
    await crumbs.getByText('新闻动态').waitFor();
    await crumbs.getByText('详情').waitFor();
    await page.getByRole('heading', { name: newest[10]! }).waitFor();
    expect(await page.getByTestId('content-body').textContent()).not.toBe('');
    await screenshot(page, 'home-2-news-detail');
  });
});

describe('work ticket and feedback', () => {
  it('writes a ticket with a screenshot and sees both in its detail', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cbec-e2e-ticket-'));
    const png = join(dir, '回执截图.png');
    writeFileSync(png, Buffer.from('89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001649444154789c63f8cfc0f09f8181818181e13f0303000fe501fe4dd2b8b80000000049454e44ae426082', 'hex'));
    await page.goto(`${server.url}/workorder`);
    await page.getByRole('button', { name: '写工单' }).click();
    await page.waitForURL('**/workorder/edit');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByText('请选择工单类型').waitFor();
    await page.getByText('请填写工单标题').waitFor();
    await page.getByRole('radio', { name: '申报问题' }).check();
    await field('工单标题').fill('出口清单回执迟迟未到');
    await field('工单内容详情').fill('今天上午申报的出口清单一直显示申报中，请协助查看报文是否已送达海关。');
    await page.locator('input[type=file]').setInputFiles(png);
    await page.getByRole('img', { name: '回执截图.png' }).waitFor();
    await field('联系方式').fill('13805740000');
    await screenshot(page, 'home-3-ticket-form');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByText('创建成功').first().waitFor();
    await page.waitForURL('**/workorder');
    const row = page.getByRole('row').filter({ hasText: '出口清单回执迟迟未到' });
    await row.getByText('待处理').waitFor();
    await row.getByRole('link', { name: /^查看/ }).click();
    await page.waitForURL(/\/workorder\/show\/\d+$/);
    await page.getByRole('heading', { name: '出口清单回执迟迟未到' }).waitFor();
    await page.getByTestId('ticket-state').getByText('待处理').waitFor();
    await page.getByText('申报问题', { exact: true }).waitFor();
    const shot = page.getByRole('img', { name: '回执截图.png' });
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await screenshot(page, 'home-4-ticket-detail');
  });

  it('sends feedback after the confirmation: 反馈成功！', async () => {
    await page.goto(`${server.url}/feedback`);
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByText('请填写内容').waitFor();
    await field('反馈内容').fill('首页日历能显示农历和节气，很实用，建议增加法定节假日标记。');
    await field('手机号码').fill('1380574');
    await field('手机号码').blur();
    await page.getByText('请填写正确手机号码').waitFor();
    await field('手机号码').fill('13805740000');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('是否提交反馈信息?').waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('反馈成功！').first().waitFor();
    expect(await field('反馈内容').inputValue()).toBe('');
  });
});

describe('upgrade wizard', () => {
  it('greets the company still to be promoted with the upgrade notice, which the demo company never sees', async () => {
    expect(await page.getByRole('dialog', { name: upgradeText.modalTitle }).count()).toBe(0);
    await page.context().clearCookies();
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await login('other', 'Cbec@2026other');
    const wizard = page.getByRole('dialog', { name: upgradeText.modalTitle });
    await wizard.getByText(upgradeText.noticeTitle).waitFor();
    await wizard.getByText('2022年9月1日', { exact: true }).waitFor();
    await screenshot(page, 'home-5-upgrade-notice');
  });

  it('walks notice → agreement (5-second countdown) → account, back and forth, to the finish', async () => {
    const wizard = page.getByRole('dialog', { name: upgradeText.modalTitle });
    await wizard.getByRole('button', { name: '立即升级' }).click();
    const read = wizard.getByRole('button', { name: /^已阅读/ });
    await wizard.getByText(`《${upgradeText.agreementTitle}》`).waitFor();
    expect(await read.isDisabled()).toBe(true);
    expect(await read.textContent()).toMatch(/^已阅读（[345]s）$/);
    await wizard.getByRole('button', { name: '已阅读', exact: true }).waitFor({ timeout: 8000 });
    expect(await read.isDisabled()).toBe(false);
    await read.click();
    await wizard.getByLabel('资源中心账号').waitFor();
    expect(await wizard.getByLabel('资源中心账号').inputValue()).toBe('91330106MA27WQ8N1Y');
    await wizard.getByRole('button', { name: '上一步' }).click();
    await wizard.getByRole('button', { name: /^已阅读（\ds）$/ }).waitFor();
    await wizard.getByRole('button', { name: '已阅读', exact: true }).click({ timeout: 8000 });
    await wizard.getByLabel(/^初始密码/).fill('abcdefgh');
    await wizard.getByLabel(/^确认密码/).fill('abcdefgh');
    await wizard.getByRole('button', { name: '创建账号' }).click();
    await wizard.getByText(upgradeText.passwordRule).waitFor();
    await wizard.getByLabel(/^初始密码/).fill('Rc2026upgrade');
    await wizard.getByLabel(/^确认密码/).fill('Rc2026upgrade');
    await screenshot(page, 'home-6-upgrade-account');
    await wizard.getByRole('button', { name: '创建账号' }).click();
    await page.getByText(upgradeText.created).first().waitFor();
    const sample = wizard.getByRole('img', { name: upgradeText.sampleAlt });
    await expect.poll(() => sample.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await wizard.getByRole('link', { name: upgradeText.loginLink }).getAttribute('href')).toBe('https://www.singlewindow.cn/');
    await screenshot(page, 'home-7-upgrade-finished');
    await wizard.getByRole('button', { name: '关闭', exact: true }).last().click();
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog', { name: upgradeText.modalTitle }).count()).toBe(0);
    problems.assertNone();
  });
});
