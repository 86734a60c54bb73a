import { sql, type Kysely } from 'kysely';

/**
 * Issue 5.
 * - The knowledge-file archive's document type (bills §2 /archive: e 出口说明, i 进口说明, other
 *   其他): a column of its own, so the page's type counts (/Knowledge_file/state_count) and its type
 *   filter read an index. Documents seeded before it are 'other' until the seed types them.
 * - The inventories' trade_mode single choice (9610/1210 × I/E, bills §3) with a state, and the
 *   state counts under it: on 1,000,000 import inventories the engine's indexes (company, bill,
 *   state, window) left the trade_mode test to the heap — 56 ms a page and 510 ms the counts on a
 *   loaded machine (docs/perf.md). One index serves the page in app_time order (the window and the
 *   count read from it alone), one the counts of a window by state. Partial: only bills that have a
 *   trade_mode (inventories, declaration forms) are in them.
 * - 报关单's 订单汇总 (bills §7 queryOrderList: order_no like, ebc_name like, create_time btw) over
 *   the company's export orders customs took: in creation order, with the state, order number and
 *   enterprise name riding along, so the page's ids (newest first, stopping at the page) and its
 *   count are read from the index alone (server/bills/pick-lines.ts), whatever the substring searched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('knowledge_files')
    .addColumn('doc_type', 'varchar(10)', (c) => c.notNull().defaultTo('other'))
    .execute();
  await db.schema.createIndex('knowledge_files_type_time').on('knowledge_files').columns(['doc_type', 'create_time']).execute();

  await sql`create index bill_heads_trade_state_app on bill_heads (company_id, bill_key, mode, trade_mode, state, app_time desc) include (create_time)
    where trade_mode is not null`.execute(db);
  await sql`create index bill_heads_order_pick on bill_heads (company_id, mode, create_time, id) include (state, order_no, ebc_name)
    where bill_key = 'order'`.execute(db);
  await sql`create index bill_heads_trade_window on bill_heads (company_id, bill_key, mode, trade_mode, create_time) include (state)
    where trade_mode is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bill_heads_trade_window`.execute(db);
  await sql`drop index if exists bill_heads_order_pick`.execute(db);
  await sql`drop index if exists bill_heads_trade_state_app`.execute(db);
  await db.schema.dropIndex('knowledge_files_type_time').execute();
  await db.schema.alterTable('knowledge_files').dropColumn('doc_type').execute();
}
