/**
 * Grants of sub-accounts and API keys (issue 17), read and written. What a principal holds is the
 * current module tables filtered by its grant rows: the main account (ADMIN) holds every module of
 * its role, a sub-account and a key hold the pairs ticked for them among the USER ones. The answer
 * is both the login's module list (menu, PermissionButtons) and the server's check, so the two never
 * disagree. Writes go through normalizeGrants (domain/grants.ts).
 */
import { defaultSubAccountGrants, normalizeGrants, PAGE_GRANT, type GrantPair } from '../../domain/grants.ts';
import { MENU_GROUP_URI } from '../../domain/modules.ts';
import type { Principal } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import type { ModuleVo } from './modules.ts';

/**
 * Who holds grants: the main account (everything of its role), a sub-account, an API key, or a
 * platform operator (everything of the PLATFORM role: the 审核管理 pages, issue 20).
 */
export type GrantHolder = { kind: 'admin' } | { kind: 'platform' } | { kind: 'user'; id: number } | { kind: 'apiKey'; id: number };

/** What a principal holds: the module list as login answers it, and button codes per module uri. */
export interface Holdings {
  modules: ModuleVo[];
  /** uri → the button codes held there; a uri present with no codes is a page held without buttons */
  codes: Map<string, Set<string>>;
}

/** Whose grants a caller acts within: its key's, its own (sub-account), or all (main account). */
export function holderOf(user: Principal): GrantHolder {
  if (user.userType === 'PLATFORM') return { kind: 'platform' };
  if (user.apiKey) return { kind: 'apiKey', id: user.apiKey.id };
  return user.userType === 'ADMIN' ? { kind: 'admin' } : { kind: 'user', id: user.userId };
}

export function holderKey(h: GrantHolder): string {
  if (h.kind === 'admin' || h.kind === 'platform') return h.kind;
  return `${h.kind === 'user' ? 'u' : 'k'}${h.id}`;
}

async function grantRows(db: Db, holder: GrantHolder): Promise<GrantPair[] | undefined> {
  if (holder.kind === 'admin' || holder.kind === 'platform') return undefined;
  const rows = holder.kind === 'user'
    ? await db.selectFrom('user_grants').select(['module_id', 'code']).where('user_id', '=', holder.id).execute()
    : await db.selectFrom('api_key_grants').select(['module_id', 'code']).where('api_key_id', '=', holder.id).execute();
  return rows.map((r) => ({ moduleId: r.module_id, code: r.code }));
}

type ModuleRow = { id: number; parent_id: number; uri: string; name: string; icon: string; code: string; sort_no: number; roles: string[]; hidden: boolean };
type ButtonRow = { module_id: number; code: string; name: string; roles: string[] };

/** The module tables (reference data, rewritten only when a server starts): read once per server. */
export interface Catalogue { modules: ModuleRow[]; buttons: ButtonRow[] }

export async function readCatalogue(db: Db): Promise<Catalogue> {
  const [modules, buttons] = await Promise.all([
    db.selectFrom('modules').selectAll().orderBy('parent_id').orderBy('sort_no').execute(),
    db.selectFrom('module_buttons').select(['module_id', 'code', 'name', 'roles']).orderBy('module_id').orderBy('code').execute(),
  ]);
  return { modules, buttons };
}

/** The holdings of one holder, read from the module tables and its grant rows. */
export async function readHoldings(db: Db, holder: GrantHolder, catalogue?: Catalogue): Promise<Holdings> {
  const [tables, grants] = await Promise.all([catalogue ?? readCatalogue(db), grantRows(db, holder)]);
  return holdingsOf(tables, holder, grants);
}

function holdingsOf(catalogue: Catalogue, holder: GrantHolder, grants: GrantPair[] | undefined): Holdings {
  const role = holder.kind === 'admin' ? 'ADMIN' : holder.kind === 'platform' ? 'PLATFORM' : 'USER';
  const modules = catalogue.modules.filter((m) => m.roles.includes(role));
  const buttons = catalogue.buttons.filter((b) => b.roles.includes(role));
  const granted = grants && new Set(grants.map((g) => `${g.moduleId}:${g.code}`));
  const holds = (moduleId: number, code: string) => !granted || granted.has(`${moduleId}:${code}`);

  const byModule = new Map<number, { code: string; name: string }[]>();
  for (const b of buttons) {
    if (!holds(b.module_id, b.code)) continue;
    if (!byModule.has(b.module_id)) byModule.set(b.module_id, []);
    byModule.get(b.module_id)!.push({ code: b.code, name: b.name });
  }
  const pages = new Set(modules.filter((m) => m.uri !== MENU_GROUP_URI && holds(m.id, PAGE_GRANT)));
  // a menu group is shown when one of its pages is held
  const parents = new Set([...pages].map((m) => m.parent_id));
  const kept = modules.filter((m) => (m.uri === MENU_GROUP_URI ? parents.has(m.id) : pages.has(m)));
  const list: ModuleVo[] = kept.map((m) => ({
    id: m.id, parentId: m.parent_id, uri: m.uri, name: m.name, icon: m.icon, code: m.code, sortNo: m.sort_no, hidden: m.hidden,
    buttonVos: byModule.get(m.id) ?? [],
  }));
  const codes = new Map<string, Set<string>>();
  for (const m of list) if (m.uri !== MENU_GROUP_URI) codes.set(m.uri, new Set(m.buttonVos.map((b) => b.code)));
  return { modules: list, codes };
}

/** The stored grants of a sub-account or key, as pairs (for the grant dialogs). */
export async function storedGrants(db: Db, holder: Extract<GrantHolder, { id: number }>): Promise<GrantPair[]> {
  return (await grantRows(db, holder)) ?? [];
}

/** Replaces the grants of a sub-account or key with these (normalized); inside the caller's transaction. */
export async function replaceGrants(trx: Db, holder: Extract<GrantHolder, { id: number }>, pairs: readonly GrantPair[]): Promise<GrantPair[]> {
  const kept = normalizeGrants(pairs);
  if (holder.kind === 'user') {
    await trx.deleteFrom('user_grants').where('user_id', '=', holder.id).execute();
    if (kept.length) await trx.insertInto('user_grants').values(kept.map((g) => ({ user_id: holder.id, module_id: g.moduleId, code: g.code }))).execute();
  } else {
    await trx.deleteFrom('api_key_grants').where('api_key_id', '=', holder.id).execute();
    if (kept.length) await trx.insertInto('api_key_grants').values(kept.map((g) => ({ api_key_id: holder.id, module_id: g.moduleId, code: g.code }))).execute();
  }
  return kept;
}

/** A new sub-account's grants (domain/grants.ts defaultSubAccountGrants). */
export async function grantDefaults(trx: Db, userId: number): Promise<void> {
  await replaceGrants(trx, { kind: 'user', id: userId }, defaultSubAccountGrants());
}
