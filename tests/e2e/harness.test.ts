/**
 * Smoke test of the e2e harness itself: the real server starts as a child process on a fresh
 * database, serves the built console under its CSP, and chromium renders it without errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { e2eDatabases, e2eDatabaseUrl, launchBrowser, screenshot, startServer, watchPage, type StartedServer } from './harness.ts';

let server: StartedServer;
let context: BrowserContext;

beforeAll(async () => {
  [server, context] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await context?.close();
  await server?.stop();
});

describe('e2e harness', () => {
  it('starts the real server, which answers the API and serves the console with a CSP', async () => {
    const docs = await fetch(`${server.url}/api/docs`);
    expect(docs.status).toBe(200);
    expect((await docs.json()) as { openapi: string }).toMatchObject({ openapi: expect.stringMatching(/^3\./) });

    const index = await fetch(`${server.url}/login`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await index.text()).toContain('<div id="root">');
    // the bare address opens the console too (the static folder itself is never listed)
    const root = await fetch(`${server.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<div id="root">');
  });

  it('renders the login page in chromium, in Chinese, without console errors or CSP violations', async () => {
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('企业账号').waitFor();
    expect(await page.evaluate(() => navigator.language)).toBe('zh-CN');
    await screenshot(page, 'harness-login');
    problems.assertNone();
    await page.close();
  });

  it('stops the server (and drops its PostgreSQL database when it had one)', async () => {
    const { url } = server;
    const pgServer = e2eDatabaseUrl();
    const ours = async () => (pgServer ? (await e2eDatabases(pgServer)).filter((d) => d.startsWith(`cbec_e2e_${process.pid}_`)) : []);
    expect(await ours()).toHaveLength(server.database === 'postgres' ? 1 : 0);
    await server.stop();
    await expect(fetch(`${url}/api/docs`)).rejects.toThrow();
    expect(await ours()).toEqual([]);
  });
});
