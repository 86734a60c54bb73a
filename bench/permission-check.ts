/**
 * What the per-user permission check (issue 17: every route's permission against the caller's own
 * grants) adds to an authenticated call: app.enforce(user, requirement) for a sub-account, whose
 * grants are kept per server (server/auth/grant-cache.ts) and read from the database only after a
 * change. Hot loop on the real app, medians of batches; beside it, the rare call that reads the
 * database (the first after a grant change, or any while LISTEN is down).
 *
 * Target: the check adds ≤ 0.05 ms a call.
 *
 *   node --import tsx bench/permission-check.ts            (PGlite; DATABASE_URL=… for PostgreSQL)
 */
import type { AuthUser } from '../server/auth/auth-user.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { median, msPerCall, verdict } from './lib.ts';

const BATCH = 20_000;
const BATCHES = 15;
const MISSES = 300;
const TARGET_MS = 0.05;

const opened = await openBenchDatabase();
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0' });
const row = await s.handle.db.selectFrom('users').innerJoin('companies', 'companies.id', 'users.company_id')
  .select(['users.id', 'users.company_id', 'users.login_name', 'users.user_name', 'companies.company_code', 'companies.company_name'])
  .where('users.user_type', '=', 'USER').orderBy('users.id').executeTakeFirstOrThrow();
const user: AuthUser = {
  userId: row.id, companyId: row.company_id!, companyCode: row.company_code, companyName: row.company_name,
  userType: 'USER', loginName: row.login_name, userName: row.user_name,
};
const requirement = { uri: '/bill/export/order', code: ['declare', 'batchDeclare'] } as const;

const perCall = (fn: () => unknown): Promise<number> => msPerCall(fn, BATCHES, BATCH);

await s.app.enforce(user, requirement); // the grants are read once and kept
const empty = await perCall(async () => undefined);
const check = await perCall(() => s.app.enforce(user, requirement));
const added = check - empty;

const misses: number[] = [];
for (let i = 0; i < MISSES; i++) {
  s.app.grants.forgetAll();
  const t = performance.now();
  await s.app.enforce(user, requirement);
  misses.push(performance.now() - t);
}

const us = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;
console.log(`permission-check [${opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}] ${BATCHES - 3} batches of ${BATCH.toLocaleString()} calls, medians`);
console.log(`  an awaited no-op (the loop itself):          ${us(empty)} a call`);
console.log(`  the sub-account's grant check (enforce):     ${us(check)} a call`);
console.log(`  added by the per-user permission check:      ${us(added)}   target ≤ ${us(TARGET_MS)} ${verdict(added, TARGET_MS)}`);
console.log(`  a check that reads the database (cache miss): ${median(misses).toFixed(3)} ms median of ${MISSES}`);
await s.close();
