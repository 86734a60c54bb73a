/**
 * A bill list's total and state counts from the count summary (server/bills/counts-sql.ts) when the
 * request filters by nothing but the creation window and the state: the whole days inside the window
 * are summed from bill_counts (and the deltas not yet folded in), the partial first and last days are
 * counted from bill_heads. Any other term, an OR between terms, or a term type the days cannot answer
 * (create_time = …, like, in) leaves the count to the rows. Either way the answer is the same number.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ColumnWhitelist, CompiledCondition, CountPlan, CountSource } from '../query/list-query.ts';
import { CHINA_ZONE } from './counts-sql.ts';

type Bind = (k: number) => unknown;

/** Which whitelist names reach the two columns the summary keeps (by where they live, not by name). */
function summaryColumns(whitelist: ColumnWhitelist): { window?: string; state?: string } {
  const at = (column: string, kind: string) =>
    Object.entries(whitelist).find(([, spec]) => spec.sql === `bill_heads.${column}` && spec.kind === kind)?.[0];
  const window = at('create_time', 'timestamp');
  const state = at('state', 'text');
  return { ...(window ? { window } : {}), ...(state ? { state } : {}) };
}

/** The request's window bounds and state conditions, as numbers of the groups' values. */
interface Filter {
  from: number[];
  to: number[];
  /** eq: one value; in: one array value; none: an empty list (matches nothing) */
  states: { type: 'eq' | 'in' | 'none'; at: number }[];
}

function filterOf(groups: readonly CompiledCondition[][], columns: { window?: string; state?: string }): Filter | null {
  const filter: Filter = { from: [], to: [], states: [] };
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
    } else if (c.column === columns.state && (c.termType === 'eq' || c.termType === 'in') && (c.shape === '' || c.shape === 'none')) {
      filter.states.push({ type: c.shape === 'none' ? 'none' : c.termType, at });
    } else {
      return null;
    }
    at += c.values.length;
  }
  return filter;
}

const bound = (term: Bind, ats: readonly number[]): RawBuilder<Date> | null =>
  ats.length === 0 ? null : sql<Date>`greatest(${sql.join(ats.map((k) => sql`cast(${term(k)} as timestamptz)`))})`;
const boundTo = (term: Bind, ats: readonly number[]): RawBuilder<Date> | null =>
  ats.length === 0 ? null : sql<Date>`least(${sql.join(ats.map((k) => sql`cast(${term(k)} as timestamptz)`))})`;

/** the China day of an instant, as the summary's rows have it (chinaDay) */
const day = (t: RawBuilder<Date>) => sql<string>`(${t} at time zone ${sql.lit(CHINA_ZONE)})::date`;
/** the first instant of the China day `d` (a date) */
const dayStart = (d: Expression<unknown>) => sql<Date>`((${d})::timestamp at time zone ${sql.lit(CHINA_ZONE)})`;

/** the direct counts' branches (none for a window without bounds) */
const edges = (branches: RawBuilder<unknown>[]) => (branches.length ? sql.join(branches, sql` `) : sql``);

const all = (parts: RawBuilder<SqlBool>[]) => (parts.length ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`true`);

/** The count source of one bill type (its key and mode fixed by the model that owns the statements). */
export function billCountSource(whitelist: ColumnWhitelist, key: string, mode: string): CountSource {
  const columns = summaryColumns(whitelist);
  return {
    plan(groups): CountPlan | null {
      if (!columns.window) return null;
      const filter = filterOf(groups, columns);
      if (!filter) return null;
      const parts = (base: Bind, term: Bind) => {
        const from = bound(term, filter.from);
        const to = boundTo(term, filter.to);
        const stateIn = (column: string) => filter.states.map((s) =>
          s.type === 'none' ? sql<SqlBool>`false` : s.type === 'eq' ? sql<SqlBool>`${sql.ref(column)} = ${term(s.at)}` : sql<SqlBool>`${sql.ref(column)} = any(${term(s.at)})`);
        const scope = (t: string) => [
          sql<SqlBool>`${sql.ref(`${t}.company_id`)} = ${base(0)}`,
          sql<SqlBool>`${sql.ref(`${t}.bill_key`)} = ${key}`,
          sql<SqlBool>`${sql.ref(`${t}.mode`)} = ${mode}`,
        ];
        // whole days strictly after the first day and before the last
        const days = (t: string) => all([
          ...scope(t),
          ...(from ? [sql<SqlBool>`${sql.ref(`${t}.day`)} > ${day(from)}`] : []),
          ...(to ? [sql<SqlBool>`${sql.ref(`${t}.day`)} < ${day(to)}`] : []),
          ...stateIn(`${t}.state`),
        ]);
        // the rows of the first and of the last day inside the window, each one range of create_time;
        // the last day's starts after the first day's ends, so a window within one day counts once
        const firstEnd = from ? dayStart(sql`${day(from)} + 1`) : null;
        const lastStart = to ? (firstEnd ? sql<Date>`greatest(${dayStart(day(to))}, ${firstEnd})` : dayStart(day(to))) : null;
        const range = (start: Expression<unknown>, end: RawBuilder<SqlBool>) => all([
          ...scope('bill_heads'),
          sql<SqlBool>`bill_heads.create_time >= ${start}`,
          end,
          ...stateIn('bill_heads.state'),
        ]);
        const direct: RawBuilder<SqlBool>[] = [];
        if (from && firstEnd) direct.push(range(from, to ? sql<SqlBool>`bill_heads.create_time < ${firstEnd} and bill_heads.create_time <= ${to}` : sql<SqlBool>`bill_heads.create_time < ${firstEnd}`));
        if (to && lastStart) direct.push(range(lastStart, sql<SqlBool>`bill_heads.create_time <= ${to}`));
        return { days, direct };
      };
      return {
        total(_db, base, term) {
          const { days, direct } = parts(base, term);
          return sql<number>`(select coalesce(sum(s.n), 0)::int from (
            select c.n from bill_counts c where ${days('c')}
            union all select d.n from bill_count_deltas d where ${days('d')}
            ${edges(direct.map((w) => sql`union all select count(*) from bill_heads where ${w}`))}) s(n))`;
        },
        byState(db, base, term) {
          const { days, direct } = parts(base, term);
          const rows = sql`(select c.state, c.n from bill_counts c where ${days('c')}
            union all select d.state, d.n from bill_count_deltas d where ${days('d')}
            ${edges(direct.map((w) => sql`union all select bill_heads.state, count(*) from bill_heads where ${w} group by bill_heads.state`))})`;
          return db.selectFrom(rows.as('s'))
            .select([sql<string>`s.state`.as('state'), sql<number>`sum(s.n)::int`.as('count')])
            .groupBy(sql`s.state`)
            .having(sql`sum(s.n)`, '<>', 0)
            .orderBy(sql`s.state`);
        },
      };
    },
  };
}
