/**
 * Which methods a path answers to, for the not-found handler: a GET on a POST-only route is a 405
 * with Allow (issue 29), not a 404 that sends the caller looking for a path that exists. Collected
 * from every route registered after install (call it before the first route).
 */
import type { FastifyInstance } from 'fastify';

export type AllowedMethods = (path: string) => string[];

const patternOf = (url: string): RegExp =>
  new RegExp(`^${url.replace(/\/+$/, '').split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`);

export function installAllowedMethods(app: FastifyInstance): AllowedMethods {
  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/')) return;
    const pattern = patternOf(r.url);
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, pattern });
  });
  return (path) => [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
}
