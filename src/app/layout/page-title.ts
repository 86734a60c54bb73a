/**
 * A tab's title: the module's name for menu pages, else the page's own title, else the path. A bill
 * detail page (/details/{mode}/{key}) is its bill's module name with 详情, or 添加 without an id
 * (bills §2: the breadcrumb ends with 详情 or 添加), so an opened bill and the add page differ.
 */
import type { MenuModule } from '../../../machines/auth.ts';
import { billText } from '../../../domain/texts/bills.ts';
import { pageTitles } from '../../../domain/texts/web.ts';
import { moduleForPath, normalizePath } from '../../lib/permissions.ts';

export function pageTitle(modules: readonly MenuModule[], path: string, search = ''): string {
  const module = moduleForPath(modules, path);
  if (module && path.startsWith('/details/')) {
    return `${module.name} ${new URLSearchParams(search).get('id') ? billText.detail : billText.add}`;
  }
  if (module) return module.name;
  const bare = normalizePath(path);
  return pageTitles[bare] ?? bare;
}
