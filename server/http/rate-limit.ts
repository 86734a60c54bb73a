/**
 * The one rate limiter of anonymous calls: fixed windows per limit and client IP, counted in the
 * database (table rate_limits, one upsert a call), so every app server sharing it counts the same
 * hits and a second server is not a second chance. defineRoute applies it to every public route
 * (server/http/route.ts); a route names its limit, the rest share `anonymous`. A logged-in route that
 * names a limit (feedback) is counted per user instead.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export const RATE_LIMITS = {
  /** captcha images: a login page shows one and each try needs a fresh one */
  captcha: { hits: 60, windowMs: 60_000 },
  /** login attempts (each also needs a captcha) and the before-login password change: each runs a scrypt */
  login: { hits: 60, windowMs: 60_000 },
  /** self-registrations (each writes a company and an account) */
  register: { hits: 20, windowMs: 3600_000 },
  /** every other public route: refresh, logout, links to files, the review desk */
  anonymous: { hits: 600, windowMs: 60_000 },
  /** feedback, per user (each writes a row someone reads) */
  feedback: { hits: 20, windowMs: 3600_000 },
  /** calls of one API key (issue 17), a minute; the number is the server's API_KEY_RATE_LIMIT */
  apiKey: { hits: 600, windowMs: 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowMs));
/** Buckets whose window has passed are deleted on the way: this many at most, every PURGE_EVERY hits. */
export const PURGE_BATCH = 200;
const PURGE_EVERY = 100;

export function createRateLimiter(db: Db, options: { enabled: boolean; now?: () => number; hits?: Partial<Record<RateLimitName, number>> }) {
  const now = options.now ?? Date.now;
  let sincePurge = PURGE_EVERY;

  async function purge(at: number): Promise<void> {
    await db.deleteFrom('rate_limits').where('bucket', 'in', (eb) => eb.selectFrom('rate_limits').select('bucket')
      .where('window_start', '<', new Date(at - LONGEST_WINDOW_MS)).limit(PURGE_BATCH)).execute();
  }

  return {
    /** Counts a hit of this caller (an IP, or 'u<id>' for a user) on this limit: false once the window's hits are spent. */
    async allow(name: RateLimitName, caller: string): Promise<boolean> {
      if (!options.enabled) return true;
      const { windowMs } = RATE_LIMITS[name];
      const hits = options.hits?.[name] ?? RATE_LIMITS[name].hits;
      const at = now();
      const start = new Date(at);
      const passed = new Date(at - windowMs);
      if (++sincePurge >= PURGE_EVERY) {
        sincePurge = 0;
        await purge(at);
      }
      const row = await db.insertInto('rate_limits').values({ bucket: `${name}:${caller}`, window_start: start, hits: 1 })
        .onConflict((oc) => oc.column('bucket').doUpdateSet({
          hits: sql`case when rate_limits.window_start <= ${passed} then 1 else rate_limits.hits + 1 end`,
          window_start: sql`case when rate_limits.window_start <= ${passed} then ${start} else rate_limits.window_start end`,
        }))
        .returning('hits').executeTakeFirstOrThrow();
      return row.hits <= hits;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
