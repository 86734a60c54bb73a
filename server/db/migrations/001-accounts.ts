import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('companies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_code', 'varchar(10)', (c) => c.unique())
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('social_credit_code', 'varchar(18)')
    .addColumn('dxp_id', 'varchar(30)')
    .addColumn('approve_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('profile', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('parent_id', 'integer', (c) => c.references('users.id'))
    .addColumn('login_name', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('EFFECTIVE'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();

  await db.schema.createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema.createTable('captchas')
    .addColumn('captcha_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema.createTable('login_attempts')
    .addColumn('attempt_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await db.schema.createTable('modules')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.notNull())
    .addColumn('uri', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('icon', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_no', 'integer', (c) => c.notNull())
    .addColumn('roles', sql`text[]`, (c) => c.notNull())
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema.createTable('module_buttons')
    .addColumn('module_id', 'integer', (c) => c.notNull().references('modules.id').onDelete('cascade'))
    .addColumn('code', 'varchar(60)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('roles', sql`text[]`, (c) => c.notNull())
    .addPrimaryKeyConstraint('module_buttons_pk', ['module_id', 'code'])
    .execute();

  await db.schema.createTable('dictionary_items')
    .addColumn('dic_code', 'varchar(60)', (c) => c.notNull())
    .addColumn('value', 'varchar(60)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort_no', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dictionary_items_pk', ['dic_code', 'value'])
    .execute();

  await db.schema.createTable('state_dictionary')
    .addColumn('mode', 'varchar(10)', (c) => c.notNull())
    .addColumn('bill_type', 'varchar(60)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('state_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('sort_no', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('state_dictionary_pk', ['mode', 'bill_type', 'state'])
    .execute();

  await db.schema.createTable('app_secrets')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['app_secrets', 'state_dictionary', 'dictionary_items', 'module_buttons', 'modules',
    'login_attempts', 'captchas', 'refresh_tokens', 'users', 'companies']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
