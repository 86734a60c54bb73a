/**
 * An uploaded .xlsx's first sheet as plain rows (sheet-rows.ts). It runs inside the workbook
 * worker (workbook-worker.ts), never on the server's request thread.
 *
 * exceljs' streaming reader loses zip entries (upstream exceljs#3064: about 1 read in 700 lost
 * xl/workbook.xml here), so the workbook is read whole — but exceljs never unzips the user's
 * bytes: the entries a sheet needs are inflated here under MAX_XLSX_XML_BYTES (zip-read.ts counts
 * what inflating produces, whatever the archive claims), then handed to exceljs as a new zip of
 * stored entries, which it only has to slice. Drawings, media, comments and the rest are never
 * inflated. What goes back is bounded too (MAX_SHEET_CELLS, MAX_SHEET_CHARS).
 */
import type ExcelJS from 'exceljs';
import { zip } from '../archive/zip.ts';
import { loadExcel } from './excel.ts';
import { MAX_SHEET_CELLS, MAX_SHEET_CHARS, type SheetCell, type SheetRequest, type SheetRow, type SheetRows } from './sheet-rows.ts';
import { unzipCapped, ZipReadError } from './zip-read.ts';

/**
 * The unpacked parts a sheet needs, together: a 20,000-row data template of 13 columns is 9.6 MB.
 * exceljs holds about 13 bytes of heap per byte of XML, so the worker's heap ceiling
 * (WORKBOOK_POOL.heapMb) is the real bound; this cap refuses bigger files at once instead of
 * after a slow death, and keeps the buffers outside the heap (unpacked parts, the rebuilt zip) small.
 */
export const MAX_XLSX_XML_BYTES = 16 * 1024 * 1024;

/** Why a file could not be read: not a workbook at all, or one too large to unpack or hold. */
export class XlsxReadError extends Error {
  constructor(readonly reason: 'notXlsx' | 'tooLarge') {
    super(reason);
  }
}

/** The parts exceljs needs for cell values: the workbook, its sheets, shared strings and styles (dates). */
const NEEDED = /^(?:\[Content_Types\]\.xml|_rels\/\.rels|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/styles\.xml|xl\/worksheets\/sheet\d+\.xml|xl\/worksheets\/_rels\/sheet\d+\.xml\.rels)$/;

const IGNORED_NODES = ['dataValidations', 'conditionalFormatting', 'drawing', 'picture', 'legacyDrawing'];

/** A cell as a plain value: what the person sees, with no exceljs object left in it. */
function plain(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : null;
  if ('result' in value && value.result !== undefined) return plain(value.result as ExcelJS.CellValue);
  return null;
}

/** Unpacks `bytes` under the cap and loads the result into exceljs. */
async function loadCapped(bytes: Buffer, maxXmlBytes: number): Promise<ExcelJS.Workbook> {
  let parts: Map<string, Buffer>;
  try {
    parts = unzipCapped(bytes, (name) => NEEDED.test(name), maxXmlBytes);
  } catch (error) {
    throw new XlsxReadError(error instanceof ZipReadError && error.reason === 'tooLarge' ? 'tooLarge' : 'notXlsx');
  }
  if (!parts.has('xl/workbook.xml')) throw new XlsxReadError('notXlsx');
  const stored = zip([...parts].map(([name, content]) => ({ name, content })), { store: true });
  parts.clear();
  const book = new (await loadExcel()).Workbook();
  try {
    await book.xlsx.load(stored as unknown as ArrayBuffer, { ignoreNodes: IGNORED_NODES });
  } catch {
    throw new XlsxReadError('notXlsx');
  }
  return book;
}

/** The first sheet of the workbook `bytes` (null when it has none), its first `columns` cells a row. */
export async function readSheetRows(bytes: Buffer, request: SheetRequest, maxXmlBytes = MAX_XLSX_XML_BYTES): Promise<SheetRows | null> {
  const book = await loadCapped(bytes, maxXmlBytes);
  const sheet = book.worksheets[0];
  if (!sheet) return null;
  const rows: SheetRow[] = [];
  let cells = 0;
  let chars = 0;
  sheet.eachRow((row, n) => {
    const values: SheetCell[] = [];
    for (let i = 1; i <= request.columns; i++) {
      const v = plain(row.getCell(i).value);
      if (typeof v === 'string') chars += v.length;
      values.push(v);
    }
    cells += 1 + values.length;
    if (cells > MAX_SHEET_CELLS || chars > MAX_SHEET_CHARS) throw new XlsxReadError('tooLarge');
    rows.push({ n, cells: values });
  });
  return { rowCount: sheet.actualRowCount, rows };
}
