import { sql, type Kysely } from 'kysely';

/**
 * Issue 16, several app servers on one PostgreSQL.
 *
 * - Tables an app server keeps in memory (state_dictionary: bill state names; modules and
 *   module_buttons: button codes) announce every change: a statement trigger NOTIFYs `cbec_caches`
 *   with the table's name, in the changing transaction (delivered at its commit, once per payload),
 *   and every server drops what it kept of that table (server/db/table-caches.ts).
 * - inbox_claims: a receipt file of the folder transport's inbox is read by the one server that
 *   claims it (insert … on conflict: one statement, one winner), keyed by its name and size; the row
 *   goes once the file has moved to done or error. A claim its server did not finish (the server
 *   died) may be taken by another after a while (server/customs/transport/inbox-claims.ts).
 */
const CACHED_TABLES = ['state_dictionary', 'modules', 'module_buttons'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function cbec_table_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cbec_caches', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of CACHED_TABLES) {
    await sql`create trigger ${sql.id(`${table}_cache_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function cbec_table_changed()`.execute(db);
  }

  await db.schema.createTable('inbox_claims')
    .addColumn('file_key', 'varchar(600)', (c) => c.primaryKey())
    .addColumn('claimed_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbox_claims').ifExists().execute();
  for (const table of CACHED_TABLES) await sql`drop trigger if exists ${sql.id(`${table}_cache_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists cbec_table_changed()`.execute(db);
}
