/**
 * A bill's values between the API and bill_heads: indexed head fields in their column, the rest in
 * `data` (jsonb); and the row every list and detail call answers (bill-engine.md "a row").
 */
import type { HeadColumn } from '../../domain/bills/types.ts';
import type { BillModel } from './model.ts';
import type { StateNames } from './states.ts';
import { chinaDateTime, customsTime } from './time.ts';

export type Value = string | number | null;
export type Values = Record<string, Value>;

/** The bill_heads columns the engine selects (plus the bill's indexed columns). */
export interface HeadRow {
  id: number;
  version: number;
  state: string;
  return_status: string | null;
  return_time: string | null;
  return_info: string | null;
  app_time: Date | null;
  create_time: Date;
  update_time: Date;
  data: Record<string, unknown>;
  [column: string]: unknown;
}

export const BASE_COLUMNS = [
  'id', 'version', 'state', 'return_status', 'return_time', 'return_info', 'app_time', 'create_time', 'update_time', 'data',
] as const;

const asValue = (v: unknown): Value => (v === undefined || v === null ? null : typeof v === 'number' ? v : String(v));

/** The head field values of a stored bill, by field name (no engine fields). */
export function headValues(model: BillModel, row: HeadRow): Values {
  const out: Values = {};
  for (const f of model.stored) out[f.name] = asValue(f.column ? row[f.column] : row.data[f.name]);
  return out;
}

export interface Storage {
  columns: Partial<Record<HeadColumn, string | null>>;
  data: Record<string, Value>;
}

/**
 * Where validated values go. `keep` is the stored bill: values the user cannot set (read-only
 * fields such as customs-issued numbers) stay as they were.
 */
export function toStorage(model: BillModel, values: Values, keep?: HeadRow): Storage {
  const columns: Storage['columns'] = {};
  const data: Storage['data'] = {};
  for (const f of model.stored) {
    const value = f.readOnly ? (keep ? asValue(f.column ? keep[f.column] : keep.data[f.name]) : null) : values[f.name] ?? null;
    if (f.column) columns[f.column] = value === null ? null : String(value);
    else if (value !== null) data[f.name] = value;
  }
  return { columns, data };
}

/** The API row: engine fields, then every head field by name. */
export function toRow(model: BillModel, row: HeadRow, states: StateNames): Record<string, unknown> {
  return {
    id: row.id,
    version: row.version,
    state: row.state,
    stateName: states.name(row.state),
    returnStatus: row.return_status,
    returnTime: customsTime(row.return_time),
    returnInfo: row.return_info,
    appTime: chinaDateTime(row.app_time),
    createTime: chinaDateTime(row.create_time),
    updateTime: chinaDateTime(row.update_time),
    ...headValues(model, row),
  };
}

/** The value a person knows the bill by (the title field), for messages. */
export function titleOf(model: BillModel, row: HeadRow): string {
  const f = model.title;
  return String((f.column ? row[f.column] : row.data[f.name]) ?? '');
}
