/**
 * A search served by a list's trigram index: its page and its total from one reading of the matches.
 *
 * A list statement carries its total as a subquery beside the page (server/query/list-query.ts), and
 * PostgreSQL runs the two apart: for `logistics_no ~ MXL0004711` the trigram index was scanned twice,
 * 592 buffers each of the 1,204 the largest company's statement read at 3M heads (docs/perf.md).
 * Here the total is a window count over the matches, `count(*) over ()`: the matches are read once,
 * counted, and the page is the first of them in the list's order (a bounded sort over the few
 * matches a number search has). Used only where the trigram index reads the matches (a company past
 * small-scope.ts's SMALL_SCOPE); a list without such a term keeps the cached list statement.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListAnswer } from '../../domain/query.ts';
import { applyPaging, applySorts, applyTerms, type CompiledListQuery } from '../query/list-query.ts';
import type { Executor } from './repository.ts';

const TOTAL = '__search_total';

export async function runSearchPage<O extends Record<string, unknown>>(db: Executor, base: SelectQueryBuilder<any, any, O>, compiled: CompiledListQuery): Promise<ListAnswer<O>> {
  const filtered = applyTerms(base, compiled);
  const rows = await applyPaging(applySorts(filtered, compiled), compiled).select(sql<number>`count(*) over ()`.as(TOTAL)).execute() as (O & Record<typeof TOTAL, number>)[];
  if (rows.length > 0) {
    const total = Number(rows[0]![TOTAL]);
    return { total, datas: rows.map(({ [TOTAL]: _, ...row }) => row as unknown as O) };
  }
  if (compiled.pageIndex === 0) return { total: 0, datas: [] };
  // past the last page: no row carries the total
  const row = await db.selectFrom(filtered.clearOrderBy().as('q')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { total: Number(row.n), datas: [] };
}
