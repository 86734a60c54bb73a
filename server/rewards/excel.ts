/** exceljs, loaded on first use (it is large), and the one way a cell reads as text. */
import { loadExcel } from '../files/excel.ts';
import type { SheetCell } from '../files/xlsx-read.ts';

export { loadExcel };

export function cellValue(value: SheetCell): string | number | null {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    // Excel dates carry no zone: exceljs reads them as UTC wall times
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  return null;
}

/** Writes rows under headers into a new .xlsx (streamed, no shared strings). */
export async function writeSheet(path: string, sheetName: string, columns: readonly { header: string; key: string; width?: number }[], rows: Iterable<Record<string, unknown>>): Promise<void> {
  const excel = await loadExcel();
  const book = new excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
}
