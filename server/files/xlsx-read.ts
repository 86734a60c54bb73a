/**
 * Reading an uploaded .xlsx. exceljs' streaming WorkbookReader drops zip entries at random
 * (upstream exceljs#3064: its iterate-stream pauses unzipper's entry streams, which then end
 * early — about 1 read in 700 lost xl/workbook.xml here), so uploads are read whole instead.
 * Whole means memory: the zip's central directory is checked first, and a file whose XML would
 * unpack past MAX_XLSX_XML_BYTES is refused before exceljs sees it.
 */
import { readFile } from 'node:fs/promises';
import type ExcelJS from 'exceljs';

/** Enough for 20,000 rows of eight columns several times over; a zip bomb is far beyond it. */
export const MAX_XLSX_XML_BYTES = 64 * 1024 * 1024;

/** Why a file could not be read: not a workbook at all, or one too large to unpack. */
export class XlsxReadError extends Error {
  constructor(readonly reason: 'notXlsx' | 'tooLarge') {
    super(reason);
  }
}

import { loadExcel } from './excel.ts';

/** The first worksheet of the .xlsx at `path` (null when the workbook has none). */
export async function readFirstSheet(path: string, maxXmlBytes = MAX_XLSX_XML_BYTES): Promise<ExcelJS.Worksheet | null> {
  const bytes = await readFile(path);
  let unpacked = 0;
  try {
    const { Open } = await import('unzipper');
    for (const file of (await Open.buffer(bytes)).files) unpacked += file.uncompressedSize;
  } catch {
    throw new XlsxReadError('notXlsx');
  }
  if (unpacked > maxXmlBytes) throw new XlsxReadError('tooLarge');
  const book = new (await loadExcel()).Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer, { ignoreNodes: ['dataValidations', 'conditionalFormatting', 'drawing', 'picture', 'legacyDrawing'] });
  } catch {
    throw new XlsxReadError('notXlsx');
  }
  return book.worksheets[0] ?? null;
}
