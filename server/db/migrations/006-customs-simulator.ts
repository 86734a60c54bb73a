import { sql, type Kysely } from 'kysely';

/**
 * The embedded customs simulator's own memory (CUSTOMS_TRANSPORT=simulator): the documents customs
 * holds, by type and business key, with the status customs gave them — what duplicate checks and
 * 三单比对 look up — and the guids of the messages it has received, so a message delivered twice
 * (the outbox is at-least-once) is taken once. Customs' side, not the console's: no company scope.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('customs_sim_documents')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('message_type', 'varchar(12)', (c) => c.notNull())
    .addColumn('business_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('guid', 'varchar(36)', (c) => c.notNull())
    .addColumn('company_id', 'integer')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('head', 'jsonb', (c) => c.notNull())
    .addColumn('lines', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('numbers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('customs_sim_documents_key', ['message_type', 'business_key'])
    .execute();
  await sql`CREATE INDEX customs_sim_documents_head ON customs_sim_documents USING gin (head jsonb_path_ops)`.execute(db);

  await db.schema.createTable('customs_sim_received')
    .addColumn('guid', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('message_type', 'varchar(12)', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The receipts customs owes, each due at its time: kept here so a restart never loses an answer.
  await db.schema.createTable('customs_sim_replies')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('doc_id', 'bigint')
    .addColumn('company_id', 'integer')
    .addColumn('message_type', 'varchar(12)', (c) => c.notNull())
    /** the receipt's own guid, fixed when planned: a reply sent twice is stored once */
    .addColumn('receipt_guid', 'varchar(36)', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('return_status', 'varchar(12)', (c) => c.notNull())
    .addColumn('return_info', 'text', (c) => c.notNull())
    .addColumn('issues', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('last_step', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_until', 'timestamptz')
    .execute();
  await db.schema.createIndex('customs_sim_replies_due').on('customs_sim_replies').columns(['due_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customs_sim_replies').ifExists().execute();
  await db.schema.dropTable('customs_sim_received').ifExists().execute();
  await db.schema.dropTable('customs_sim_documents').ifExists().execute();
}
