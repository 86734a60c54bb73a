import { sql, type Kysely } from 'kysely';

/**
 * Issue 21 §1: the planner is told that a company's bills are not spread evenly over bill types,
 * directions and states. Without it PostgreSQL multiplies the selectivities of company_id, bill_key,
 * mode and state as if they were independent: one company holding 30 % of the rows and mostly orders
 * is estimated at a fraction of its real orders, and on a mixed table the 订单汇总 order-number
 * search filtered 61k rows with ilike instead of using the trigram index (4,874 expected, 68,331
 * there; docs/perf.md, docs/scaling.md).
 *
 * Extended statistics (functional dependencies and the most common combinations) on the four
 * columns every list, count and search of a bill type starts with give the planner the joint
 * distribution; a larger sample for them keeps the combinations of the big companies in the list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create statistics bill_heads_company_kind (dependencies, mcv) on company_id, bill_key, mode, state from bill_heads`.execute(db);
  await sql`alter statistics bill_heads_company_kind set statistics 1000`.execute(db);
  await sql`analyze bill_heads`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop statistics if exists bill_heads_company_kind`.execute(db);
}
