/**
 * A search by enterprise (bills §7 queryOrderList's ebc_name like, and every list whose search bar
 * matches an enterprise code or name with `like`) answered from the names rather than from every
 * bill (migrations 013, 035). A company's bills carry few distinct enterprises, and a name search is
 * often two Chinese characters, which no trigram index can serve. So the company's distinct values
 * are read first (one index descent per value, on the list's names index), the search term is
 * tested on them, and the bills are then filtered by `column = any(matching values)`: the page and
 * its exact total read only the matching bills' index entries instead of testing the substring on
 * each bill of the window (出口订单 ebc_name ~ 企业7: 16,000 of the largest company's 210,000 export
 * orders of the window at 10M).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { likeSearches } from '../../domain/bills/columns.ts';
import type { HeadColumn } from '../../domain/bills/types.ts';
import { conditionOf, type CompiledCondition, type CompiledListQuery } from '../query/list-query.ts';
import type { Executor, Scope } from './repository.ts';

/** Beyond this many distinct names the term stays a substring test: the lookup would cost more. */
export const MAX_NAMES = 500;

/** The party columns the bill's search bar matches with `like`: each has its names index (migrations 013, 035). */
const namesColumns = new WeakMap<object, ReadonlySet<HeadColumn>>();
function searchedByNames(scope: Scope): ReadonlySet<HeadColumn> {
  let set = namesColumns.get(scope.model.def);
  if (!set) namesColumns.set(scope.model.def, (set = new Set(likeSearches(scope.model.def).names)));
  return set;
}

interface NamesAnswer { seen: number; matches: string[] | null }

/**
 * The compiled query with each `ebc_name like` term replaced by the names it matches, or unchanged
 * when the company has more than `limit` names. Equivalent on every order of the scope: the names
 * are the scope's own (any state or time), so a name matches exactly when the term did.
 */
export async function narrowByNames(db: Executor, scope: Scope, compiled: CompiledListQuery, limit = MAX_NAMES): Promise<CompiledListQuery> {
  const columns = searchedByNames(scope);
  if (columns.size === 0) return compiled;
  const narrowed = async (c: CompiledCondition): Promise<CompiledCondition> => {
    // the column the whitelist reaches (`bill_heads.<column>`, server/bills/whitelist.ts): a field may be named otherwise (operatorCode → agent_code)
    const where = compiled.whitelist[c.column]?.sql;
    const column = (typeof where === 'string' && where.startsWith('bill_heads.') ? where.slice('bill_heads.'.length) : '') as HeadColumn;
    if (c.termType !== 'like' || !columns.has(column)) return c;
    const names = await matchingNames(db, scope, column, c.where, limit);
    if (!names) return c;
    return conditionOf(c.column, c.termType, names.length === 0
      ? { shape: 'names none', values: [], build: () => sql<SqlBool>`false` }
      : { shape: 'names', values: [names], build: (b) => sql<SqlBool>`${sql.ref(`bill_heads.${column}`)} = any(${b(0)}::text[])` });
  };
  const groups = await Promise.all(compiled.groups.map((g) => Promise.all(g.map(narrowed))));
  return { ...compiled, groups };
}

/**
 * The scope's distinct names the compiled term matches, or null past `limit` names. A loose index
 * scan (the list's names index: bill_heads_order_ebc, bill_heads_names_*): each step asks the index for the next name after the last one. The
 * names are offered to the term under the alias bill_heads, so the term's own SQL (list-query's
 * ilike, its escaping and trimming) tests them unchanged.
 */
async function matchingNames(db: Executor, scope: Scope, column: HeadColumn, term: RawBuilder<SqlBool>, limit: number): Promise<string[] | null> {
  const { companyId } = scope;
  const { key, mode } = scope.model.def;
  const inScope = sql`h.company_id = ${companyId} and h.bill_key = ${key} and h.mode = ${mode}`;
  const [own, named] = [sql.ref(`h.${column}`), sql.ref(`names.${column}`)];
  const { rows } = await sql<NamesAnswer>`with recursive names (${sql.ref(column)}, n) as (
      select (select min(${own}) from bill_heads h where ${inScope}), 1
      union all
      select (select min(${own}) from bill_heads h where ${inScope} and ${own} > ${named}), names.n + 1
      from names where ${named} is not null and names.n <= ${limit}
    )
    select (select count(${sql.ref(column)})::int from names) as seen,
           array(select ${sql.ref(`bill_heads.${column}`)} from names as bill_heads where ${sql.ref(`bill_heads.${column}`)} is not null and ${term})::text[] as matches`.execute(db);
  const answer = rows[0];
  if (!answer || answer.seen > limit) return null;
  return answer.matches ?? [];
}
