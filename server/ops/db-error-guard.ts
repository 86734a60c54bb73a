/**
 * The last line behind "no database error can crash the process": every pg client has its error
 * listener and every background loop catches its failures, but a promise of a query left without a
 * catch somewhere (a fire-and-forget refresh, a future loop) would still end the server — all app
 * servers at once when the database restarts. A database's error reaching the process unhandled is
 * logged and the server keeps serving; any other unhandled error still ends it, as Node does.
 */
import { isDatabaseUnavailable } from '../http/db-unavailable.ts';

/** An error the database (PostgreSQL or PGlite, both through pg-protocol) raised, or its absence. */
export function isDatabaseError(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

export function surviveDatabaseErrors(log: { error(fields: object, message: string): void }): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseError(reason)) { log.error({ err: reason }, 'database error left unhandled; the server keeps running'); return; }
    throw reason;
  });
  process.on('uncaughtException', (error, origin) => {
    if (isDatabaseError(error)) { log.error({ err: error, origin }, 'database error left unhandled; the server keeps running'); return; }
    console.error(error);
    process.exit(1);
  });
}
