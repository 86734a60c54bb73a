/**
 * The bills repository over bill_heads and bill_lines. Every query is scoped to the caller's
 * company, the bill key and the mode, so another company's id reads as an unknown one. Functions
 * take the executor (the database or the caller's transaction) so a write and its checks share
 * one transaction.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { headFieldColumns, headRowOf, TIME_COLUMNS } from './head-fields.ts';
import type { BillModel } from './model.ts';
import { BASE_COLUMNS, dataAlias, listRowShape, type HeadRow, type Storage, type Value, type Values } from './values.ts';

export type Executor = Kysely<Database>;

export interface Scope {
  companyId: number;
  model: BillModel;
}

export interface LineRow {
  id: number;
  head_id: number;
  gnum: number;
  data: Record<string, unknown>;
}

/** `query` narrowed to the scope's company, bill key and mode. */
function inScope<Q extends SelectQueryBuilder<Database, 'bill_heads', any>>(query: Q, s: Scope): Q {
  return query
    .where('bill_heads.company_id', '=', s.companyId)
    .where('bill_heads.bill_key', '=', s.model.def.key)
    .where('bill_heads.mode', '=', s.model.def.mode) as Q;
}

function scoped(q: Executor, s: Scope) {
  return inScope(q.selectFrom('bill_heads'), s);
}

type HeadsQuery = SelectQueryBuilder<Database, 'bill_heads', HeadRow>;
type ListHeadsQuery = SelectQueryBuilder<Database, 'bill_heads', Record<string, unknown>>;

/**
 * A select list made once per executor and model: Kysely builders are immutable, and parsing some
 * 30 column names was a tenth of a list call's own work.
 */
function selectListOf<Q>(make: (q: Executor, model: BillModel) => Q): (q: Executor, model: BillModel) => Q {
  const made = new WeakMap<Executor, Map<BillModel, Q>>();
  return (q, model) => {
    let byModel = made.get(q);
    if (!byModel) made.set(q, (byModel = new Map()));
    let query = byModel.get(model);
    if (!query) byModel.set(model, (query = make(q, model)));
    return query;
  };
}

const headsSelect = selectListOf((q, model) => {
  const cols = [...BASE_COLUMNS, ...model.columns].map((c) => `bill_heads.${c}` as const);
  return q.selectFrom('bill_heads').select(cols as never) as unknown as HeadsQuery;
});

const listHeadsSelect = selectListOf((q, model) => {
  const { columns, dataKeys } = listRowShape(model);
  return q.selectFrom('bill_heads').select([
    ...columns.map((c) => sql.ref(`bill_heads.${c}`).as(c)),
    ...dataKeys.map((k) => sql`bill_heads.data->${sql.lit(k)}`.as(dataAlias(k))),
  ]) as unknown as ListHeadsQuery;
});

/** The rows of this bill type of this company, with every column a row needs; no order, no limit. */
export function selectHeads(q: Executor, s: Scope): HeadsQuery {
  return inScope(headsSelect(q, s.model), s);
}

/**
 * The rows of a list page of this bill type of this company: only what a list row carries
 * (listRowShape: its columns, and its `data` values each as its own column), not the whole bill.
 */
export function selectListHeads(q: Executor, s: Scope): ListHeadsQuery {
  return inScope(listHeadsSelect(q, s.model), s);
}

/** The ids of this bill type of this company, to be filtered, ordered and limited by the caller. */
export function selectHeadIds(q: Executor, s: Scope): SelectQueryBuilder<Database, 'bill_heads', { id: number }> {
  return scoped(q, s).select('bill_heads.id');
}

/**
 * Some columns and `data` values (each as its own field, dataAlias(key)) of bills by id, in no
 * particular order: an export reads only what its columns show. Each row travels as one JSON array
 * (one value to decode, parsed natively) rather than a value per column: 2.4× less decoding on
 * PGlite for an export's 100,000 rows. Times go as epoch milliseconds, whatever the session's zone.
 */
