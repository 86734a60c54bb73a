/**
 * Body rows of the detail page beyond the page-held edits of machines/bill-detail.ts: the line
 * number (BillLinesDef.sequenceField, e.g. gnum) kept 1…n, and a row the server has just saved on
 * its own (bodySave → saveLines) taking the server's id, or its errors. Pure functions of the page's copy.
 */
import type { DetailContext, DetailFailure, FieldValues, SavedLine } from './bill-detail.ts';

interface Row extends FieldValues { id: string }

/** The number a new row gets: one more than the highest in the rows (1 for none). */
export function nextSequence(lines: readonly FieldValues[], field: string): number {
  let max = 0;
  for (const line of lines) {
    const n = Number(line[field]);
    if (Number.isFinite(n) && n > max) max = n;
  }
  return Math.floor(max) + 1;
}

/** The rows numbered 1…n in table order (after a deletion); rows already right stay the same objects. */
export function renumber<T extends FieldValues>(lines: readonly T[], field: string | null): T[] {
  if (!field) return [...lines];
  return lines.map((line, i) => (Number(line[field]) === i + 1 ? line : { ...line, [field]: i + 1 }));
}

/**
 * The row the server saved: it replaces the row it was typed into (`replaces`, a temp or stored
 * id), or comes last, under the server's id.
 */
export function withSavedRow<T extends Row>(lines: readonly T[], fields: FieldValues, replaces: string | null, id: string): T[] {
  const row = { ...fields, id } as T;
  return replaces !== null && lines.some((l) => l.id === replaces) ? lines.map((l) => (l.id === replaces ? row : l)) : [...lines, row];
}

/** The key of the errors of a row still being typed (not in the table yet). */
export const NEW_LINE_KEY = 'new';

/** A refused line save: its field errors (`gnum`, `itemName`) on the row, anything else general. */
export function lineErrors(errors: readonly { field: string; message: string }[], rowKey: string): DetailContext['errors'] {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const { field, message } of errors) {
    if (/^[^.]+$/.test(field) && field !== 'lines') fields[field] = message;
    else general.push(message);
  }
  return { head: {}, lines: Object.keys(fields).length > 0 ? { [rowKey]: fields } : {}, general };
}

/** The row the server saved alone is the table's, under its id; the bill's version moved. */
export function savedLine(context: DetailContext, { id, version }: SavedLine): Partial<DetailContext> {
  const { id: replaces, ...fields } = context.pendingLine ?? {};
  return {
    lines: withSavedRow(context.lines, fields, replaces ?? null, id), version, selectedLineId: id, pendingLine: null,
    errors: { head: {}, lines: {}, general: [] },
  };
}

/** The row's save was refused: its errors on the row (a new one under NEW_LINE_KEY), the typing kept. */
export function lineFailure(context: DetailContext, failure: DetailFailure): Partial<DetailContext> {
  return { pendingLine: null, errors: lineErrors(failure.errors ?? [], context.pendingLine?.id ?? NEW_LINE_KEY) };
}
