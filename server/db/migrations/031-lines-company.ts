import { sql, type Kysely } from 'kysely';
import { STATISTICS_FUNCTIONS, statisticsFunctions } from '../../statistics/summary-sql.ts';
import { trigramsAvailable } from './013-order-search.ts';

/**
 * Issue 21: bill_lines carries its company like every other table of a company's bill data
 * (docs/scaling.md), so each statement on lines names the company and a company-keyed distribution
 * can route it to one shard.
 *
 * - `company_id` is filled from the head, then required.
 * - The foreign key becomes (company_id, head_id) → bill_heads (company_id, id): a line cannot name
 *   a company other than its bill's, and deleting a bill finds its lines through the same index the
 *   product reads them by. That needs a unique (company_id, id) on bill_heads — the key Citus would
 *   ask of the distributed table anyway.
 * - The lines' index leads with company_id: (company_id, head_id, gnum) replaces (head_id, gnum).
 * - The statistics triggers (migration 008) are created again: they now reach a bill's lines by
 *   (company_id, head_id), through that index.
 * - Inventory numbers get the trigram index order numbers have (migration 013): on the mixed set of
 *   1,000,000 heads the largest company's 出口清单 search `invt_no ilike '%0004711%'` filtered its
 *   23,933 inventories of the window, 152 ms; with the index 5.3 ms (docs/scaling.md, bench/mixed-plans.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bill_lines add column company_id integer`.execute(db);
  await sql`update bill_lines l set company_id = h.company_id from bill_heads h where h.id = l.head_id`.execute(db);
  await sql`alter table bill_lines alter column company_id set not null`.execute(db);
  await sql`create unique index bill_heads_company_id on bill_heads (company_id, id)`.execute(db);
  await sql`alter table bill_heads add constraint bill_heads_company_id_key unique using index bill_heads_company_id`.execute(db);
  await sql`alter table bill_lines drop constraint bill_lines_head_id_fkey`.execute(db);
  await sql`alter table bill_lines add constraint bill_lines_head_fkey foreign key (company_id, head_id)
    references bill_heads (company_id, id) on delete cascade`.execute(db);
  await sql`create index bill_lines_company_head on bill_lines (company_id, head_id, gnum)`.execute(db);
  await sql`drop index bill_lines_head`.execute(db);
  for (const statement of STATISTICS_FUNCTIONS) await sql.raw(statement).execute(db);
  if (await trigramsAvailable(db)) {
    await sql`create index bill_heads_invt_no_trgm on bill_heads using gin (invt_no gin_trgm_ops) where bill_key = 'detailedList'`.execute(db);
  }
  await sql`analyze bill_lines`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bill_heads_invt_no_trgm`.execute(db);
  for (const statement of statisticsFunctions(false)) await sql.raw(statement).execute(db);
  await sql`create index bill_lines_head on bill_lines (head_id, gnum)`.execute(db);
  await sql`drop index bill_lines_company_head`.execute(db);
  await sql`alter table bill_lines drop constraint bill_lines_head_fkey`.execute(db);
  await sql`alter table bill_lines add constraint bill_lines_head_id_fkey foreign key (head_id) references bill_heads (id) on delete cascade`.execute(db);
  await sql`alter table bill_heads drop constraint bill_heads_company_id_key`.execute(db);
  await sql`alter table bill_lines drop column company_id`.execute(db);
}
