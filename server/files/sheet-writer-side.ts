/**
 * The worker's half of sheet-writer.ts: inside a worker thread, writes one .xlsx of one sheet with
 * exceljs' streaming WorkbookWriter into a file the server thread opened, from chunks it is sent one
 * after the other, and answers each chunk once the zip and the file have taken it (back-pressure:
 * the server thread sends the next one only then). What a chunk is and how its rows become cells
 * belongs to the worker script that calls serveSheetWriter (e.g. server/bills/export-worker.ts).
 * It never closes the file: the server thread owns it and closes it whatever happens here.
 */
import { once, type EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import type { Style } from 'exceljs';

type WorkbookWriterClass = typeof ExcelJS.stream.xlsx.WorkbookWriter;
// exceljs' streaming writer alone, not the whole package (its readers, unzipper, …): the worker's
// start-up peak is ~5 MB lower. A name in a variable: the deep path has no type declarations.
const WRITER_MODULE = 'exceljs/lib/stream/xlsx/workbook-writer.js';
const loadWriter = async (): Promise<WorkbookWriterClass> => ((await import(WRITER_MODULE)) as { default: WorkbookWriterClass }).default;

export interface SheetColumn {
  header: string;
  width: number;
}

/** A cell as exceljs writes it, with the number format of a number cell. */
export interface SheetCell {
  value: string | number | null;
  numFmt?: string;
}

/** A worker script's sheet: its name, its columns, and how a chunk it is sent becomes rows. */
export interface SheetSource<Chunk> {
  name: string;
  columns: SheetColumn[];
  /** calls `row` with each row's cells (the array may be reused once `row` returns) */
  rows(chunk: Chunk, row: (cells: readonly SheetCell[]) => void): void;
  /**
   * The chunks the worker reads itself (e.g. through a database cursor of its own), written after
   * those it was sent, each once the file has taken the one before: the server thread then holds
   * none of the rows, not even their ids.
   */
  ownChunks?(): AsyncIterable<Chunk>;
  /** after the last chunk, or when the sheet fails */
  close?(): Promise<void>;
}

export type WriterRequest<Init = unknown, Chunk = unknown> =
  | { kind: 'open'; fd: number; init: Init }
  | { kind: 'rows'; seq: number; chunk: Chunk }
  | { kind: 'end' };

export type WriterReply =
  | { kind: 'ready' }
  | { kind: 'written'; seq: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string; code?: string };

type Book = InstanceType<WorkbookWriterClass>;
type Sheet = ReturnType<Book['addWorksheet']>;

/** Answers the server thread's requests (sheet-writer.ts) with `open` making the sheet's source. */
export function serveSheetWriter<Init, Chunk>(open: (init: Init) => Promise<SheetSource<Chunk>>): void {
  let book: Book | undefined;
  let sheet: Sheet | undefined;
  let source: SheetSource<Chunk> | undefined;
  const style = sharedStyles();
  const writeRow = (cells: readonly SheetCell[]) => {
    const row = sheet!.addRow([]);
    cells.forEach((cell, i) => {
      if (cell.value === null || cell.value === undefined) return;
      const target = row.getCell(i + 1);
      target.style = style(cell.numFmt);
      target.value = cell.value;
    });
    row.commit();
  };

  const handle = async (request: WriterRequest<Init, Chunk>): Promise<WriterReply> => {
    switch (request.kind) {
      case 'open': {
        source = await open(request.init);
        const WorkbookWriter = await loadWriter();
        // autoClose off: the file is the server thread's to close, after this thread is done with it
        const stream = createWriteStream('', { fd: request.fd, autoClose: false });
        book = new WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
        sheet = book.addWorksheet(source.name);
        sheet.columns = source.columns.map((c) => ({ header: c.header, width: c.width }));
        return { kind: 'ready' };
      }
      case 'rows':
        source!.rows(request.chunk, writeRow);
        await writtenOut(book!, sheet!);
        return { kind: 'written', seq: request.seq };
      case 'end':
        if (source!.ownChunks) {
          for await (const chunk of source!.ownChunks()) {
            source!.rows(chunk, writeRow);
            await writtenOut(book!, sheet!);
          }
        }
        sheet!.commit();
        await book!.commit();
        await source!.close?.();
        return { kind: 'done' };
    }
  };

  // One request at a time, in the order sent: a chunk is written out before the next is looked at.
  let queue = Promise.resolve();
  parentPort?.on('message', (request: WriterRequest<Init, Chunk>) => {
    queue = queue.then(async () => {
      try {
        parentPort!.postMessage(await handle(request));
      } catch (error) {
        await source?.close?.().catch(() => undefined);
        const e = error as NodeJS.ErrnoException;
        parentPort!.postMessage({ kind: 'failed', message: e?.message ?? String(error), ...(e?.code ? { code: e.code } : {}) } satisfies WriterReply);
      }
    });
  });
}

/**
 * One style object per number format, shared by every cell that has it. exceljs finds a cell's style
 * id by the style object's identity (a WeakMap) and otherwise by serialising it: each cell's own style
 * object — what `cell.numFmt = …` or a fresh cell gets — cost a serialisation per cell, half of a
 * million-row export's time (docs/perf.md). The objects are never changed after this.
 */
function sharedStyles(): (numFmt: string | undefined) => Partial<Style> {
  const plain: Partial<Style> = {};
  const byFormat = new Map<string, Partial<Style>>();
  return (numFmt) => {
    if (!numFmt) return plain;
    let found = byFormat.get(numFmt);
    if (!found) byFormat.set(numFmt, (found = { numFmt }));
    return found;
  };
}

/** A writable of Node's or of the readable-stream package archiver uses (which has no writableNeedDrain). */
interface LegacyWritable extends EventEmitter {
  _writableState?: { needDrain?: boolean };
}

interface StreamingParts {
  stream?: LegacyWritable & { pipes?: LegacyWritable[] };
}

/**
 * exceljs' streaming writer never reports back-pressure: its sheet hands every row on to the zip
 * (a readable-stream PassThrough in front of the deflate), and the zip to the file, however slowly
 * they leave. Waiting until each of them has taken what it holds keeps a million-row export within a
 * few megabytes of buffers (without it, 1,000,000 rows held ~500 MB of buffers at the end).
 */
async function writtenOut(target: Book, written: Sheet): Promise<void> {
  const sheetStream = (written as unknown as StreamingParts).stream;
  const streams = [...(sheetStream?.pipes ?? []), (target as unknown as StreamingParts).stream];
  for (const stream of streams) {
    if (stream?._writableState?.needDrain) await once(stream, 'drain');
  }
}
