/**
 * The workbook worker (a thread of worker-pool.ts): reads an uploaded .xlsx from disk and answers
 * its first sheet as plain rows, or why it cannot (XlsxReadError's reason). Anything worse — out
 * of memory, a stack overflow outside exceljs — ends this thread, and the pool refuses the task.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { SheetRequest, SheetRows } from './sheet-rows.ts';
import { readSheetRows, XlsxReadError } from './workbook-read.ts';

export interface WorkbookTask { path: string; request: SheetRequest; maxXmlBytes?: number }
export type WorkbookResult = { ok: true; sheet: SheetRows | null } | { ok: false; reason: XlsxReadError['reason'] };

async function answer(task: WorkbookTask): Promise<WorkbookResult> {
  try {
    return { ok: true, sheet: await readSheetRows(await readFile(task.path), task.request, task.maxXmlBytes) };
  } catch (error) {
    return { ok: false, reason: error instanceof XlsxReadError ? error.reason : 'notXlsx' };
  }
}

parentPort?.on('message', (message: { id: number; task: WorkbookTask }) => {
  void answer(message.task).then((result) => parentPort!.postMessage({ id: message.id, result }));
});
