import { sql, type Kysely } from 'kysely';
import { trigramsAvailable } from './013-order-search.ts';

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
 *
 * Logistics numbers and enterprise internal numbers get the trigram index order and inventory
 * numbers have (migrations 013, 031), partial to the bill types whose lists search them and that
 * hold the rows (订单, 运单, 清单): on the mixed set of 10,000,000 heads the largest company's 出口清单
 * searches `logistics_no ilike '%MXL0004711%'` and `cop_no ilike '%MXC000471%'` read all its
 * inventories of the window, 6.1 and 6.4 s (docs/perf.md, "10,000,000 heads"). Inventories are
 * searched by their order number too (进口清单 `order_no ilike '%0004711%'`: 5.3 s), and migration
 * 013's order-number index is partial to orders: inventories get their own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create statistics bill_heads_company_kind (dependencies, mcv) on company_id, bill_key, mode, state from bill_heads`.execute(db);
  await sql`alter statistics bill_heads_company_kind set statistics 1000`.execute(db);
  if (await trigramsAvailable(db)) {
    await sql`create index bill_heads_logistics_no_trgm on bill_heads using gin (logistics_no gin_trgm_ops)
      where bill_key in ('waybill', 'detailedList')`.execute(db);
    await sql`create index bill_heads_cop_no_trgm on bill_heads using gin (cop_no gin_trgm_ops)
      where bill_key in ('order', 'waybill', 'detailedList')`.execute(db);
    await sql`create index bill_heads_inventory_order_no_trgm on bill_heads using gin (order_no gin_trgm_ops)
      where bill_key = 'detailedList'`.execute(db);
  }
  await sql`analyze bill_heads`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bill_heads_inventory_order_no_trgm`.execute(db);
  await sql`drop index if exists bill_heads_cop_no_trgm`.execute(db);
  await sql`drop index if exists bill_heads_logistics_no_trgm`.execute(db);
  await sql`drop statistics if exists bill_heads_company_kind`.execute(db);
}
