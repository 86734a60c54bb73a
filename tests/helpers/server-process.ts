/**
 * A real app server as a child process (node server/server.ts), so a crash shows as its exit, and
 * a plain HTTP client for it that tells the status, the envelope and how long the answer took.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { demo, encryptPassword } from './test-app.ts';

const REPO = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** stdout and stderr so far. */
  output(): string;
  alive(): boolean;
  kill(): Promise<void>;
}

export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const childEnv: Record<string, string> = {
    ...process.env as Record<string, string>, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test',
    CAPTCHA: 'off', RATE_LIMIT: 'off', LOG_LEVEL: 'warn', SIMULATOR_DELAY_MS: '0', WEB_DIR: '/nonexistent', ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { cwd: REPO, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const proc: ServerProcess = {
    child, port,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: async () => {
      if (!proc.alive()) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!proc.alive()) throw new Error(`server exited: ${output}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/auth/public_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      .then((r) => r.ok, () => false);
    if (up) return proc;
    if (Date.now() > deadline) { await proc.kill(); throw new Error(`server did not start: ${output}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface Answer { status: number; body: { code: number; message: string; data: any } | null; ms: number }

export function apiClient(port: number) {
  let token = '';
  const post = async (path: string, data: unknown): Promise<Answer> => {
    const t0 = performance.now();
    try {
      const r = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-authorization': `Bearer ${token}` } : {}) },
        body: JSON.stringify({ data }), signal: AbortSignal.timeout(30_000),
      });
      const body = await r.json().catch(() => null);
      return { status: r.status, body, ms: performance.now() - t0 };
    } catch {
      return { status: 0, body: null, ms: performance.now() - t0 };
    }
  };
  const get = async (path: string): Promise<Answer> => {
    const t0 = performance.now();
    try {
      const r = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(30_000) });
      return { status: r.status, body: await r.json().catch(() => null), ms: performance.now() - t0 };
    } catch {
      return { status: 0, body: null, ms: performance.now() - t0 };
    }
  };
  return {
    post, get,
    get token() { return token; },
    async login() {
      const pem = (await post('/api/auth/public_key', {})).body!.data as string;
      const q = new URLSearchParams({ username: demo.admin.username, password: encryptPassword(pem, demo.admin.password), tag: 'admin' });
      const r = await post(`/api/auth/login?${q}`, {});
      if (r.body?.code !== 0) throw new Error(r.body?.message ?? `login: HTTP ${r.status}`);
      token = r.body.data.token;
    },
  };
}

const line = { id: 'temp1', gnum: 1, itemNo: 'SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 };

/** An export order as the demo company saves it. */
export const orderOf = (orderNo: string) => ({
  orderNo, ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0, details: [line],
});
