import { sql, type Kysely } from 'kysely';

/**
 * Issue 28, attribution: a receipt whose codes name several companies belongs to none of them — it is
 * applied to no bill and stored without a company (customs_receipts.company_id null, so no save or
 * import claims it) — and is listed among the 未匹配回执 of each company it names. Those companies are
 * its rows here, one per company, keyed by company first: the list reads a company's rows by its
 * primary key. A receipt naming one company keeps it in customs_receipts.company_id and has no row
 * here, so nothing is backfilled: every receipt stored before has one company or none.
 *
 * A row added or removed is a change of that company's 未匹配回执 and NOTIFYs it live like the
 * receipts' own triggers (migration 038, server/events/wire.ts 'u').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('customs_receipt_companies')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('receipt_id', 'bigint', (c) => c.notNull().references('customs_receipts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('customs_receipt_companies_pkey', ['company_id', 'receipt_id'])
    .execute();
  // a receipt's companies (its deletion, adopt.ts asking whether it is shared)
  await sql`create index customs_receipt_companies_receipt on customs_receipt_companies (receipt_id)`.execute(db);
  await sql`create function cbec_receipt_companies_event() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('cbec_events', json_build_object('t', 'u', 'c', old.company_id)::text);
      else
        perform pg_notify('cbec_events', json_build_object('t', 'u', 'c', new.company_id)::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger customs_receipt_companies_event after insert or delete on customs_receipt_companies
    for each row execute function cbec_receipt_companies_event()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists customs_receipt_companies_event on customs_receipt_companies`.execute(db);
  await sql`drop function if exists cbec_receipt_companies_event()`.execute(db);
  await db.schema.dropTable('customs_receipt_companies').ifExists().execute();
}
