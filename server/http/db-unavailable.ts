/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover, a
 * network cut) rather than "this request is wrong" or "the code is wrong": such a call is answered
 * 503 and may simply be repeated. node-postgres reports these in several shapes: a socket error
 * code, a SQLSTATE of the server going down or not yet up, or its own words for a connection that
 * ended under it; a pool that cannot hand out a connection in time says so in words too.
 */

/** Socket-level failures to reach the server. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * shutting down, recovering), class 08 connection exceptions.
 */
const sqlStates = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

/** node-postgres' and pg-pool's own messages for a connection lost or never had. */
const driverWords = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Connection is closed|terminating connection due to administrator command|the database system is (shutting down|starting up|in recovery mode)|connect ECONNREFUSED|read ECONNRESET|write EPIPE/i;

/** True for an error (or an error's text, as the background loops log it) of an unreachable database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error === 'string') return driverWords.test(error);
  if (!error || typeof error !== 'object') return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (socketCodes.has(code) || sqlStates.has(code))) return true;
  if (typeof message === 'string' && driverWords.test(message)) return true;
  // an AggregateError (a host name resolving to several addresses, each refused) or a wrapped cause
  if (Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable)) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}
