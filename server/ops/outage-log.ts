/**
 * While the database is away every background loop (outbox, inbox, jobs, sandboxes, compactor,
 * prune) and every call fails on it, each poll: the log would fill with the same line several times
 * a second. A warning or error whose error is "database unavailable" (server/http/db-unavailable.ts)
 * is written once per message text per QUIET_MS, the next one saying how many were left out; every
 * other line passes untouched. One filter on the logger, so no loop needs its own bookkeeping.
 */
import type { FastifyServerOptions } from 'fastify';
import { isDatabaseUnavailable } from '../http/db-unavailable.ts';

export const QUIET_MS = 30_000;
const WARN = 40;

type LogMethod = (this: unknown, args: unknown[], method: (...args: unknown[]) => void, level: number) => void;

/** Decides, per line, whether it is written and with which suppressed count (pure; tests drive the clock). */
export function outageLogFilter(now: () => number = Date.now) {
  const last = new Map<string, { at: number; left: number }>();
  return (args: unknown[], level: number): { write: boolean; left: number } => {
    if (level < WARN) return { write: true, left: 0 };
    const [first, second] = args;
    const fields = first && typeof first === 'object' ? first as { err?: unknown } : undefined;
    const unavailable = fields ? isDatabaseUnavailable(fields.err ?? first) : isDatabaseUnavailable(first);
    if (!unavailable) return { write: true, left: 0 };
    const key = typeof second === 'string' ? second : typeof first === 'string' ? first : String(fields?.err);
    const seen = last.get(key);
    const t = now();
    if (seen && t - seen.at < QUIET_MS) { seen.left++; return { write: false, left: 0 }; }
    last.set(key, { at: t, left: 0 });
    if (last.size > 200) last.delete(last.keys().next().value!);
    return { write: true, left: seen?.left ?? 0 };
  };
}

/** The logger options with the filter added (a `false` or `true` logger is left as it is). */
export function quietOutageLogs(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || logger === true || typeof logger !== 'object') return logger;
  const options = logger as { hooks?: { logMethod?: LogMethod } };
  const before = options.hooks?.logMethod;
  const filter = outageLogFilter();
  const logMethod: LogMethod = function (this: unknown, args, method, level) {
    const { write, left } = filter(args, level);
    if (!write) return;
    const first = args[0];
    const shown = left > 0 && first && typeof first === 'object' ? [{ ...first as object, suppressed: left }, ...args.slice(1)] : args;
    if (before) before.call(this, shown, method, level);
    else method.apply(this, shown);
  };
  return { ...options, hooks: { ...options.hooks, logMethod } } as FastifyServerOptions['logger'];
}
