/**
 * The graceful shutdown (SIGTERM/SIGINT, issue 27), in this order:
 * 1. draining: /readyz answers 503 and every new request 503 in the envelope (drain.ts);
 * 2. live-event streams end (the browsers reconnect, through the proxy, to another server) and the
 *    bulk jobs stop at their next chunk boundary and hand their lease back (jobs.ts);
 * 3. the requests in progress — exports included — get until the grace period's end less a reserve;
 *    then what still runs is aborted (an export's partial file is removed) and cut off;
 * 4. app.close(): the listener closes, the outbox worker finishes the message it is sending, hands
 *    back the rest of its batch and removes its heartbeat row, the transports and LISTEN stop, and
 *    the database closes last (buildApp's closeDatabase).
 */
import type { FastifyInstance } from 'fastify';

/** Kept of the grace period for step 4 (the outbox's message in flight, the database's close). */
const closeReserve = (graceMs: number) => Math.min(5000, Math.floor(graceMs / 5));

export async function shutdown(app: FastifyInstance, graceMs: number): Promise<void> {
  const began = Date.now();
  app.serverState.draining = true;
  for (const stream of [...app.events.streams]) stream.close();
  const reserve = closeReserve(graceMs);
  let settled = await app.drain.settle(began + graceMs - reserve);
  if (!settled) {
    app.log.warn({ inFlight: app.drain.inFlight }, 'shutdown: grace period over, aborting what still runs');
    app.drain.abort();
    settled = await app.drain.settle(Date.now() + reserve / 2);
    if (!settled) app.server.closeAllConnections();
  }
  await app.close();
  app.log.info({ ms: Date.now() - began }, 'shutdown: done');
}
