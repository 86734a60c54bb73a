/**
 * An uploaded .xlsx's first sheet as plain rows (sheet-rows.ts). It runs inside the workbook
 * worker (workbook-worker.ts), never on the server's request thread.
 *
 * The entries a sheet needs are inflated here under MAX_XLSX_XML_BYTES (zip-read.ts counts what
 * inflating produces, whatever the archive claims) and read straight from their XML by
 * sheet-xml.ts — no exceljs: its workbook model cost seconds and ~13 bytes of heap per byte of
 * XML for a 20,000-row template (and its streaming reader lost zip entries, exceljs#3064).
 * Drawings, media, comments and the rest are never inflated. What goes back is bounded too
 * (MAX_SHEET_CELLS, MAX_SHEET_CHARS).
 */
import { StringDecoder } from 'node:string_decoder';
import { MAX_SHEET_CELLS, MAX_SHEET_CHARS, type SheetCell, type SheetRequest, type SheetRow, type SheetRows } from './sheet-rows.ts';
import { dateStyles, firstSheetPart, scanSheet, sharedStrings, uses1904 } from './sheet-xml.ts';
import { streamEntryCapped, unzipCapped, ZipReadError } from './zip-read.ts';

/**
 * The unpacked parts a sheet needs, together: a 20,000-row data template of 13 columns is 9.6 MB.
 * The cap refuses bigger files at once and keeps the unpacked parts (and their text, about twice
 * their bytes) well under the worker's heap ceiling (WORKBOOK_POOL.heapMb).
 */
export const MAX_XLSX_XML_BYTES = 16 * 1024 * 1024;

/** Why a file could not be read: not a workbook at all, or one too large to unpack or hold. */
export class XlsxReadError extends Error {
  constructor(readonly reason: 'notXlsx' | 'tooLarge') {
    super(reason);
  }
}

/** The parts read whole: the workbook and its relationships, shared strings and styles (dates). The sheet is streamed. */
const NEEDED = /^(?:xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/styles\.xml)$/;

/** Unpacks the parts a sheet needs from `bytes` under the cap. */
function unpack(bytes: Buffer, maxXmlBytes: number): Map<string, Buffer> {
  try {
    return unzipCapped(bytes, (name) => NEEDED.test(name), maxXmlBytes);
  } catch (error) {
    throw asReadError(error);
  }
}

const asReadError = (error: unknown) =>
  error instanceof XlsxReadError ? error : new XlsxReadError(error instanceof ZipReadError && error.reason === 'tooLarge' ? 'tooLarge' : 'notXlsx');

/** A cell every caller counts as a value: blank text is none (callers trim), so the limit never stops before theirs. */
const hasValue = (v: SheetCell) => v !== null && (typeof v !== 'string' || v.trim() !== '');

/**
 * The first sheet of the workbook `bytes` (null when it has none), its first `columns` cells a row.
 * The sheet's XML is inflated and scanned piece by piece (whole rows at a time), so reading that
 * stops at request.maxRows also stops inflating: a 200,000-row sheet never exists whole in memory.
 * Every part together stays under `maxXmlBytes`, as before.
 */
export async function readSheetRows(bytes: Buffer, request: SheetRequest, maxXmlBytes = MAX_XLSX_XML_BYTES): Promise<SheetRows | null> {
  const parts = unpack(bytes, maxXmlBytes);
  let used = 0;
  for (const part of parts.values()) used += part.length;
  const text = (name: string) => parts.get(name)?.toString('utf8');
  const workbook = text('xl/workbook.xml');
  if (workbook === undefined) throw new XlsxReadError('notXlsx');
  const sheetName = firstSheetPart(workbook, text('xl/_rels/workbook.xml.rels'));
  if (sheetName === null) return null;
  let pieces: AsyncGenerator<Buffer> | undefined;
  try {
    pieces = streamEntryCapped(bytes, sheetName, maxXmlBytes - used);
  } catch (error) {
    throw asReadError(error);
  }
  if (pieces === undefined) throw new XlsxReadError('notXlsx');
  const context = { strings: sharedStrings(text('xl/sharedStrings.xml')), dates: dateStyles(text('xl/styles.xml')), date1904: uses1904(workbook) };
  parts.clear();
  let cells = 0;
  let chars = 0;
  let counted = 0;
  const onRow = (row: SheetRow): void | 'stop' => {
    for (const v of row.cells) if (typeof v === 'string') chars += v.length;
    cells += 1 + row.cells.length;
    if (cells > MAX_SHEET_CELLS || chars > MAX_SHEET_CHARS) throw new XlsxReadError('tooLarge');
    if (request.maxRows !== undefined && row.cells.some(hasValue) && ++counted > request.maxRows) return 'stop';
  };
  const rows: SheetRow[] = [];
  const position = { last: 0 };
  const decoder = new StringDecoder('utf8');
  // text not yet scanned (after the last whole row), kept in pieces: joining and searching it on
  // every piece would cost the square of a long row-less stretch (a sheet of spaces)
  let pending: string[] = [];
  let tail = '';
  /** Scans `xml` (whole rows); true when the limit stopped the reading. */
  const scan = (xml: string): boolean => {
    const part = scanSheet(xml, request.columns, context, onRow, position);
    for (const row of part.rows) rows.push(row);
    return part.truncated === true;
  };
  try {
    for await (const piece of pieces) {
      const fresh = decoder.write(piece);
      if (!(tail + fresh).includes('</row>')) {
        pending.push(fresh);
        tail = (tail + fresh).slice(-5);
        continue;
      }
      const xml = pending.join('') + fresh;
      const cut = xml.lastIndexOf('</row>') + 6;
      pending = [xml.slice(cut)];
      tail = pending[0]!.slice(-5);
      // leaving the loop ends the generator, which destroys the inflater: the rest is never inflated
      if (scan(xml.slice(0, cut))) return { rowCount: rows.length, rows, truncated: true };
    }
  } catch (error) {
    throw asReadError(error);
  }
  if (scan(pending.join('') + decoder.end())) return { rowCount: rows.length, rows, truncated: true };
  return { rowCount: rows.length, rows };
}
