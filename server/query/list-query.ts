import { createQueryId, sql, type Compilable, type CompiledQuery, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { BizError } from '../http/errors.ts';
import {
  DEFAULT_SORTS,
  MAX_IN_VALUES,
  MAX_PAGE_SIZE,
  BILL_PAGE_SIZE,
  TERM_TYPES,
  parseLocalDateTime,
  queryText,
  toChinaIso,
  type ColumnKind,
  type ListAnswer,
  type Sort,
  type SortOrder,
  type StateCount,
  type TermType,
} from '../../domain/query.ts';

/**
 * A refused list request. Extends BizError so a route handler lets it propagate and the client
 * gets code -1 with the Chinese message.
 */
export class QueryError extends BizError {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

export interface ColumnSpec {
  /**
   * A column reference ('b.app_time', quoted as identifiers) or any Kysely expression
   * (sql`(b.data->>'x')`). Omitted: the whitelist key itself is the column reference.
   */
  sql?: string | Expression<unknown>;
  kind: ColumnKind;
  /** Chinese label used in refusal messages; defaults to the column name. */
  label?: string;
  /** Default true. */
  sortable?: boolean;
  /** Default true. */
  filterable?: boolean;
}

/** API column name (snake_case) → how to reach it in SQL. The only path from a term to SQL. */
export type ColumnWhitelist = Readonly<Record<string, ColumnSpec>>;

export interface ListQueryOptions {
  /** Used when the request has no sorts. Default app_time desc (§9). */
  defaultSort?: readonly Sort[];
  maxPageSize?: number;
  /** Used when the request omits pageSize. Default 50 (§9). */
  defaultPageSize?: number;
  /**
   * Appended to every ORDER BY (descending) so offset pages never repeat or skip rows that tie
   * on the requested sort keys; normally the primary key.
   */
  tiebreaker?: string | Expression<unknown>;
}

export interface CompiledCondition extends TermPlan {
  column: string;
  termType: TermType;
  /** the condition with its own values bound */
  readonly where: RawBuilder<SqlBool>;
}

export interface CompiledSort {
  name: string;
  order: SortOrder;
  expr: Expression<unknown>;
}

export interface CompiledListQuery {
  pageIndex: number;
  pageSize: number;
  offset: number;
  /** AND of OR-groups, in request order; ignored (empty) terms are already dropped. */
  groups: CompiledCondition[][];
  sorts: CompiledSort[];
  whitelist: ColumnWhitelist;
}

// ---------------------------------------------------------------------------------------------

const MAX_PAGE_INDEX = 1_000_000;
const INT4_MAX = 2_147_483_647;
const NUMERIC_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
// Offsets other than +08:00 are honoured when a caller (an ERP) sends full ISO 8601.
const ISO_WITH_ZONE_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
// Users paste lists of numbers from Excel (newlines) or type them with Chinese commas.
const IN_SEPARATORS = /[,，\r\n]+/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// Column references are parsed once, not per request (a spec may serve several names, so by text).
const references = new Map<string, Expression<unknown>>();
const reference = (column: string) => references.get(column) ?? references.set(column, sql.ref(column)).get(column)!;

function columnExpr(name: string, spec: ColumnSpec): Expression<unknown> {
  if (spec.sql === undefined) return reference(name);
  return typeof spec.sql === 'string' ? reference(spec.sql) : spec.sql;
}

// Object.hasOwn keeps '__proto__', 'constructor' and friends out of the whitelist.
function lookup(whitelist: ColumnWhitelist, name: unknown): ColumnSpec | undefined {
  if (typeof name !== 'string' || !Object.hasOwn(whitelist, name)) return undefined;
  return whitelist[name];
}

function pagingNumber(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  throw new QueryError(queryText.badPaging);
}

/** A normalised scalar parameter, or SKIP for "the user left this field empty". */
const SKIP = Symbol('skip');
type Param = string | number | boolean;

function scalar(column: string, spec: ColumnSpec, value: unknown): Param | typeof SKIP {
  const label = spec.label ?? column;
  if (value === null || value === undefined) return SKIP;
  if (typeof value === 'string' && value.trim() === '') return SKIP;
  if (typeof value === 'object') throw new QueryError(queryText.badValue(label));
  switch (spec.kind) {
    case 'text':
      if (typeof value === 'string') return value.trim();
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      throw new QueryError(queryText.badValue(label));
    case 'number': {
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && NUMERIC_RE.test(value.trim())) {
        const n = Number(value.trim());
        if (Number.isFinite(n)) return n;
      }
      throw new QueryError(queryText.notNumber(label, value));
    }
    case 'timestamp': {
      if (typeof value !== 'string') throw new QueryError(queryText.badDate(label, value));
      const text = value.trim();
      const local = parseLocalDateTime(text);
      if (local) return toChinaIso(local);
      if (ISO_WITH_ZONE_RE.test(text)) {
        const date = new Date(text);
        if (!Number.isNaN(date.getTime())) return date.toISOString();
      }
      throw new QueryError(queryText.badDate(label, value));
    }
    case 'date': {
      // A date column compares by day: the time of '2026-01-31 23:59:59' adds nothing.
      const local = typeof value === 'string' ? parseLocalDateTime(value) : null;
      if (!local) throw new QueryError(queryText.badDate(label, value));
      return toChinaIso(local).slice(0, 10);
    }
    case 'boolean':
      if (value === true || value === 1 || value === 'true' || value === '1') return true;
      if (value === false || value === 0 || value === 'false' || value === '0') return false;
      throw new QueryError(queryText.badBoolean(label, value));
  }
}

/**
 * Postgres types a parameter from the column it is compared with, so 2.5 against an int column
 * fails to parse as int. Numbers an int4 can hold stay untyped (an int index still applies);
 * anything else is compared as numeric.
 */
function needsNumericCast(values: readonly Param[]): boolean {
  return values.some((v) => typeof v === 'number' && !(Number.isInteger(v) && Math.abs(v) <= INT4_MAX));
}

/** A bound value, cast to numeric when the value needs it (needsNumericCast). */
function bound(value: unknown, numeric: boolean): RawBuilder<unknown> {
  return numeric ? sql`cast(${value} as numeric)` : sql`${value}`;
}

const castOf = (spec: ColumnSpec, value: Param) => spec.kind === 'number' && needsNumericCast([value]);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function inValues(column: string, spec: ColumnSpec, value: unknown): Param[] | typeof SKIP {
  const label = spec.label ?? column;
  let raw: readonly unknown[];
  let explicitList = false;
  if (Array.isArray(value)) {
    raw = value;
    explicitList = true;
  } else if (typeof value === 'string') {
    raw = value.split(IN_SEPARATORS);
  } else if (value === null || value === undefined) {
    return SKIP;
  } else if (typeof value === 'object') {
    throw new QueryError(queryText.badValue(label));
  } else {
    raw = [value];
  }
  if (raw.length > MAX_IN_VALUES) throw new QueryError(queryText.tooManyValues(label, MAX_IN_VALUES));
  const out: Param[] = [];
  const seen = new Set<Param>();
  for (const item of raw) {
    const p = scalar(column, spec, item);
    if (p === SKIP || seen.has(p)) continue;
    seen.add(p);
    out.push(p);
  }
  // A typed blank ('' or ',,') is an empty search field: no filter. An explicit array that ends
  // up empty (no rows selected for an export) must match nothing, never everything.
  if (out.length === 0 && !explicitList) return SKIP;
  return out;
}

const RANGE_KINDS: readonly ColumnKind[] = ['text', 'number', 'timestamp', 'date'];

/**
 * A term's SQL as a function of its bound values. Everything else the SQL text depends on (a
 * missing bound, a numeric cast, an empty list) is in `shape`, so two terms of one column, term
 * type and shape differ only in their values: a statement compiled for one serves the other.
 */
export interface TermPlan {
  shape: string;
  values: unknown[];
  build(bind: (i: number) => unknown): RawBuilder<SqlBool>;
}

function compileTerm(column: string, spec: ColumnSpec, termType: TermType, value: unknown): TermPlan | null {
  const label = spec.label ?? column;
  const col = columnExpr(column, spec);
  if (termType === 'like' && spec.kind !== 'text') throw new QueryError(queryText.termTypeNotForColumn(label, termType));
  if ((termType === 'btw' || termType === 'lte' || termType === 'gte') && !RANGE_KINDS.includes(spec.kind)) {
    throw new QueryError(queryText.termTypeNotForColumn(label, termType));
  }
  switch (termType) {
    case 'eq':
    case 'lte':
    case 'gte': {
      if (Array.isArray(value)) throw new QueryError(queryText.badValue(label));
      const p = scalar(column, spec, value);
      if (p === SKIP) return null;
      const op = termType === 'eq' ? sql`=` : termType === 'lte' ? sql`<=` : sql`>=`;
      const cast = castOf(spec, p);
      return { shape: cast ? 'n' : '', values: [p], build: (b) => sql<SqlBool>`${col} ${op} ${bound(b(0), cast)}` };
    }
    case 'like': {
      if (Array.isArray(value)) throw new QueryError(queryText.badValue(label));
      const p = scalar(column, spec, value);
      if (p === SKIP) return null;
      // Backslash is Postgres' default LIKE escape, so no ESCAPE clause is needed.
      return { shape: '', values: [`%${escapeLike(String(p))}%`], build: (b) => sql<SqlBool>`${col} ilike ${b(0)}` };
    }
    case 'btw': {
      if (!Array.isArray(value) || value.length > 2) throw new QueryError(queryText.badValue(label));
      const start = scalar(column, spec, value[0]);
      const end = scalar(column, spec, value[1]);
      if (start === SKIP && end === SKIP) return null;
      if (end === SKIP) {
        const cast = castOf(spec, start as Param);
        return { shape: cast ? 'from n' : 'from', values: [start], build: (b) => sql<SqlBool>`${col} >= ${bound(b(0), cast)}` };
      }
      if (start === SKIP) {
        const cast = castOf(spec, end);
        return { shape: cast ? 'to n' : 'to', values: [end], build: (b) => sql<SqlBool>`${col} <= ${bound(b(0), cast)}` };
      }
      const [castStart, castEnd] = [castOf(spec, start), castOf(spec, end)];
      return {
        shape: `both ${castStart ? 'n' : '-'}${castEnd ? 'n' : '-'}`,
        values: [start, end],
        build: (b) => sql<SqlBool>`(${col} >= ${bound(b(0), castStart)} and ${col} <= ${bound(b(1), castEnd)})`,
      };
    }
    case 'in': {
      const values = inValues(column, spec, value);
      if (values === SKIP) return null;
      if (values.length === 0) return { shape: 'none', values: [], build: () => sql<SqlBool>`false` };
      // One array parameter instead of one per value: an export of 10 000 selected ids stays one
      // bind parameter, far from Postgres' 65 535 limit.
      const cast = spec.kind === 'number' && needsNumericCast(values);
      return {
        shape: cast ? 'n' : '',
        values: [values],
        build: (b) => (cast ? sql<SqlBool>`${col} = any(cast(${b(0)} as numeric[]))` : sql<SqlBool>`${col} = any(${b(0)})`),
      };
    }
  }
}

function compileSorts(raw: unknown, whitelist: ColumnWhitelist, fallback: readonly Sort[]): CompiledSort[] {
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) throw new QueryError(queryText.badRequest);
  const list = Array.isArray(raw) && raw.length > 0 ? raw : null;
  if (!list) {
    return fallback.map((s) => {
      const spec = lookup(whitelist, s.name);
      // A default the whitelist cannot serve is a configuration bug, not the caller's fault.
      if (!spec) throw new Error(`default sort ${s.name} is not in the list's whitelist`);
      return { name: s.name, order: s.order, expr: columnExpr(s.name, spec) };
    });
  }
  const out: CompiledSort[] = [];
  for (const item of list) {
    if (!isRecord(item)) throw new QueryError(queryText.badRequest);
    const spec = lookup(whitelist, item.name);
    if (!spec || spec.sortable === false) throw new QueryError(queryText.unknownSort(item.name));
    const rawOrder = item.order ?? 'asc';
    const order = typeof rawOrder === 'string' ? rawOrder.toLowerCase() : rawOrder;
    if (order !== 'asc' && order !== 'desc') throw new QueryError(queryText.badSortOrder(rawOrder));
    const name = item.name as string;
    // A repeated name could only restate or contradict the first; the first wins.
    if (out.some((s) => s.name === name)) continue;
    out.push({ name, order, expr: columnExpr(name, spec) });
  }
  return out;
}

