/** Small helpers shared by the benchmarks: timing, medians, and a results line format. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export async function timeMany(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export function verdict(value: number, target: number, lowerIsBetter = true): string {
  const ok = lowerIsBetter ? value <= target : value >= target;
  return ok ? 'PASS' : 'MISS';
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * POST JSON over a keep-alive loopback connection with node:http (about 0.5 ms less client
 * overhead than fetch/undici here), so the API's own cost is what gets measured.
 */
export function postJson(base: string, path: string, body: string, headers: Record<string, string> = {}): Promise<any> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => { try { resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))); } catch (e) { reject(e); } });
    });
    req.on('error', reject);
    req.end(body);
  });
}

import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs `fn`; with BENCH_PROFILE=<dir> set, records a V8 CPU profile of just that stretch (not the
 * data loading around it) to <dir>/<name>.cpuprofile, for Chrome DevTools or a script.
 */
export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** A reproducible pseudo-random sequence in [0, 1) (mulberry32): the same seed, the same orders. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Resolves once the event loop has turned twice: what the last call left behind has run. */
export const settled = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * Milliseconds a call of `fn` takes: `batches` batches of `size` calls each, the median batch's mean,
 * the first three batches (warm-up) left out.
 */
export async function msPerCall(fn: () => unknown, batches: number, size: number): Promise<number> {
  const means: number[] = [];
  for (let b = 0; b < batches; b++) {
    const t = performance.now();
    for (let i = 0; i < size; i++) await fn();
    means.push((performance.now() - t) / size);
  }
  return median(means.slice(3));
}
