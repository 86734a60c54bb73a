import { sql, type Kysely } from 'kysely';

/**
 * Issue 16: live events. The changes a console shows announce themselves by NOTIFY on one channel,
 * `cbec_events`, raised by triggers in the very transaction of the change (delivered at its commit,
 * never for a rolled-back one), so every write path — receipt ingest, save, declare, job step, review,
 * another app server, an administrator's SQL — is covered without each remembering to. Payloads are
 * small JSON with the company (`c`) the fact belongs to; server/events/wire.ts reads them.
 *
 * event_tickets: the one-use, short-lived tickets of GET /api/events?ticket= (EventSource cannot send
 * the X-Authorization header), by their SHA-256, so any app server can redeem one exactly once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function cbec_bill_event() returns trigger language plpgsql as $$
    declare
      r record;
      what text;
    begin
      if tg_op = 'DELETE' then r := old; else r := new; end if;
      if tg_op <> 'UPDATE' or new.state is distinct from old.state then what := 'state';
      elsif new.return_status is distinct from old.return_status or new.return_time is distinct from old.return_time then what := 'receipt';
      else what := 'data';
      end if;
      perform pg_notify('cbec_events', json_build_object('t', 'b', 'c', r.company_id, 'm', r.mode, 'k', r.bill_key, 'i', r.id, 's', r.state, 'w', what)::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger bill_heads_event after insert or update or delete on bill_heads
    for each row execute function cbec_bill_event()`.execute(db);

  await sql`create function cbec_job_event() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cbec_events', json_build_object('t', 'j', 'c', new.company_id, 'i', new.id, 'd', new.cursor, 'n', new.total, 's', new.state)::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger bill_jobs_event after insert or update of cursor, state on bill_jobs
    for each row execute function cbec_job_event()`.execute(db);

  await sql`create function cbec_filing_event() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cbec_events', json_build_object('t', 'f', 'c', new.id, 'a', new.approve_state)::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger companies_filing_event after update of approve_state on companies
    for each row when (new.approve_state is distinct from old.approve_state) execute function cbec_filing_event()`.execute(db);

  await sql`create function cbec_notice_event() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cbec_events', json_build_object('t', 'n', 'i', new.id)::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger notices_event after insert or update on notices
    for each row execute function cbec_notice_event()`.execute(db);

  await db.schema.createTable('event_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('claims', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_tickets_expires_idx').on('event_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_tickets').ifExists().execute();
  await sql`drop trigger if exists notices_event on notices`.execute(db);
  await sql`drop function if exists cbec_notice_event()`.execute(db);
  await sql`drop trigger if exists companies_filing_event on companies`.execute(db);
  await sql`drop function if exists cbec_filing_event()`.execute(db);
  await sql`drop trigger if exists bill_jobs_event on bill_jobs`.execute(db);
  await sql`drop function if exists cbec_job_event()`.execute(db);
  await sql`drop trigger if exists bill_heads_event on bill_heads`.execute(db);
  await sql`drop function if exists cbec_bill_event()`.execute(db);
}
