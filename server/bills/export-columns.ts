/**
 * The columns of a list export (issue 19): each list column as the screen shows it — coded values
 * by name (币制 人民币), fixed options by label, numbers as numbers rounded and formatted as the list
 * reads them (1,835.00, an Excel number format, so sums still work) — and, after a coded column
 * the bill's data template takes (definition.upload), its code under "<label>（代码）", so the file
 * still feeds an upload after editing.
 */
import { dictionaryItems } from '../../domain/dictionaries.ts';
import { billServerText } from '../../domain/texts/bills.ts';
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
export function exportColumnSpecs(model: BillModel): ExportColumnSpec[] {
  const { def } = model;
  const templateFields = new Set(def.upload?.head ?? []);
  const out: ExportColumnSpec[] = [];
  def.list.columns.forEach((column, source) => {
    const field = model.field(column.field);
    const header = column.label ?? model.label(column.field);
    const width = Math.max(10, Math.round((column.width ?? 120) / 7));
    out.push({ header, width, source, ...(field ? { field: cellField(field) } : {}) });
    if (field && (field.codeTable || field.options) && templateFields.has(field.name)) {
      out.push({ header: billServerText.exportCodeColumn(header), width: 10, source, raw: true });
    }
  });
  return out;
}

export function exportColumns(model: BillModel): ExportColumn[] {
  return exportColumnSpecs(model).map((spec) => ({ ...spec, cell: exportCellOf(spec, namesOf) }));
}
