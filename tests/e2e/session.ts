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
import { afterAll, beforeAll } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, loginAsDemoAdmin, startServer, watchPage, type PageProblems, type StartedServer, type StartOptions } from './harness.ts';

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
  beforeAll(async () => {
    const { loginAsDemoAdmin: login, ...start } = options;
    // server and browser start side by side: a fresh database's migrations and seed are the slow part
    [server, context] = await Promise.all([startServer(start), launchBrowser()]);
    const page = await context.newPage();
    const problems = watchPage(page);
    ready({ server, context, page, problems });
    if (login) await loginAsDemoAdmin(page, server.url);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });
}
