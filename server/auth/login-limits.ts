import type { Db } from '../db/database.ts';

/**
 * Failed logins (docs/decisions/sessions-lockout-attacker-cannot-turn-against.md, "Login lockout an attacker cannot turn against a user"):
 * - one IP and one account together (`pair`): after `failures` in the window that pair is locked —
 *   the only hard lock, so failing someone's login on purpose locks the one who fails, not the
 *   account for everyone nor a shared office address;
 * - one account from anywhere (`account`): no lock; from the `after`-th failure in the window every
 *   further attempt on the account waits (1 s, doubling, at most 8 s) before its password is checked.
 *   Each attempt also spends a captcha (one use), and captchas and logins are rate-limited per IP.
 */
export const LIMITS = {
  pair: { failures: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 },
  account: { after: 5, windowMs: 15 * 60 * 1000, delayMs: 1000, maxDelayMs: 8000 },
} as const;

const pairKey = (ip: string, account: string) => `pair:${ip}|${account.toLowerCase()}`;
const accountKey = (account: string) => `account:${account.toLowerCase()}`;

/** Minutes left on the lock of this IP and account, or 0 when they may try. */
export async function lockedMinutes(db: Db, ip: string, account: string, now = new Date()): Promise<number> {
  const row = await db.selectFrom('login_attempts').select('locked_until').where('attempt_key', '=', pairKey(ip, account)).executeTakeFirst();
  const until = row?.locked_until?.getTime() ?? 0;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 60000) : 0;
}

/** The wait after this many failures of an account within the window (ms): 0 below `after`, then 1 s doubling to 8 s. */
export function slowdownAfter(failures: number): number {
  const { after, delayMs, maxDelayMs } = LIMITS.account;
  return failures < after ? 0 : Math.min(delayMs * 2 ** (failures - after), maxDelayMs);
}

/** How long an attempt on this account waits before its password is checked (ms). */
export async function slowdownMs(db: Db, account: string, now = new Date()): Promise<number> {
  const row = await db.selectFrom('login_attempts').select(['failures', 'window_start']).where('attempt_key', '=', accountKey(account)).executeTakeFirst();
  if (!row || now.getTime() - row.window_start.getTime() > LIMITS.account.windowMs) return 0;
  return slowdownAfter(row.failures);
}

async function count(db: Db, key: string, windowMs: number, lock: { failures: number; lockMs: number } | undefined, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('login_attempts').selectAll().where('attempt_key', '=', key).forUpdate().executeTakeFirst();
    const fresh = !row || now.getTime() - row.window_start.getTime() > windowMs;
    const failures = fresh ? 1 : row.failures + 1;
    const windowStart = fresh ? now : row.window_start;
    const locked = lock && failures >= lock.failures ? new Date(now.getTime() + lock.lockMs) : null;
    await trx.insertInto('login_attempts')
      .values({ attempt_key: key, failures, window_start: windowStart, locked_until: locked })
      .onConflict((oc) => oc.column('attempt_key').doUpdateSet({ failures, window_start: windowStart, locked_until: locked }))
      .execute();
  });
}

/** Stale counts (window and lock over) deleted by one failure at most: names tried are the caller's choice. */
export const PURGE_BATCH = 100;

/** A wrong account or password from this IP (unknown accounts count the same as known ones). */
export async function recordFailure(db: Db, ip: string, account: string, now = new Date()): Promise<void> {
  await count(db, pairKey(ip, account), LIMITS.pair.windowMs, LIMITS.pair, now);
  await count(db, accountKey(account), LIMITS.account.windowMs, undefined, now);
  const stale = new Date(now.getTime() - Math.max(LIMITS.pair.windowMs, LIMITS.account.windowMs));
  await db.deleteFrom('login_attempts').where('attempt_key', 'in', (eb) => eb.selectFrom('login_attempts').select('attempt_key')
    .where('window_start', '<', stale)
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]))
    .limit(PURGE_BATCH)).execute();
}

/**
 * A successful login clears its pair. The account's count is left to run out, so an attacker's
 * slowdown does not restart whenever its owner logs in.
 */
export async function clearFailures(db: Db, ip: string, account: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempt_key', '=', pairKey(ip, account)).execute();
}
