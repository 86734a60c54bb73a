import { sql, type Kysely } from 'kysely';

/**
 * The messages an outbox worker holds ('sending'), found without reading the whole outbox: /metrics
 * counts them on every scrape, and a stopping server hands its own claims back (claimed_by). The
 * pending ones already have their partial index (002).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists customs_messages_sending on customs_messages (claimed_by) where status = 'sending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists customs_messages_sending`.execute(db);
}
