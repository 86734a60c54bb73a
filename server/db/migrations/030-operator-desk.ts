import { sql, type Kysely } from 'kysely';

/**
 * Issue 20 (op-desk): the operator's service desk and content desk.
 *
 * - notices.published / knowledge_files.published: the enterprise reads only published items. The
 *   rows that exist (the seeded content) stay published; an item the operator creates starts as a
 *   draft (false) and appears when published. published_at is when it last went out.
 * - work_ticket_replies (+ _files): the conversation of a ticket. The enterprise's own question is
 *   the ticket itself; each answer of the service desk is a reply with its text and screenshots
 *   (stored_files, like the ticket's own), shown in the enterprise's ticket detail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
  await db.schema.alterTable('notices').addColumn('published_at', 'timestamptz').execute();
  await sql`update notices set published_at = update_time`.execute(db);
  await db.schema.alterTable('knowledge_files').addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true)).execute();

  await db.schema.createTable('work_ticket_replies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('work_tickets.id').onDelete('cascade'))
    /** the operator who answered (null once the account is gone) */
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('work_ticket_replies_ticket').on('work_ticket_replies').columns(['ticket_id', 'id']).execute();
  await db.schema.createTable('work_ticket_reply_files')
    .addColumn('reply_id', 'integer', (c) => c.notNull().references('work_ticket_replies.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_files.id').onDelete('cascade'))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('work_ticket_reply_files_pk', ['reply_id', 'file_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('work_ticket_reply_files').ifExists().execute();
  await db.schema.dropTable('work_ticket_replies').ifExists().execute();
  await db.schema.alterTable('knowledge_files').dropColumn('published').execute();
  await db.schema.alterTable('notices').dropColumn('published_at').execute();
  await db.schema.alterTable('notices').dropColumn('published').execute();
}
