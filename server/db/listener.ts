/**
 * LISTEN/NOTIFY for the two databases. PostgreSQL: one dedicated connection per channel (a pooled
 * one would be handed to queries and lose its LISTEN), reconnected with a growing pause when it is
 * lost. PGlite: the instance's own listen (one in-process session; it never loses it).
 *
 * A listener is told when it may have missed notifications (`lost`: the connection went away) and
 * when it hears again (`ready`: LISTEN is in place on a new connection). What was cached from
 * notifications must not be trusted between the two (server/auth/session-guard.ts).
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export interface ListenHandlers {
  message(payload: string): void;
  /** LISTEN is in place: from now on every notification arrives. */
  ready(): void;
  /** The listening connection is gone: notifications may be missed until the next ready(). */
  lost(): void;
}

export type Listen = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

export function pgliteListen(pglite: PGlite): Listen {
  return async (channel, handlers) => {
    const stop = await pglite.listen(channel, (payload) => handlers.message(payload));
    handlers.ready();
    return async () => { await stop().catch(() => undefined); };
  };
}

/**
 * While LISTEN is lost every notification may be missed (and the caches of every server keep
 * nothing): it is tried again every RETRY_MIN_MS…RETRY_MAX_MS, so it is back within half a second
 * of the database. A refused connection costs next to nothing; the warning is written once.
 */
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 500;
/**
 * A connection cut without a word (a half-open TCP link after a network partition) raises no error:
 * the listening connection is asked `select 1` this often, and given up when it does not answer in
 * HEARTBEAT_TIMEOUT_MS, so a silent loss is noticed within seconds, not at the next TCP timeout.
 */
const HEARTBEAT_MS = 10_000;
/** How the listening connections show in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'cbec-listen';
const HEARTBEAT_TIMEOUT_MS = 5_000;

export interface HeartbeatOptions { everyMs?: number; timeoutMs?: number }

export function pgListen(pgModule: typeof pg, connectionString: string, heartbeat: HeartbeatOptions = {}): Listen {
  const everyMs = heartbeat.everyMs ?? HEARTBEAT_MS;
  const timeoutMs = heartbeat.timeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  return async (channel, handlers) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    let pause = RETRY_MIN_MS;
    let warned = false;

    /** The connection whose LISTEN is in place (a connection still connecting is not asked). */
    let listening: pg.Client | undefined;
    let asking = false;
    const beat = setInterval(() => {
      const c = listening;
      if (!c || stopped || asking) return;
      asking = true;
      let answered = false;
      // A busy event loop runs due timers before it reads the sockets: the answer may be waiting
      // unread. setImmediate runs after this turn's reads, so only a real silence drops the link.
      const silent = setTimeout(() => setImmediate(() => { if (!answered) drop(c); }), timeoutMs);
      silent.unref();
      c.query('select 1').then(
        () => { answered = true; asking = false; clearTimeout(silent); },
        () => { asking = false; clearTimeout(silent); drop(c); },
      );
    }, everyMs);
    beat.unref();

    const drop = (c: pg.Client) => {
      if (client !== c) return;
      client = undefined;
      listening = undefined;
      asking = false;
      c.removeAllListeners();
      c.on('error', () => undefined);
      c.end().catch(() => undefined);
      if (stopped) return;
      handlers.lost();
      timer = setTimeout(() => { void connect(); }, pause);
      timer.unref();
      pause = Math.min(pause * 2, RETRY_MAX_MS);
    };

    async function connect(): Promise<void> {
      const c = new pgModule.Client({ connectionString, keepAlive: true, application_name: LISTENER_APPLICATION_NAME });
      client = c;
      c.on('error', () => drop(c));
      c.on('end', () => drop(c));
      c.on('notification', (n) => { if (n.channel === channel) handlers.message(n.payload ?? ''); });
      try {
        await c.connect();
        await c.query(`listen ${quoted(channel)}`);
      } catch (error) {
        if (!stopped && !warned) console.warn(`PostgreSQL LISTEN ${channel} failed (${(error as Error).message}); retrying`);
        warned = true;
        drop(c);
        return;
      }
      if (stopped || client !== c) return;
      listening = c;
      pause = RETRY_MIN_MS;
      warned = false;
      handlers.ready();
    }

    handlers.lost();
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(beat);
      const c = client;
      client = undefined;
      listening = undefined;
      if (c) { c.removeAllListeners(); c.on('error', () => undefined); await c.end().catch(() => undefined); }
    };
  };
}
