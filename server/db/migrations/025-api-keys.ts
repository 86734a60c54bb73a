import { sql, type Kysely } from 'kysely';

/**
 * Issue 17 part 3: API keys of machine clients (ERP, WMS). A key belongs to a company, is made by
 * its main account and acts within its own grants (api_key_grants, the same pairs as user_grants).
 * Only the SHA-256 of the secret is stored: the secret is 32 random bytes, so a hash without salt or
 * stretching cannot be reversed or guessed, and a look-up by hash is one index probe per call.
 * deleted_at marks a deleted key (its row stays so the operation log can still name it).
 *
 * A change of a key or of its grants notifies `cbec_grants` ('k<key id>'): every app server drops
 * the key and its grants from its cache at commit, so a disabled key is refused on its next call.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('api_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('secret_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('secret_prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('EFFECTIVE'))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('last_used_ip', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_company_idx').on('api_keys').columns(['company_id', 'id']).execute();

  await db.schema.createTable('api_key_grants')
    .addColumn('api_key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(60)', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_grants_pk', ['api_key_id', 'module_id', 'code'])
    .execute();

  await sql`create function cbec_api_key_changed() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'api_keys' then
        perform pg_notify('cbec_grants', 'k' || coalesce(new.id, old.id));
      else
        perform pg_notify('cbec_grants', 'k' || coalesce(new.api_key_id, old.api_key_id));
      end if;
      return null;
    end $$`.execute(db);
  // last_used_at / last_used_ip change on use and say nothing about what the key may do
  await sql`create trigger api_keys_changed after update of state, expires_at, deleted_at, company_id or delete on api_keys
    for each row execute function cbec_api_key_changed()`.execute(db);
  await sql`create trigger api_key_grants_changed after insert or update or delete on api_key_grants
    for each row execute function cbec_api_key_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists api_key_grants_changed on api_key_grants`.execute(db);
  await sql`drop trigger if exists api_keys_changed on api_keys`.execute(db);
  await sql`drop function if exists cbec_api_key_changed()`.execute(db);
  await db.schema.dropTable('api_key_grants').ifExists().execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
}
