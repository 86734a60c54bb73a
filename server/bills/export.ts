/**
 * export: the rows a list request matches, streamed into an .xlsx (exceljs WorkbookWriter, no shared
 * strings) under the list columns' Chinese headers, each cell as the list shows it
 * (export-columns.ts), and answered as a download link.
 */
import { once, type EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Style } from 'exceljs';
import { loadExcel } from '../files/excel.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { applySorts, applyTerms, type CompiledListQuery } from '../query/list-query.ts';
import { newExportFile } from '../files/store.ts';
import type { BillCall } from './call.ts';
import { exportColumns } from './export-columns.ts';
import { compileBillQuery } from './list.ts';
import { findHeadFields, selectHeadIds } from './repository.ts';
import { chinaCompactDay } from './time.ts';
import { fieldsReader, type HeadRow } from './values.ts';

/** Rows fetched per query while exporting (by id, from the ordered id list). */
const CHUNK = 1000;

export interface ExportLimits {
  dataDir: string;
  /** An export is one sheet a person opens: past this the request must be narrowed (EXPORT_MAX_ROWS). */
  maxRows: number;
}

/**
 * The .xlsx of every row the list request matches (its paging ignored), as a download.
 *
 * The matching ids are read first, filtered and ordered once (at most maxRows + 1 of them, so a too
 * large export is refused before anything is written), as one comma-joined text that becomes a
 * Float64Array: a million ids are 8 MB, not a million row objects. The rows are then fetched by id
 * in chunks with only the columns the list shows. OFFSET pages would filter and sort the whole match
 * again for every page. A bill deleted between the two steps is left out; one changed is exported
 * as it is now. The next chunk is fetched while the current one is written, and each chunk waits
 * until the file has taken the one before, so memory stays flat whatever the export's size.
 */
export async function exportBills(call: BillCall, request: unknown, limits: ExportLimits): Promise<{ downloadUri: string }> {
  const { model } = call;
  const req = typeof request === 'object' && request !== null ? request : {};
  const compiled = compileBillQuery(call, { ...req, pageIndex: 0, pageSize: 1 });
  const ids = await orderedIds(call, compiled, limits.maxRows + 1);
  if (ids.length > limits.maxRows) throw new BizError(billServerText.exportTooLarge(limits.maxRows));

  const columns = model.def.list.columns;
  const reader = fieldsReader(model, call.states, columns.map((c) => c.field));
  const fetchChunk = (start: number): Promise<HeadRow[]> => {
    const rows = findHeadFields(call.db, call.scope, Array.from(ids.subarray(start, start + CHUNK)), reader.columns, reader.dataKeys);
    rows.catch(() => undefined); // awaited below; this only keeps a failure from going unhandled meanwhile
    return rows;
  };

  const file = await newExportFile(limits.dataDir, `${model.def.label}_${chinaCompactDay(call.now)}.xlsx`);
  const excel = await loadExcel();
  const book = new excel.stream.xlsx.WorkbookWriter({ filename: file.path, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet(model.def.label);
  const shown = exportColumns(model);
  sheet.columns = shown.map((c) => ({ header: c.header, width: c.width }));
  const style = sharedStyles();
  const writeRow = (values: unknown[]) => {
    const row = sheet.addRow([]);
    shown.forEach((column, i) => {
      const cell = column.cell(values[column.source]);
      if (cell.value === null) return;
      const target = row.getCell(i + 1);
      target.style = style(cell.numFmt);
      target.value = cell.value;
    });
    row.commit();
  };
  let next = ids.length > 0 ? fetchChunk(0) : undefined;
  for (let start = 0; next; start += CHUNK) {
    const rows = await next;
    next = start + CHUNK < ids.length ? fetchChunk(start + CHUNK) : undefined;
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const end = Math.min(start + CHUNK, ids.length);
    for (let i = start; i < end; i++) {
      const row = byId.get(ids[i]!);
      if (row) writeRow(reader.read(row));
    }
    await writtenOut(book, sheet);
  }
  sheet.commit();
  await book.commit();
  return { downloadUri: file.downloadUri };
}

/** The ids a list request matches, in its order, at most `limit`. */
async function orderedIds(call: BillCall, compiled: CompiledListQuery, limit: number): Promise<Float64Array> {
  const order = sql.join(compiled.sorts.map((s) => sql`${s.expr} ${sql.raw(s.order === 'desc' ? 'desc' : 'asc')}`));
  const matching = applySorts(applyTerms(selectHeadIds(call.db, call.scope), compiled), compiled)
    .select(sql<number>`row_number() over (order by ${order})`.as('n'))
    .limit(limit);
  const { ids } = await call.db.selectFrom(matching.as('m'))
    .select(sql<string | null>`string_agg(m.id::text, ',' order by m.n)`.as('ids'))
    .executeTakeFirstOrThrow();
  return parseIdList(ids);
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
    let style = byFormat.get(numFmt);
    if (!style) byFormat.set(numFmt, (style = { numFmt }));
    return style;
  };
}

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
async function writtenOut(book: unknown, sheet: unknown): Promise<void> {
  const sheetStream = (sheet as StreamingParts).stream;
  const targets = [...(sheetStream?.pipes ?? []), (book as StreamingParts).stream];
  for (const target of targets) {
    if (target?._writableState?.needDrain) await once(target, 'drain');
  }
}
