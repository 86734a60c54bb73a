import { sql, type Kysely } from 'kysely';
import { countFunction } from '../../bills/counts-sql.ts';

/**
 * Issue 28: every statement on bill_heads paid for two kinds of trigger — the count summary's
 * statement triggers (migration 034, transition tables) and the live events' row trigger (migration
 * 021: a PL/pgSQL call per row, each raising its NOTIFY). A receipt file moving 100 bills made 100
 * such calls beside the one statement trigger.
 *
 * The live events of bill_heads now come from the count summary's statement triggers, which read
 * the same transition tables anyway: one function call per statement does both, the NOTIFY of each
 * row raised by one query (pg_notify per row, in C). The payloads are those of migration 021, one
 * per row as before (server/events/wire.ts reads them unchanged): 's' state for a bill added,
 * removed or moved to another state, 'receipt' when its customs status or time changed, 'data'
 * otherwise. The summary's deltas are those of migration 034.
 */
const bill = (r: string, what: string) =>
  `json_build_object('t', 'b', 'c', ${r}.company_id, 'm', ${r}.mode, 'k', ${r}.bill_key, 'i', ${r}.id, 's', ${r}.state, 'w', ${what})::text`;

const EVENTS = {
  insert: `
     perform pg_notify('cbec_events', ${bill('a', `'state'`)}) from added a;`,
  update: `
     perform pg_notify('cbec_events', ${bill('a', `case when a.state is distinct from g.state then 'state'
       when a.return_status is distinct from g.return_status or a.return_time is distinct from g.return_time then 'receipt'
       else 'data' end`)}) from added a join gone g on g.id = a.id;`,
  delete: `
     perform pg_notify('cbec_events', ${bill('g', `'state'`)}) from gone g;`,
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete'] as const) await sql.raw(countFunction(op, EVENTS[op])).execute(db);
  await sql`drop trigger if exists bill_heads_event on bill_heads`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete'] as const) await sql.raw(countFunction(op)).execute(db);
  // migration 021's row trigger (its function cbec_bill_event() was never dropped)
  await sql`create trigger bill_heads_event after insert or update or delete on bill_heads
    for each row execute function cbec_bill_event()`.execute(db);
}
