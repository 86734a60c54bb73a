import type { Db } from '../db/database.ts';

/** Failed logins: after these many in the window the key is locked for LOCK_MS. */
export const LIMITS = {
  account: { failures: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 },
  ip: { failures: 30, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 },
} as const;

type Kind = keyof typeof LIMITS;
const keyOf = (kind: Kind, value: string) => `${kind}:${value.toLowerCase()}`;

/** Minutes left on a lock, or 0 when the key may try. */
export async function lockedMinutes(db: Db, kind: Kind, value: string, now = new Date()): Promise<number> {
  const row = await db.selectFrom('login_attempts').select('locked_until').where('attempt_key', '=', keyOf(kind, value)).executeTakeFirst();
  const until = row?.locked_until?.getTime() ?? 0;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 60000) : 0;
}

export async function recordFailure(db: Db, kind: Kind, value: string, now = new Date()): Promise<void> {
  const limit = LIMITS[kind];
  const key = keyOf(kind, value);
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('login_attempts').selectAll().where('attempt_key', '=', key).forUpdate().executeTakeFirst();
    const fresh = !row || now.getTime() - row.window_start.getTime() > limit.windowMs;
    const failures = fresh ? 1 : row.failures + 1;
    const locked = failures >= limit.failures ? new Date(now.getTime() + limit.lockMs) : null;
    await trx.insertInto('login_attempts')
      .values({ attempt_key: key, failures, window_start: fresh ? now : row.window_start, locked_until: locked })
      .onConflict((oc) => oc.column('attempt_key').doUpdateSet({ failures, window_start: fresh ? now : row!.window_start, locked_until: locked }))
      .execute();
  });
}

export async function clearFailures(db: Db, kind: Kind, value: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempt_key', '=', keyOf(kind, value)).execute();
}
