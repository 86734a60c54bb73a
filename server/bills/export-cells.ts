/**
 * A list export's cell rule as plain data (ExportColumnSpec), and the cell it makes of a value: what
 * the server thread tells the export's worker thread (export-sheet.ts) so the worker formats exactly
 * as export-columns.ts does without loading the bill definitions or the code tables — only the names
 * of the code tables the export's columns use travel with it.
 */
import { exportCellText, isNumericField } from '../../domain/bills/cell-text.ts';
import { excelNumber } from '../../domain/bills/number-format.ts';
import type { FieldDef } from '../../domain/bills/types.ts';

/** A cell value exceljs writes, with the number format of a number cell. */
export interface ExportCell {
  value: string | number | null;
  numFmt?: string;
}

/** What of a field decides how its value shows (FieldDef's data, no functions). */
export type CellField = Pick<FieldDef, 'name' | 'kind'> & Partial<Pick<FieldDef, 'figure' | 'scale' | 'codeTable' | 'options'>>;

export interface ExportColumnSpec {
  header: string;
  width: number;
  /** the index of the list column whose value it writes */
  source: number;
  /** the list column's field (none for an engine field the model does not describe) */
  field?: CellField;
  /** the value as it is stored (a coded field's code), not as the list shows it */
  raw?: true;
}

/** A code table's value → name. */
export type NamesOf = (codeTable: string) => ReadonlyMap<string, string> | undefined;

/** The cell a spec makes of a list value: coded values as "code name", numbers as numbers with their format. */
export function exportCellOf(spec: ExportColumnSpec, namesOf: NamesOf): (value: unknown) => ExportCell {
  if (spec.raw) return rawCell;
  const field = spec.field as FieldDef | undefined;
  if (field && isNumericField(field)) {
    return (value) => {
      const n = excelNumber(field, value);
      return n ? { value: n.value, numFmt: n.numFmt } : { value: value === null || value === undefined ? null : String(value) };
    };
  }
  return (value) => {
    const text = exportCellText(field, value, namesOf);
    return { value: text === '' ? null : text };
  };
}

const rawCell = (value: unknown): ExportCell => ({ value: value === null || value === undefined ? null : String(value) });
