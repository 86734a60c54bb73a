import { sql, type Kysely } from 'kysely';

/**
 * Issue 5: the 报关单's 订单汇总 searches (bills §7 queryOrderList: order_no like, ebc_name like, within
 * the create_time window) over 100,000 export orders under 100 ms. Its exact total (the dialog's
 * paginator shows it) had to test the substring on every order of the window (docs/perf.md).
 *
 * - Order numbers: a trigram index (pg_trgm), so `order_no ilike '%x%'` (list-query's like) reads
 *   the orders holding the text's trigrams instead of the window. Orders only (the heads table holds
 *   every bill type), export and import alike: the order lists' own number search uses it as well.
 *   A search of one or two characters has no trigram; the planner then keeps the window indexes.
 * - Enterprise names: few per company (the orders' e-commerce enterprises), and a name search is
 *   often two Chinese characters, which have no trigram either. server/bills/pick-lines.ts instead
 *   reads the company's distinct names from this index (one descent per name), tests them, and
 *   counts `ebc_name = any(matching names)` in state and window from the index alone.
 *
 * pg_trgm ships with PostgreSQL (Debian's postgresql-15 package, PGlite's contrib, loaded in
 * server/db/database.ts). A server without it, or a role that may not create it, gets no trigram
 * index and the migration still succeeds: order-number searches then read the window, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index bill_heads_order_ebc on bill_heads (company_id, mode, ebc_name, state, create_time)
    where bill_key = 'order'`.execute(db);
  if (await trigramsAvailable(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index bill_heads_order_no_trgm on bill_heads using gin (order_no gin_trgm_ops)
      where bill_key = 'order'`.execute(db);
  }
}

/**
 * Installed already, or installable by this role (a superuser, or pg_trgm is a trusted extension
 * and the role may create objects in the database): checked first, because a failed CREATE
 * EXTENSION would abort the migration's transaction.
 */
export async function trigramsAvailable(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select
      exists (select 1 from pg_extension where extname = 'pg_trgm')
      or exists (select 1 from pg_available_extensions a
                 join pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
                 where a.name = 'pg_trgm'
                   and ((select rolsuper from pg_roles where rolname = current_user)
                        or (v.trusted and has_database_privilege(current_database(), 'CREATE')))) as ok`.execute(db);
  return rows[0]?.ok === true;
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bill_heads_order_no_trgm`.execute(db);
  await sql`drop index if exists bill_heads_order_ebc`.execute(db);
  // pg_trgm stays: dropping an extension is the owner's decision, and nothing else breaks with it.
}
