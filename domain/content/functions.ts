/**
 * Common functions (accounts-and-enterprise.md §2 /commonFun and Home, §3 Function and User
 * function): the pages a user may pin to the home page's grid, typed common (other pages),
 * billExport (export bill lists) or import (import bill lists), plus 修改密码, which is no page: the
 * home grid opens the change-password dialog for it. Ids are the module ids; 修改密码 takes 900,
 * outside the module id ranges (1–799).
 */
import { functionsText } from '../texts/settings.ts';

export const FUNCTION_TYPES = ['common', 'billExport', 'import'] as const;
export type FunctionType = (typeof FUNCTION_TYPES)[number];

export const CHANGE_PASSWORD_FUNCTION = { id: 900, type: 'common' as FunctionType, name: functionsText.changePassword, uri: '', icon: 'settings' } as const;
/** at most this many pinned functions (the grid stays one screen) */
export const MAX_USER_FUNCTIONS = 24;
/** what a user who never chose sees: the daily pages of an export company, and 修改密码 */
export const DEFAULT_FUNCTION_IDS: readonly number[] = [101, 104, 103, 601, 602, 701, 705, CHANGE_PASSWORD_FUNCTION.id];

/** Pages that are not functions: the home page itself and this customisation page. */
const NOT_FUNCTIONS = new Set(['/home', '/commonFun']);

export interface FunctionModule { id: number; uri: string; name: string; icon: string; hidden: boolean }

/** The function type of a module, or undefined when the module is not a function (groups, hidden pages, home). */
export function functionTypeOf(m: FunctionModule): FunctionType | undefined {
  if (!m.uri || m.hidden || NOT_FUNCTIONS.has(m.uri)) return undefined;
  if (m.uri.startsWith('/bill/export/')) return 'billExport';
  if (m.uri.startsWith('/bill/import/')) return 'import';
  return 'common';
}

export const isFunctionType = (v: unknown): v is FunctionType => typeof v === 'string' && (FUNCTION_TYPES as readonly string[]).includes(v);
