/**
 * The calls behind the detail machine's actors (docs/bill-engine.md, API contract): every path
 * comes from definition.api, under /api/enterprise. Failures reject with the machine's
 * DetailFailure: the message, plus data.errors of a validation failure ({field, message}).
 *
 * Saving sends the head (coerced as the definition's rules read values, read-only fields left out) with
 * id/version/startTime/endTime and, for a body held whole in the page, `details`: every row, so
 * the server replaces the bill's lines with them (rows whose id starts with `temp` are new). A
 * paged body is never held whole, so its rows are not sent (and not editable, see the machine).
 * Rows deleted in the page are simply not sent: the save deletes them (see machines/bill-detail.ts
 * for why deleteLines is not called). A bill with a bodySave action saves the body form's row of a
 * stored bill alone (saveLines): the server answers its id and the bill's new version.
 */
import type { BillDefinition, FieldDef } from '../../../../domain/bills/types.ts';
import { coerceValue } from '../../../../domain/bills/validation.ts';
import type { FieldError } from '../../../../domain/envelope.ts';
import { BODY_PAGE_SIZE, type PagedResult } from '../../../../domain/query.ts';
import {
  isTempId, type BillRef, type DetailFailure, type DetailLine, type FieldValues, type LinesPage, type LoadedBill, type LoadInput, type SavedBill,
  type SavedLine, type SaveInput, type SaveLineInput,
} from '../../../../machines/bill-detail.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { http, type Http } from '../../../lib/http.ts';
import { errorMessage } from '../../../lib/notify.ts';

export const ENTERPRISE_PREFIX = '/api/enterprise';

export interface DetailApi {
  load(input: LoadInput): Promise<LoadedBill>;
  lines(input: LoadInput): Promise<LinesPage>;
  /** draft: 暂存, the save route with `draft: true` (types and lengths checked only) */
  save(input: SaveInput, purpose: 'draft' | 'save' | 'declare'): Promise<SavedBill>;
  /** bodySave: one row of a stored bill (saveLines {headId, id?, ...fields} → {id, version}) */
  saveLine(input: SaveLineInput): Promise<SavedLine>;
}

/** An ApiError (or anything) as the machine's failure, with the server's field errors. */
export function toFailure(error: unknown): DetailFailure {
  const message = errorMessage(error) ?? String(error);
  const data = isApiError(error) ? (error.body as { data?: { errors?: unknown } } | undefined)?.data : undefined;
  const errors = Array.isArray(data?.errors) ? (data.errors as FieldError[]).filter((e) => typeof e?.field === 'string') : undefined;
  return errors ? { message, errors } : { message };
}

const failing = <A extends unknown[], T>(call: (...args: A) => Promise<T>) => async (...args: A): Promise<T> => {
  try {
    return await call(...args);
  } catch (error) {
    throw toFailure(error);
  }
};

/** The time window as sent: an unknown bound is left out rather than sent empty. */
const timeWindow = ({ startTime, endTime }: BillRef) => ({ ...(startTime ? { startTime } : {}), ...(endTime ? { endTime } : {}) });

/**
 * The values as the API wants them (coerceValue: trimmed text or null, numbers as numbers);
 * read-only fields are the server's. A value that cannot be read goes as typed, so the server
 * names the problem rather than a missing field.
 */
function outgoing(fields: readonly FieldDef[], values: FieldValues): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    const v = coerceValue(f, values[f.name]);
    out[f.name] = v === undefined ? values[f.name] : v;
  }
  return out;
}

const asLine = (raw: Record<string, unknown>): DetailLine => ({ ...raw, id: String(raw.id) });

export function createDetailApi(definition: BillDefinition, newBill: () => FieldValues, client: Http = http): DetailApi {
  const url = (path: string | undefined) => `${ENTERPRISE_PREFIX}${path ?? ''}`;
  const paged = definition.lines?.paged === true;

  async function lines({ bill, pageIndex }: LoadInput): Promise<LinesPage> {
    if (!definition.lines || !definition.api.lines || bill.id === null) return { lines: [], lineTotal: 0, pageIndex };
    const data = { id: bill.id, ...timeWindow(bill), ...(paged ? { pageIndex, pageSize: BODY_PAGE_SIZE } : {}) };
    const answer = await client.post<Record<string, unknown>[] | PagedResult<Record<string, unknown>>>(url(definition.api.lines), data);
    const rows = Array.isArray(answer) ? answer : answer.datas;
    return { lines: rows.map(asLine), lineTotal: Array.isArray(answer) ? rows.length : answer.total, pageIndex };
  }

  async function load(input: LoadInput): Promise<LoadedBill> {
    const { bill } = input;
    if (bill.id === null) return { row: newBill(), lines: [], lineTotal: 0 };
    const [row, page] = await Promise.all([
      client.post<FieldValues>(url(definition.api.detail), { id: bill.id, ...timeWindow(bill) }),
      lines(input),
    ]);
    return { row: { ...row, id: String(row.id ?? bill.id) }, lines: page.lines, lineTotal: page.lineTotal };
  }

  async function save({ bill, version, head, lines: rows }: SaveInput, purpose: 'draft' | 'save' | 'declare'): Promise<SavedBill> {
    const lineFields = definition.lines?.fields ?? [];
    const details = definition.lines && !paged ? rows.map((row) => ({ ...outgoing(lineFields, row), id: row.id })) : undefined;
    const data = {
      ...(bill.id === null ? {} : { id: bill.id, version }),
      ...outgoing(definition.head, head),
      ...timeWindow(bill),
      ...(details ? { details } : {}),
      ...(purpose === 'draft' ? { draft: true } : {}),
    };
    const path = purpose === 'declare' ? definition.api.saveAndApply : definition.api.save;
    const answer = await client.post<{ id: unknown; version?: unknown; state?: unknown }>(url(path), data);
    return {
      id: String(answer.id),
      version: typeof answer.version === 'number' || typeof answer.version === 'string' ? answer.version : null,
      ...(answer.state === undefined || answer.state === null ? {} : { state: String(answer.state) }),
    };
  }

  async function saveLine({ bill, line }: SaveLineInput): Promise<SavedLine> {
    const { id, ...fields } = line;
    // a row typed into a temp row (or none) is new to the server
    const stored = typeof id === 'string' && !isTempId(id) ? { id } : {};
    const data = { headId: bill.id, ...stored, ...outgoing(definition.lines?.fields ?? [], fields) };
    const answer = await client.post<{ id: unknown; version?: unknown }>(url(definition.api.saveLines), data);
    return { id: String(answer.id), version: typeof answer.version === 'number' || typeof answer.version === 'string' ? answer.version : null };
  }

  return { load: failing(load), lines: failing(lines), save: failing(save), saveLine: failing(saveLine) };
}