function compileTerms(raw: unknown, whitelist: ColumnWhitelist): CompiledCondition[][] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new QueryError(queryText.badRequest);
  const groups: CompiledCondition[][] = [];
  for (const item of raw) {
    if (!isRecord(item)) throw new QueryError(queryText.badRequest);
    const spec = lookup(whitelist, item.column);
    if (!spec || spec.filterable === false) throw new QueryError(queryText.unknownColumn(item.column));
    const termType = typeof item.termType === 'string' ? item.termType.toLowerCase() : item.termType;
    if (!TERM_TYPES.includes(termType as TermType)) throw new QueryError(queryText.unknownTermType(item.termType));
    const rawJoin = item.type ?? 'and';
    const join = typeof rawJoin === 'string' ? rawJoin.toLowerCase() : rawJoin;
    if (join !== 'and' && join !== 'or') throw new QueryError(queryText.badTermJoin(rawJoin));
    const column = item.column as string;
    const plan = compileTerm(column, spec, termType as TermType, item.value);
    // An empty search field is no term at all; an 'or' after it joins the last kept term.
    if (!plan) continue;
    const condition = conditionOf(column, termType as TermType, plan);
    const current = groups.at(-1);
    if (join === 'or' && current) current.push(condition);
    else groups.push([condition]);
  }
  return groups;
}

