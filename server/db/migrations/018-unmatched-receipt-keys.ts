import { sql, type Kysely } from 'kysely';

/**
 * Issue 15: a receipt that came before its bill waits without a bill (bill_id null) until the bill
 * is saved or imported; every plain save and import then asks whether receipts wait for its bills
 * by their business keys (server/customs/receipts/claim.ts: keys @> {"ebpCode": …, "orderNo": …}).
 * A partial GIN index over the waiting rows' keys answers that from the index, whatever the number
 * of unmatched receipts; matched receipts, the vast majority, are not in it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index customs_receipts_unmatched_keys on customs_receipts using gin (keys jsonb_path_ops) where bill_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists customs_receipts_unmatched_keys`.execute(db);
}
