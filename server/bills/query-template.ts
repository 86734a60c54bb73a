/**
 * The query template of a bill list (批量查询): one column headed by the title field's label, and
 * the parser that reads filled templates back into the values of an `in` term.
 */
import { loadExcel } from '../files/excel.ts';
import { MAX_IN_VALUES, queryText } from '../../domain/query.ts';
import { billServerText, billText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { writeExportFile } from '../files/store.ts';
import { readSheetOrRefuse, type SheetCell } from '../files/xlsx-read.ts';
import type { BillCall } from './call.ts';
import { titleColumn } from './model.ts';

/** The query template: the title field's label over an empty column, and how to fill it. */
export async function queryTemplate(call: BillCall, dataDir: string): Promise<{ downloadUri: string }> {
  const label = call.model.title.label;
  return writeExportFile(dataDir, `${billServerText.templateFileName(call.model.def.label)}.xlsx`, async (path) => {
    const excel = await loadExcel();
    const book = new excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
    const sheet = book.addWorksheet(billServerText.templateSheet);
    sheet.columns = [{ width: 30 }, { width: 70 }];
    const header = sheet.addRow([label, '']);
    header.getCell(1).font = { bold: true };
    header.commit();
    // The note sits beside the column, never in it, so a filled template parses as it is.
    sheet.addRow(['', billServerText.templateNote(label, MAX_IN_VALUES)]).commit();
    sheet.commit();
    await book.commit();
  });
}

/** A cell's value as the text a person sees (the reader already joined rich text and took links' text and formulas' results). */
function cellText(value: SheetCell): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * The first column of a file's first sheet: its header and the values under it. Reading stops past
 * MAX_IN_VALUES listed values (the header and 10,000 values at most), repeats counting: a file that
 * lists more is refused as too many without the rest of it ever being read.
 */
async function firstColumn(path: string, label: string): Promise<{ header: string; values: string[] }> {
  const sheet = await readSheetOrRefuse(path, { columns: 1, maxRows: MAX_IN_VALUES + 1 }, billText.badTemplate);
  if (sheet?.truncated) throw new BizError(queryText.tooManyValues(label, MAX_IN_VALUES));
  let header = '';
  const values: string[] = [];
  for (const row of sheet?.rows ?? []) {
    const text = cellText(row.cells[0] ?? null);
    if (row.n === 1) header = text;
    else if (text) values.push(text);
  }
  return { header, values };
}

/**
 * parseQueryTemplate: the numbers listed in filled query templates (up to 3 files), for an `in`
 * term on the title column. A file that is no template of this bill, or holds no numbers, is refused.
 */
export async function parseQueryTemplate(call: BillCall, paths: readonly string[]): Promise<{ column: string; values: string[] }> {
  return { column: titleColumn(call.model), values: await templateValues(call.model.title.label, paths) };
}

/**
 * The values under the header `label` in the first column of filled query templates, without
 * repeats; refused when a file is no such template or holds none. Also for lists that are not
 * bills (签名记录).
 */
export async function templateValues(label: string, paths: readonly string[]): Promise<string[]> {
  const values = new Set<string>();
  for (const path of paths) {
    const column = await firstColumn(path, label);
    if (!column.header && column.values.length === 0) throw new BizError(billText.emptyFile);
    if (column.header !== label) throw new BizError(billText.badTemplate);
    if (column.values.length === 0) throw new BizError(billText.emptyFile);
    for (const v of column.values) values.add(v);
    if (values.size > MAX_IN_VALUES) throw new BizError(queryText.tooManyValues(label, MAX_IN_VALUES));
  }
  return [...values];
}
