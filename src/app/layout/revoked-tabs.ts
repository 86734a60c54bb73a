/**
 * The open pages whose module the session just lost (issue 29): a page shown under a module of the
 * old menu that the new menu no longer has (the main account took the grant away). They close, with
 * their loaded data, and the user is told. Pages outside any module (首页, 企业信息, 修改密码 …) stay.
 */
import type { MenuModule } from '../../../machines/auth.ts';
import { moduleForPath } from '../../lib/permissions.ts';
import type { PageTab } from './tabs.ts';

export function revokedTabs(tabs: readonly PageTab[], before: readonly MenuModule[], after: readonly MenuModule[]): PageTab[] {
  if (before === after) return [];
  return tabs.filter((t) => moduleForPath(before, t.key) !== undefined && moduleForPath(after, t.key) === undefined);
}
