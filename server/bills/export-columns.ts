/**
 * The columns of a list export: the screen's columns in the screen's order (issue 31: list-order.ts,
 * the list table's rule, with the 列设置 hidden columns the request names), each as the list shows
 * it — fixed options by label, numbers as numbers rounded and formatted as the list reads them
 * (1,835.00, an Excel number format, so sums still work) — except a customs code table's value,
 * which reads "code name" (142 人民币, 3105 宁波海关; cell-text.ts). The code being in the cell, the
 * separate "<label>（代码）" columns of issue 19 are gone: they were columns the screen does not have.
 */
import { dictionaryItems } from '../../domain/dictionaries.ts';
import { orderedColumns } from '../../domain/bills/list-order.ts';
import type { FieldDef } from '../../domain/bills/types.ts';
import { exportCellOf, type CellField, type ExportCell, type ExportColumnSpec } from './export-cells.ts';
import type { BillModel } from './model.ts';

export type { ExportCell } from './export-cells.ts';

export interface ExportColumn extends ExportColumnSpec {
  /** the cell from the list column's value (the reader's value at `source`) */
  cell: (value: unknown) => ExportCell;
}

const namesCache = new Map<string, ReadonlyMap<string, string>>();
/** a code table's value → name (the seeded dictionaries the console serves) */
export function namesOf(codeTable: string): ReadonlyMap<string, string> | undefined {
  let names = namesCache.get(codeTable);
  if (!names) {
    const items = dictionaryItems(codeTable);
    if (!items) return undefined;
    names = new Map(items.map((i) => [i.value, i.name]));
    namesCache.set(codeTable, names);
  }
  return names;
}

/** What a field's cells need to know, as data. */
function cellField(field: FieldDef): CellField {
  const { name, kind, figure, scale, codeTable, options } = field;
  return { name, kind, ...(figure ? { figure } : {}), ...(scale === undefined ? {} : { scale }), ...(codeTable ? { codeTable } : {}), ...(options ? { options } : {}) };
}

/** The export's columns as data (exportColumns without the cell functions), for the export's worker. */
export function exportColumnSpecs(model: BillModel, hidden: readonly string[] = []): ExportColumnSpec[] {
  const { columns } = model.def.list;
  return orderedColumns(columns, hidden).map((column) => {
    const field = model.field(column.field);
    const header = column.label ?? model.label(column.field);
    const width = Math.max(10, Math.round((column.width ?? 120) / 7));
    // `source`: the value's place in what the reader gives, which reads the definition's order
    return { header, width, source: columns.indexOf(column), ...(field ? { field: cellField(field) } : {}) };
  });
}

export function exportColumns(model: BillModel, hidden: readonly string[] = []): ExportColumn[] {
  return exportColumnSpecs(model, hidden).map((spec) => ({ ...spec, cell: exportCellOf(spec, namesOf) }));
}