/** A condition of `column` whose SQL is `plan`'s (a caller may put another plan in a term's place). */
export function conditionOf(column: string, termType: TermType, plan: TermPlan): CompiledCondition {
  return { column, termType, ...plan, get where() { return plan.build((i) => plan.values[i]); } };
}

/**
 * Validate an untrusted list request (the `data` of the body) against a list's whitelist.
 * Throws QueryError with a Chinese message for anything it cannot serve.
 */
export function compileListQuery(request: unknown, whitelist: ColumnWhitelist, options: ListQueryOptions = {}): CompiledListQuery {
  if (request !== undefined && request !== null && !isRecord(request)) throw new QueryError(queryText.badRequest);
  const req = request ?? {};
  const maxPageSize = options.maxPageSize ?? MAX_PAGE_SIZE;
  const pageIndex = pagingNumber(req.pageIndex, 0);
  const pageSize = pagingNumber(req.pageSize, options.defaultPageSize ?? BILL_PAGE_SIZE);
  if (pageIndex < 0 || pageIndex > MAX_PAGE_INDEX || pageSize < 1 || pageSize > maxPageSize) {
    throw new QueryError(queryText.badPaging);
  }
  const groups = compileTerms(req.terms, whitelist);
  const sorts = compileSorts(req.sorts, whitelist, options.defaultSort ?? DEFAULT_SORTS);
  if (options.tiebreaker !== undefined) {
    const expr = typeof options.tiebreaker === 'string' ? reference(options.tiebreaker) : options.tiebreaker;
    sorts.push({ name: '', order: 'desc', expr });
  }
  return { pageIndex, pageSize, offset: pageIndex * pageSize, groups, sorts, whitelist };
}

