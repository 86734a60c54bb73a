/**
 * Issue 29 in the browser. (1) Two tabs of one login refreshing at the same moment keep the login:
 * two pages of one browser context, their access token expired, reload at once and both refresh.
 * The pages run without Web Locks, as on a plain-http intranet address (navigator.locks exists only
 * in secure contexts): the tabs cannot take turns, so the server's grace is what keeps the login.
 * (2) The session's end reaches the screen: a logout elsewhere sends the open console to /login at
 * once, saying why, without a click.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sessionEndText } from '../../domain/texts/auth.ts';
import { loginAsDemoAdmin, screenshot, watchPage, type PageProblems, type StartedServer } from './harness.ts';
import { useConsole, type ConsoleSession } from './session.ts';

/** Access tokens live this long (s): long enough to log in, short enough to wait out. */
const ACCESS_TTL = 12;

let server: StartedServer, page: Page, problems: PageProblems, session: ConsoleSession;

useConsole({ timeoutMs: 110_000, env: { ACCESS_TOKEN_TTL: String(ACCESS_TTL) } }, (s) => ({ server, page, problems } = (session = s)));

const stored = (p: Page) => p.evaluate(() => ({ token: localStorage.getItem('cbec.token'), refreshToken: localStorage.getItem('cbec.refreshToken') }));

/** Whether the server takes this access token now (asked outside the console's client). */
const accepted = (p: Page, token: string) => p.evaluate(async (t) => {
  const r = await fetch('/api/jwt_core/validate', { method: 'POST', headers: { 'content-type': 'application/json', 'X-Authorization': `Bearer ${t}` }, body: '{"data":{}}' });
  return ((await r.json()) as { code: number }).code === 0;
}, token);

describe('one login, many tabs', () => {
  it('two tabs whose token expired refresh at the same moment: both stay logged in', async () => {
    // as on an http:// intranet address: no Web Locks, the tabs cannot take turns
    await session.context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, get: () => undefined });
    });
    await loginAsDemoAdmin(page, server.url);
    const second = await session.context.newPage();
    const secondProblems = watchPage(second);
    await second.goto(`${server.url}/home`);
    await second.waitForURL('**/home');
    const before = await stored(page);

    await page.waitForTimeout((ACCESS_TTL + 2) * 1000);
    await Promise.all([page.reload(), second.reload()]);
    // both have refreshed (the stored login moved on) and neither was sent to /login
    await expect.poll(async () => (await stored(page)).refreshToken, { timeout: 20_000, interval: 250 }).not.toBe(before.refreshToken);
    await page.waitForTimeout(2000);
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(new URL(second.url()).pathname).toBe('/home');
    const after = await stored(page);
    expect(after.token).toBeTruthy();
    expect(await accepted(page, after.token!)).toBe(true);
    // and the login goes on refreshing afterwards
    await page.waitForTimeout((ACCESS_TTL + 2) * 1000);
    await page.reload();
    await expect.poll(async () => (await stored(page)).refreshToken, { timeout: 20_000, interval: 250 }).not.toBe(after.refreshToken);
    expect(new URL(page.url()).pathname).toBe('/home');
    await screenshot(second, 'two-tabs-second');
    secondProblems.assertNone();
    await second.close();
  }, 110_000);

  it('a logout elsewhere sends the open console to /login at once, saying so', async () => {
    expect(new URL(page.url()).pathname).toBe('/home');
    const other = await session.context.newPage();
    await other.goto(`${server.url}/home`);
    // the other tab ends the login (as 退出系统 does), outside this page
    await other.evaluate(async () => {
      await fetch('/api/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { refreshToken: localStorage.getItem('cbec.refreshToken') } }) });
    });
    await page.waitForURL('**/login', { timeout: 10_000 });
    await page.getByText(sessionEndText.loggedOut).first().waitFor({ timeout: 5_000 });
    await screenshot(page, 'two-tabs-ended');
    await other.close();
    problems.assertNone();
  }, 60_000);
});
