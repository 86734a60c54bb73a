/**
 * export: the rows a list request matches, streamed into an .xlsx (exceljs WorkbookWriter, no shared
 * strings) under the list columns' Chinese headers, and answered as a download link.
 */
// exceljs is large: loaded on the first export or import, not at server start.
import type ExcelJS from 'exceljs';
const loadExcel = async () => (await import('exceljs')).default;
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { applyPaging, applySorts, applyTerms } from '../query/list-query.ts';
import { newExportFile } from '../files/store.ts';
import type { BillCall } from './call.ts';
import { compileBillQuery } from './list.ts';
import { selectHeads } from './repository.ts';
import { chinaCompactDay } from './time.ts';
import { toRow, type HeadRow } from './values.ts';

/** Rows fetched per query while exporting (offset pages: ordered by the request's sort and id). */
const CHUNK = 2000;
/** An export is one file a person opens; past this the request must be narrowed. */
export const MAX_EXPORT_ROWS = 100_000;

/** The .xlsx of every row the list request matches (its paging ignored), as a download. */
export async function exportBills(call: BillCall, request: unknown, dataDir: string): Promise<{ downloadUri: string }> {
  const { model } = call;
  const req = typeof request === 'object' && request !== null ? request : {};
  const compiled = compileBillQuery(call, { ...req, pageIndex: 0, pageSize: CHUNK }, { maxPageSize: CHUNK });
  const columns = model.def.list.columns;
  const file = await newExportFile(dataDir, `${model.def.label}_${chinaCompactDay(call.now)}.xlsx`);
  const excel = await loadExcel();
  const book = new excel.stream.xlsx.WorkbookWriter({ filename: file.path, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet(model.def.label);
  sheet.columns = columns.map((c) => ({ header: c.label ?? model.label(c.field), key: c.field, width: Math.max(10, Math.round((c.width ?? 120) / 7)) }));
  const query = applySorts(applyTerms(selectHeads(call.db, call.scope), compiled), compiled);
  for (let offset = 0; ; offset += CHUNK) {
    const rows: HeadRow[] = await applyPaging(query, { ...compiled, offset, pageSize: CHUNK }).execute();
    if (offset + rows.length > MAX_EXPORT_ROWS) {
      await book.commit().catch(() => undefined);
      throw new BizError(billServerText.exportTooLarge(MAX_EXPORT_ROWS));
    }
    for (const r of rows) {
      const row = toRow(model, r, call.states);
      sheet.addRow(columns.map((c) => row[c.field] ?? null)).commit();
    }
    if (rows.length < CHUNK) break;
  }
  sheet.commit();
  await book.commit();
  return { downloadUri: file.downloadUri };
}
