/**
 * The text a list cell shows for a field's value, the one rule of the list pages and the Excel
 * export ("export what the screen shows", issue 19): a coded value by its name (币制 142 → 人民币),
 * a fixed option by its label, a number as its kind reads in lists (number-format.ts), else the
 * value. `names` gives a code table's value → name map (the browser's loaded dictionaries, the
 * server's seeded ones).
 */
import { formatNumber } from './number-format.ts';
import type { FieldDef } from './types.ts';

export type NamesOf = (codeTable: string) => ReadonlyMap<string, string> | undefined;

export const isNumericField = (field: FieldDef | undefined): boolean => field?.kind === 'number' || field?.kind === 'integer';

export function listCellText(field: FieldDef | undefined, value: unknown, names: NamesOf): string {
  if (value === null || value === undefined) return '';
  if (field && isNumericField(field)) return formatNumber(field, value, 'list');
  const text = String(value);
  if (field?.codeTable) return names(field.codeTable)?.get(text) ?? text;
  if (field?.options) return field.options.find((o) => o.value === text)?.label ?? text;
  return text;
}
