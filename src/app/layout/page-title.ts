/** A tab's title: the module's name for menu pages, else the page's own title, else the path. */
import type { MenuModule } from '../../../machines/auth.ts';
import { pageTitles } from '../../../domain/texts/web.ts';
import { moduleForPath, normalizePath } from '../../lib/permissions.ts';

export function pageTitle(modules: readonly MenuModule[], path: string): string {
  const module = moduleForPath(modules, path);
  if (module) return module.name;
  const bare = normalizePath(path);
  return pageTitles[bare] ?? bare;
}
