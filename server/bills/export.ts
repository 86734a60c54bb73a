/**
 * export: the rows a list request matches, streamed into an .xlsx (exceljs WorkbookWriter, no shared
 * strings, in a worker thread of its own: server/files/sheet-writer.ts) under the list columns'
 * Chinese headers in the screen's order, each cell as the list shows it but codes as "code name"
 * (export-columns.ts), and answered as a download link.
 */
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import { hiddenColumnsOf } from '../../domain/bills/list-order.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { shutdownText } from '../../domain/texts/shutdown.ts';
import { BizError, HttpError } from '../http/errors.ts';
import { applySorts, applyTerms, type CompiledListQuery } from '../query/list-query.ts';
import { newExportFile } from '../files/store.ts';
import { writeSheet, type SheetChunkOut, type SheetChunks } from '../files/sheet-writer.ts';
import { workerScript } from '../files/worker-pool.ts';
import type { BillCall } from './call.ts';
import { exportColumnSpecs, namesOf } from './export-columns.ts';
import type { ChunkQuery, ExportChunk, ExportSheetInit } from './export-sheet.ts';
import { compileBillQuery } from './list.ts';
import { findHeadFieldsText, headFieldsTextQuery, selectHeadIds } from './repository.ts';
import { chinaCompactDay } from './time.ts';
import { fieldsReader } from './values.ts';
import { productCounters } from '../ops/counters.ts';

/** Rows fetched per query while exporting (by id, from the ordered id list). */
const CHUNK = 1000;

/** The export's writer: a worker thread of its own per export (export-worker.ts). */
const exportWorker = workerScript(import.meta.url, 'export-worker');

export interface ExportLimits {
  dataDir: string;
  /** An export is one sheet a person opens: past this the request must be narrowed (EXPORT_MAX_ROWS). */
  maxRows: number;
  /** PostgreSQL's (DATABASE_URL): the export's worker reads the rows on a connection of its own */
  databaseUrl?: string | undefined;
  /** the server's shutdown ran out of time (server/ops/drain.ts): the export stops and leaves no file */
  signal?: AbortSignal;
}

/**
 * The .xlsx of every row the list request matches (its paging ignored), as a download.
 *
 * A too large export is refused before anything is written (at most maxRows + 1 matches are
 * counted). The rows are then read by id, in chunks, with only the columns the list shows: the ids
 * first, filtered and ordered once (OFFSET pages would filter and sort the whole match again for
 * every page), then each chunk's rows. On PostgreSQL the export's worker does all the reading, on a
 * connection of its own, in one snapshot: the ids through a cursor, so no list of them is ever
 * whole in memory (export-sheet.ts). On PGlite, whose database lives on this thread, this thread
 * reads the ids (as Float64Array parts: a million ids are 8 MB, not a million objects) and each
 * chunk's text, the next while the worker writes the one before; a bill deleted between the two
 * steps is left out there, one changed is exported as it is now. Each chunk waits until the file has
 * taken the one before, so memory stays flat whatever the export's size. A failed export (a query,
 * the disk, the worker) leaves no file and rejects with that failure.
 */
export async function exportBills(call: BillCall, request: unknown, limits: ExportLimits): Promise<{ downloadUri: string }> {
  const { model } = call;
  const req = typeof request === 'object' && request !== null ? request : {};
  const compiled = compileBillQuery(call, { ...req, pageIndex: 0, pageSize: 1 });
  const reader = fieldsReader(model, call.states, model.def.list.columns.map((c) => c.field));
  const read = { body: reader.body, columns: reader.columns, dataKeys: reader.dataKeys };

  let query: ChunkQuery | undefined;
  let chunks: SheetChunks<ExportChunk>;
  if (limits.databaseUrl) {
    if (await matchingCount(call, compiled, limits.maxRows + 1) > limits.maxRows) throw new BizError(billServerText.exportTooLarge(limits.maxRows));
    query = workerQuery(call, compiled, limits.databaseUrl, limits.maxRows, reader);
    chunks = [];
  } else {
    const ids = await orderedIds(call, compiled, limits.maxRows + 1);
    if (ids.length > limits.maxRows) throw new BizError(billServerText.exportTooLarge(limits.maxRows));
    chunks = chunksOf(call, ids, reader);
  }

  const file = await newExportFile(limits.dataDir, `${model.def.label}_${chinaCompactDay(call.now)}.xlsx`);
  const columns = exportColumnSpecs(model, hiddenColumnsOf(req));
  const names: ExportSheetInit['names'] = {};
  for (const { field, raw } of columns) {
    const table = raw ? undefined : field?.codeTable;
    const found = table ? namesOf(table) : undefined;
    if (table && found) names[table] = [...found];
  }
  const init: ExportSheetInit = { name: model.def.label, columns, names, states: call.states.states, read, ...(query ? { query } : {}) };
  productCounters.exports.inc();
  try {
    await writeSheet(exportWorker, file.path, init, chunks, undefined, limits.signal);
  } catch (error) {
    await rm(dirname(file.path), { recursive: true, force: true }); // half a file is no download
    if (limits.signal?.aborted) throw new HttpError(503, shutdownText.exportAborted);
    throw error;
  } finally {
    productCounters.exports.dec();
  }
  return { downloadUri: file.downloadUri };
}

