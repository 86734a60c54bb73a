/**
 * The LISTEN connection's heartbeat must not take a busy server for a dead link. A server whose
 * event loop is held (a long synchronous piece of work, a loaded machine) reads the answer to its
 * `select 1` late, after the heartbeat's timer is due: dropping the connection then loses every
 * notification sent until LISTEN is back (a sub-account's grants event never left: CI, issue 17).
 * Only a connection that stays silent once its waiting answers have been read is given up.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgListen } from '../../server/db/listener.ts';

const url = process.env.DATABASE_URL;
const stops: (() => Promise<void>)[] = [];
afterAll(async () => { for (const stop of stops) await stop(); });

/** Holds the event loop, as a long synchronous task does. */
function holdLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) { /* busy */ }
}

describe.runIf(url)('the LISTEN heartbeat on PostgreSQL', () => {
  it('keeps a connection whose answer was only read late because the event loop was busy', async () => {
    let lost = 0;
    let ready = 0;
    const heard: string[] = [];
    const listen = pgListen(pg, url!, { everyMs: 40, timeoutMs: 20 });
    stops.push(await listen('cbec_heartbeat_test', { message: (p) => heard.push(p), ready: () => { ready++; }, lost: () => { lost++; } }));
    // pgListen says lost() once before its first connection: count from the first ready()
    expect(ready).toBe(1);
    const lostBefore = lost;
    // each hold outlasts the timeout while a heartbeat is in flight; the answer waits in the socket
    for (let i = 0; i < 25; i++) {
      await new Promise((resolve) => setTimeout(resolve, 45));
      holdLoop(120);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lost - lostBefore, 'the connection was given up though PostgreSQL answered').toBe(0);
    expect(ready).toBe(1);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`notify cbec_heartbeat_test, 'still-listening'`);
    } finally {
      await client.end();
    }
    await expect.poll(() => heard, { timeout: 10_000 }).toContain('still-listening');
  }, 60_000);
});
