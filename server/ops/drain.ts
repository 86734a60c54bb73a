/**
 * The drain of a server that was told to stop (SIGTERM/SIGINT, server/ops/shutdown.ts): once
 * app.serverState.draining is set, every new request is answered HTTP 503 in the envelope (with the
 * security headers, which an earlier onRequest hook has set) and every answer closes its connection,
 * so clients and the proxy go to another server; the requests already in progress are counted, so
 * the shutdown can wait for them, and long work (an export) listens to `signal`, aborted when the
 * grace period runs out.
 */
import type { FastifyInstance } from 'fastify';
import { EnvelopeCode } from '../../domain/envelope.ts';
import { shutdownText } from '../../domain/texts/shutdown.ts';

export interface Drain {
  /** aborted when the shutdown's grace period ran out: what still runs stops and leaves nothing half done */
  readonly signal: AbortSignal;
  /** requests in progress (those answered 503 by the drain not counted) */
  readonly inFlight: number;
  /** work to stop as soon as the drain begins (the bulk jobs), before the requests are waited for */
  onDrain(stop: () => Promise<void>): void;
  /** Runs the onDrain stops (once), then resolves once they are done and no request is in progress, or at `deadline` (epoch ms): whether all is settled. */
  settle(deadline: number): Promise<boolean>;
  /** the grace period ran out */
  abort(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/** Asked by orchestrators and proxies during the drain too: they answer for themselves (not ready, yet alive). */
const PROBES = new Set(['/healthz', '/readyz']);

/** Installed after the security headers' hook, before any other: a draining server does no work for a new request. */
export function installDrain(app: FastifyInstance): void {
  const controller = new AbortController();
  const stops: (() => Promise<void>)[] = [];
  let inFlight = 0;
  let idle: (() => void) | undefined;
  let stopping: Promise<void> | undefined;
  let stopped = false;
  const answer = { code: EnvelopeCode.error, message: shutdownText.draining, data: null };

  app.addHook('onRequest', (request, reply, done) => {
    if (app.serverState.draining && !PROBES.has(request.url.split('?')[0] ?? '')) {
      reply.code(503).header('connection', 'close').header('retry-after', '5').send(answer);
      return;
    }
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.serverState.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  app.decorate('drain', {
    signal: controller.signal,
    get inFlight() { return inFlight; },
    onDrain(stop) { stops.push(stop); },
    async settle(deadline) {
      // the stops run once, beside the wait for the requests; neither is waited for past the deadline
      stopping ??= Promise.allSettled(stops.map((stop) => stop())).then(() => { stopped = true; });
      const quiet = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => { idle = resolve; });
      await until(Promise.all([stopping, quiet]), deadline);
      idle = undefined;
      return inFlight === 0 && stopped;
    },
    abort() { controller.abort(); },
  } satisfies Drain);
}

/** `work` or the deadline (epoch ms), whichever comes first. */
async function until(work: Promise<unknown>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => { timer = setTimeout(resolve, Math.max(0, deadline - Date.now())); })]);
  clearTimeout(timer);
}
