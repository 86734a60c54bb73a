import { sql, type Kysely } from 'kysely';
import { rebuildStatistics, statisticsFunctions } from '../../statistics/summary-sql.ts';

/**
 * Exchange settlement, verification, settlement authorization, reward applications and the
 * statistics summary (issue 6, parts 7–11).
 *
 * Statistics read released inventories (bill_heads of bill_key detailedList in 800/899). Summing
 * a year of them at request time costs seconds at 1,000,000 bills, so triggers keep two tables:
 * statistics_bills (one row per counted inventory: its grouping keys and what it adds) and
 * statistics_daily (the sums by day, port, mode and each tab's company code, kept by the deltas of
 * statistics_bills).
 * The bill engine knows nothing of them; every write of an inventory or its lines keeps them
 * right in the same transaction. See server/statistics/summary-sql.ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('settlements')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('ie_type', 'varchar(3)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('declare_no', 'varchar(30)', (c) => c.unique())
    .addColumn('trade_mode', 'varchar(4)')
    .addColumn('currency', 'varchar(3)')
    .addColumn('ebc_code', 'varchar(18)')
    .addColumn('ebc_name', 'varchar(100)')
    .addColumn('bank_code', 'varchar(10)')
    .addColumn('bank_name', 'varchar(100)')
    .addColumn('note', 'varchar(255)')
    .addColumn('spec_decl_flag', 'varchar(7)', (c) => c.notNull().defaultTo('0000000'))
    .addColumn('total_amount', 'numeric(20, 5)', (c) => c.notNull().defaultTo(0))
    .addColumn('total_count', 'integer', (c) => c.notNull().defaultTo(0))
    /** verification applications approved (核销成功) and still in audit */
    .addColumn('verified_amount', 'numeric(20, 5)', (c) => c.notNull().defaultTo(0))
    .addColumn('verifying_amount', 'numeric(20, 5)', (c) => c.notNull().defaultTo(0))
    .addColumn('audit_opinion', 'varchar(500)')
    .addColumn('app_time', 'timestamptz')
    /** when the state last changed: the sandbox advances a record this long after */
    .addColumn('state_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`create index settlements_window on settlements (company_id, create_time desc)`.execute(db);
  await sql`create index settlements_due on settlements (state_time) where state in ('declare', 'audit')`.execute(db);

  await db.schema.createTable('settlement_inventories')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('settlement_id', 'bigint', (c) => c.notNull().references('settlements.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    /** the released inventory (bill_heads.id); its fields are copied, the line outlives any later change */
    .addColumn('bill_id', 'bigint', (c) => c.notNull())
    /** false once the settlement is revoked or refused: the inventory may be settled again */
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('invt_no', 'varchar(80)')
    .addColumn('cop_no', 'varchar(30)')
    .addColumn('order_no', 'varchar(60)')
    .addColumn('logistics_no', 'varchar(80)')
    .addColumn('ebc_code', 'varchar(18)')
    .addColumn('ebc_name', 'varchar(100)')
    .addColumn('trade_mode', 'varchar(10)')
    .addColumn('currency', 'varchar(3)')
    .addColumn('amount', 'numeric(20, 5)', (c) => c.notNull().defaultTo(0))
    .addColumn('gross_weight', 'numeric(20, 5)')
    .addColumn('ie_date', 'varchar(10)')
    .addColumn('release_time', 'timestamptz')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index settlement_inventories_live on settlement_inventories (bill_id) where active`.execute(db);
  await sql`create index settlement_inventories_head on settlement_inventories (settlement_id, id)`.execute(db);

  await db.schema.createTable('settlement_verifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('settlement_id', 'bigint', (c) => c.notNull().references('settlements.id').onDelete('cascade'))
    .addColumn('ver_no', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('amount', 'numeric(20, 5)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)')
    .addColumn('audit_opinion', 'varchar(500)')
    .addColumn('app_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('state_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index settlement_verifications_head on settlement_verifications (settlement_id, id)`.execute(db);
  await sql`create index settlement_verifications_due on settlement_verifications (state_time) where state = 'audit'`.execute(db);

  /** history of cancelled applications: revokeType 1 settlement, 2 verification */
  await db.schema.createTable('settlement_revocations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('revoke_type', 'smallint', (c) => c.notNull())
    .addColumn('settlement_id', 'bigint')
    .addColumn('verification_id', 'bigint')
    .addColumn('declare_no', 'varchar(30)')
    .addColumn('agent_name', 'varchar(100)')
    .addColumn('app_time', 'timestamptz')
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)')
    .addColumn('total_count', 'integer')
    .addColumn('total_amount', 'numeric(20, 5)')
    .addColumn('audit_opinion', 'varchar(500)')
    .addColumn('state_name', 'varchar(20)')
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index settlement_revocations_list on settlement_revocations (company_id, revoke_type, update_time desc)`.execute(db);

  await db.schema.createTable('settlement_authorizations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('agent_company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('agent_code', 'varchar(18)', (c) => c.notNull())
    .addColumn('agent_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('commerce_code', 'varchar(18)', (c) => c.notNull())
    .addColumn('commerce_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // one live request per pair: two simultaneous saves cannot both pass
  await sql`create unique index settlement_authorizations_live on settlement_authorizations (agent_code, commerce_code) where state in ('to_audit', 'approved')`.execute(db);
  await sql`create index settlement_authorizations_commerce on settlement_authorizations (commerce_code, create_time desc)`.execute(db);
  await sql`create index settlement_authorizations_agent on settlement_authorizations (agent_company_id, create_time desc)`.execute(db);

  await db.schema.createTable('subsidies')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('apply_type', 'varchar(4)', (c) => c.notNull())
    .addColumn('company_type', 'varchar(1)', (c) => c.notNull())
    .addColumn('ck_start_time', 'date', (c) => c.notNull())
    .addColumn('ck_end_time', 'date', (c) => c.notNull())
    .addColumn('note', 'varchar(255)')
    .addColumn('import_no', 'bigint', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('apply_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('state_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('audit_time', 'timestamptz')
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index subsidies_list on subsidies (company_id, apply_time desc)`.execute(db);
  await sql`create index subsidies_due on subsidies (state_time) where state <> 'approved'`.execute(db);

  await db.schema.createTable('subsidy_companies')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('subsidy_id', 'bigint', (c) => c.notNull().references('subsidies.id').onDelete('cascade'))
    .addColumn('rec_company_code', 'varchar(18)', (c) => c.notNull())
    .addColumn('rec_company_name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subsidy_companies_head').on('subsidy_companies').column('subsidy_id').execute();

  await sql`create sequence subsidy_import_no`.execute(db);
  await sql`create sequence settlement_no`.execute(db);
  await db.schema.createTable('subsidy_bills')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('import_no', 'bigint', (c) => c.notNull())
    .addColumn('subsidy_id', 'bigint', (c) => c.references('subsidies.id').onDelete('cascade'))
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('bill_no', 'varchar(37)', (c) => c.notNull())
    .addColumn('pay_company_name', 'varchar(100)')
    .addColumn('rec_company_name', 'varchar(100)')
    .addColumn('take_time', 'varchar(19)')
    .addColumn('flight_no', 'varchar(10)')
    .addColumn('flight_date', 'varchar(10)')
    .addColumn('gross_weight', 'numeric(20, 5)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index subsidy_bills_import on subsidy_bills (company_id, import_no, row_no)`.execute(db);
  await sql`create index subsidy_bills_subsidy on subsidy_bills (subsidy_id, row_no)`.execute(db);

  await db.schema.createTable('subsidy_results')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('subsidy_id', 'bigint', (c) => c.notNull().references('subsidies.id').onDelete('cascade'))
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`create index subsidy_results_head on subsidy_results (subsidy_id, row_no)`.execute(db);

  // ── statistics summary ───────────────────────────────────────────────────────────────────────
  await db.schema.createTable('statistics_bills')
    .addColumn('bill_id', 'bigint', (c) => c.primaryKey().references('bill_heads.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('mode', 'varchar(6)', (c) => c.notNull())
    .addColumn('ie_date', 'date', (c) => c.notNull())
    .addColumn('trade_mode', 'varchar(10)', (c) => c.notNull())
    .addColumn('customs_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('ebc_code', 'varchar(18)', (c) => c.notNull())
    .addColumn('ebc_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('ebp_code', 'varchar(18)', (c) => c.notNull())
    .addColumn('ebp_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('zone_code', 'varchar(18)', (c) => c.notNull())
    .addColumn('zone_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('goods_value', 'numeric', (c) => c.notNull())
    .addColumn('gross_weight', 'numeric', (c) => c.notNull())
    .execute();
  // one row per day, port, business mode and company code of each tab (dim ebc | ebp | zone): a
  // tab reads its own rows only, so a year is a few hundred rows a day at most, whatever the mix
  await db.schema.createTable('statistics_daily')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('mode', 'varchar(6)', (c) => c.notNull())
    .addColumn('dim', 'varchar(4)', (c) => c.notNull())
    .addColumn('ie_date', 'date', (c) => c.notNull())
    .addColumn('trade_mode', 'varchar(10)', (c) => c.notNull())
    .addColumn('customs_code', 'varchar(10)', (c) => c.notNull())
    .addColumn('code', 'varchar(18)', (c) => c.notNull())
    /** the newest name seen for the code */
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('bills', 'integer', (c) => c.notNull())
    .addColumn('goods_value', 'numeric', (c) => c.notNull())
    .addColumn('gross_weight', 'numeric', (c) => c.notNull())
    .addPrimaryKeyConstraint('statistics_daily_pk', ['company_id', 'mode', 'dim', 'ie_date', 'trade_mode', 'customs_code', 'code'])
    .execute();
  // the functions as they were then: lines had no company_id until migration 031 (which re-creates them)
  for (const statement of statisticsFunctions(false)) await sql.raw(statement).execute(db);
  await rebuildStatistics(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists bill_heads_statistics on bill_heads`.execute(db);
  for (const op of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists bill_lines_statistics_${op} on bill_lines`).execute(db);
  for (const t of ['statistics_daily', 'statistics_bills', 'subsidy_results', 'subsidy_bills', 'subsidy_companies', 'subsidies', 'settlement_authorizations',
    'settlement_revocations', 'settlement_verifications', 'settlement_inventories', 'settlements']) await db.schema.dropTable(t).ifExists().execute();
  await sql`drop sequence if exists subsidy_import_no`.execute(db);
  await sql`drop sequence if exists settlement_no`.execute(db);
  for (const f of ['cbec_statistics_bill()', 'cbec_statistics_lines()', 'cbec_statistics_daily()', 'cbec_stat_num(text)', 'cbec_stat_date(text, timestamptz)']) {
    await sql.raw(`drop function if exists ${f}`).execute(db);
  }
}
