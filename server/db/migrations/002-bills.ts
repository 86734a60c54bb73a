import { sql, type Kysely } from 'kysely';

/**
 * One head table and one line table for every bill type (ARCHITECTURE "Storage"): the columns lists
 * filter and sort on are real indexed columns, the rest of a bill's fields sit in `data` (jsonb).
 * Customs messages (the outbox) and receipts sit beside them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('bill_heads')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('bill_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(6)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('cop_no', 'varchar(30)')
    .addColumn('order_no', 'varchar(60)')
    .addColumn('logistics_no', 'varchar(80)')
    .addColumn('invt_no', 'varchar(80)')
    .addColumn('pre_no', 'varchar(40)')
    .addColumn('bill_no', 'varchar(37)')
    .addColumn('pay_no', 'varchar(60)')
    .addColumn('ebc_code', 'varchar(18)')
    .addColumn('ebc_name', 'varchar(100)')
    .addColumn('ebp_code', 'varchar(18)')
    .addColumn('ebp_name', 'varchar(100)')
    .addColumn('agent_code', 'varchar(18)')
    .addColumn('agent_name', 'varchar(100)')
    .addColumn('logistics_code', 'varchar(18)')
    .addColumn('logistics_name', 'varchar(100)')
    .addColumn('pay_code', 'varchar(18)')
    .addColumn('customs_code', 'varchar(10)')
    .addColumn('trade_mode', 'varchar(10)')
    .addColumn('app_type', 'varchar(1)')
    .addColumn('app_time', 'timestamptz')
    .addColumn('return_status', 'varchar(12)')
    .addColumn('return_time', 'varchar(17)')
    .addColumn('return_info', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    /** bumped on every write; a save carrying an older version is refused (two tabs editing) */
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Every list query is company + bill type + mode within a creation window (bills §9), often with a
  // state; the state counts group that window by state. Measured on 1,000,000 bills (docs/perf.md):
  // state + window → the first index; counts → an index-only scan of the second; no state → the third.
  await sql`create index bill_heads_state_window on bill_heads (company_id, bill_key, mode, state, create_time)`.execute(db);
  await sql`create index bill_heads_window on bill_heads (company_id, bill_key, mode, create_time) include (state)`.execute(db);
  await sql`create index bill_heads_app_time on bill_heads (company_id, bill_key, mode, app_time desc)`.execute(db);
  for (const col of ['cop_no', 'order_no', 'logistics_no', 'invt_no']) {
    await sql`create index ${sql.raw(`bill_heads_${col}`)} on bill_heads (company_id, bill_key, ${sql.ref(col)})`.execute(db);
  }

  await db.schema.createTable('bill_lines')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('head_id', 'bigint', (c) => c.notNull().references('bill_heads.id').onDelete('cascade'))
    .addColumn('gnum', 'integer', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('bill_lines_head').on('bill_lines').columns(['head_id', 'gnum']).execute();

  await db.schema.createTable('customs_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    /** CopMsgId of the DXP envelope and guid of the CEB root: one message, one id, never sent twice */
    .addColumn('guid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('bill_id', 'bigint', (c) => c.references('bill_heads.id').onDelete('set null'))
    .addColumn('message_type', 'varchar(12)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index customs_messages_due on customs_messages (next_attempt_at) where status = 'pending'`.execute(db);
  await db.schema.createIndex('customs_messages_bill').on('customs_messages').column('bill_id').execute();

  await db.schema.createTable('customs_receipts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('guid', 'varchar(36)', (c) => c.notNull())
    .addColumn('message_type', 'varchar(12)', (c) => c.notNull())
    /** the business key the receipt carries (e.g. ebpCode+orderNo), stable across receipts of one bill */
    .addColumn('business_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    /** null when no bill matches: the receipt is kept and listed, never dropped */
    .addColumn('bill_id', 'bigint', (c) => c.references('bill_heads.id').onDelete('set null'))
    .addColumn('return_status', 'varchar(12)', (c) => c.notNull())
    .addColumn('return_time', 'varchar(17)', (c) => c.notNull())
    .addColumn('return_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keys', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('customs_receipts_once', ['guid', 'message_type', 'business_key'])
    .execute();
  await db.schema.createIndex('customs_receipts_bill').on('customs_receipts').columns(['bill_id', 'return_time']).execute();

  await db.schema.createTable('files')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('uri', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['files', 'customs_receipts', 'customs_messages', 'bill_lines', 'bill_heads']) await db.schema.dropTable(t).ifExists().execute();
}
