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

/** The headers of a page's answer and of an /api/ answer, worked out once. */
export interface SecurityHeaders { page: Record<string, string>; api: Record<string, string> }

export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const page = helmetHeaders(options);
  return { page, api: { ...page, 'cache-control': API_CACHE_CONTROL } };
}

export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? headers.api : headers.page);
    done();
  });
}
