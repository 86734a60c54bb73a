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
import { afterAll, afterEach, beforeAll } from 'vitest';
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
    // a server given longer than the project's hook timeout to start (a loaded machine) gets it, and a minute for the rest
  }, options.timeoutMs === undefined ? undefined : options.timeoutMs + 60_000);
  explainFailures(() => (session ? { server: session.server, pages: { page: session } } : undefined));
  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });
}

export interface Watched { page: Page; problems: PageProblems }

/**
 * A failure that happens once in many runs (a row not seen, a toast missed) is read from what the
 * pages showed: after a failed test, each page's path, toasts, dialogs, the start of its page text
 * and its browser problems, and the server's last output, are added to the test's failure, so the
 * report (and CI's failure digest, of which only a few thousand characters may be kept) carries
 * them; screenshots go to test-results/screenshots/failed-*.png.
 */
export function explainFailures(what: () => { server: StartedServer; pages: Record<string, Watched | undefined> } | undefined): void {
  afterEach(async ({ task }) => {
    const seen = task.result?.state === 'fail' ? what() : undefined;
    if (!seen) return;
    const pages = await Promise.all(Object.entries(seen.pages).map(([name, watched]) => (watched ? whatThePageShowed(name, watched, task.name) : `${name}: not opened`)));
    const output = seen.server.output();
    // a database stall (server/db/pglite-dialect.ts) explains everything after it: it comes first
    const stall = output.indexOf('PGlite: a query has waited');
    throw new Error((stall >= 0
      ? [`the server's database stalled:\n${output.slice(stall, stall + 1800)}`, 'what the pages showed:', ...pages]
      : ['what the pages showed:', ...pages, `server output, last 1,200 characters:\n${output.slice(-1200)}`]).join('\n'));
  });
}

const texts = (page: Page, selector: string) => page.locator(selector).allInnerTexts().catch((e: unknown) => [`(unreadable: ${String(e)})`]);
const oneLine = (text: string, max: number) => { const flat = text.replace(/\s+/g, ' ').trim(); return flat.length > max ? `${flat.slice(0, max)}…` : flat; };

/** One page's path, toasts, dialogs, page text (the open tab's, else the body's) and browser problems, in a few lines. */
async function whatThePageShowed(name: string, { page, problems }: Watched, test: string): Promise<string> {
  await screenshot(page, `failed-${test}-${name}`).catch(() => undefined);
  const [toasts, dialogs, tab] = await Promise.all([texts(page, '.mantine-Notification-root'), texts(page, '[role=dialog]'), texts(page, 'main [data-page]:visible')]);
  const text = tab.length ? tab : await texts(page, 'body');
  const url = new URL(page.url(), 'http://x');
  return [
    `${name} ${url.pathname}${url.search}`,
    ...(toasts.length ? [`  toasts: ${toasts.map((t) => oneLine(t, 150)).join(' | ')}`] : []),
    ...(dialogs.length ? [`  dialogs: ${dialogs.map((t) => oneLine(t, 300)).join(' | ')}`] : []),
    `  page: ${oneLine(text.join(' '), 350) || '(empty)'}`,
    ...(problems.list.length ? [`  browser problems: ${problems.list.join(' | ')}`] : []),
  ].join('\n');
}
