import { dirname, join, resolve } from 'node:path';
import { OPERATION_LOG_DEFAULT_DAYS } from '../domain/operation-log.ts';

/** Everything the server reads from its environment, read once at start. Names are fixed by the issues. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under dataDir/pgdata. */
  databaseUrl: string | undefined;
  /** PostgreSQL hot standby that read-only screens read from (server/db/read-router.ts); unset = every read on the primary. */
  databaseReadUrl: string | undefined;
  /** The standby's replay lag beyond which reads go back to the primary. */
  readMaxLagMs: number;
  /** CAPTCHA=off lets automated tests log in without reading the image; refused in production. */
  captchaOff: boolean;
  /** RATE_LIMIT=off lifts the rate limits of anonymous calls, for automated tests; refused in production. */
  rateLimitOff: boolean;
  /** Calls an API key may make a minute (API_KEY_RATE_LIMIT, default 600); more answer HTTP 429. */
  apiKeyRateLimit: number;
  nodeEnv: string;
  /** Where the built console lives (vite's outDir). */
  webDir: string;
  /** Lifetimes in seconds. */
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Largest accepted JSON body, bytes. */
  bodyLimit: number;
  /** A password older than this must be changed at the next login. */
  passwordMaxAgeDays: number;
  logLevel: string;
  /** How declarations reach customs: the embedded simulator, or files exchanged with the Single Window client. */
  customsTransport: 'simulator' | 'folder';
  /** Folder transport: where declaration files are written (the client's send folder). */
  customsOutboxDir: string;
  /** Folder transport: where the client drops receipt files. */
  customsInboxDir: string;
  /** Folder transport: handled receipt files. */
  customsDoneDir: string;
  /** Folder transport: refused receipt files, each with a `.error.txt` saying why. */
  customsErrorDir: string;
  /** Folder transport: inbox listing interval (ms); 0 = no polling. */
  customsInboxPollMs: number;
  /** Folder transport: a receipt file is read once unchanged for this long (ms), never half-written. */
  customsInboxSettleMs: number;
  /** Simulator: wait before each receipt (ms); 3000 by default, 0 under NODE_ENV=test. */
  simulatorDelayMs: number;
  /** Simulator: share (0..1) of otherwise good declarations it refuses with 100 海关退单, for demos. */
  simulatorRejectRate: number;
  /** OPERATION_LOG_DAYS: operation-log rows older than this many days are pruned in the background (365). */
  operationLogDays: number;
  /** pause between the chunks of a bulk job (0; spreads a job out for demos and the crash test) */
  billJobPauseMs: number;
  /** Outbox worker: background poll interval (ms); 0 = no background polling (wake/drain only). */
  customsPollMs: number;
  /** Outbox worker: messages signed and handed to the transport at once (8). */
  customsOutboxConcurrency: number;
  /** Outbox worker: deliveries tried before a message fails (the bill goes to SEND_FAILED). */
  customsMaxAttempts: number;
  /** Outbox worker: first retry delay (ms), doubled per attempt. */
  customsRetryBaseMs: number;
  /** Enterprise filing sandbox: a declared filing is approved this long after (ms); 0 = never (refused in production). */
  filingAutoApproveMs: number;
  /** WEATHER_URL: the home page's weather provider, a URL template with {city} (the filed company's city name) and/or {cityCode} (its 6-digit division code); it answers JSON {text, temperature}. Unset: no weather. */
  weatherUrl: string | undefined;
  /** Shared secret of the filing review API (X-Review-Token); unset = the review API is off. */
  reviewToken: string | undefined;
  /** METRICS_TOKEN: GET /metrics (Prometheus) answers only `Authorization: Bearer <this>`; unset = metrics off. */
  metricsToken: string | undefined;
  /** Scheduled backups (issue 30): BACKUP_DIR (DATA_DIR/backups), BACKUP_AT ('HH:mm' China time, 'off'; 03:30 on PGlite, off on PostgreSQL), BACKUP_KEEP (7); BACKUP_EVERY_MS (tests, demos) runs them that often instead. */
  backup: { dir: string; at: string | null; keep: number; everyMs: number };
  /** Settlement, verification and reward sandbox: the bank's and customs' side advances a record this long after its last change (ms); 0 = never (refused in production). */
  sandboxAdvanceMs: number;
  /** SIGN_MODE: software = the server's own key under DATA_DIR/customs-key signs in the worker; external = the company's UKey client signs (sign records). */
  signMode: 'software' | 'external';
  /** SIGN_ALGORITHM: sm2 = SM2/SM3 (the 202205 spec's preferred pair, today's UKeys); rsa = RSA-SHA1 (older keys). The software key's algorithm and the one a sign record offers first. */
  signAlgorithm: 'sm2' | 'rsa';
  /** EXPORT_MAX_ROWS: the most rows one bill export writes (one sheet; Excel's own limit is 1,048,575 data rows). */
  exportMaxRows: number;
  /** SHUTDOWN_GRACE_MS: after SIGTERM/SIGINT, how long requests in progress (exports too) may take before they are aborted and the server exits */
  shutdownGraceMs: number;
}

