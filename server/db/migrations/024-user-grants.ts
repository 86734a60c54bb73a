import { sql, type Kysely } from 'kysely';
import { defaultSubAccountGrants } from '../../../domain/grants.ts';

/**
 * Issue 17 part 1: each sub-account's own grants. user_grants holds the modules (code '') and button
 * codes a main account ticked for a sub-account; the main account holds everything and has no rows.
 * No foreign key to modules: the reference data is rewritten from domain/ on start, so grants of a
 * module that left the seed are kept but ignored (they are read through the current modules).
 *
 * Changes announce themselves on `cbec_grants` ('u<user id>'), raised by a trigger in the
 * transaction of the change, so every app server drops its cached grants of that user at commit
 * (server/auth/grant-cache.ts), whoever made the change.
 *
 * Existing sub-accounts receive the new defaults (domain/grants.ts: the bill modules and the service
 * pages, nothing of filing edits, settlement, subsidies, parameters or accounts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('user_grants')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(60)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_grants_pk', ['user_id', 'module_id', 'code'])
    .execute();

  await sql`create function cbec_user_grants_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cbec_grants', 'u' || coalesce(new.user_id, old.user_id));
      return null;
    end $$`.execute(db);
  await sql`create trigger user_grants_changed after insert or update or delete on user_grants
    for each row execute function cbec_user_grants_changed()`.execute(db);

  const users = await db.selectFrom('users').select('id').where('user_type', '=', 'USER').execute();
  const defaults = defaultSubAccountGrants();
  const rows = users.flatMap((u) => defaults.map((g) => ({ user_id: u.id, module_id: g.moduleId, code: g.code })));
  for (let i = 0; i < rows.length; i += 1000) await db.insertInto('user_grants').values(rows.slice(i, i + 1000)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists user_grants_changed on user_grants`.execute(db);
  await sql`drop function if exists cbec_user_grants_changed()`.execute(db);
  await db.schema.dropTable('user_grants').ifExists().execute();
}
