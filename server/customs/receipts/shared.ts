/**
 * Receipts whose codes name several companies (issue 28, attribute.ts): stored without a company and
 * without a bill, and listed among the 未匹配回执 of each company named — one customs_receipt_companies
 * row per company (migration 049). One statement per file: the rows just stored are found again by
 * their once key (customs_receipts_once), so the receipt insert itself stays as it is.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ReceiptInsert } from './store.ts';

export interface SharedReceipt {
  insert: Pick<ReceiptInsert, 'guid' | 'message_type' | 'business_key'>;
  /** the companies its codes name (two or more) */
  companies: readonly number[];
}

export async function listForCompanies(trx: Kysely<Database>, receipts: readonly SharedReceipt[]): Promise<void> {
  const pairs = receipts.flatMap((r) => r.companies.map((company) => ({ ...r.insert, company })));
  if (pairs.length === 0) return;
  const column = (pick: (p: (typeof pairs)[number]) => string | number, type: string) => sql`${pairs.map(pick)}::${sql.raw(type)}[]`;
  await sql`
    insert into customs_receipt_companies (company_id, receipt_id)
    select v.company_id, r.id
    from unnest(${column((p) => p.guid, 'varchar')}, ${column((p) => p.message_type, 'varchar')}, ${column((p) => p.business_key, 'varchar')},
      ${column((p) => p.company, 'int4')}) as v(guid, message_type, business_key, company_id)
    join customs_receipts r on r.guid = v.guid and r.message_type = v.message_type and r.business_key = v.business_key
    where r.company_id is null and r.bill_id is null
    on conflict do nothing`.execute(trx);
}
