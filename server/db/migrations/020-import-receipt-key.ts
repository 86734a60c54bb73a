import { sql, type Kysely } from 'kysely';

/**
 * Issue 18: the import payment slip's key is `receipt`, as bills §2's keys say (its browser address
 * is /bill/import/receipt); it was stored as `payment`. Bills and bulk jobs keep the key they were
 * saved under, so both move to the new one. Export's 收款单 (mode export) is already `receipt`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update bill_heads set bill_key = 'receipt' where mode = 'import' and bill_key = 'payment'`.execute(db);
  await sql`update bill_jobs set bill_key = 'receipt' where mode = 'import' and bill_key = 'payment'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update bill_heads set bill_key = 'payment' where mode = 'import' and bill_key = 'receipt'`.execute(db);
  await sql`update bill_jobs set bill_key = 'payment' where mode = 'import' and bill_key = 'receipt'`.execute(db);
}
