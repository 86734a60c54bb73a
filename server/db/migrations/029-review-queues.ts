import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: the operator's queues (结汇审核, 核销审核, 补贴审核) read every company's records by
 * state, oldest application first. (state, application time, id) serves the waiting page in index
 * order and its count from the index (bench/review-queues.ts, docs/perf.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index settlements_review_queue on settlements (state, app_time, id)`.execute(db);
  await sql`create index settlement_verifications_review_queue on settlement_verifications (state, app_time, id)`.execute(db);
  await sql`create index subsidies_review_queue on subsidies (state, apply_time, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['settlements_review_queue', 'settlement_verifications_review_queue', 'subsidies_review_queue']) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
  }
}