const CUSTOMS_TRANSPORTS = ['simulator', 'folder'] as const;

function numberIn(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`${name} 无效: ${raw}（应在 ${min} 与 ${max} 之间）`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const captchaOff = env.CAPTCHA === 'off';
  if (captchaOff && nodeEnv === 'production') {
    throw new Error('CAPTCHA=off 仅用于自动化测试，生产环境 (NODE_ENV=production) 不允许关闭验证码');
  }
  const rateLimitOff = env.RATE_LIMIT === 'off';
  if (rateLimitOff && nodeEnv === 'production') {
    throw new Error('RATE_LIMIT=off 仅用于自动化测试，生产环境 (NODE_ENV=production) 不允许关闭访问频率限制');
  }
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const customsDir = (name: string, fallback: string) => resolve(env[name] || join(dataDir, 'customs', fallback));
  const inboxDir = customsDir('CUSTOMS_INBOX_DIR', 'inbox');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT 无效: ${env.PORT}`);
  const filingAutoApproveMs = numberIn(env, 'FILING_AUTO_APPROVE_MS', nodeEnv === 'development' ? 10_000 : 0, 0, 7 * 24 * 3600_000);
  if (filingAutoApproveMs > 0 && nodeEnv === 'production') {
    throw new Error('FILING_AUTO_APPROVE_MS 仅用于演示与测试，生产环境 (NODE_ENV=production) 不允许自动审核企业备案');
  }
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_URL ? env.DATABASE_READ_URL || undefined : undefined,
    readMaxLagMs: numberIn(env, 'READ_MAX_LAG_MS', 5000, 0, 3600_000),
    captchaOff,
    rateLimitOff,
    apiKeyRateLimit: numberIn(env, 'API_KEY_RATE_LIMIT', 600, 1, 1_000_000),
    nodeEnv,
    webDir: resolve(env.WEB_DIR ?? './dist'),
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 15 * 60),
    refreshTokenTtl: Number(env.REFRESH_TOKEN_TTL ?? 7 * 24 * 3600),
    bodyLimit: Number(env.BODY_LIMIT ?? 2 * 1024 * 1024),
    passwordMaxAgeDays: Number(env.PASSWORD_MAX_AGE_DAYS ?? 90),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    customsTransport: customsTransportOf(env.CUSTOMS_TRANSPORT),
    simulatorDelayMs: numberIn(env, 'SIMULATOR_DELAY_MS', nodeEnv === 'test' ? 0 : 3000, 0, 3600_000),
    simulatorRejectRate: numberIn(env, 'SIMULATOR_REJECT_RATE', 0, 0, 1),
    billJobPauseMs: numberIn(env, 'BILL_JOB_PAUSE_MS', 0, 0, 60_000),
    operationLogDays: numberIn(env, 'OPERATION_LOG_DAYS', OPERATION_LOG_DEFAULT_DAYS, 1, 36_500),
    customsPollMs: numberIn(env, 'CUSTOMS_POLL_MS', 500, 0, 3600_000),
    customsOutboxConcurrency: numberIn(env, 'CUSTOMS_OUTBOX_CONCURRENCY', 8, 1, 64),
    customsMaxAttempts: numberIn(env, 'CUSTOMS_MAX_ATTEMPTS', 5, 1, 100),
    customsRetryBaseMs: numberIn(env, 'CUSTOMS_RETRY_BASE_MS', 2000, 0, 3600_000),
    filingAutoApproveMs,
    reviewToken: env.REVIEW_TOKEN || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    backup: backupOf(env, dataDir),
    weatherUrl: env.WEATHER_URL || undefined,
    sandboxAdvanceMs: sandboxAdvanceMsOf(env, nodeEnv),
    signMode: signModeOf(env.SIGN_MODE),
    signAlgorithm: signAlgorithmOf(env.SIGN_ALGORITHM),
    customsOutboxDir: customsDir('CUSTOMS_OUTBOX_DIR', 'outbox'),
    customsInboxDir: inboxDir,
    // beside the inbox by default: the same file system, so a handled file is moved, never copied
    customsDoneDir: resolve(env.CUSTOMS_DONE_DIR || join(dirname(inboxDir), 'done')),
    customsErrorDir: resolve(env.CUSTOMS_ERROR_DIR || join(dirname(inboxDir), 'error')),
    customsInboxPollMs: numberIn(env, 'CUSTOMS_INBOX_POLL_MS', 1000, 0, 3600_000),
    customsInboxSettleMs: numberIn(env, 'CUSTOMS_INBOX_SETTLE_MS', 2000, 0, 3600_000),
    exportMaxRows: numberIn(env, 'EXPORT_MAX_ROWS', 1_000_000, 1, 1_048_575),
    shutdownGraceMs: numberIn(env, 'SHUTDOWN_GRACE_MS', 25_000, 1000, 600_000),
  };
}

function customsTransportOf(value: string | undefined): Config['customsTransport'] {
  const v = value || 'simulator';
  if (!(CUSTOMS_TRANSPORTS as readonly string[]).includes(v)) throw new Error(`CUSTOMS_TRANSPORT 无效: ${v}（可选 ${CUSTOMS_TRANSPORTS.join(', ')}）`);
  return v as Config['customsTransport'];
}

const SIGN_MODES = ['software', 'external'] as const;

function signModeOf(value: string | undefined): Config['signMode'] {
  const v = value || 'software';
  if (!(SIGN_MODES as readonly string[]).includes(v)) throw new Error(`SIGN_MODE 无效: ${v}（可选 ${SIGN_MODES.join(', ')}）`);
  return v as Config['signMode'];
}

const SIGN_ALGORITHMS = ['sm2', 'rsa'] as const;

function signAlgorithmOf(value: string | undefined): Config['signAlgorithm'] {
  const v = value || 'sm2';
  if (!(SIGN_ALGORITHMS as readonly string[]).includes(v)) throw new Error(`SIGN_ALGORITHM 无效: ${v}（可选 ${SIGN_ALGORITHMS.join(', ')}）`);
  return v as Config['signAlgorithm'];
}

/** SANDBOX_ADVANCE_MS: 10 s by default in development, off elsewhere; never in production. */
function sandboxAdvanceMsOf(env: NodeJS.ProcessEnv, nodeEnv: string): number {
  const ms = numberIn(env, 'SANDBOX_ADVANCE_MS', nodeEnv === 'development' ? 10_000 : 0, 0, 7 * 24 * 3600_000);
  if (ms > 0 && nodeEnv === 'production') throw new Error('SANDBOX_ADVANCE_MS 仅用于演示与测试，生产环境 (NODE_ENV=production) 不允许自动审核结汇、核销与补贴');
  return ms;
}

/** BACKUP_AT: 'HH:mm' in China time, or 'off'; unset = 03:30 with the embedded database (it backs itself up), off with PostgreSQL. */
function backupOf(env: NodeJS.ProcessEnv, dataDir: string): Config['backup'] {
  const raw = env.BACKUP_AT ?? (env.DATABASE_URL ? 'off' : '03:30');
  if (raw !== 'off' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(raw)) throw new Error(`BACKUP_AT 应为 HH:mm（中国时间）或 off: ${raw}`);
  return {
    dir: resolve(env.BACKUP_DIR || join(dataDir, 'backups')),
    at: raw === 'off' ? null : raw,
    keep: numberIn(env, 'BACKUP_KEEP', 7, 1, 1000),
    everyMs: numberIn(env, 'BACKUP_EVERY_MS', 0, 0, 7 * 24 * 3600_000),
  };
}
