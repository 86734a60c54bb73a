/**
 * A small pool of worker threads with a queue, for work on a user's file that must never hold up
 * or bring down the server: each worker has a heap ceiling (resourceLimits) and each task a time
 * limit. A worker that runs out of memory, throws or takes too long is ended, its task refused
 * (PoolError), and a fresh worker takes the next task; the server thread only waits for a message.
 * Workers start on demand and end after a while idle, so an idle server holds none.
 *
 * The protocol is one message each way: {id, task} in, {id, result} out; what a task and a result
 * are belongs to the worker script (e.g. workbook-worker.ts).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** Why a task got no result: its worker died (out of memory, a crash), it took too long, or the queue was full. */
export class PoolError extends Error {
  constructor(readonly reason: 'crashed' | 'timeout' | 'busy') {
    super(reason);
  }
}

export interface WorkerPoolOptions {
  /** starts one worker (see workerScript) */
  spawn: (resourceLimits: ResourceLimits) => Worker;
  /** workers at most */
  size: number;
  /** tasks waiting at most; one more is refused as busy */
  maxQueue: number;
  /** a task's time limit, from the moment a worker takes it */
  timeoutMs: number;
  /** each worker's V8 heap ceiling (old generation), MB */
  heapMb: number;
  /** an idle worker ends after this long */
  idleMs: number;
}

export interface WorkerPool<Task, Result> {
  run(task: Task): Promise<Result>;
  /** workers alive and tasks waiting, for tests and the benchmark */
  stats(): { workers: number; busy: number; queued: number; replaced: number };
  close(): Promise<void>;
}

interface Job<Task, Result> { id: number; task: Task; resolve: (r: Result) => void; reject: (e: Error) => void }
interface Slot<Task, Result> { worker: Worker; job?: Job<Task, Result>; timer?: NodeJS.Timeout; idle?: NodeJS.Timeout }

export function createWorkerPool<Task, Result>(options: WorkerPoolOptions): WorkerPool<Task, Result> {
  const slots = new Set<Slot<Task, Result>>();
  const queue: Job<Task, Result>[] = [];
  let nextId = 1;
  let replaced = 0;
  let closed = false;

  const limits: ResourceLimits = { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.round(options.heapMb / 8))) };

  /** The slot's worker is gone or going (ended when idle, died, out of time): its task, if any, is refused, and it leaves the pool. */
  const drop = (slot: Slot<Task, Result>, reason: 'crashed' | 'timeout' = 'crashed') => {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idle);
    const job = slot.job;
    slot.job = undefined;
    if (job) {
      replaced++;
      job.reject(new PoolError(reason));
    }
    void slot.worker.terminate();
    dispatch();
  };

  const start = (): Slot<Task, Result> => {
    const slot: Slot<Task, Result> = { worker: options.spawn(limits) };
    slot.worker.on('message', (message: { id: number; result: Result }) => {
      const job = slot.job;
      if (!job || message.id !== job.id) return;
      clearTimeout(slot.timer);
      slot.job = undefined;
      slot.worker.unref();
      slot.idle = setTimeout(() => drop(slot), options.idleMs).unref();
      job.resolve(message.result);
      dispatch();
    });
    slot.worker.on('error', () => drop(slot));
    slot.worker.on('exit', () => drop(slot));
    slots.add(slot);
    return slot;
  };

  const give = (slot: Slot<Task, Result>, job: Job<Task, Result>) => {
    clearTimeout(slot.idle);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => drop(slot, 'timeout'), options.timeoutMs);
    slot.worker.postMessage({ id: job.id, task: job.task });
  };

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let free: Slot<Task, Result> | undefined;
      for (const s of slots) if (!s.job) free = s;
      if (!free && slots.size < options.size) free = start();
      if (!free) return;
      give(free, queue.shift()!);
    }
  }

  return {
    run(task) {
      if (closed) return Promise.reject(new PoolError('crashed'));
      if (queue.length >= options.maxQueue) return Promise.reject(new PoolError('busy'));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ id: nextId++, task, resolve, reject });
        dispatch();
      });
    },
    stats: () => ({ workers: slots.size, busy: [...slots].filter((s) => s.job).length, queued: queue.length, replaced }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new PoolError('crashed'));
      const ending = [...slots].map((s) => s.worker.terminate());
      for (const s of [...slots]) drop(s);
      await Promise.all(ending);
    },
  };
}

/**
 * How to start the worker `name` that sits beside the module `moduleUrl`: the bundle's
 * `<name>.mjs` (scripts/build-server.ts builds it next to server.mjs; or in WORKER_BUNDLE_DIR), or else the TypeScript
 * source `<name>.ts` through tsx's loader, registered inside the worker (a worker does not inherit
 * the parent's --import hooks), as `npm run dev` and the tests run the server.
 */
export function workerScript(moduleUrl: string, name: string): (resourceLimits: ResourceLimits) => Worker {
  // WORKER_BUNDLE_DIR: the bundle's folder, for a server run from its sources whose workers should
  // run as `npm start` runs them (bench/export-memory.ts measures the export's memory so)
  const bundleDir = process.env.WORKER_BUNDLE_DIR;
  const bundled = bundleDir ? pathToFileURL(join(bundleDir, `${name}.mjs`)) : new URL(`./${name}.mjs`, moduleUrl);
  if (existsSync(fileURLToPath(bundled))) return (resourceLimits) => new Worker(bundled, { resourceLimits });
  const source = new URL(`./${name}.ts`, moduleUrl).href;
  const tsxRoot = dirname(createRequire(moduleUrl).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); })`;
  return (resourceLimits) => new Worker(boot, { eval: true, resourceLimits });
}
