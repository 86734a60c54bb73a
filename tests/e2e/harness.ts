/**
 * End-to-end harness: the REAL product (the built console in dist/ served by the server bundle, a
 * child process on a fresh embedded database) driven by Debian's chromium through playwright-core.
 *
 *   const server = await startServer();          // { url, stop() }
 *   const context = await launchBrowser();       // persistent context, zh-CN, 1280×800
 *   const page = context.pages()[0] ?? await context.newPage();
 *   const problems = watchPage(page);            // console errors, page errors, CSP violations, 5xx
 *   …
 *   problems.assertNone();
 *   await screenshot(page, 'login');             // → test-results/screenshots/login.png (a CI artefact)
 *   await context.close(); await server.stop();
 *
 * A test file gets all of that (and a login) as its beforeAll/afterAll from session.ts useConsole;
 * forms.ts fills the console's forms.
 *
 * `npm test` builds before it runs the e2e project; run `npm run build` first when running
 * `npx vitest run --project e2e` alone.
 *
 * The database is a fresh embedded PGlite per server, or, when E2E_DATABASE_URL names a PostgreSQL
 * server (any database on it; .ci/run passes scripts/pg-test.sh's), a fresh database created there
 * for the server (CREATE DATABASE cbec_e2e_<pid>_<n>) and dropped by stop():
 *
 *   E2E_DATABASE_URL=$(scripts/pg-test.sh start) npx vitest run --project e2e tests/e2e/bill-slice.test.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { buildServerIfStale, serverBundle } from '../../scripts/build-server.ts';
import { isStale, WEB_SOURCES } from '../../scripts/build-state.ts';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const resultsDir = join(repoRoot, 'test-results');
/** Every e2e screenshot, in one folder of its own: .ci/run names it and counts its PNGs at its end (CI keeps test-results/). */
export const screenshotsDir = join(resultsDir, 'screenshots');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface StartedServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** what the server stores in: its own embedded PGlite, or a fresh PostgreSQL database */
  database: 'embedded' | 'postgres';
  /** The server's stdout and stderr so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
const tempDirs = new Set<string>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort when a test forgets stop() or the worker dies: never leave a server behind.
  process.once('exit', () => {
    for (const child of live) child.kill('SIGKILL');
    for (const dir of tempDirs) removeDir(dir);
  });
}

function removeDir(dir: string): boolean {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
    return true;
  } catch {
    return false;
  }
}

/** A port the OS says is free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

export interface StartOptions {
  /** Extra environment for the server (e.g. { LOG_LEVEL: 'info' }). */
  env?: Record<string, string>;
  /** How long to wait for the first answer (ms). Fresh PGlite + migrations + seed take a few seconds. */
  timeoutMs?: number;
  /** default: 'postgres' when E2E_DATABASE_URL is set, else 'embedded' */
  database?: 'embedded' | 'postgres';
  /**
   * Run with the server's environment before it starts, as a deployment's first steps are (a
   * production server seeds no account: `npm run create-operator` makes the first operator).
   */
  prepare?: (env: NodeJS.ProcessEnv) => Promise<void>;
}

/** The PostgreSQL server of the e2e run (E2E_DATABASE_URL), or none. */
export const e2eDatabaseUrl = (): string | undefined => process.env.E2E_DATABASE_URL || undefined;

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const E2E_DB_PREFIX = 'cbec_e2e_';
let databases = 0;

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A fresh, empty database for one server (the server migrates and seeds it at start). Databases
 * left by runs that died before stop() (their pid gone) are dropped first; a live run's are not.
 */
export async function createE2eDatabase(url: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${E2E_DB_PREFIX}${process.pid}_${(databases += 1)}`;
  await onServer(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${E2E_DB_PREFIX}%`]);
    for (const { datname } of rows) {
      const pid = Number(/^cbec_e2e_(\d+)_/.exec(datname)?.[1]);
      if (datname === name || (Number.isInteger(pid) && pid !== process.pid && !alive(pid))) await client.query(`drop database if exists "${datname}" with (force)`);
    }
    await client.query(`create database "${name}"`);
  });
  return { url: withDatabase(url, name), name, drop: () => onServer(url, async (client) => { await client.query(`drop database if exists "${name}" with (force)`); }) };
}

