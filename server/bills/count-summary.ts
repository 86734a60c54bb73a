/**
 * A bill list's total and state counts from the count summary (server/bills/counts-sql.ts) when the
 * request filters by nothing but the creation window and the state: the whole days inside the window
 * are summed from bill_counts (and the deltas not yet folded in), the partial first and last days are
 * counted from bill_heads. Any other term, an OR between terms, or a term type the days cannot answer
 * (create_time = …, like, in) leaves the count to the rows. Either way the answer is the same number.
 */
import { sql } from 'kysely';
import type { ColumnWhitelist, CompiledCondition, CountPlan, CountSource } from '../query/list-query.ts';

type Bind = (k: number) => unknown;

/** Which whitelist names reach the two columns the summary keeps (by where they live, not by name). */
function summaryColumns(whitelist: ColumnWhitelist): { window?: string; state?: string } {
  const at = (column: string, kind: string) =>
    Object.entries(whitelist).find(([, spec]) => spec.sql === `bill_heads.${column}` && spec.kind === kind)?.[0];
  const window = at('create_time', 'timestamp');
  const state = at('state', 'text');
  return { ...(window ? { window } : {}), ...(state ? { state } : {}) };
}

/** The request's window bounds and state condition, as numbers of the groups' values. */
interface Filter {
  from: number[];
  to: number[];
  /** eq: one value; in: one array value; none: an empty list (matches nothing) */
  state?: { type: 'eq' | 'in' | 'none'; at: number };
}

function filterOf(groups: readonly CompiledCondition[][], columns: { window?: string; state?: string }): Filter | null {
  const filter: Filter = { from: [], to: [] };
  let at = 0;
  for (const group of groups) {
    if (group.length !== 1) return null;
    const c = group[0]!;
    if (c.column === columns.window) {
      if (c.termType === 'gte') filter.from.push(at);
      else if (c.termType === 'lte') filter.to.push(at);
      else if (c.termType === 'btw' && c.shape === 'from') filter.from.push(at);
      else if (c.termType === 'btw' && c.shape === 'to') filter.to.push(at);
      else if (c.termType === 'btw' && c.shape === 'both --') filter.from.push(at), filter.to.push(at + 1);
      else return null;
    } else if (c.column === columns.state && !filter.state && (c.termType === 'eq' || c.termType === 'in') && (c.shape === '' || c.shape === 'none')) {
      filter.state = { type: c.shape === 'none' ? 'none' : c.termType, at };
    } else {
      // another column, a second state term, a term type the days cannot answer
      return null;
    }
    at += c.values.length;
  }
  return filter;
}

/** The latest of the lower bounds (greatest) or the earliest of the upper ones (least); null: none. */
const bound = (fn: 'greatest' | 'least', term: Bind, ats: readonly number[]) =>
  ats.length === 0 ? sql`null::timestamptz` : sql`${sql.raw(fn)}(${sql.join(ats.map((k) => sql`cast(${term(k)} as timestamptz)`))})`;

/** The count source of one bill type (its key and mode fixed by the model that owns the statements; the base's first value is the company). */
export function billCountSource(whitelist: ColumnWhitelist, key: string, mode: string): CountSource {
  const columns = summaryColumns(whitelist);
  return {
    plan(groups): CountPlan | null {
      if (!columns.window) return null;
      const filter = filterOf(groups, columns);
      if (!filter) return null;
      const states = (term: Bind) => {
        const s = filter.state;
        if (!s) return sql`null::text[]`;
        if (s.type === 'none') return sql`array[]::text[]`;
        return s.type === 'eq' ? sql`array[${term(s.at)}]::text[]` : sql`cast(${term(s.at)} as text[])`;
      };
      // server/bills/counts-sql.ts: the whole days from the summary, the first and last from the rows
      const counts = (base: Bind, term: Bind) =>
        sql`cbec_bill_counts(${base(0)}, ${key}, ${mode}, ${bound('greatest', term, filter.from)}, ${bound('least', term, filter.to)}, ${states(term)})`;
      return {
        total: (_db, base, term) => sql<number>`(select coalesce(sum(bills), 0)::int from ${counts(base, term)})`,
        byState: (db, base, term) => db.selectFrom(counts(base, term).as('s'))
          .select([sql<string>`s.bill_state`.as('state'), sql<number>`s.bills::int`.as('count')])
          .orderBy(sql`s.bill_state`),
      };
    },
  };
}
