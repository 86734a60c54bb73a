/**
 * The open tabs kept across F5 (issue 31): their addresses, titles, pins, order, recency and the
 * active one, in sessionStorage under the session's prefix (`cbec.tabs.<user>`). sessionStorage,
 * because it is what a reload keeps and a new browser tab does not: two browser tabs keep two strips
 * without overwriting each other, and logging out drops it with the rest of the session
 * (clearSession). Only the strip comes back — a page's loaded data and unsaved edits do not.
 *
 * A tab remembers the module it was opened under, so a page whose module the user no longer has
 * (the grant was taken away meanwhile) is dropped, while pages outside any module (首页, 企业信息 …)
 * come back.
 */
import type { MenuModule } from '../../../machines/auth.ts';
import { STORAGE_PREFIX } from '../../lib/session.ts';
import { moduleForPath } from '../../lib/permissions.ts';
import { HOME_PATH, initialTabs, isClosable, type PageTab, type TabsState } from './tabs.ts';

export const savedTabsKey = (user: string): string => `${STORAGE_PREFIX}tabs.${user}`;

interface SavedTab { key: string; title: string; named?: boolean; pinned?: boolean; module?: string }
interface Saved { tabs: SavedTab[]; activeKey: string; recent: string[] }

export function saveTabs(user: string, state: TabsState, modules: readonly MenuModule[], storage: Storage = sessionStorage): void {
  const tabs = state.tabs.map(({ key, title, named, pinned }): SavedTab => {
    const module = moduleForPath(modules, key)?.uri;
    return { key, title, ...(named ? { named } : {}), ...(pinned ? { pinned } : {}), ...(module ? { module } : {}) };
  });
  try {
    storage.setItem(savedTabsKey(user), JSON.stringify({ tabs, activeKey: state.activeKey, recent: state.recent ?? [] } satisfies Saved));
  } catch {
    // storage full or refused: the strip is not restored after a reload
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';

function read(user: string, storage: Storage): Saved | null {
  try {
    const value = JSON.parse(storage.getItem(savedTabsKey(user)) ?? 'null') as Partial<Saved> | null;
    if (typeof value !== 'object' || value === null || !Array.isArray(value.tabs)) return null;
    const tabs = value.tabs.filter((t): t is SavedTab => typeof t === 'object' && t !== null && isString(t.key) && t.key.startsWith('/') && isString(t.title));
    return { tabs, activeKey: isString(value.activeKey) ? value.activeKey : '', recent: Array.isArray(value.recent) ? value.recent.filter(isString) : [] };
  } catch {
    return null;
  }
}

/**
 * The strip saved for `user`, as far as the session may still open it, home first (the session's
 * home, whatever was saved); null when nothing is saved. `title` gives a tab that did not name
 * itself its title under today's menu.
 */
export function restoreTabs(
  user: string, modules: readonly MenuModule[], home: string, homeTitle: string,
  title: (key: string) => string, storage: Storage = sessionStorage,
): TabsState | null {
  const saved = read(user, storage);
  if (!saved) return null;
  const start = initialTabs(homeTitle, home);
  // /home is either the home tab or a page the session does not have (an operator's console)
  const allowed = (t: SavedTab) => isClosable(t.key, home) && t.key !== HOME_PATH && (t.module === undefined || moduleForPath(modules, t.key) !== undefined);
  const seen = new Set<string>([home]);
  const tabs: PageTab[] = [...start.tabs];
  for (const t of saved.tabs) {
    if (seen.has(t.key) || !allowed(t)) continue;
    seen.add(t.key);
    tabs.push({ key: t.key, title: t.named ? t.title : title(t.key), ...(t.named ? { named: true } : {}), ...(t.pinned ? { pinned: true } : {}) });
  }
  // a tab missing from the saved recency counts as shown longest ago
  const shown = new Set(saved.recent);
  const recent = [...new Set([...tabs.map((t) => t.key).filter((k) => !shown.has(k)), ...saved.recent.filter((k) => seen.has(k))])];
  return { tabs, activeKey: seen.has(saved.activeKey) ? saved.activeKey : home, recent };
}
