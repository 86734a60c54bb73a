/**
 * A bill's values between the API and bill_heads: indexed head fields in their column, the rest in
 * `data` (jsonb); and the row every list and detail call answers (bill-engine.md "a row").
 */
import type { FieldDef, HeadColumn } from '../../domain/bills/types.ts';
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

/** What a read-only field holds on a new bill: its literal default (报文序号 1), else nothing yet. */
const readOnlyStart = (f: { default?: unknown }): Value => (typeof f.default === 'string' || typeof f.default === 'number' ? f.default : null);

/**
 * Where validated values go. `keep` is the stored bill: values the user cannot set (read-only
 * fields such as customs-issued numbers) stay as they were.
 */
export function toStorage(model: BillModel, values: Values, keep?: HeadRow): Storage {
  const columns: Storage['columns'] = {};
  const data: Storage['data'] = {};
  for (const f of model.stored) {
    const value = f.readOnly ? (keep ? asValue(f.column ? keep[f.column] : keep.data[f.name]) : readOnlyStart(f)) : values[f.name] ?? null;
    if (f.column) columns[f.column] = value === null ? null : String(value);
    else if (value !== null) data[f.name] = value;
  }
  return { columns, data };
}

type RowMapper = (row: HeadRow, states: StateNames) => Record<string, unknown>;

/**
 * The engine fields of a row (bill-engine.md "A row"): the bill_heads column each reads and the
 * expression that reads it, for the generated mappers below (`row`, `states` and the two time
 * formatters are their names there).
 */
const ENGINE_SOURCES: Readonly<Record<string, { column: string; expression: string }>> = {
  id: { column: 'id', expression: 'row.id' },
  version: { column: 'version', expression: 'row.version' },
  state: { column: 'state', expression: 'row.state' },
  stateName: { column: 'state', expression: 'states.name(row.state)' },
  returnStatus: { column: 'return_status', expression: 'row.return_status' },
  returnTime: { column: 'return_time', expression: 'customsTime(row.return_time)' },
  returnInfo: { column: 'return_info', expression: 'row.return_info' },
  appTime: { column: 'app_time', expression: 'chinaDateTime(row.app_time)' },
  createTime: { column: 'create_time', expression: 'chinaDateTime(row.create_time)' },
  updateTime: { column: 'update_time', expression: 'chinaDateTime(row.update_time)' },
};

/** The row fields the engine fills itself, not the definition. */
export const ENGINE_FIELD_NAMES: readonly string[] = Object.keys(ENGINE_SOURCES);

/**
 * A row mapper written once as one object literal of fixed keys: every list page maps fifty rows of
 * up to sixty fields, and reading them by computed keys into a growing object cost more than the
 * page's query (docs/perf.md). Keys and columns are the definition's own names, written as JSON
 * string literals.
 */
function compileMapper(entries: readonly (readonly [name: string, expression: string])[]): RowMapper {
  const q = JSON.stringify;
  const fields = entries.map(([name, expression]) => `  ${q(name)}: ${expression}`).join(',\n');
  // a whole row's `data` is read once; a slim row has its values as columns of their own
  return compileRowFunction(`${fields.includes('data[') ? 'const data = row.data; ' : ''}return {\n${fields}\n};`) as RowMapper;
}

/** `(row, states) => { body }`, with the names the expressions use in scope. */
function compileRowFunction(body: string): (row: HeadRow, states: StateNames) => unknown {
  const make = new Function('v', 'customsTime', 'chinaDateTime', `return (row, states) => { ${body} };`) as
    (v: typeof asValue, c: typeof customsTime, d: typeof chinaDateTime) => (row: HeadRow, states: StateNames) => unknown;
  return make(asValue, customsTime, chinaDateTime);
}

/** Where a stored field's value is in a whole row (its column, or `data`) or in a slim one (its column, or its dataAlias). */
function storedExpression(f: FieldDef, slim: boolean): string {
  const q = JSON.stringify;
  if (f.column) return `v(row[${q(f.column)}])`;
  return slim ? `v(row[${q(dataAlias(f.name))}])` : `v(data[${q(f.name)}])`;
}

const rowMappers = new WeakMap<BillModel, RowMapper>();

