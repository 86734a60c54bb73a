import { sql, type Kysely } from 'kysely';

/**
 * Bulk actions as jobs (batch declare of up to 500 bills): the ids, how far the job got, and the
 * per-bill outcomes. Each chunk's bills, their outbox messages and the job's progress commit in
 * one transaction, so a job interrupted by a crash resumes exactly where it stopped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('bill_jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'integer')
    .addColumn('mode', 'varchar(6)', (c) => c.notNull())
    .addColumn('bill_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('ids', 'jsonb', (c) => c.notNull())
    /** how many of `ids` are done (succeeded or failed) */
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    /** running | done */
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('running'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('bill_jobs_company').on('bill_jobs').columns(['company_id', 'mode', 'bill_key', 'created_at']).execute();
  await sql`CREATE INDEX bill_jobs_running ON bill_jobs (id) WHERE state = 'running'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bill_jobs').ifExists().execute();
}
