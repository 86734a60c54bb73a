import { sql, type Kysely } from 'kysely';

/**
 * The company's 未匹配回执 page follows the inbox live (issue 16's "screens follow customs"): a
 * receipt stored without a bill, one that a bill saved or imported since claimed, or one attributed
 * to the company later, NOTIFY 'u' with the company (server/events/wire.ts), in the transaction that
 * changed it. The WHEN clauses keep the common path — a receipt of a known bill — free of any call.
 * Identical notifications of one transaction are delivered once, so an ingest of many is one fact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function cbec_unmatched_event() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.bill_id is null and old.company_id is not null then
        perform pg_notify('cbec_events', json_build_object('t', 'u', 'c', old.company_id)::text);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.bill_id is null and new.company_id is not null then
        perform pg_notify('cbec_events', json_build_object('t', 'u', 'c', new.company_id)::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger customs_receipts_unmatched_insert after insert on customs_receipts
    for each row when (new.bill_id is null and new.company_id is not null) execute function cbec_unmatched_event()`.execute(db);
  await sql`create trigger customs_receipts_unmatched_update after update of bill_id, company_id on customs_receipts
    for each row when (old.bill_id is null and (new.bill_id is distinct from old.bill_id or new.company_id is distinct from old.company_id))
    execute function cbec_unmatched_event()`.execute(db);
  await sql`create trigger customs_receipts_unmatched_delete after delete on customs_receipts
    for each row when (old.bill_id is null and old.company_id is not null) execute function cbec_unmatched_event()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists customs_receipts_unmatched_${t} on customs_receipts`).execute(db);
  await sql`drop function if exists cbec_unmatched_event()`.execute(db);
}
