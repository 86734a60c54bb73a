import { sql, type Kysely } from 'kysely';

/**
 * The service side of the account issue (issue 6, parts 4–6): files kept in the database (news
 * covers and attachments, knowledge documents, ticket screenshots: every app server sharing one
 * PostgreSQL serves them), news and notices, knowledge documents, work tickets, feedback, the
 * company's parameter settings, each user's common functions and the upgrade wizard's progress.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('stored_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    /** the company the file belongs to; null = published content everybody may read */
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
    /** the download link's capability (a browser opens it without a token) */
    .addColumn('token', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(80)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createTable('notices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    /** NEWS 新闻动态 | NOTICE 通知公告 */
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    /** HTML */
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('cover_file_id', 'integer', (c) => c.references('stored_files.id').onDelete('set null'))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('notices_type_time').on('notices').columns(['type', 'update_time']).execute();
  await db.schema.createTable('notice_files')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_files.id').onDelete('cascade'))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('notice_files_pk', ['notice_id', 'file_id'])
    .execute();

  await db.schema.createTable('knowledge_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_files.id').onDelete('cascade'))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('knowledge_files_time').on('knowledge_files').column('create_time').execute();

  await db.schema.createTable('work_tickets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('promoter', 'varchar(100)', (c) => c.notNull())
    /** GD + yyyyMMdd (China date) + a 4-digit number of the day */
    .addColumn('ticket_num', 'varchar(20)', (c) => c.notNull().unique())
    /** 1 申报问题, 2 查询问题, 0 其他 */
    .addColumn('ticket_type', 'varchar(1)', (c) => c.notNull())
    .addColumn('ticket_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('ticket_content', 'varchar(255)', (c) => c.notNull())
    .addColumn('telephone', 'varchar(255)', (c) => c.notNull())
    /** pending | process | stop */
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'varchar(500)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('work_tickets_company').on('work_tickets').columns(['company_id', 'create_time']).execute();
  await db.schema.createTable('work_ticket_files')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('work_tickets.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_files.id').onDelete('cascade'))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('work_ticket_files_pk', ['ticket_id', 'file_id'])
    .execute();

  await db.schema.createTable('feedback')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)')
    /** PC (the console); other channels would carry their own */
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createTable('company_settings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('value', 'varchar(500)', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('company_settings_key', ['company_id', 'type', 'code'])
    .execute();

  // One row per user who saved a choice: [{type, moduleId}] in grid order. No row = the defaults.
  await db.schema.createTable('user_functions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('functions', 'jsonb', (c) => c.notNull())
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A company that must be promoted to the resource centre has a row; finished = done.
  await db.schema.createTable('upgrade_wizards')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    /** notice | agreement | account | finished (machines/upgrade-progress.ts) */
    .addColumn('step', 'varchar(12)', (c) => c.notNull().defaultTo('notice'))
    /** when the step began (the agreement's countdown runs from here) */
    .addColumn('step_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('rs_account', 'varchar(18)')
    .addColumn('rs_password_hash', 'varchar(200)')
    .addColumn('created_by', 'varchar(100)')
    .addColumn('created_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['upgrade_wizards', 'user_functions', 'company_settings', 'feedback', 'work_ticket_files', 'work_tickets', 'knowledge_files', 'notice_files', 'notices', 'stored_files']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
