import { sql, type Kysely } from 'kysely';

/**
 * Issue 4 (kill -9 on PostgreSQL). Each outbox worker has a row it touches every few seconds, and a
 * claimed message names the worker that claimed it: a message left 'sending' by a worker that
 * stopped beating is due again at once, instead of when its lease (minutes) runs out. Several
 * servers on one PostgreSQL still never take a live worker's message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('outbox_workers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('customs_messages').addColumn('claimed_by', 'uuid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customs_messages').dropColumn('claimed_by').execute();
  await db.schema.dropTable('outbox_workers').execute();
}
