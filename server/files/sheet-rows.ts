/**
 * What reading an uploaded workbook gives back: the first sheet as plain rows of plain cells.
 * It crosses the worker boundary (structured clone), so it holds no exceljs objects: a cell is
 * its value as a person sees it (rich text joined, a link's text, a formula's result, an error
 * cell empty), and an Excel date stays a Date (its wall time in UTC, as exceljs reads it).
 */
export type SheetCell = string | number | boolean | Date | null;

export interface SheetRow {
  /** the row's number as Excel shows it (1 = the first row) */
  n: number;
  /** the first `columns` cells of the row, column A first */
  cells: SheetCell[];
}

export interface SheetRows {
  /** rows with any value in any column (exceljs' actualRowCount) */
  rowCount: number;
  /** every row with a value in any column, in order (exceljs' eachRow) */
  rows: SheetRow[];
  /**
   * true when reading stopped at the request's maxRows: `rows` ends with the first row past the
   * limit and the rest of the sheet was never read, so the caller refuses the file as too long.
   */
  truncated?: boolean;
}

/** What a caller asks for: how many leading columns it reads. */
export interface SheetRequest {
  columns: number;
  /**
   * The most rows with a value in the first `columns` cells (blank text not counting) the caller
   * can take, its header included: reading stops at the first such row past it (SheetRows.truncated),
   * so a 200,000-row sheet sent to a 10,000-value reader never crosses back whole.
   */
  maxRows?: number;
}

/** The read's own limits: what may cross back to the server thread. */
export const MAX_SHEET_CELLS = 2_000_000;
export const MAX_SHEET_CHARS = 16 * 1024 * 1024;