type RowReader = { columns: readonly string[]; dataKeys: readonly string[] };

/** PGlite: each chunk's rows read on this thread, the next one while the worker writes this one. */
async function* chunksOf(call: BillCall, ids: Float64Array, reader: RowReader): AsyncGenerator<SheetChunkOut<ExportChunk>> {
  const read = (start: number) => {
    const text = findHeadFieldsText(call.db, call.scope, Array.from(ids.subarray(start, start + CHUNK)), reader.columns, reader.dataKeys);
    text.catch(() => undefined); // awaited below; this only keeps a failure from going unhandled meanwhile
    return text;
  };
  let next = ids.length > 0 ? read(0) : undefined;
  for (let start = 0; start < ids.length; start += CHUNK) {
    const text = await next;
    next = start + CHUNK < ids.length ? read(start + CHUNK) : undefined;
    const chunkIds = ids.slice(start, start + CHUNK);
    yield { chunk: { ids: chunkIds, text: text ?? '' }, transfer: [chunkIds.buffer] };
  }
}

/** PostgreSQL: what the worker runs on its own connection — the ordered ids (its cursor's) and findHeadFieldsText's query — compiled here. */
function workerQuery(call: BillCall, compiled: CompiledListQuery, databaseUrl: string, maxRows: number, reader: RowReader): ChunkQuery {
  const ids = applySorts(applyTerms(selectHeadIds(call.db, call.scope), compiled), compiled).limit(maxRows).compile();
  const marker: number[] = [];
  const rows = headFieldsTextQuery(call.db, call.scope, marker, reader.columns, reader.dataKeys).compile();
  const idsAt = rows.parameters.indexOf(marker);
  if (idsAt < 0) throw new Error('export chunk query: ids parameter not found');
  return {
    databaseUrl,
    ids: { sql: ids.sql, parameters: [...ids.parameters] },
    rows: { sql: rows.sql, parameters: [...rows.parameters], idsAt },
    chunk: CHUNK,
  };
}

/** How many bills a list request matches, counted up to `limit`. */
async function matchingCount(call: BillCall, compiled: CompiledListQuery, limit: number): Promise<number> {
  const matching = applyTerms(selectHeadIds(call.db, call.scope), compiled).limit(limit);
  const { count } = await call.db.selectFrom(matching.as('m')).select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

/** The ids a list request matches, in its order, at most `limit`. */
async function orderedIds(call: BillCall, compiled: CompiledListQuery, limit: number): Promise<Float64Array> {
  const order = sql.join(compiled.sorts.map((s) => sql`${s.expr} ${sql.raw(s.order === 'desc' ? 'desc' : 'asc')}`));
  const matching = applySorts(applyTerms(selectHeadIds(call.db, call.scope), compiled), compiled)
    .select(sql<number>`row_number() over (order by ${order})`.as('n'))
    .limit(limit);
  // in parts of ID_PART ids, so no single reply message is the whole list: the driver's receive
  // buffer grows to its largest message and kept ~32 MB for a million ids as one text (docs/perf.md)
  const part = sql`(m.n - 1) / ${sql.lit(ID_PART)}`;
  const parts = await call.db.selectFrom(matching.as('m'))
    .select([sql<number>`count(*)::int`.as('count'), sql<string>`string_agg(m.id::text, ',' order by m.n)`.as('ids')])
    .groupBy(part).orderBy(part)
    .execute();
  const out = new Float64Array(parts.reduce((sum, p) => sum + Number(p.count), 0));
  let at = 0;
  for (const p of parts) {
    const ids = parseIdList(p.ids);
    out.set(ids, at);
    at += ids.length;
  }
  return out;
}

/** Ids per part of the ordered id list (~40 KB of text each; the chunk test spans two parts). */
const ID_PART = 5_000;

/** "12,7,9" as numbers, read in place (no string per id). */
export function parseIdList(text: string | null): Float64Array {
  if (!text) return new Float64Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const out = new Float64Array(count);
  let k = 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out[k++] = n;
      n = 0;
    } else n = n * 10 + (c - 48);
  }
  out[k] = n;
  return out;
}
