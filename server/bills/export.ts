/**
 * export: the rows a list request matches, streamed into an .xlsx (exceljs WorkbookWriter, no shared
 * strings) under the list columns' Chinese headers, each cell as the list shows it
 * (export-columns.ts), and answered as a download link.
 */
import { loadExcel } from '../files/excel.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { applySorts, applyTerms } from '../query/list-query.ts';
import { newExportFile } from '../files/store.ts';
import type { BillCall } from './call.ts';
import { exportColumns } from './export-columns.ts';
import { compileBillQuery } from './list.ts';
import { findHeadFields, selectHeadIds } from './repository.ts';
import { chinaCompactDay } from './time.ts';
import { fieldsReader, type HeadRow } from './values.ts';

/** Rows fetched per query while exporting (by id, from the ordered id list). */
const CHUNK = 5000;
/** An export is one file a person opens; past this the request must be narrowed. */
export const MAX_EXPORT_ROWS = 100_000;

/**
 * The .xlsx of every row the list request matches (its paging ignored), as a download.
 *
 * The matching ids are read first, filtered and ordered once (at most MAX_EXPORT_ROWS + 1 numbers,
 * so a too large export is refused before anything is written); the rows are then fetched by id in
 * chunks with only the columns the list shows. OFFSET pages would filter and sort the whole match
 * again for every page. A bill deleted between the two steps is left out; one changed is exported
 * as it is now. The next chunk is fetched while the current one is written.
 */
export async function exportBills(call: BillCall, request: unknown, dataDir: string): Promise<{ downloadUri: string }> {
  const { model } = call;
  const req = typeof request === 'object' && request !== null ? request : {};
  const compiled = compileBillQuery(call, { ...req, pageIndex: 0, pageSize: 1 });
  const ids = (await applySorts(applyTerms(selectHeadIds(call.db, call.scope), compiled), compiled).limit(MAX_EXPORT_ROWS + 1).execute())
    .map((r) => Number(r.id));
  if (ids.length > MAX_EXPORT_ROWS) throw new BizError(billServerText.exportTooLarge(MAX_EXPORT_ROWS));

  const columns = model.def.list.columns;
  const reader = fieldsReader(model, call.states, columns.map((c) => c.field));
  const fetchChunk = (start: number): Promise<HeadRow[]> => {
    const rows = findHeadFields(call.db, call.scope, ids.slice(start, start + CHUNK), reader.columns, reader.dataKeys);
    rows.catch(() => undefined); // awaited below; this only keeps a failure from going unhandled meanwhile
    return rows;
  };

  const file = await newExportFile(dataDir, `${model.def.label}_${chinaCompactDay(call.now)}.xlsx`);
  const excel = await loadExcel();
  const book = new excel.stream.xlsx.WorkbookWriter({ filename: file.path, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet(model.def.label);
  const shown = exportColumns(model);
  sheet.columns = shown.map((c) => ({ header: c.header, width: c.width }));
  const writeRow = (values: unknown[]) => {
    const row = sheet.addRow(shown.map(() => null));
    shown.forEach((column, i) => {
      const cell = column.cell(values[column.source]);
      if (cell.value === null) return;
      const target = row.getCell(i + 1);
      target.value = cell.value;
      if (cell.numFmt) target.numFmt = cell.numFmt;
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
  }
  sheet.commit();
  await book.commit();
  return { downloadUri: file.downloadUri };
}