function rowMapper(model: BillModel): RowMapper {
  let mapper = rowMappers.get(model);
  if (!mapper) {
    mapper = compileMapper([
      ...Object.entries(ENGINE_SOURCES).map(([name, s]) => [name, s.expression] as const),
      ...model.stored.map((f) => [f.name, storedExpression(f, false)] as const),
    ]);
    rowMappers.set(model, mapper);
  }
  return mapper;
}

/** The API row: engine fields, then every head field by name. */
export function toRow(model: BillModel, row: HeadRow, states: StateNames): Record<string, unknown> {
  return rowMapper(model)(row, states);
}

export interface ListRowShape {
  /** the bill_heads columns a list row is read from */
  columns: readonly string[];
  /** the `data` (jsonb) values it is read from, each selected as dataAlias(key) */
  dataKeys: readonly string[];
  map: RowMapper;
}

const listShapes = new WeakMap<BillModel, ListRowShape>();

/**
 * A list row (domain/bills/list-row.ts): the model's list fields, each as toRow has it, from a
 * row that carries only `columns` and `dataKeys`. A field neither the engine nor the bill knows is
 * left out, as toRow has no such field either.
 */
export function listRowShape(model: BillModel): ListRowShape {
  let shape = listShapes.get(model);
  if (!shape) {
    const sources = model.listFields.flatMap((name) => {
      const source = slimSource(model, name);
      return source ? [[name, source] as const] : [];
    });
    shape = { ...selectionOf(sources.map(([, source]) => source)), map: compileMapper(sources.map(([name, source]) => [name, source.expression])) };
    listShapes.set(model, shape);
  }
  return shape;
}

/** Where a field of a slim row (some columns and `data` values selected) is read from, and how. */
interface SlimSource {
  column?: string;
  dataKey?: string;
  expression: string;
}

function slimSource(model: BillModel, name: string): SlimSource | undefined {
  const engine = ENGINE_SOURCES[name];
  if (engine) return engine;
  const f = model.stored.find((s) => s.name === name);
  if (!f) return undefined;
  return { ...(f.column ? { column: f.column } : { dataKey: f.name }), expression: storedExpression(f, true) };
}

/** The columns and `data` values the sources read, each once. */
function selectionOf(sources: readonly (SlimSource | undefined)[]): { columns: string[]; dataKeys: string[] } {
  const columns = new Set<string>();
  const dataKeys = new Set<string>();
  for (const source of sources) {
    if (source?.column) columns.add(source.column);
    if (source?.dataKey) dataKeys.add(source.dataKey);
  }
  return { columns: [...columns], dataKeys: [...dataKeys] };
}

/** The value a person knows the bill by (the title field), for messages. */
export function titleOf(model: BillModel, row: HeadRow): string {
  const f = model.title;
  return String((f.column ? row[f.column] : row.data[f.name]) ?? '');
}

/** The column a `data` value is selected as when rows carry only some of it (`data->'key'`). */
export const dataAlias = (key: string) => `data:${key}`;

export interface FieldsReader {
  /** the bill_heads columns to select */
  columns: readonly string[];
  /** the `data` (jsonb) values to select, each as its own column named dataAlias(key) */
  dataKeys: readonly string[];
  /** the values of the fields, in order, exactly as toRow has them (null for none) */
  read(row: HeadRow): unknown[];
  /** read's generated body, for a worker thread to make the same reader (fieldsReadOf) */
  body: string;
}

/**
 * Reads only some fields of rows (an export's columns), from rows that carry only what they need:
 * `read(row)[i]` equals `toRow(model, row, states)[fields[i]] ?? null`.
 */
export function fieldsReader(model: BillModel, states: StateNames, fields: readonly string[]): FieldsReader {
  const sources = fields.map((name) => slimSource(model, name));
  const body = `return [${sources.map((source) => (source ? `(${source.expression}) ?? null` : 'null')).join(', ')}];`;
  return { ...selectionOf(sources), read: fieldsReadOf(body, states), body };
}

/** A FieldsReader's read from its body (generated here, by fieldsReader: never from outside input). */
export function fieldsReadOf(body: string, states: StateNames): (row: HeadRow) => unknown[] {
  const read = compileRowFunction(body);
  return (row) => read(row, states) as unknown[];
}
