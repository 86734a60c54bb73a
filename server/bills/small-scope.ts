/**
 * A substring search of a company with few bills of the type reads them, not the trigram index.
 *
 * A list's trigram index (migration 035) serves every company at once: GIN takes the candidates
 * from the rarest trigram of the text and looks each up in the posting lists of the common ones
 * (a number's prefix: `MXL000…` is in every row). That costs what the list holds over all
 * companies, so it is the right plan for the largest company and a wasteful one for a small company,
 * whose own bills of the type its btree reads in a fraction of a millisecond. The planner cannot
 * tell: its GIN estimate takes every trigram as average, and it picks the index (1M set, a small
 * company's `order_no ~ MXO000471123`: 0.27 ms through its btree before migration 035, 5.8 ms
 * through the list's GIN; docs/perf.md).
 *
 * So the scope is counted first, up to SMALL_SCOPE rows (an index-only read of at most that many
 * entries), and when it holds fewer the like terms on indexed text columns are phrased so that no
 * trigram index matches them: `(column || '') ilike pattern`, true for exactly the same rows
 * (a NULL stays NULL). The company's btree then gives the rows and the filter tests each.
 * A company's size changes slowly and the choice only steers the plan (both answer the same rows),
 * so the count is kept a few minutes per company and bill type: most searches ask nothing more.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { likeSearches } from '../../domain/bills/columns.ts';
import { conditionOf, type CompiledCondition, type CompiledListQuery } from '../query/list-query.ts';
import type { Executor, Scope } from './repository.ts';

/** Below this many bills of the type the company's own are filtered: a few milliseconds on PostgreSQL. */
export const SMALL_SCOPE = 5_000;

/** How long a company's scope size is trusted, and how many are kept (the oldest go first). */
const KEEP_MS = 5 * 60_000;
const KEEP_MAX = 10_000;
/** per database (a process may serve several, tests do) */
const sizesOf = new WeakMap<object, Map<string, { small: boolean; at: number }>>();

async function isSmall(db: Executor, scope: Scope, limit: number): Promise<boolean> {
  let sizes = sizesOf.get(db);
  if (!sizes) sizesOf.set(db, (sizes = new Map()));
  const { key, mode } = scope.model.def;
  const id = `${scope.companyId} ${key} ${mode} ${limit}`;
  const known = sizes.get(id);
  if (known && Date.now() - known.at < KEEP_MS) return known.small;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from bill_heads
    where company_id = ${scope.companyId} and bill_key = ${key} and mode = ${mode} limit ${limit}) as scope`.execute(db);
  const small = (rows[0]?.n ?? limit) < limit;
  sizes.delete(id);
  if (sizes.size >= KEEP_MAX) sizes.delete(sizes.keys().next().value!);
  sizes.set(id, { small, at: Date.now() });
  return small;
}

/** The whitelist keys whose `like` terms a list's trigram index serves (its search bar's, migration 035). */
const trigramKeys = new WeakMap<object, ReadonlySet<string>>();
function indexedLikeColumns(scope: Scope): ReadonlySet<string> {
  let keys = trigramKeys.get(scope.model.def);
  if (!keys) trigramKeys.set(scope.model.def, (keys = new Set(likeSearches(scope.model.def).trigramKeys)));
  return keys;
}

/** Whether a term of the compiled query is an indexed like term left for the list's trigram index to serve. */
export function readsTrigramIndex(scope: Scope, compiled: CompiledListQuery): boolean {
  const keys = indexedLikeColumns(scope);
  return compiled.groups.some((g) => g.some((c) => c.termType === 'like' && keys.has(c.column) && c.shape === ''));
}

/** The compiled query, its indexed like terms phrased as a filter when the company's scope is small. */
export async function filterSmallScope(db: Executor, scope: Scope, compiled: CompiledListQuery, limit = SMALL_SCOPE): Promise<CompiledListQuery> {
  const keys = indexedLikeColumns(scope);
  const searched = (c: CompiledCondition) => c.termType === 'like' && keys.has(c.column) && c.shape === '';
  if (!compiled.groups.some((g) => g.some(searched))) return compiled;
  if (!(await isSmall(db, scope, limit))) return compiled;
  const filtered = (c: CompiledCondition): CompiledCondition => {
    if (!searched(c)) return c;
    const spec = compiled.whitelist[c.column]!;
    const col = (typeof spec.sql === 'string' ? sql.ref(spec.sql) : spec.sql) as Expression<unknown>;
    return conditionOf(c.column, c.termType, { shape: 'scan', values: c.values, build: (b) => sql<SqlBool>`(${col} || '') ilike ${b(0)}` });
  };
  return { ...compiled, groups: compiled.groups.map((g) => g.map(filtered)) };
}
