import { sql, type Kysely } from 'kysely';

/**
 * Issue 31 item 16: a settlement's lock (批量锁定 / 批量解锁), its own state beside the workflow's
 * (machines/settlement-lock.ts): who locked it and when, for the list. A change of lock is a live
 * event to the company's pages like a change of state (migration 033), but no operator queue moves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('settlements')
    .addColumn('lock_state', 'varchar(8)', (c) => c.notNull().defaultTo('unlocked'))
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('lock_time', 'timestamptz')
    .execute();
  await sql`create function cbec_settlement_lock_event() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cbec_events', json_build_object('t', 's', 'c', new.company_id, 'k', 'settlement', 'i', new.id, 's', new.state)::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger settlements_lock_event after update of lock_state on settlements
    for each row when (new.lock_state is distinct from old.lock_state) execute function cbec_settlement_lock_event()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists settlements_lock_event on settlements`.execute(db);
  await sql`drop function if exists cbec_settlement_lock_event()`.execute(db);
  await db.schema.alterTable('settlements').dropColumn('lock_state').dropColumn('locked_by').dropColumn('lock_time').execute();
}
