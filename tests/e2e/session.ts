/**
 * The set-up and tear-down an e2e file shares with the others, registered as its beforeAll and
 * afterAll: the real server (harness.ts startServer, a fresh database), one chromium, one page
 * watched for problems from its start, and, when asked, the demo admin logged in on that page.
 * Browser first, then server, are closed after all of the file's tests.
 *
 * The file keeps its own variables, so its tests read `page` and `server` as they always did;
 * `ready` hands the session over once it exists (before the login, so a failed login still leaves
 * the page to the file):
 *
 *   let server: StartedServer, page: Page, problems: PageProblems;
 *   useConsole({ env: { SIMULATOR_DELAY_MS: '200' }, loginAsDemoAdmin: true }, (s) => ({ server, page, problems } = s));
 */
import { afterAll, beforeAll, beforeEach, onTestFailed } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, loginAsDemoAdmin, screenshot, startServer, watchPage, type PageProblems, type StartedServer, type StartOptions } from './harness.ts';

export interface ConsoleSession {
  server: StartedServer;
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

export interface ConsoleOptions extends StartOptions {
  /** Log the demo admin in on the page before the first test. */
  loginAsDemoAdmin?: boolean;
}

export function useConsole(options: ConsoleOptions, ready: (session: ConsoleSession) => void): void {
  let server: StartedServer | undefined;
  let context: BrowserContext | undefined;
  let session: ConsoleSession | undefined;
  beforeAll(async () => {
    const { loginAsDemoAdmin: login, ...start } = options;
    // server and browser start side by side: a fresh database's migrations and seed are the slow part
    [server, context] = await Promise.all([startServer(start), launchBrowser()]);
    const page = await context.newPage();
    session = { server, context, page, problems: watchPage(page) };
    ready(session);
    if (login) await loginAsDemoAdmin(page, server.url);
  });
  // A failure that happens once in many runs (a toast not seen) is read from what the page showed.
  beforeEach(() => onTestFailed(async ({ task }) => { if (session) console.error(await whatThePageShowed(session, task.name)); }));
  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });
}

/** The page's address, toasts, browser problems and screenshot, and the server's last output, for a failed test. */
async function whatThePageShowed({ server, page, problems }: ConsoleSession, test: string): Promise<string> {
  const shot = await screenshot(page, `failed-${test}`).catch((e: unknown) => `(no screenshot: ${String(e)})`);
  const toasts = await page.locator('.mantine-Notification-root').allInnerTexts().catch(() => []);
  return [
    `[e2e] "${test}" failed at ${page.url()}`,
    `  toasts: ${toasts.length ? toasts.join(' | ') : 'none'}`,
    `  browser problems: ${problems.list.length ? problems.list.join(' | ') : 'none'}`,
    `  screenshot: ${shot}`,
    `  server output, last 2,000 characters:\n${server.output().slice(-2000)}`,
  ].join('\n');
}