export interface WhereOptions {
  /** Leave out terms on these columns (the state counts leave out the state term). */
  exclude?: readonly string[];
}

/** The groups a filter keeps: those with a condition left once the excluded columns are out. */
function keptGroups(compiled: CompiledListQuery, options: WhereOptions): CompiledCondition[][] {
  if (!options.exclude?.length) return compiled.groups;
  const exclude = new Set(options.exclude);
  return compiled.groups.map((g) => g.filter((c) => !exclude.has(c.column))).filter((g) => g.length > 0);
}

/** The conditions' values in the order whereOf numbers them. */
const termValues = (groups: readonly CompiledCondition[][]) => groups.flat().flatMap((c) => c.values);

/**
 * The filter of `groups` as one parenthesised boolean expression, or null when nothing filters.
 * The conditions' values are numbered in group order (termValues): `bind(k)` gives the k-th (or its slot).
 */
function whereOf(groups: readonly CompiledCondition[][], bind: (k: number) => unknown): RawBuilder<SqlBool> | null {
  if (groups.length === 0) return null;
  let next = 0;
  const one = (c: CompiledCondition) => {
    const first = next;
    next += c.values.length;
    return c.build((i) => bind(first + i));
  };
  const parts = groups.map((g) => (g.length === 1 ? one(g[0]!) : sql<SqlBool>`(${sql.join(g.map(one), sql` or `)})`));
  // Kysely joins successive where() calls with a bare AND, so the whole filter is parenthesised
  // to keep its ORs from escaping into the caller's own conditions.
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** The compiled filter as one parenthesised boolean expression, or null when nothing filters. */
export function buildWhere(compiled: CompiledListQuery, options: WhereOptions = {}): RawBuilder<SqlBool> | null {
  const groups = keptGroups(compiled, options);
  const values = termValues(groups);
  return whereOf(groups, (k) => values[k]);
}

export function applyTerms<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  compiled: CompiledListQuery,
  options: WhereOptions = {},
): SelectQueryBuilder<DB, TB, O> {
  const where = buildWhere(compiled, options);
  return where ? qb.where(where) : qb;
}

