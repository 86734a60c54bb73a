/**
 * Cold start to the first 200 on an existing data dir (target < 3 s): the server process is
 * spawned the way `npm start` runs it after the build (`node build/server/server.mjs`, bundled
 * first if stale) and polled until GET / answers 200.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { median, verdict } from './lib.ts';
import { buildServerIfStale, serverBundle } from '../scripts/build-server.ts';

const root = join(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startOnce(dataDir: string): Promise<{ ms: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/`);
      if (r.status === 200) break;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - t0;
  return {
    ms,
    stop: () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }),
  };
}

await buildServerIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'cbec-cold-'));
try {
  const first = await startOnce(dataDir);
  await first.stop();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = await startOnce(dataDir);
    times.push(s.ms);
    await s.stop();
  }
  const m = median(times);
  console.log(`cold-start first start (new data dir: initdb + migrate + seed) ${(first.ms / 1000).toFixed(2)} s`);
  console.log(`cold-start existing data dir: median ${(m / 1000).toFixed(2)} s of ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} (target < 3 s: ${verdict(m, 3000)})`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
