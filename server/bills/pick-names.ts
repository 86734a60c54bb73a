/**
 * The 订单汇总 search by enterprise name (bills §7 queryOrderList, ebc_name like) answered from the
 * names rather than from every order (migration 013). A company's orders carry few distinct
 * e-commerce enterprise names, and a name search is often two Chinese characters, which no
 * trigram index can serve. So the company's distinct names are read first (one index descent per
 * name), the search term is tested on them, and the orders are then filtered by
 * `ebc_name = any(matching names)`: the page and its exact total read only the matching orders'
 * index entries instead of testing the substring on each order of the window.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { conditionOf, type CompiledCondition, type CompiledListQuery } from '../query/list-query.ts';
import type { Executor, Scope } from './repository.ts';

/** Beyond this many distinct names the term stays a substring test: the lookup would cost more. */
export const MAX_NAMES = 500;

/** The column searched through its names, and where it lives (the whitelist must agree). */
const COLUMN = 'ebc_name';
const COLUMN_SQL = 'bill_heads.ebc_name';

interface NamesAnswer { seen: number; matches: string[] | null }

/**
 * The compiled query with each `ebc_name like` term replaced by the names it matches, or unchanged
 * when the company has more than `limit` names. Equivalent on every order of the scope: the names
 * are the scope's own (any state or time), so a name matches exactly when the term did.
 */
export async function narrowByNames(db: Executor, scope: Scope, compiled: CompiledListQuery, limit = MAX_NAMES): Promise<CompiledListQuery> {
  if (compiled.whitelist[COLUMN]?.sql !== COLUMN_SQL) return compiled;
  const narrowed = async (c: CompiledCondition): Promise<CompiledCondition> => {
    if (c.column !== COLUMN || c.termType !== 'like') return c;
    const names = await matchingNames(db, scope, c.where, limit);
    if (!names) return c;
    return conditionOf(c.column, c.termType, names.length === 0
      ? { shape: 'names none', values: [], build: () => sql<SqlBool>`false` }
      : { shape: 'names', values: [names], build: (b) => sql<SqlBool>`${sql.ref(COLUMN_SQL)} = any(${b(0)}::text[])` });
  };
  const groups = await Promise.all(compiled.groups.map((g) => Promise.all(g.map(narrowed))));
  return { ...compiled, groups };
}

/**
 * The scope's distinct names the compiled term matches, or null past `limit` names. A loose index
 * scan (bill_heads_order_ebc): each step asks the index for the next name after the last one. The
 * names are offered to the term under the alias bill_heads, so the term's own SQL (list-query's
 * ilike, its escaping and trimming) tests them unchanged.
 */
async function matchingNames(db: Executor, scope: Scope, term: RawBuilder<SqlBool>, limit: number): Promise<string[] | null> {
  const { companyId } = scope;
  const { key, mode } = scope.model.def;
  const inScope = sql`h.company_id = ${companyId} and h.bill_key = ${key} and h.mode = ${mode}`;
  const { rows } = await sql<NamesAnswer>`with recursive names (ebc_name, n) as (
      select (select min(h.ebc_name) from bill_heads h where ${inScope}), 1
      union all
      select (select min(h.ebc_name) from bill_heads h where ${inScope} and h.ebc_name > names.ebc_name), names.n + 1
      from names where names.ebc_name is not null and names.n <= ${limit}
    )
    select (select count(ebc_name)::int from names) as seen,
           array(select bill_heads.ebc_name from names as bill_heads where bill_heads.ebc_name is not null and ${term})::text[] as matches`.execute(db);
  const answer = rows[0];
  if (!answer || answer.seen > limit) return null;
  return answer.matches ?? [];
}
