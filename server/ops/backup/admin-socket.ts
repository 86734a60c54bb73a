/**
 * The embedded database belongs to the one process that opened it: a backup of a running PGlite
 * server is taken by that server. It listens on a Unix socket in DATA_DIR (mode 0600: only the
 * account that runs the server, i.e. whoever could read the data files anyway) and answers
 * POST /backup {"path": …} by writing the archive there; `npm run backup` asks it when it answers.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Manifest } from './manifest.ts';

export const adminSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');

export async function serveAdminSocket(dataDir: string, backup: (path: string) => Promise<Manifest>): Promise<() => Promise<void>> {
  const path = adminSocketPath(dataDir);
  // a socket file left by a killed server: nobody answers on it (the caller holds the database, so no live server does)
  await rm(path, { force: true });
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (req.method !== 'POST' || req.url !== '/backup') { answer(404, { error: 'not found' }); return; }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { body += c; if (body.length > 10_000) req.destroy(); });
    req.on('end', () => {
      let target: unknown;
      try { target = (JSON.parse(body) as { path?: unknown }).path; } catch { /* answered below */ }
      if (typeof target !== 'string' || !target.startsWith('/')) { answer(400, { error: 'path must be absolute' }); return; }
      backup(target).then((manifest) => answer(200, manifest), (error: Error) => answer(500, { error: error.message }));
    });
  });
  await new Promise<void>((done, fail) => { server.once('error', fail); server.listen(path, () => done()); });
  await chmod(path, 0o600);
  server.unref();
  return async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await rm(path, { force: true });
  };
}

/** Asks the server holding DATA_DIR for a backup; undefined when no server answers there. */
export function askRunningServer(dataDir: string, target: string): Promise<Manifest | undefined> {
  return new Promise((done, fail) => {
    const req = httpRequest({ socketPath: adminSocketPath(dataDir), path: '/backup', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => {
        const parsed = JSON.parse(body || '{}') as Manifest & { error?: string };
        if (res.statusCode === 200) done(parsed); else fail(new Error(parsed.error ?? `backup failed (${res.statusCode})`));
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') done(undefined); else fail(error);
    });
    req.end(JSON.stringify({ path: target }));
  });
}
