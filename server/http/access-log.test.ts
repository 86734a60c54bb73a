// @vitest-environment node
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { AccessLog } from './access-log.ts';

async function appLogging(level: string) {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: level, WEB_DIR: '/nonexistent' });
  const app = Fastify({ logger: { ...(loggerOptions(config) as object), stream }, logController: new AccessLog() });
  app.post('/api/x', async () => ({ code: 0 }));
  app.post('/api/boom', async () => { throw new Error('数据库不可用'); });
  await app.ready();
  return { app, lines };
}

describe('the access log', () => {
  it('writes one line a request once it is answered: method, path without the query, status, milliseconds', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'POST', url: '/api/x?password=secret', headers: { 'x-authorization': 'Bearer t' }, payload: {} });
    await app.inject({ method: 'POST', url: '/api/x', payload: {} });
    expect(lines.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(lines[0]).toMatchObject({ level: 30, req: { method: 'POST', url: '/api/x' }, res: { statusCode: 200 } });
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
    expect(JSON.stringify(lines)).not.toContain('secret');
    await app.close();
  });

  it('a failed request: the error at error level, then its one access line with the status', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'POST', url: '/api/boom', payload: {} });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[50, '数据库不可用'], [30, 'request completed']]);
    expect(lines[0]!.err).toMatchObject({ message: '数据库不可用' });
    expect(lines[1]).toMatchObject({ res: { statusCode: 500 }, req: { url: '/api/boom' } });
    await app.close();
  });

  it('at warn a request writes nothing', async () => {
    const { app, lines } = await appLogging('warn');
    await app.inject({ method: 'POST', url: '/api/x', payload: {} });
    expect(lines).toEqual([]);
    await app.close();
  });
});
