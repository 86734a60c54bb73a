import { sql, type Kysely } from 'kysely';

/**
 * Issue 20 (备案审核): the filing as it was approved. companies holds only the current profile, so
 * "what changed since the last approved version" needs the approved one kept: every approval
 * stores a copy of the profile, the name and code, and the attachments' ids/types/names (the bytes
 * stay in company_files; an attachment is one row, so its id is its identity).
 *
 * Backfill: a company approved today (approve_state 2) gets its current record as its approved
 * version (an approved company may have 保存d since its approval: the migration cannot tell, so that
 * counts as approved). A company under review or sent back keeps no earlier version: the review
 * screen says so (docs/decisions/op-filing-approved-versions-migration-028-company.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('company_filing_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    /** the approval that made this version (null for the backfilled ones) */
    .addColumn('approval_id', 'integer', (c) => c.references('company_approvals.id').onDelete('set null'))
    .addColumn('approved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('company_code', 'varchar(10)')
    .addColumn('profile', 'jsonb', (c) => c.notNull())
    /** [{id, fileType, fileName, size}] */
    .addColumn('files', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema.createIndex('company_filing_versions_company').on('company_filing_versions').columns(['company_id', 'id']).execute();
  await sql`
    insert into company_filing_versions (company_id, approved_at, company_name, company_code, profile, files)
    select c.id, c.updated_at, c.company_name, coalesce(c.company_code, c.customs_regist_code), coalesce(c.profile, '{}'::jsonb),
      coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'fileType', f.file_type, 'fileName', f.file_name, 'size', f.size) order by f.id)
                from company_files f where f.company_id = c.id), '[]'::jsonb)
    from companies c where c.approve_state = 2`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_filing_versions').ifExists().execute();
}