/** The databases of this kind on the server (for checking that stop() dropped its own). */
export async function e2eDatabases(url: string): Promise<string[]> {
  return onServer(url, async (client) => (await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${E2E_DB_PREFIX}%`])).rows.map((r) => r.datname));
}

/**
 * Starts the server bundle `node build/server/server.mjs` (what `npm start` runs; rebuilt first when
 * a source is newer) from the repository root with PORT (a free port),
 * HOST=127.0.0.1, DATA_DIR=a fresh temp dir, CAPTCHA=off, NODE_ENV=test, and waits until it answers.
 * DATABASE_URL and WEB_DIR are not inherited: every run starts from an empty database (embedded, or
 * a fresh PostgreSQL one, see above) with the demo data and serves dist/ (options.env may set them).
 */
export async function startServer(options: StartOptions = {}): Promise<StartedServer> {
  const webDir = resolve(repoRoot, options.env?.WEB_DIR ?? 'dist');
  if (!existsSync(join(webDir, 'index.html'))) {
    throw new Error(`${join(webDir, 'index.html')} is missing: run \`npm run build\` before the e2e tests (npm test does)`);
  }
  // a console built before the last change of its sources would test yesterday's screens
  if (!options.env?.WEB_DIR && isStale(repoRoot, WEB_SOURCES, join(webDir, 'index.html'))) {
    throw new Error(`${webDir} is older than the console's sources (${WEB_SOURCES.join(', ')}): run \`npm run build\` before the e2e tests (npm test does)`);
  }
  await buildServerIfStale();
  installExitHook();
  const database = options.database ?? (e2eDatabaseUrl() ? 'postgres' : 'embedded');
  const pgServer = e2eDatabaseUrl();
  if (database === 'postgres' && !pgServer) throw new Error('a PostgreSQL e2e server needs E2E_DATABASE_URL');
  const fresh = database === 'postgres' ? await createE2eDatabase(pgServer!) : null;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cbec-e2e-data-'));
  tempDirs.add(dataDir);
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.WEB_DIR;
  delete inherited.E2E_DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    RATE_LIMIT: 'off',
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...options.env,
  };
  await options.prepare?.(env);

  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    // E2E_SERVER_LOG_FILE keeps all of it (with E2E_LOG_LEVEL=info, every request) for a failure's story
    if (process.env.E2E_SERVER_LOG_FILE) appendFileSync(process.env.E2E_SERVER_LOG_FILE, chunk);
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code, signal) => {
    live.delete(child);
    resolveExit(code ?? (signal ? -1 : null));
  }));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    if (removeDir(dataDir)) tempDirs.delete(dataDir);
    // once: a second stop() finds nothing to drop
    if (fresh && !dropped) {
      dropped = true;
      await fresh.drop();
    }
  };
  let dropped = false;

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let early: number | null | undefined;
  void exited.then((code) => { early = code; });
  for (;;) {
    if (early !== undefined) {
      await stop();
      throw new Error(`server exited with ${early} before answering:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/docs`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer on ${url} within ${options.timeoutMs ?? 60_000} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, database, output: () => output, stop };
}

/** The one browser setup of TOOLCHAIN.md §5: Debian chromium, headless, zh-CN, 1280×800. */
export async function launchBrowser(): Promise<BrowserContext> {
  installExitHook();
  const profile = mkdtempSync(join(tmpdir(), 'cbec-e2e-profile-'));
  tempDirs.add(profile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    // as a user who asks for less motion: the console then animates nothing (theme.respectReducedMotion),
    // so no click lands on a menu that is still unfolding
    reducedMotion: 'reduce',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Every page of the context reports CSP violations with their directive (see watchPage).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  // The 'close' event comes while chromium is still writing its profile; remove it once close()
  // has waited for the browser to exit (anything left over goes at process exit).
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    await close(...args);
    if (removeDir(profile)) tempDirs.delete(profile);
  };
  return context;
}

export interface PageProblems {
  /** Console errors, uncaught page errors, CSP violations and 5xx responses, in order. */
  readonly list: string[];
  /** Throws listing every problem (minus those matching `ignore`) if there is any. */
  assertNone(ignore?: RegExp[]): void;
}

/**
 * Collects what must not happen on a healthy page. CSP violations are caught twice on purpose:
 * Chromium logs them as console errors, and the `securitypolicyviolation` listener launchBrowser()
 * installs before any script runs reports the directive and the blocked URI as a console error.
 */
export function watchPage(page: Page): PageProblems {
  const list: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location();
    list.push(`console.error: ${msg.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
  });
  page.on('pageerror', (err) => list.push(`pageerror: ${err.stack ?? err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) list.push(`HTTP ${res.status()} ${res.request().method()} ${res.url()}`);
  });
  return {
    list,
    assertNone(ignore = []) {
      const left = list.filter((p) => !ignore.some((re) => re.test(p)));
      if (left.length > 0) throw new Error(`${left.length} browser problem(s):\n  ${left.join('\n  ')}`);
    },
  };
}

/**
 * Saves a PNG to test-results/screenshots/<name>.png and returns its path: the full page, or with
 * `{ fullPage: false }` the window alone — what a modal dialog shows (a full-page shot draws the
 * page's fixed parts and the dialog's overlay where the window was, over a page that goes on below).
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(screenshotsDir, { recursive: true });
  const file = join(screenshotsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Logs an account in through the login page, as a person types it (CAPTCHA=off takes any code); waits for 首页. */
export async function logIn(page: Page, serverUrl: string, account: string, password: string): Promise<void> {
  await page.goto(`${serverUrl}/login`);
  await page.getByLabel('企业账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('验证码').fill('abcd');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/home');
}

/** Logs the demo admin in (its seeded main account). */
export async function loginAsDemoAdmin(page: Page, serverUrl: string): Promise<void> {
  await logIn(page, serverUrl, 'admin', 'Cbec@2026demo');
}
