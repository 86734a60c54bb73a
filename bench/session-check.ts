/**
 * What the session check (issue 14: an access token dies with its session) adds to every
 * authenticated call. The token check of a call before it (app.authenticate as it was, rebuilt here):
 * the bearer header, tokens.verify (a look-up of the verified token by its text, its expiry). Now:
 * app.authenticate = that + the session cache's look-up of the token's family
 * (server/auth/session-guard.ts). Both in a hot loop on the real app
 * (the product's logger at warn), medians of batches; beside them, the rare call that has to read
 * the database (the first after a change, or any while LISTEN is down).
 *
 * Target: the check adds ≤ 0.05 ms a call.
 *
 *   node --import tsx bench/session-check.ts            (PGlite; DATABASE_URL=… for PostgreSQL)
 */
import type { FastifyRequest } from 'fastify';
import { bearerOf } from '../server/plugins/auth.ts';
import { openBenchDatabase, startBenchSession } from './api-session.ts';
import { median, msPerCall, verdict } from './lib.ts';

const BATCH = 20_000;
const BATCHES = 15;
const MISSES = 300;
const TARGET_MS = 0.05;

const opened = await openBenchDatabase();
const s = await startBenchSession(opened, { CUSTOMS_POLL_MS: '0' });
const request = { headers: { 'x-authorization': `Bearer ${s.token}` } } as unknown as FastifyRequest;

const perCall = (fn: () => unknown): Promise<number> => msPerCall(fn, BATCHES, BATCH);

/** app.authenticate before issue 14. */
async function authenticateBefore(r: FastifyRequest) {
  const token = bearerOf(r);
  if (!token) throw new Error('401');
  const result = s.app.tokens.verify(token);
  if (!result.ok || result.typ !== 'access') throw new Error('401');
  return result.user;
}

await s.app.authenticate(request); // the session is read once and kept
const before1 = await perCall(() => authenticateBefore(request));
const authenticate = await perCall(() => s.app.authenticate(request));
const before2 = await perCall(() => authenticateBefore(request));
const before = Math.min(before1, before2);
const added = authenticate - before;

const misses: number[] = [];
for (let i = 0; i < MISSES; i++) {
  s.app.sessions.forgetAll();
  const t = performance.now();
  await s.app.authenticate(request);
  misses.push(performance.now() - t);
}

const us = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;
console.log(`session-check [${opened.handle.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}] ${BATCHES - 3} batches of ${BATCH.toLocaleString()} calls, medians`);
console.log(`  token check as before (header, verify):     ${us(before)} a call`);
console.log(`  token + session check (authenticate):       ${us(authenticate)} a call`);
console.log(`  added by the session check:                 ${us(added)}   target ≤ ${us(TARGET_MS)} ${verdict(added, TARGET_MS)}`);
console.log(`  a call that reads the database (cache miss): ${median(misses).toFixed(3)} ms median of ${MISSES}`);
await s.close();
