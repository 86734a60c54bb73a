import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: the platform operator (审核端). An operator is a user of user_type PLATFORM that belongs to
 * no enterprise: users.company_id becomes nullable, and a check keeps the two facts one — a PLATFORM
 * user has no company, every other user has one. Operator decisions are logged in operation_logs
 * with no company (the platform's own rows). A company can be frozen by an operator (企业管理):
 * frozen_at set = its users cannot log in or call anything until it is unfrozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users alter column company_id drop not null`.execute(db);
  await sql`alter table users add constraint users_platform_without_company check ((user_type = 'PLATFORM') = (company_id is null))`.execute(db);
  await sql`alter table operation_logs alter column company_id drop not null`.execute(db);
  await sql`alter table companies add column frozen_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table companies drop column frozen_at`.execute(db);
  await sql`delete from operation_logs where company_id is null`.execute(db);
  await sql`alter table operation_logs alter column company_id set not null`.execute(db);
  await sql`delete from users where user_type = 'PLATFORM'`.execute(db);
  await sql`alter table users drop constraint users_platform_without_company`.execute(db);
  await sql`alter table users alter column company_id set not null`.execute(db);
}
