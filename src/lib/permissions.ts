/**
 * Button permissions (accounts §6, bills §6): the module whose uri matches the current page lists
 * buttonVos; a button shows only if its code is there. No matching module: no button shows.
 * Matching follows domain/modules.ts: the longest module uri that is a path prefix of the page
 * (pages with a path parameter are seeded without it), and a bill detail page
 * /details/{type}/{key} takes the buttons of its list module /bill/{type}/{key}.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { MenuModule } from '../../machines/auth.ts';
import { useModules } from './auth-context.tsx';

/** '/a/b/' and 'a/b' are the same page as '/a/b'; the query is not part of it. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

const isPrefix = (uri: string, path: string) => path === uri || path.startsWith(`${uri}/`);

export function moduleForPath(modules: readonly MenuModule[], path: string): MenuModule | undefined {
  const wanted = normalizePath(path).replace(/^\/details\//, '/bill/');
  let best: MenuModule | undefined;
  let bestLength = 0;
  for (const m of modules) {
    if (!m.uri) continue;
    const uri = normalizePath(m.uri);
    if (uri !== '/' && isPrefix(uri, wanted) && uri.length > bestLength) {
      best = m;
      bestLength = uri.length;
    }
  }
  return best;
}

export function buttonCodesFor(modules: readonly MenuModule[], path: string): ReadonlySet<string> {
  return new Set((moduleForPath(modules, path)?.buttonVos ?? []).map((b) => b.code));
}

/** The button codes of the current page (or of `path`). */
export function useButtonCodes(path?: string): ReadonlySet<string> {
  const { pathname } = useLocation();
  const modules = useModules();
  const page = path ?? pathname;
  return useMemo(() => buttonCodesFor(modules, page), [modules, page]);
}

export function usePermission(code: string, path?: string): boolean {
  return useButtonCodes(path).has(code);
}
