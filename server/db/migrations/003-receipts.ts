import { sql, type Kysely } from 'kysely';

/**
 * Receipts without a bill are listed (POST /api/receipter/unmatched, newest first per company):
 * a partial index keeps that list cheap while matched receipts, the vast majority, pile up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index customs_receipts_unmatched on customs_receipts (company_id, received_at desc) where bill_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists customs_receipts_unmatched`.execute(db);
}
