/**
 * What a route needs of its caller (issue 17): every logged-in route declares it in its RouteSpec and
 * defineRoute checks it, once, before the handler (route.ts), against the caller's grants — the main
 * account's, a sub-account's or an API key's (server/accounts/grants.ts). No handler checks user
 * types or buttons of its own.
 *
 * - { uri }: the page (module) must be held: the read calls of a page.
 * - { uri, code }: that button of that page; code may list several, any one of them will do.
 * - an array: any one of these will do (one list serving two pages).
 * - a function of body.data: the requirement depends on the call (freeze vs restore, which bill type).
 * - 'open': any logged-in caller, keys too: reference data (dictionaries, regions, states).
 * - 'session': a person at the console, never a key: their own password, home page, live ticket.
 * - 'admin': the main account only: accounts, API keys, the upgrade wizard.
 */
import { isGrantable } from '../../domain/grants.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import { serverText } from '../../domain/texts/server.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { BizError } from './errors.ts';

export interface Requirement {
  uri: string;
  code?: string | readonly string[];
}

export type StaticPermission = Requirement | readonly Requirement[] | 'open' | 'session' | 'admin';
export type Permission<D> = StaticPermission | ((data: D) => Requirement | readonly Requirement[]);

/** Whether these holdings (uri → codes) meet one requirement. */
export function meets(codes: ReadonlyMap<string, ReadonlySet<string>>, r: Requirement): boolean {
  const held = codes.get(r.uri);
  if (!held) return false;
  if (r.code === undefined) return true;
  return typeof r.code === 'string' ? held.has(r.code) : r.code.some((c) => held.has(c));
}

/**
 * Refuses (code -1, 无此操作权限-like text) unless the caller meets the permission; `codes` is read
 * only when a grant is needed.
 */
export async function enforcePermission(
  user: AuthUser,
  permission: StaticPermission | Requirement | readonly Requirement[],
  codes: () => Promise<ReadonlyMap<string, ReadonlySet<string>>>,
): Promise<void> {
  if (permission === 'open') return;
  if (permission === 'session') {
    if (user.apiKey) throw new BizError(serverText.keyNotAllowed);
    return;
  }
  if (permission === 'admin') {
    if (user.apiKey || user.userType !== 'ADMIN') throw new BizError(serverText.adminOnly);
    return;
  }
  const held = await codes();
  const list: readonly Requirement[] = Array.isArray(permission) ? permission : [permission as Requirement];
  if (!list.some((r) => meets(held, r))) throw new BizError(serverText.noPermission);
}

const grantable = new Set(moduleSeeds.filter(isGrantable).map((m) => m.uri));

/**
 * Whether an API key may ever call a route with this permission (the OpenAPI document marks it): not
 * 'session' or 'admin' routes, nor those of modules only the main account holds (accounts, keys). A
 * requirement that depends on the call is counted as callable; its check still refuses what the key lacks.
 */
export function keyMayCall(permission: Permission<never> | undefined): boolean {
  if (permission === undefined || permission === 'session' || permission === 'admin') return false;
  if (permission === 'open' || typeof permission === 'function') return true;
  const list: readonly Requirement[] = Array.isArray(permission) ? permission : [permission as Requirement];
  return list.some((r) => grantable.has(r.uri));
}
