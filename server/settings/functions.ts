/**
 * Common functions (accounts-and-enterprise.md §2 /commonFun and Home, §3, §6, §7
 * /user/function/findAll, findUserFunctions, saveFunctions): the catalogue is the pages the user's
 * role may open (the login's module list) plus 修改密码; each user keeps an ordered choice. A user
 * who never saved gets the defaults. A choice naming a page the user may not open is refused whole.
 */
import { CHANGE_PASSWORD_FUNCTION, DEFAULT_FUNCTION_IDS, functionTypeOf, isFunctionType, MAX_USER_FUNCTIONS, type FunctionType } from '../../domain/content/functions.ts';
import { functionsText as t } from '../../domain/texts/settings.ts';
import { modulesFor } from '../accounts/modules.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';

export interface FunctionVo { id: number; type: FunctionType; name: string; uri: string; icon: string }

export async function functionCatalogue(db: Db, user: AuthUser): Promise<FunctionVo[]> {
  const modules = await modulesFor(db, user);
  const pages = modules.flatMap((m) => {
    const type = functionTypeOf(m);
    return type ? [{ id: m.id, type, name: m.name, uri: m.uri, icon: m.icon }] : [];
  });
  return [...pages, { ...CHANGE_PASSWORD_FUNCTION }];
}

async function chosenIds(db: Db, user: AuthUser): Promise<readonly number[]> {
  const row = await db.selectFrom('user_functions').select('functions').where('user_id', '=', user.userId).executeTakeFirst();
  return row ? row.functions.map((f) => Number(f.moduleId)) : DEFAULT_FUNCTION_IDS;
}

export async function findAllFunctions(db: Db, user: AuthUser) {
  const [catalogue, chosen] = await Promise.all([functionCatalogue(db, user), chosenIds(db, user)]);
  return catalogue.map((f) => ({ ...f, checked: chosen.includes(f.id) }));
}

/** The user's functions in their order, as the home grid shows them (pages since withdrawn drop out). */
export async function findUserFunctions(db: Db, user: AuthUser) {
  const [catalogue, chosen] = await Promise.all([functionCatalogue(db, user), chosenIds(db, user)]);
  return chosen.flatMap((id) => {
    const f = catalogue.find((c) => c.id === id);
    return f ? [{ id: f.id, name: f.name, uri: f.uri, icon: f.icon, type: f.type }] : [];
  });
}

export interface FunctionChoice { type?: unknown; moduleId?: unknown }

export async function saveFunctions(db: Db, user: AuthUser, choices: readonly FunctionChoice[]) {
  const catalogue = await functionCatalogue(db, user);
  const picked: { type: FunctionType; moduleId: number }[] = [];
  for (const c of choices) {
    if (!isFunctionType(c.type)) throw new BizError(t.badType);
    const id = Number(c.moduleId);
    const f = catalogue.find((x) => x.id === id && x.type === c.type);
    if (!f) throw new BizError(t.unknown);
    if (!picked.some((p) => p.moduleId === id)) picked.push({ type: f.type, moduleId: id });
  }
  if (picked.length > MAX_USER_FUNCTIONS) throw new BizError(t.tooMany);
  const functions = JSON.stringify(picked);
  await db.insertInto('user_functions').values({ user_id: user.userId, functions, update_time: new Date() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ functions, update_time: new Date() })).execute();
  return findUserFunctions(db, user);
}
