import { sql, type Kysely } from 'kysely';

/**
 * Issue 14: an access token dies with its session, and anonymous endpoints are rate-limited.
 *
 * - Session changes announce themselves: a refresh-token family revoked (logout, reuse detection,
 *   password change or reset, freeze) and a user whose state changes or who is deleted raise a NOTIFY
 *   on `cbec_sessions` ('f<family id>' / 'u<user id>'). Every app server LISTENs and drops what its
 *   session cache knew (server/auth/session-guard.ts). Triggers, not the code paths, so a change made
 *   by any path — another app server, an administrator's SQL — is announced. NOTIFY is delivered at
 *   commit, and a repeated payload within one transaction only once.
 * - rate_limits: fixed-window counters of the one limiter (server/http/rate-limit.ts), in the database
 *   so a second app server is not a second chance.
 * - captchas by expiry and login_attempts by window, for the bounded purges of stale rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function cbec_user_session_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cbec_sessions', 'u' || coalesce(new.id, old.id));
      return null;
    end $$`.execute(db);
  await sql`create trigger users_session_changed after update of state or delete on users
    for each row execute function cbec_user_session_changed()`.execute(db);

  await sql`create function cbec_family_revoked() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cbec_sessions', 'f' || new.family_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger refresh_tokens_revoked after update of revoked_at on refresh_tokens
    for each row when (new.revoked_at is not null and old.revoked_at is null) execute function cbec_family_revoked()`.execute(db);

  await db.schema.createTable('rate_limits')
    .addColumn('bucket', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();
  await db.schema.createIndex('login_attempts_window_idx').on('login_attempts').column('window_start').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_attempts_window_idx').ifExists().execute();
  await db.schema.dropIndex('captchas_expires_idx').ifExists().execute();
  await db.schema.dropTable('rate_limits').ifExists().execute();
  await sql`drop trigger if exists refresh_tokens_revoked on refresh_tokens`.execute(db);
  await sql`drop function if exists cbec_family_revoked()`.execute(db);
  await sql`drop trigger if exists users_session_changed on users`.execute(db);
  await sql`drop function if exists cbec_user_session_changed()`.execute(db);
}
