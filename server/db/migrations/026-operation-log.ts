import { sql, type Kysely } from 'kysely';

/**
 * Issue 17 §2: the operation log (操作日志). One row per state-changing call: who (user, account,
 * name), when, from where (IP), what (module, action, bill type, record ids, bill numbers) and the
 * outcome (成功 / 失败 with the refusal message). Written by server/oplog in the transaction of the
 * change itself, so a rolled-back change leaves no 成功 row.
 *
 * Indexes (docs/perf.md, bench/operation-log.ts, 1,000,000 rows): the list is always one company
 * within a time window, newest first — (company_id, created_at desc, id desc) serves it in index
 * order, and a USER's own list (company_id, user_id, created_at desc). A bill number is found
 * through the GIN index on bill_nos (`bill_nos @> array[…]`). Pruning deletes by created_at alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('operation_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('module', 'varchar(60)', (c) => c.notNull())
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('bill_type', 'varchar(60)')
    .addColumn('record_ids', sql`bigint[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('bill_nos', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('outcome', 'varchar(4)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index operation_logs_company_time on operation_logs (company_id, created_at desc, id desc)`.execute(db);
  await sql`create index operation_logs_user_time on operation_logs (company_id, user_id, created_at desc, id desc)`.execute(db);
  await sql`create index operation_logs_bill_nos on operation_logs using gin (bill_nos)`.execute(db);
  await sql`create index operation_logs_time on operation_logs (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operation_logs').execute();
}
