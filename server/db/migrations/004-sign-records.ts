import { sql, type Kysely } from 'kysely';

/**
 * Sign records (签名记录): one per declaration signed by the company's UKey client in
 * SIGN_MODE=external. The record holds the data to sign (the canonical SignedInfo) while the
 * outbox message waits in status 'signing'; the client's signature and certificate complete it.
 * Records stay when their message goes (message_id set null): they are the signing history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sign_records')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('message_id', 'bigint', (c) => c.references('customs_messages.id').onDelete('set null'))
    /** the bill's own number (copNo, else orderNo / logisticsNo …), else the message guid */
    .addColumn('cop_no', 'varchar(80)', (c) => c.notNull())
    /** SignType: the root element name, e.g. CEB303Message */
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(200)', (c) => c.notNull())
    /** the canonical SignedInfo (UTF-8 text) the client signs with RSA-SHA1 */
    .addColumn('wait_sign_data', 'text', (c) => c.notNull())
    /** the SignatureValue (base64) once signed */
    .addColumn('sign_result', 'text')
    /** the signing certificate (base64 DER) once signed */
    .addColumn('certificate', 'text')
    .addColumn('note', 'varchar(1000)')
    /** CbeSignState: WAIT | SIGNED | FAILED */
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('return_info', 'text')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The list: a company's records in a creation window, newest first, often by state.
  await sql`create index sign_records_window on sign_records (company_id, create_time desc)`.execute(db);
  await sql`create index sign_records_state on sign_records (company_id, state, create_time)`.execute(db);
  // A message waits for one signature at a time.
  await sql`create unique index sign_records_waiting on sign_records (message_id) where state = 'WAIT'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_records').ifExists().execute();
}
