import { resolve } from 'node:path';

/** Everything the server reads from its environment, read once at start. Names are fixed by the issues. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under dataDir/pgdata. */
  databaseUrl: string | undefined;
  /** CAPTCHA=off lets automated tests log in without reading the image; refused in production. */
  captchaOff: boolean;
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
  /** How declarations reach customs: only the embedded simulator so far (DXP and folder exchange next). */
  customsTransport: 'simulator';
  /** Simulator: wait before each receipt (ms); 3000 by default, 0 under NODE_ENV=test. */
  simulatorDelayMs: number;
  /** Simulator: share (0..1) of otherwise good declarations it refuses with 100 海关退单, for demos. */
  simulatorRejectRate: number;
  /** Outbox worker: background poll interval (ms); 0 = no background polling (wake/drain only). */
  customsPollMs: number;
  /** Outbox worker: deliveries tried before a message fails (the bill goes to SEND_FAILED). */
  customsMaxAttempts: number;
  /** Outbox worker: first retry delay (ms), doubled per attempt. */
  customsRetryBaseMs: number;
}

const CUSTOMS_TRANSPORTS = ['simulator'] as const;

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
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT 无效: ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    captchaOff,
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
    customsPollMs: numberIn(env, 'CUSTOMS_POLL_MS', 500, 0, 3600_000),
    customsMaxAttempts: numberIn(env, 'CUSTOMS_MAX_ATTEMPTS', 5, 1, 100),
    customsRetryBaseMs: numberIn(env, 'CUSTOMS_RETRY_BASE_MS', 2000, 0, 3600_000),
  };
}

function customsTransportOf(value: string | undefined): Config['customsTransport'] {
  const v = value || 'simulator';
  if (!(CUSTOMS_TRANSPORTS as readonly string[]).includes(v)) throw new Error(`CUSTOMS_TRANSPORT 无效: ${v}（可选 ${CUSTOMS_TRANSPORTS.join(', ')}）`);
  return v as Config['customsTransport'];
}
