/**
 * The detail page's copy of the bill (machines/bill-detail.ts): replaced by a loaded bill, rows put
 * in or taken out, the server's field errors mapped onto it. Pure functions.
 */
import type { FieldError } from '../domain/envelope.ts';
import type { DetailContext, DetailErrors, DetailFailure, DetailLine, FieldValues, LoadedBill } from './bill-detail.ts';
import { renumber } from './bill-detail-lines.ts';

export const TEMP_PREFIX = 'temp';
export const isTempId = (id: string): boolean => id.startsWith(TEMP_PREFIX);
export const noErrors: DetailErrors = { head: {}, lines: {}, general: [] };

export const failure = (error: unknown): DetailFailure =>
  typeof error === 'object' && error !== null && typeof (error as DetailFailure).message === 'string' ? (error as DetailFailure) : { message: String(error) };

/** `orderNo` → head; `lines.1.itemName` → the second row sent; anything else → general. */
export function mapErrors(errors: readonly FieldError[], lines: readonly DetailLine[]): DetailErrors {
  const out: DetailErrors = { head: {}, lines: {}, general: [] };
  for (const { field, message } of errors) {
    const m = /^lines\.(\d+)\.(.+)$/.exec(field);
    const id = m ? lines[Number(m[1])]?.id : undefined;
    if (m && id !== undefined) (out.lines[id] ??= {})[m[2]!] = message;
    else if (/^[^.]+$/.test(field) && field !== 'lines') out.head[field] = message;
    else out.general.push(message);
  }
  return out;
}

/** The page's copy replaced by a loaded bill (or a new bill's defaults). */
export const loaded = (context: DetailContext, { row, lines, lineTotal }: LoadedBill): Partial<DetailContext> => ({
  head: row, lines, lineTotal, selectedLineId: null, errors: noErrors, linesChanged: false, loadError: null, outdated: false,
  version: (row.version as number | string | undefined) ?? null,
  state: row.state === undefined || row.state === null ? 'DRAFT' : String(row.state),
  revision: context.revision + 1,
});

/** A row from the body form into the table: replaces its row, or comes in with the next temp id. */
export function withLine(context: DetailContext, line: FieldValues & { id?: string | null }): Partial<DetailContext> {
  const { id, ...fields } = line;
  const existing = id ? context.lines.find((l) => l.id === id) : undefined;
  const rowId = existing ? existing.id : `${TEMP_PREFIX}${context.nextTemp}`;
  const { [rowId]: _fixed, ...otherLineErrors } = context.errors.lines;
  return {
    lines: existing ? context.lines.map((l) => (l.id === rowId ? { ...fields, id: rowId } : l)) : [...context.lines, { ...fields, id: rowId }],
    nextTemp: existing ? context.nextTemp : context.nextTemp + 1,
    selectedLineId: rowId, linesChanged: true, errors: { ...context.errors, lines: otherLineErrors },
  };
}

export const dropLine = (context: DetailContext, id: string) => ({ lines: renumber(context.lines.filter((l) => l.id !== id), context.sequenceField), selectedLineId: null, linesChanged: true });