export async function findHeadFields(q: Executor, s: Scope, ids: readonly number[], columns: readonly string[], dataKeys: readonly string[]): Promise<HeadRow[]> {
  if (ids.length === 0) return [];
  const cols = headFieldColumns(columns);
  const rows = await scoped(q, s).select(sql<unknown[]>`json_build_array(${headFieldValues(cols, dataKeys)})`.as('r'))
    .where('bill_heads.id', '=', sql<number>`any(${[...ids]}::bigint[])`).execute();
  return rows.map(({ r }) => headRowOf(r, cols, dataKeys));
}

/**
 * findHeadFields' rows as one text, their JSON arrays joined by commas (`[…],[…]`; '' for none):
 * one string for a whole chunk of an export, which the server thread hands on to the export's worker
 * unread (no object per row or value on the server thread; export-worker.ts decodes it).
 */
export async function findHeadFieldsText(q: Executor, s: Scope, ids: readonly number[], columns: readonly string[], dataKeys: readonly string[]): Promise<string> {
  if (ids.length === 0) return '';
  const { text } = await headFieldsTextQuery(q, s, ids, columns, dataKeys).executeTakeFirstOrThrow();
  return text ?? '';
}

/** findHeadFieldsText's query, `ids` its one array parameter (as itself, so a caller can find it in the compiled parameters). */
export function headFieldsTextQuery(q: Executor, s: Scope, ids: readonly number[], columns: readonly string[], dataKeys: readonly string[]) {
  const cols = headFieldColumns(columns);
  return scoped(q, s).select(sql<string | null>`string_agg(json_build_array(${headFieldValues(cols, dataKeys)})::text, ',')`.as('text'))
    .where('bill_heads.id', '=', sql<number>`any(${ids}::bigint[])`);
}

// json_build_array takes at most 100 arguments: far more than a list has columns.
const headFieldValues = (cols: readonly string[], dataKeys: readonly string[]) => sql.join([
  ...cols.map((c) => (TIME_COLUMNS.has(c) ? sql`floor(extract(epoch from ${sql.ref(`bill_heads.${c}`)}) * 1000)` : sql.ref(`bill_heads.${c}`))),
  ...dataKeys.map((k) => sql`bill_heads.data->${sql.lit(k)}`),
]);