export function applySorts<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  compiled: CompiledListQuery,
): SelectQueryBuilder<DB, TB, O> {
  let out = qb;
  for (const s of compiled.sorts) out = out.orderBy(s.expr, s.order);
  return out;
}

export function applyPaging<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  compiled: CompiledListQuery,
): SelectQueryBuilder<DB, TB, O> {
  return qb.limit(compiled.pageSize).offset(compiled.offset);
}

// ---- statements compiled once per shape -----------------------------------------------------

/**
 * Where a list keeps its compiled statements: `owner` (the list's model, say) must fix the base
 * query, the whitelist and the options — everything of a statement that is not in the request.
 * The base query's own values (the caller's company) are bound like the request's: the base is
 * then built by a function of `bind`, and `bind(k)` stands for `baseValues[k]`.
 */
export interface StatementCache {
  owner: object;
  baseValues?: readonly unknown[];
}

/**
 * A base query built around its own values, with the cache that binds them: `build` receives each
 * value (or its slot) as an argument, so it cannot keep the first caller's by mistake.
 */
export function boundBase<O>(owner: object, values: readonly unknown[], build: (...values: unknown[]) => SelectQueryBuilder<any, any, O>): { base: BaseQuery<O>; cache: StatementCache } {
  return { base: (bind) => build(...values.map((_, k) => bind(k))), cache: { owner, baseValues: values } };
}

/** A value's place in a statement compiled once and bound many times. */
class Slot {
  constructor(readonly index: number) {}
}

interface Statement {
  sql: string;
  parameters: readonly unknown[];
  query: CompiledQuery['query'];
}

/**
 * Shapes kept per owner, the oldest first out: a statement of the widest bill is ~9 KB, and the
 * shapes people use (the default window, a state, a number) are few.
 */
const MAX_STATEMENTS = 100;
const statements = new WeakMap<object, Map<string, Statement>>();

/**
 * A list request's statement: compiled by Kysely the first time its shape is seen (the conditions'
 * columns, term types and shapes, the sorts), then only bound. Building and compiling a query was
 * the largest part of the app's own work on a list call (docs/perf.md).
 */
