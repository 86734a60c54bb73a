/**
 * The text a list cell shows for a field's value, the one rule of the list pages and the Excel
 * export ("export what the screen shows", issue 19): a coded value by its name (币制 142 → 人民币),
 * a fixed option by its label, a number as its kind reads in lists (number-format.ts), else the
 * value. `names` gives a code table's value → name map (the browser's loaded dictionaries, the
 * server's seeded ones).
 *
 * The export differs in one thing (issue 31): a value of a customs code table reads "code name"
 * (3105 宁波海关, 142 人民币), as 贸易方式's options always did (9610 直购进口) — a sheet is read and
 * sorted without the screen's dictionaries at hand, and a declarant matches it against messages
 * that carry codes.
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

/** "code name", once: a name that already starts with its code (9610 直购进口) is kept; an unknown code reads alone. */
export function codeNameText(code: string, name: string | undefined): string {
  if (name === undefined || name === '' || name === code) return code;
  return name.startsWith(`${code} `) ? name : `${code} ${name}`;
}

/** The text an exported cell carries: listCellText, but a code table's value as "code name". */
export function exportCellText(field: FieldDef | undefined, value: unknown, names: NamesOf): string {
  if (value === null || value === undefined || !field?.codeTable || isNumericField(field)) return listCellText(field, value, names);
  const code = String(value);
  return codeNameText(code, names(field.codeTable)?.get(code));
}
