/**
 * The list export's worker thread (server/files/sheet-writer.ts starts it, one per export): makes
 * the sheet's rows from the text chunks the server thread reads (export-sheet.ts) and writes them.
 */
import { serveSheetWriter } from '../files/sheet-writer-side.ts';
import { exportSheet } from './export-sheet.ts';

serveSheetWriter(exportSheet);