/** One bill, optionally locked for the rest of the transaction (writes decide on what they read). */
export async function findHead(q: Executor, s: Scope, id: number, options: { lock?: boolean } = {}): Promise<HeadRow | undefined> {
  let query = selectHeads(q, s).where('bill_heads.id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Several bills of this company and type by id (a batch), in no particular order. */
export async function findHeads(q: Executor, s: Scope, ids: readonly number[]): Promise<HeadRow[]> {
  if (ids.length === 0) return [];
  return selectHeads(q, s).where('bill_heads.id', '=', sql<number>`any(${[...ids]}::bigint[])`).execute();
}

/** A batch's state change in one statement: what each bill moves from and to. */
export interface StateMove {
  id: number;
  /** the version and state the decision was made on */
  version: number;
  state: string;
  next: string;
}

/**
 * Moves each bill to its next state (and records the declaration time) only if it still has the
 * version and state the caller decided on; the rows are locked by the update itself. Answers the
 * ids that moved: a bill someone changed meanwhile is left as it is, for the caller to refuse.
 */
export async function moveStates(q: Executor, s: Scope, moves: readonly StateMove[], appTime: Date): Promise<Set<number>> {
  if (moves.length === 0) return new Set();
  const { rows } = await sql<{ id: number }>`
    update bill_heads set state = m.next, app_time = ${appTime}, version = bill_heads.version + 1, update_time = now()
    from unnest(${moves.map((m) => m.id)}::bigint[], ${moves.map((m) => m.version)}::int[], ${moves.map((m) => m.state)}::text[], ${moves.map((m) => m.next)}::text[])
      as m(id, version, state, next)
    where bill_heads.id = m.id and bill_heads.version = m.version and bill_heads.state = m.state
      and bill_heads.company_id = ${s.companyId} and bill_heads.bill_key = ${s.model.def.key} and bill_heads.mode = ${s.model.def.mode}
    returning bill_heads.id`.execute(q);
  return new Set(rows.map((r) => Number(r.id)));
}

export async function insertHead(q: Executor, s: Scope, storage: Storage, state: string, appTime: Date | null): Promise<{ id: number; version: number }> {
  return q.insertInto('bill_heads')
    .values({
      company_id: s.companyId, bill_key: s.model.def.key, mode: s.model.def.mode, state,
      ...storage.columns, data: JSON.stringify(storage.data), app_time: appTime,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
}

export interface HeadPatch {
  storage?: Storage;
  state?: string;
  appTime?: Date;
}

/**
 * Writes a bill if it still has the version the caller read (optimistic check; the row is also
 * locked by findHead). Answers the new version, or undefined when someone else changed it first.
 */
export async function updateHead(q: Executor, s: Scope, id: number, version: number, patch: HeadPatch): Promise<number | undefined> {
  const row = await q.updateTable('bill_heads')
    .set({
      ...(patch.storage ? { ...patch.storage.columns, data: JSON.stringify(patch.storage.data) } : {}),
      ...(patch.state ? { state: patch.state } : {}),
      ...(patch.appTime ? { app_time: patch.appTime } : {}),
      version: sql<number>`version + 1`,
      update_time: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('company_id', '=', s.companyId)
    .where('bill_key', '=', s.model.def.key)
    .where('mode', '=', s.model.def.mode)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  return row?.version;
}

export async function deleteHead(q: Executor, s: Scope, id: number): Promise<void> {
  await q.deleteFrom('bill_heads')
    .where('id', '=', id).where('company_id', '=', s.companyId)
    .where('bill_key', '=', s.model.def.key).where('mode', '=', s.model.def.mode)
    .execute();
}

/**
 * Another live bill of this company and type with the same values of `fields` (uniqueBy). The
 * caller holds uniqueLock first, so two saves of the same number cannot both pass.
 */
export async function findDuplicate(q: Executor, s: Scope, fields: readonly string[], values: Values, exceptId?: number): Promise<number | undefined> {
  let query = scoped(q, s).select('bill_heads.id');
  for (const name of fields) {
    const f = s.model.field(name);
    const value = values[name];
    if (!f || value === null || value === undefined) return undefined;
    query = f.column
      ? query.where(`bill_heads.${f.column}`, '=', String(value))
      : query.where(sql<string>`bill_heads.data->>${sql.lit(name)}`, '=', String(value));
  }
  if (exceptId !== undefined) query = query.where('bill_heads.id', '<>', exceptId);
  const row = await query.limit(1).executeTakeFirst();
  return row?.id;
}

/** Serialises saves of one unique key within a company and bill type until the transaction ends. */
export async function uniqueLock(q: Executor, s: Scope, key: string): Promise<void> {
  const text = `${s.companyId}/${s.model.def.mode}/${s.model.def.key}/${key}`;
  await sql`select pg_advisory_xact_lock(hashtext(${text}))`.execute(q);
}

// ── lines ───────────────────────────────────────────────────────────────────────────────────

// Every statement on lines names the company (migration 031, docs/scaling.md): the head ids come
// from bills already read within it, and the company leads the lines' index.

export async function findLines(q: Executor, companyId: number, headId: number, page?: { offset: number; limit: number }): Promise<LineRow[]> {
  let query = q.selectFrom('bill_lines').select(['id', 'head_id', 'gnum', 'data'])
    .where('company_id', '=', companyId).where('head_id', '=', headId).orderBy('gnum').orderBy('id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute() as Promise<LineRow[]>;
}

/** The lines of several bills (a batch), by bill, each bill's in gnum order. */
export async function findLinesOfHeads(q: Executor, companyId: number, headIds: readonly number[]): Promise<Map<number, LineRow[]>> {
  const byHead = new Map<number, LineRow[]>();
  if (headIds.length === 0) return byHead;
  const rows = await q.selectFrom('bill_lines').select(['id', 'head_id', 'gnum', 'data'])
    .where('company_id', '=', companyId)
    .where('head_id', '=', sql<number>`any(${[...headIds]}::bigint[])`)
    .orderBy('head_id').orderBy('gnum').orderBy('id')
    .execute() as LineRow[];
  for (const r of rows) {
    const list = byHead.get(Number(r.head_id));
    if (list) list.push(r);
    else byHead.set(Number(r.head_id), [r]);
  }
  return byHead;
}

export async function countLines(q: Executor, companyId: number, headId: number): Promise<number> {
  const row = await q.selectFrom('bill_lines').select(sql<number>`count(*)::int`.as('n'))
    .where('company_id', '=', companyId).where('head_id', '=', headId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Lines of this company's bills of this type among `ids`, with the bill they belong to. */
export async function findLinesByIds(q: Executor, s: Scope, ids: readonly number[]): Promise<LineRow[]> {
  if (ids.length === 0) return [];
  return q.selectFrom('bill_lines')
    .innerJoin('bill_heads', (j) => j.onRef('bill_heads.company_id', '=', 'bill_lines.company_id').onRef('bill_heads.id', '=', 'bill_lines.head_id'))
    .select(['bill_lines.id', 'bill_lines.head_id', 'bill_lines.gnum', 'bill_lines.data'])
    .where('bill_lines.company_id', '=', s.companyId)
    .where('bill_heads.bill_key', '=', s.model.def.key)
    .where('bill_heads.mode', '=', s.model.def.mode)
    .where('bill_lines.id', '=', sql<number>`any(${[...ids]}::bigint[])`)
    .execute() as Promise<LineRow[]>;
}

const lineData = (line: Values) => {
  const { gnum: _gnum, id: _id, ...rest } = line;
  const data: Record<string, Value> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== null) data[k] = v;
  return JSON.stringify(data);
};

export async function insertLine(q: Executor, companyId: number, headId: number, line: Values): Promise<number> {
  const row = await q.insertInto('bill_lines').values({ company_id: companyId, head_id: headId, gnum: Number(line.gnum ?? 0), data: lineData(line) }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLine(q: Executor, companyId: number, headId: number, id: number, line: Values): Promise<boolean> {
  const r = await q.updateTable('bill_lines').set({ gnum: Number(line.gnum ?? 0), data: lineData(line) })
    .where('company_id', '=', companyId).where('id', '=', id).where('head_id', '=', headId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteLinesById(q: Executor, companyId: number, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await q.deleteFrom('bill_lines').where('company_id', '=', companyId).where('id', 'in', [...ids]).execute();
}

/**
 * Replaces a bill's lines by `lines` in three statements whatever their number: lines carrying the
 * id of one of this bill's lines keep it, the others (ids starting with temp, or none) get new
 * ids, stored lines not among them are gone.
 */
export async function replaceLines(q: Executor, companyId: number, headId: number, lines: readonly { id: number | undefined; values: Values }[]): Promise<void> {
  const stored = await q.deleteFrom('bill_lines').where('company_id', '=', companyId).where('head_id', '=', headId).returning('id').execute();
  const storedIds = new Set(stored.map((r) => r.id));
  const kept = new Set<number>();
  const fresh: { gnum: number; data: string }[] = [];
  const keptRows: { id: number; company_id: number; head_id: number; gnum: number; data: string }[] = [];
  for (const line of lines) {
    const row = { gnum: Number(line.values.gnum ?? 0), data: lineData(line.values) };
    if (line.id === undefined || !storedIds.has(line.id) || kept.has(line.id)) fresh.push(row);
    else {
      kept.add(line.id);
      keptRows.push({ ...row, id: line.id, company_id: companyId, head_id: headId });
    }
  }
  if (keptRows.length > 0) await q.insertInto('bill_lines').values(keptRows).execute();
  // new lines as one statement of column arrays, in order: an uploaded 20,000-line 入库明细单 or
  // 运抵单 in two parameters, where a multi-row insert took 60,000 and several seconds on PGlite
  if (fresh.length > 0) {
    await sql`insert into bill_lines (company_id, head_id, gnum, data)
      select ${companyId}::int, ${headId}::bigint, v.gnum, v.data::jsonb from unnest(${fresh.map((r) => r.gnum)}::int[], ${fresh.map((r) => r.data)}::text[]) with ordinality as v(gnum, data, n)
      order by v.n`.execute(q);
  }
}

/** A line as the API answers it: {id, gnum, ...every line field}. */
export function lineOut(model: BillModel, line: LineRow): Record<string, unknown> {
  const out: Record<string, unknown> = { id: line.id, gnum: line.gnum };
  for (const f of model.def.lines?.fields ?? []) if (f.name !== 'gnum') out[f.name] = line.data[f.name] ?? null;
  return out;
}

// ── batches (saveBatch) ─────────────────────────────────────────────────────────────────────

/** The SQL of a head field: its column, or its value in `data`, as text. */
const fieldText = (s: Scope, name: string) => {
  const f = s.model.field(name);
  return f?.column ? sql<string>`${sql.ref(`bill_heads.${f.column}`)}` : sql<string>`bill_heads.data->>${sql.lit(name)}`;
};

/**
 * The company's bills of this type whose business key (definition.uniqueBy) is one of `keys`
 * (each the key fields' values as text, in uniqueBy order), locked: one statement for a whole batch.
 */
export async function findHeadsByKeys(q: Executor, s: Scope, fields: readonly string[], keys: readonly (readonly string[])[]): Promise<HeadRow[]> {
  if (keys.length === 0) return [];
  const columns = fields.map((_, i) => keys.map((k) => k[i]!));
  const tuple = sql.join(fields.map((f) => fieldText(s, f)));
  const unnest = sql.join(columns.map((values) => sql`${values}::text[]`));
  return selectHeads(q, s)
    .where(sql<boolean>`(${tuple}) in (select * from unnest(${unnest}))`)
    .forUpdate()
    .execute();
}

/** New ids for `n` bills, taken from the heads' own sequence (a batch insert then knows each bill's id). */
export async function newHeadIds(q: Executor, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('bill_heads', 'id'))::bigint as id from generate_series(1, ${n})`.execute(q);
  return rows.map((r) => Number(r.id));
}

/** New bills in one statement, each with the id newHeadIds gave it. */
export async function insertHeadsWithIds(q: Executor, s: Scope, heads: readonly { id: number; storage: Storage; state: string }[]): Promise<void> {
  if (heads.length === 0) return;
  await q.insertInto('bill_heads').values(heads.map((h) => ({
    id: h.id, company_id: s.companyId, bill_key: s.model.def.key, mode: s.model.def.mode, state: h.state,
    ...h.storage.columns, data: JSON.stringify(h.storage.data), app_time: null,
  })) as never).execute();
}

/** The lines of several new bills in one statement. */
export async function insertLinesOfHeads(q: Executor, companyId: number, lines: readonly { headId: number; values: Values }[]): Promise<void> {
  if (lines.length === 0) return;
  await q.insertInto('bill_lines').values(lines.map((l) => ({ company_id: companyId, head_id: l.headId, gnum: Number(l.values.gnum ?? 0), data: lineData(l.values) }))).execute();
}

/**
 * Stored drafts written in one statement, each only if it still has the version it was read with
 * (the rows are locked by findHeadsByKeys): every column a model stores, its data, its state.
 * json_populate_recordset types each value as bill_heads' own column. Answers the ids written.
 */
export async function updateHeadsBatch(q: Executor, s: Scope, heads: readonly { id: number; version: number; storage: Storage; state: string }[]): Promise<Set<number>> {
  if (heads.length === 0) return new Set();
  const columns = Object.keys(heads[0]!.storage.columns);
  const records = heads.map((h) => ({ id: h.id, version: h.version, state: h.state, data: h.storage.data, ...h.storage.columns }));
  const sets = [sql`state = v.state`, sql`data = v.data`, ...columns.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`)];
  const { rows } = await sql<{ id: number }>`update bill_heads as b set ${sql.join(sets)}, version = b.version + 1, update_time = now()
    from json_populate_recordset(null::bill_heads, ${JSON.stringify(records)}::json) as v
    where b.id = v.id and b.version = v.version and b.company_id = ${s.companyId} and b.bill_key = ${s.model.def.key} and b.mode = ${s.model.def.mode}
    returning b.id`.execute(q);
  return new Set(rows.map((r) => Number(r.id)));
}

/** All lines of these bills (their lines are about to be written anew). */
export async function deleteLinesOfHeads(q: Executor, companyId: number, headIds: readonly number[]): Promise<void> {
  if (headIds.length > 0) await q.deleteFrom('bill_lines').where('company_id', '=', companyId).where('head_id', '=', sql<number>`any(${[...headIds]}::bigint[])`).execute();
}
