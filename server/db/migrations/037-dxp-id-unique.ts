import { sql, type Kysely } from 'kysely';

/**
 * 报文传输编号 (DXPID) becomes a filing field the company fills (domain/enterprise/fields.ts) and an
 * approval copies to companies.dxp_id. Receipts are attributed by it, so two companies never hold
 * the same one: checked when saved and approved (server/company/dxp-id.ts), guaranteed here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index companies_dxp_id_key on companies (dxp_id) where dxp_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index companies_dxp_id_key`.execute(db);
}
