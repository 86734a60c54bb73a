// A real server process (node server/server.ts) for tests of what only a process shows: its start log, its hold on the data dir, its exit (server-process.ts is the one that also drives its API).
// log, its hold on the data dir, its exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

/** Starts server/server.ts with env (on top of this process's, without DATABASE_URL unless given) and waits until it answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const full: Record<string, string> = {
    ...process.env as Record<string, string>, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent', ...env,
  };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(kill); resolve(); });
    child.kill('SIGTERM');
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/auth/public_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      .then((r) => r.ok, () => false);
    // the banner and the start notes are printed together once start() has answered
    if (ok && output.includes('跨境电商通关企业端')) break;
    if (Date.now() > deadline) { await stop(); throw new Error(`server did not start: ${output}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 200));
  return { child, port, output: () => output, stop };
}
