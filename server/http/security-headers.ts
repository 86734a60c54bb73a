/**
 * Security headers (CSP, frame, sniffing, referrer …) as helmet computes them, worked out once at
 * start and set on every reply. @fastify/helmet rebuilt helmet's middleware on every request
 * (~0.1 ms of CPU a call); the headers never change, so they are computed a single time.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The headers helmet's middleware sets for `options`, captured from a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => { headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => { failure = error; });
  if (failure) throw failure;
  return headers;
}

/**
 * Every answer under /api/ — data, errors, 401 and 429 included, tokens above all — says
 * `Cache-Control: no-store`, so no browser or proxy keeps a copy. A route may say otherwise for
 * what is public anyway (the upgrade wizard's agreement and sample image).
 */
export const API_CACHE_CONTROL = 'no-store';

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  const api = { ...headers, 'cache-control': API_CACHE_CONTROL };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : headers);
    done();
  });
}
