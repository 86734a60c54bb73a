/**
 * The columns of a list export (issue 19): each list column as the screen shows it — coded values
 * by name (币制 人民币), fixed options by label, numbers as numbers rounded and formatted as the list
 * reads them (1,835.00, an Excel number format, so sums still work) — and, after a coded column
 * the bill's data template takes (definition.upload), its code under "<label>（代码）", so the file
 * still feeds an upload after editing.
 */
import { listCellText, isNumericField } from '../../domain/bills/cell-text.ts';
import { excelNumber } from '../../domain/bills/number-format.ts';
import { dictionaryItems } from '../../domain/dictionaries.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import type { FieldDef } from '../../domain/bills/types.ts';
import type { BillModel } from './model.ts';

/** A cell value exceljs writes, with the number format of a number cell. */
export interface ExportCell {
  value: string | number | null;
  numFmt?: string;
}

export interface ExportColumn {
  header: string;
  width: number;
  /** the cell from the list column's value (the reader's value at `source`) */
  cell: (value: unknown) => ExportCell;
  /** the index of the list column whose value it writes */
  source: number;
}

const namesCache = new Map<string, ReadonlyMap<string, string>>();
/** a code table's value → name (the seeded dictionaries the console serves) */
function namesOf(codeTable: string): ReadonlyMap<string, string> | undefined {
  let names = namesCache.get(codeTable);
  if (!names) {
    const items = dictionaryItems(codeTable);
    if (!items) return undefined;
    names = new Map(items.map((i) => [i.value, i.name]));
    namesCache.set(codeTable, names);
  }
  return names;
}

function shownCell(field: FieldDef | undefined): (value: unknown) => ExportCell {
  if (field && isNumericField(field)) {
    return (value) => {
      const n = excelNumber(field, value);
      return n ? { value: n.value, numFmt: n.numFmt } : { value: value === null || value === undefined ? null : String(value) };
    };
  }
  return (value) => {
    const text = listCellText(field, value, namesOf);
    return { value: text === '' ? null : text };
  };
}

const rawCell = (value: unknown): ExportCell => ({ value: value === null || value === undefined ? null : String(value) });

export function exportColumns(model: BillModel): ExportColumn[] {
  const { def } = model;
  const templateFields = new Set(def.upload?.head ?? []);
  const out: ExportColumn[] = [];
  def.list.columns.forEach((column, source) => {
    const field = model.field(column.field);
    const header = column.label ?? model.label(column.field);
    const width = Math.max(10, Math.round((column.width ?? 120) / 7));
    out.push({ header, width, cell: shownCell(field), source });
    if (field && (field.codeTable || field.options) && templateFields.has(field.name)) {
      out.push({ header: billServerText.exportCodeColumn(header), width: 10, cell: rawCell, source });
    }
  });
  return out;
}