function listStatement<R>(
  cache: StatementCache | undefined,
  shape: string,
  values: readonly unknown[],
  build: (bind: (k: number) => unknown) => Compilable<R>,
): CompiledQuery<R> {
  if (!cache) return build((k) => values[k]).compile();
  let byShape = statements.get(cache.owner);
  if (!byShape) statements.set(cache.owner, (byShape = new Map()));
  let statement = byShape.get(shape);
  if (!statement) {
    const compiled = build((k) => new Slot(k)).compile();
    // A value the build did not take through `bind` (a base closing over the first caller's
    // company) would be baked into every later call's statement: refuse it before it runs.
    const bound = new Set(compiled.parameters.flatMap((p) => (p instanceof Slot ? [p.index] : [])));
    const unbound = values.findIndex((_, k) => !bound.has(k));
    if (unbound >= 0) throw new Error(`list statement ${shape}: value ${unbound} is not bound through bind()`);
    statement = { sql: compiled.sql, parameters: compiled.parameters, query: compiled.query };
    if (byShape.size >= MAX_STATEMENTS) byShape.delete(byShape.keys().next().value!);
    byShape.set(shape, statement);
  }
  return {
    sql: statement.sql,
    query: statement.query,
    queryId: createQueryId(),
    parameters: statement.parameters.map((p) => (p instanceof Slot ? values[p.index] : p)),
  };
}

/** What the SQL text of a filter and its order depends on, besides the cache's owner. */
function shapeOf(groups: readonly CompiledCondition[][], sorts: readonly CompiledSort[] = []): string {
  return JSON.stringify([
    groups.map((g) => g.map((c) => [c.column, c.termType, c.shape])),
    sorts.map((s) => [s.name, s.order]),
  ]);
}

/**
 * Another way to a filter's counts than counting its rows: a summary kept by triggers. For the
 * request's groups (those the count keeps) it answers a plan, or null when the summary cannot
 * answer that filter exactly (the rows are then counted). Its SQL takes the base's values with
 * `base(k)` and the groups' values (numbered in group order) with `term(k)`, like the statement's
 * own, so a plan compiled for one request serves every request of the same shape.
 */
export interface CountSource {
  plan(groups: readonly CompiledCondition[][]): CountPlan | null;
}

export interface CountPlan {
  /** the number of rows the filtered base holds, as a scalar expression */
  total(db: Kysely<any>, base: (k: number) => unknown, term: (k: number) => unknown): RawBuilder<number>;
  /** a statement answering {state, count} for each state with rows, ordered by state */
  byState(db: Kysely<any>, base: (k: number) => unknown, term: (k: number) => unknown): SelectQueryBuilder<any, any, { state: string; count: number }>;
}

/** The column the page query carries its total in (taken off every row before answering). */
const TOTAL = '__list_total';

/** A base query, or one built around its own bound values (see StatementCache). */
export type BaseQuery<O> = SelectQueryBuilder<any, any, O> | ((bind: (k: number) => unknown) => SelectQueryBuilder<any, any, O>);

/**
 * The base's values and the request's, in one numbering: the base's first, then the conditions'
 * in group order, then `extra`; and the filtered base built with `bind`.
 */
function boundQuery<O>(baseQuery: BaseQuery<O>, cache: StatementCache | undefined, groups: readonly CompiledCondition[][], extra: readonly unknown[] = []) {
  const baseValues = cache?.baseValues ?? [];
  const terms = termValues(groups);
  return {
    values: [...baseValues, ...terms, ...extra],
    /** the numbers of `extra` */
    extraAt: baseValues.length + terms.length,
    /** `bind` as the base's values and as the groups' values */
    parts: (bind: (k: number) => unknown) => [bind, (k: number) => bind(baseValues.length + k)] as const,
    filtered(bind: (k: number) => unknown): SelectQueryBuilder<any, any, O> {
      const base = typeof baseQuery === 'function' ? baseQuery(bind) : baseQuery;
      const where = whereOf(groups, (k) => bind(baseValues.length + k));
      return where ? base.where(where) : base;
    },
  };
}

