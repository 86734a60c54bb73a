/**
 * Rows that carry only some fields (an export's columns), as they travel from bill_heads: one JSON
 * array a row, the id and the columns first, then the `data` values (findHeadFields), times as epoch
 * milliseconds. Shared by the repository and the export's worker thread, which decodes a chunk's
 * rows itself (export-worker.ts): no database code here.
 */
import { dataAlias, type HeadRow } from './values.ts';

/** bill_heads columns holding a time (sent as epoch milliseconds). */
export const TIME_COLUMNS: ReadonlySet<string> = new Set(['app_time', 'create_time', 'update_time']);

/** The columns a row's array holds, in order: the id, then the others asked for. */
export const headFieldColumns = (columns: readonly string[]): string[] => ['id', ...columns.filter((c) => c !== 'id')];

/** The row of one array: `cols` (headFieldColumns) then `dataKeys`, each `data` value as its dataAlias. */
export function headRowOf(r: readonly unknown[], cols: readonly string[], dataKeys: readonly string[]): HeadRow {
  const row: Record<string, unknown> = {};
  cols.forEach((c, i) => {
    const v = r[i];
    row[c] = TIME_COLUMNS.has(c) && v !== null ? new Date(Number(v)) : v;
  });
  dataKeys.forEach((k, i) => { row[dataAlias(k)] = r[cols.length + i]; });
  return row as HeadRow;
}
