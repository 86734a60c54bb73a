import { sql, type Kysely } from 'kysely';

/**
 * Registration, enterprise filing and attachments (issue 6): the registered customs code and the
 * filing bookkeeping on companies, the attachments (bytes kept in the database, so every app
 * server sharing one PostgreSQL serves them), and the approval history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies')
    /** 海关注册编码 given at registration; becomes company_code when the filing is approved */
    .addColumn('customs_regist_code', 'varchar(10)', (c) => c.unique())
    .addColumn('third_user_id', 'varchar(64)')
    .addColumn('auth_code', 'varchar(32)')
    .addColumn('auth_code_time', 'timestamptz')
    /** when the current filing was declared (the sandbox approves it a configured time later) */
    .addColumn('applied_at', 'timestamptz')
    .execute();
  await sql`update companies set customs_regist_code = company_code where company_code is not null`.execute(db);

  await db.schema.createTable('company_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('file_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    /** the download link's capability (a browser opens it without a token) */
    .addColumn('token', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('company_files_company').on('company_files').column('company_id').execute();

  await db.schema.createTable('company_approvals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('operation_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    /** the approveState the operation led to */
    .addColumn('approve_state', 'integer', (c) => c.notNull())
    .addColumn('opinion', 'varchar(500)')
    .addColumn('note', 'varchar(500)')
    .execute();
  await db.schema.createIndex('company_approvals_company').on('company_approvals').columns(['company_id', 'operation_time']).execute();
  await sql`create index companies_reviewing on companies (applied_at) where approve_state = 5`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_approvals').ifExists().execute();
  await db.schema.dropTable('company_files').ifExists().execute();
  await sql`drop index if exists companies_reviewing`.execute(db);
  for (const c of ['applied_at', 'auth_code_time', 'auth_code', 'third_user_id', 'customs_regist_code']) {
    await db.schema.alterTable('companies').dropColumn(c).execute();
  }
}
