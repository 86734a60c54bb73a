/**
 * The side menu from the module list stored at login (accounts §2 Layout): grouped by parentId
 * (-1 = root), sorted by sortNo. Only groups (uri '') hold entries: the children of a page are its
 * detail and form pages (domain/modules.ts), routes rather than menu entries, so a page is always a
 * leaf, whether or not the server marks those children hidden. A group with no entries leads
 * nowhere and is skipped.
 */
import type { MenuModule } from '../../../machines/auth.ts';

export interface MenuNode {
  module: MenuModule;
  children: MenuNode[];
}

export const ROOT_PARENT = '-1';

export function buildMenu(modules: readonly MenuModule[]): MenuNode[] {
  const byParent = new Map<string, MenuModule[]>();
  for (const m of modules) {
    if (m.hidden) continue;
    const key = String(m.parentId ?? ROOT_PARENT);
    byParent.set(key, [...(byParent.get(key) ?? []), m]);
  }
  const seen = new Set<string>(); // a bad list with a cycle must not hang the layout
  const build = (parentId: string): MenuNode[] =>
    [...(byParent.get(parentId) ?? [])]
      .sort((a, b) => (a.sortNo ?? 0) - (b.sortNo ?? 0))
      .flatMap((module) => {
        const id = String(module.id);
        if (seen.has(id)) return [];
        seen.add(id);
        if (module.uri) return [{ module, children: [] }];
        const children = build(id);
        return children.length > 0 ? [{ module, children }] : [];
      });
  return build(ROOT_PARENT);
}

/** Bill pages need a filed enterprise (bills.md §6), and so does the list of receipts matching none of its bills. */
export const needsCompany = (path: string): boolean => path.includes('/bill/') || path.includes('/details/') || path.startsWith('/receipts/');

/** Pages kept mounted while another tab is shown (accounts §2: paths containing bill or statistics). */
// Spec: paths containing bill or statistics stay cached. Bill detail pages (/details/…) too: they hold
// unsaved edits and stashed rows that a tab switch must not throw away.
export const isKeptAlive = (path: string): boolean =>
  path.includes('bill') || path.includes('statistics') || path.startsWith('/details/');
