/**
 * Reading an uploaded .xlsx: the one way every import and 批量查询 reads a user's workbook. The
 * work happens off the request thread, in a small pool of workbook workers (worker-pool.ts,
 * workbook-worker.ts, workbook-read.ts): the zip is inflated under a cap on the bytes actually
 * produced, each worker has a heap ceiling and each read a time limit, so a hostile file costs
 * one worker, never the server or anyone else's request. What comes back is plain rows
 * (sheet-rows.ts); a file that cannot be read is refused with a clear message.
 */
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import type { SheetRequest, SheetRows } from './sheet-rows.ts';
import { XlsxReadError } from './workbook-read.ts';
import type { WorkbookResult, WorkbookTask } from './workbook-worker.ts';
import { createWorkerPool, PoolError, workerScript, type WorkerPool, type WorkerPoolOptions } from './worker-pool.ts';

export { MAX_XLSX_XML_BYTES, XlsxReadError } from './workbook-read.ts';
export type { SheetCell, SheetRow, SheetRows } from './sheet-rows.ts';

/**
 * Two workers (the machine's second core; more would only share it), each under a 160 MB heap —
 * a 20,000-row data template of 13 columns needs a few tens of MB (its XML as text and the plain
 * rows, sheet-xml.ts), a hostile file dies at the ceiling and so raises the server's memory by less
 * than 200 MB — and 30 s a file (a 20,000-row template reads in well under a second); 32 files may
 * wait, more are asked to come back later.
 */
export const WORKBOOK_POOL: Omit<WorkerPoolOptions, 'spawn'> = { size: 2, heapMb: 160, timeoutMs: 30_000, maxQueue: 32, idleMs: 60_000 };

export type WorkbookPool = WorkerPool<WorkbookTask, WorkbookResult>;

export function createWorkbookPool(options: Partial<Omit<WorkerPoolOptions, 'spawn'>> = {}): WorkbookPool {
  return createWorkerPool({ ...WORKBOOK_POOL, ...options, spawn: workerScript(import.meta.url, 'workbook-worker') });
}

let shared: WorkbookPool | undefined;
/** The process's pool, made on the first read (its workers end when idle, so nothing keeps the process alive). */
export const workbookPool = (): WorkbookPool => (shared ??= createWorkbookPool());

/**
 * The first sheet of the .xlsx at `path` (null when the workbook has none), its first
 * `request.columns` cells a row. Throws XlsxReadError (a worker that died or ran out of time is
 * 'tooLarge'), or PoolError('busy') when too many files wait.
 */
export async function readFirstSheet(path: string, request: SheetRequest, options: { maxXmlBytes?: number; pool?: WorkbookPool } = {}): Promise<SheetRows | null> {
  let result: WorkbookResult;
  try {
    result = await (options.pool ?? workbookPool()).run({ path, request, ...(options.maxXmlBytes ? { maxXmlBytes: options.maxXmlBytes } : {}) });
  } catch (error) {
    if (error instanceof PoolError && error.reason !== 'busy') throw new XlsxReadError('tooLarge');
    throw error;
  }
  if (!result.ok) throw new XlsxReadError(result.reason);
  return result.sheet;
}

/** readFirstSheet, with every failure as the refusal a person reads: `badTemplate` for a file that is no workbook. */
export async function readSheetOrRefuse(path: string, request: SheetRequest, badTemplate: string): Promise<SheetRows | null> {
  try {
    return await readFirstSheet(path, request);
  } catch (error) {
    if (error instanceof PoolError) throw new BizError(billServerText.workbookBusy);
    if (error instanceof XlsxReadError && error.reason === 'tooLarge') throw new BizError(billServerText.workbookTooLarge);
    throw new BizError(badTemplate);
  }
}
