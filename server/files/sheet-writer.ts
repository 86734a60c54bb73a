/**
 * Writing a large .xlsx off the server thread, at flat memory (issue 21): the chunks come from an
 * async source (the server thread's database queries) and are turned into rows and written by a
 * worker thread (a script calling sheet-writer-side.ts's serveSheetWriter, e.g.
 * server/bills/export-worker.ts) with a small heap ceiling, one chunk at a time, the next sent only
 * when the file has taken the one before — or the worker reads its chunks itself (SheetSource
 * ownChunks, e.g. through a database cursor of its own) and the server thread sends none. The
 * writer's garbage (exceljs' row and cell objects, the XML text) then lives and dies in a heap of a
 * few megabytes, collected as it fills, instead of growing the server's heap by ~1.5 times its size
 * before V8 collects it (docs/perf.md).
 *
 * The server thread opens the file and closes it, whatever becomes of the worker: a failed source
 * or a worker that fails, runs out of memory or crashes leaves no open file behind, and the write
 * rejects with the source's own error (or the worker's).
 */
import { open, rm } from 'node:fs/promises';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { WriterReply, WriterRequest } from './sheet-writer-side.ts';

export type { SheetCell, SheetColumn, SheetSource } from './sheet-writer-side.ts';

export interface SheetWriterOptions {
  /**
   * The worker's V8 heap ceiling (old generation), MB. The writer's live memory is a chunk and
   * exceljs' buffers; the ceiling is what makes V8 collect often rather than grow.
   */
  heapMb: number;
  /** its young generation, MB: small, so each chunk's short-lived objects are swept young */
  youngMb: number;
  /** sheets written at once in this process; more wait for one to end */
  concurrent: number;
}

/**
 * 32 MB of old generation: a list export's worker lives in 16–24 MB (exceljs, one chunk of 1,000 rows
 * and its XML); at 16 it ran out of memory, at 24 it spent its time collecting (100,000 rows 4× slower
 * under load). Two at once: the machine's two cores (docs/perf.md, docs/decisions/list-export-worker-thread.md).
 */
export const SHEET_WRITER: SheetWriterOptions = { heapMb: 32, youngMb: 4, concurrent: 2 };

/** Starts the worker script (worker-pool.ts workerScript) that serves the sheet. */
export type SheetWorkerSpawn = (resourceLimits: ResourceLimits) => Worker;

/** Why the worker stopped without finishing: it ran out of memory, crashed or exited. */
export class SheetWriterError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
  }
}

/** A chunk and what in it is moved to the worker rather than copied. */
export interface SheetChunkOut<Chunk> {
  chunk: Chunk;
  transfer?: ArrayBuffer[];
}

/** The chunks the server thread sends, pulled one at a time (none when the worker reads its own). */
export type SheetChunks<Chunk> = AsyncIterable<SheetChunkOut<Chunk>> | Iterable<SheetChunkOut<Chunk>>;

/**
 * Writes one sheet into a new file at `path` with the worker `spawn` starts, which makes the sheet
 * from `init` and its rows from each of `chunks` (each pulled while the worker writes the one
 * before). Resolves when the file is complete and closed; rejects with the source's error, or a
 * SheetWriterError from the worker, once the file is closed.
 */
export async function writeSheet<Init, Chunk>(
  spawn: SheetWorkerSpawn,
  path: string,
  init: Init,
  chunks: SheetChunks<Chunk>,
  options: SheetWriterOptions = SHEET_WRITER,
  /** aborted (the server's shutdown ran out of time): the worker is ended and the write rejects */
  signal?: AbortSignal,
): Promise<void> {
  const release = await turn(options.concurrent);
  try {
    signal?.throwIfAborted();
    const file = await open(path, 'w');
    try {
      await writeThrough(spawn, file.fd, init, chunks, options, signal);
    } catch (error) {
      // half a sheet (a full disk, a failed source) is no download: nothing of it stays
      await file.close().catch(() => undefined);
      await rm(path, { force: true });
      throw error;
    }
    await file.close();
  } finally {
    release();
  }
}

async function writeThrough<Init, Chunk>(spawn: SheetWorkerSpawn, fd: number, init: Init, chunks: SheetChunks<Chunk>, options: SheetWriterOptions, signal?: AbortSignal): Promise<void> {
  const worker: Worker = spawn({ maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: options.youngMb });
  const channel = replies(worker);
  // the worker's exit fails whatever waits on it, so the write ends at its next step
  const abort = () => { void worker.terminate(); };
  signal?.addEventListener('abort', abort, { once: true });
  try {
    await channel.ask({ kind: 'open', fd, init }, 'ready');
    let seq = 0;
    // the chunk being written: the next one is sent beside it, then waits for it (one ahead at most)
    let writing: Promise<unknown> | undefined;
    for await (const { chunk, transfer } of chunks) {
      const sent = channel.ask({ kind: 'rows', seq: ++seq, chunk }, 'written', transfer);
      if (writing) await writing;
      writing = sent;
    }
    if (writing) await writing;
    await channel.ask({ kind: 'end' }, 'done');
  } finally {
    signal?.removeEventListener('abort', abort);
    channel.stop();
    // ended before the file is closed: nothing of it still writes into the descriptor
    await worker.terminate();
  }
}

interface Channel {
  /** sends a request; resolves on the reply of kind `expect`, rejects when the worker fails */
  ask(request: WriterRequest, expect: WriterReply['kind'], transfer?: ArrayBuffer[]): Promise<unknown>;
  stop(): void;
}

/** The worker's replies, in order (it answers its requests one by one), or its failure. */
function replies(worker: Worker): Channel {
  const waiting: { expect: WriterReply['kind']; resolve: (r: WriterReply) => void; reject: (e: Error) => void }[] = [];
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const w of waiting.splice(0)) w.reject(failure);
  };
  const onMessage = (reply: WriterReply) => {
    if (reply.kind === 'failed') return fail(new SheetWriterError(reply.message, reply.code));
    const next = waiting.shift();
    if (!next) return;
    if (next.expect === reply.kind) next.resolve(reply);
    else fail(new SheetWriterError(`sheet writer answered ${reply.kind} to ${next.expect}`));
  };
  const onError = (error: Error) => fail(new SheetWriterError(error.message, (error as NodeJS.ErrnoException).code));
  const onExit = (code: number) => fail(new SheetWriterError(`sheet writer exited (${code})`));
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  return {
    ask(request, expect, transfer) {
      const answered = failure ? Promise.reject(failure) : new Promise<unknown>((resolve, reject) => waiting.push({ expect, resolve, reject }));
      answered.catch(() => undefined); // awaited by the writer; this only keeps a failure meanwhile from going unhandled
      if (!failure) worker.postMessage(request, transfer);
      return answered;
    },
    stop() {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    },
  };
}

let running = 0;
const queued: (() => void)[] = [];
/** A place among `limit` sheets written at once; the release gives it to the next in line. */
async function turn(limit: number): Promise<() => void> {
  if (running >= limit) await new Promise<void>((resolve) => queued.push(resolve));
  else running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = queued.shift();
    if (next) next();
    else running--;
  };
}
