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
  };
}