/**
 * Run one page of `baseQuery` (a select with its from/joins/columns and any fixed conditions
 * such as the caller's company, without order/limit). Simple paging answers the rows; otherwise
 * {total, datas}. With `cache` the query is built only when a new shape is compiled.
 *
 * The page and its total are one statement: the count rides on every row as an uncorrelated
 * subquery, which PostgreSQL evaluates once (an InitPlan). A database round trip is the dearest
 * part of a list call on a virtualised host (docs/perf.md), so the second query is asked only
 * when the page is empty past the first one and its rows cannot carry the total.
 */
export async function runPagedList<O>(
  db: Kysely<any>,
  baseQuery: BaseQuery<O>,
  compiled: CompiledListQuery,
  options: { simple: boolean; cache?: StatementCache; counts?: CountSource },
): Promise<ListAnswer<O>> {
  const query = boundQuery(baseQuery, options.cache, compiled.groups, [compiled.pageSize, compiled.offset]);
  const plan = options.simple ? null : (options.counts?.plan(compiled.groups) ?? null);
  const count = (f: SelectQueryBuilder<any, any, O>) => db.selectFrom(f.clearOrderBy().as('list_q')).select(sql<number>`count(*)::int`.as('total'));
  const totalOf = (bind: (k: number) => unknown) => (plan ? plan.total(db, ...query.parts(bind)) : sql<number>`(${count(query.filtered(bind))})`);
  const shape = `${options.simple ? 'rows' : plan ? 'page summed' : 'page'} ${shapeOf(compiled.groups, compiled.sorts)}`;
  const statement = listStatement<O & Record<typeof TOTAL, number>>(options.cache, shape, query.values, (bind) => {
    const f = query.filtered(bind);
    const page = applySorts(f, compiled).limit(bind(query.extraAt) as number).offset(bind(query.extraAt + 1) as number);
    return (options.simple ? page : page.select(totalOf(bind).as(TOTAL))) as never;
  });
  const rows = (await db.executeQuery(statement)).rows;
  if (options.simple) return rows;
  if (rows.length > 0) {
    const total = Number(rows[0]![TOTAL]);
    const datas = rows.map(({ [TOTAL]: _, ...row }) => row as O);
    return { total, datas };
  }
  if (compiled.pageIndex === 0) return { total: 0, datas: [] };
  const direct = (k: number) => query.values[k];
  const row = plan ? await db.selectNoFrom(totalOf(direct).as('total')).executeTakeFirstOrThrow() : await count(query.filtered(direct)).executeTakeFirstOrThrow();
  return { total: Number(row.total), datas: [] };
}

/**
 * Counts per state for the state filter. Terms on the state column itself are left out by
 * default, so choosing one state does not zero the counts of the others.
 * `baseQuery` must not group; its select list is replaced.
 */
export async function runStateCount<S = string>(
  db: Kysely<any>,
  baseQuery: BaseQuery<any>,
  compiled: CompiledListQuery,
  stateColumn: string,
  options: { keepStateTerms?: boolean; cache?: StatementCache; counts?: CountSource } = {},
): Promise<StateCount<S>[]> {
  const spec = lookup(compiled.whitelist, stateColumn);
  if (!spec) throw new Error(`state column ${stateColumn} is not in the list's whitelist`);
  const expr = columnExpr(stateColumn, spec);
  const groups = keptGroups(compiled, options.keepStateTerms ? {} : { exclude: [stateColumn] });
  const query = boundQuery(baseQuery, options.cache, groups);
  const plan = options.counts?.plan(groups) ?? null;
  const statement = listStatement<{ state: S; count: number }>(options.cache, `counts${plan ? ' summed' : ''} ${stateColumn} ${shapeOf(groups)}`, query.values, (bind) =>
    plan ? plan.byState(db, ...query.parts(bind)) as never : query.filtered(bind)
      .clearSelect()
      .clearOrderBy()
      .select([sql<S>`${expr}`.as('state'), sql<number>`count(*)::int`.as('count')])
      .groupBy(sql`1`)
      .orderBy(sql`1`) as never);
  const rows = (await db.executeQuery(statement)).rows;
  return rows.map((r) => ({ state: r.state, count: Number(r.count) }));
}
