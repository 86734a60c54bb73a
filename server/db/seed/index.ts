import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { moduleSeeds } from '../../../domain/modules.ts';
import { dictionaryCodes, dictionaryItems } from '../../../domain/dictionaries.ts';
import { billStateDictionaries } from '../../../domain/bill-states.ts';
import { checkEnterprise, normalizeEnterprise } from '../../../domain/enterprise/rules.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { columnFields, resolveNames } from '../../company/profile.ts';
import { recordApprovedVersion } from '../../company/versions.ts';
import type { Db } from '../database.ts';
import { demoCompanies, demoOperator, demoUsers } from './demo.ts';
import { createOperator } from '../../accounts/operators.ts';
import { seedServiceDemo } from './service.ts';
import { grantDefaults } from '../../accounts/grants.ts';

export interface SeedResult {
  /** true when the demo enterprises were created by this call (first start). */
  demoCreated: boolean;
  /** the database holds no platform operator / no enterprise (a production first start says how to make them) */
  noOperator: boolean;
  noEnterprise: boolean;
}

export interface SeedOptions {
  /** create the demo enterprises, accounts and operator on an empty database: never in production (issue 27) */
  demo: boolean;
}

/**
 * Reference data (modules, buttons, dictionaries, state dictionaries) is rewritten from domain/ on
 * every start so it follows the code; the demo enterprises are created once, on an empty database,
 * unless options.demo is off (production).
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    // Several servers may start together on one PostgreSQL: one seeds, the others wait for it.
    await sql`select pg_advisory_xact_lock(20261121)`.execute(trx);

    // Rewriting thousands of rows on every start costs about a second on PGlite: skip it when the
    // reference data is what the database already holds.
    const version = referenceVersion();
    const stored = await trx.selectFrom('app_secrets').select('value').where('name', '=', 'reference_data').executeTakeFirst();
    if (stored?.value !== version) await writeReferenceData(trx, version);

    const { count } = await trx.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    if (Number(count) === 0 && options.demo) {
      await createDemo(trx);
      return { demoCreated: true, noOperator: false, noEnterprise: false };
    }
    const operator = await trx.selectFrom('users').select('id').where('user_type', '=', 'PLATFORM').limit(1).executeTakeFirst();
    return { demoCreated: false, noOperator: !operator, noEnterprise: Number(count) === 0 };
  });
}

function referenceVersion(): string {
  const states = billStateDictionaries;
  const dictionaries = dictionaryCodes.map((c) => [c, dictionaryItems(c)]);
  return createHash('sha256').update(JSON.stringify([moduleSeeds, dictionaries, states])).digest('hex');
}

async function writeReferenceData(trx: Db, version: string) {
  await trx.deleteFrom('module_buttons').execute();
  await trx.deleteFrom('modules').execute();
  await trx.insertInto('modules').values(moduleSeeds.map((m) => ({
    id: m.id, parent_id: m.parentId, uri: m.uri, name: m.name, icon: m.icon, code: m.code, sort_no: m.sortNo, roles: m.roles, hidden: m.hidden ?? false,
  }))).execute();
  const buttons = moduleSeeds.flatMap((m) => m.buttons.map((b) => ({ module_id: m.id, code: b.code, name: b.name, roles: b.roles })));
  if (buttons.length) await trx.insertInto('module_buttons').values(buttons).execute();

  await trx.deleteFrom('dictionary_items').execute();
  const items = dictionaryCodes.flatMap((code) => (dictionaryItems(code) ?? []).map((it, i) => ({ dic_code: code, value: it.value, name: it.name, sort_no: i })));
  for (let i = 0; i < items.length; i += 1000) await trx.insertInto('dictionary_items').values(items.slice(i, i + 1000)).execute();

  await trx.deleteFrom('state_dictionary').execute();
  const states = billStateDictionaries.flatMap((d) => d.states.map((s, i) => ({ mode: d.mode, bill_type: d.billType, state: s.state, state_name: s.stateName, sort_no: i })));
  if (states.length) await trx.insertInto('state_dictionary').values(states).execute();
  await trx.insertInto('app_secrets').values({ name: 'reference_data', value: version })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: version })).execute();
}

/**
 * The approved filing of a demo enterprise, checked by the page's own rules and with the names the
 * server fills (注册海关, 行政区划 …), as if it had been saved and approved: 备案通过 never shows an
 * empty record.
 */
async function demoProfile(trx: Db, c: (typeof demoCompanies)[number]): Promise<Record<string, unknown>> {
  const values = normalizeEnterprise({ ...c.filing, dxpId: c.dxp_id });
  values.companyName = c.company_name;
  values.customsRegistCode = c.company_code;
  const codeErrors = await resolveNames(trx, values);
  const check = checkEnterprise(values);
  if (codeErrors.length > 0 || check.message) throw new Error(`demo filing of ${c.company_name}: ${JSON.stringify([...codeErrors, ...check.errors])}`);
  return Object.fromEntries(Object.entries(values).filter(([k]) => !columnFields.has(k)));
}

async function createDemo(trx: Db) {
  const companyIds = new Map<string, number>();
  for (const c of demoCompanies) {
    const row = await trx.insertInto('companies').values({
      company_code: c.company_code, company_name: c.company_name, social_credit_code: c.social_credit_code,
      dxp_id: c.dxp_id, approve_state: 2, profile: JSON.stringify(await demoProfile(trx, c)),
    }).returning('id').executeTakeFirstOrThrow();
    // seeded as approved: its record is its approved version, the base of its next declaration's review
    await recordApprovedVersion(trx, row.id, null);
    companyIds.set(c.key, row.id);
  }
  const userIds = new Map<string, number>();
  for (const u of demoUsers) {
    const row = await trx.insertInto('users').values({
      company_id: companyIds.get(u.company)!, parent_id: u.parent ? userIds.get(u.parent)! : null,
      login_name: u.login_name, user_name: u.user_name, user_type: u.user_type, state: 'EFFECTIVE',
      password_hash: await hashPassword(u.password),
    }).returning('id').executeTakeFirstOrThrow();
    userIds.set(u.login_name, row.id);
    // a demo sub-account starts with the defaults every new sub-account gets (issue 17)
    if (u.user_type === 'USER') await grantDefaults(trx, row.id);
  }
  await createOperator(trx, { loginName: demoOperator.login_name, userName: demoOperator.user_name, password: demoOperator.password });
  await seedServiceDemo(trx, { companyIds, userIds });
}
