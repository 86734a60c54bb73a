/**
 * The strip of opened pages: /home always first and never closable; opening an open page only
 * activates it; closing the active tab activates its left neighbour (or the right one).
 */
export const HOME_PATH = '/home';

export interface PageTab {
  /** pathname + search: the same page with other parameters is another tab */
  key: string;
  title: string;
  /** its bill changed since the tab was last looked at (./tab-marks.ts) */
  changed?: boolean;
}

export interface TabsState {
  tabs: PageTab[];
  activeKey: string;
}

export function initialTabs(homeTitle: string): TabsState {
  return { tabs: [{ key: HOME_PATH, title: homeTitle }], activeKey: HOME_PATH };
}

export const isClosable = (key: string): boolean => key !== HOME_PATH;

export function openTab(state: TabsState, tab: PageTab): TabsState {
  const existing = state.tabs.find((t) => t.key === tab.key);
  if (existing) return existing.title === tab.title && state.activeKey === tab.key
    ? state
    : { tabs: state.tabs.map((t) => (t.key === tab.key ? { ...t, title: tab.title } : t)), activeKey: tab.key };
  return { tabs: [...state.tabs, tab], activeKey: tab.key };
}

export function closeTab(state: TabsState, key: string): TabsState {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (!isClosable(key) || index < 0) return state;
  const tabs = state.tabs.filter((t) => t.key !== key);
  if (state.activeKey !== key) return { tabs, activeKey: state.activeKey };
  const next = tabs[index - 1] ?? tabs[index] ?? tabs[0];
  return { tabs, activeKey: next?.key ?? HOME_PATH };
}

/**
 * A page that replaced its own address (a new bill after its first save: /details/… →
 * /details/…?id=…) says so in the navigation state; its tab, and its kept page, move to the new
 * address in place instead of a second tab opening beside a stale one.
 */
export interface TabRename { renamesTab: string }

export const tabRename = (from: string): TabRename => ({ renamesTab: from });

/** The address a navigation's state says the page replaced, if any. */
export function renamedFrom(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null ? (state as Partial<TabRename>).renamesTab : undefined;
  return typeof from === 'string' ? from : null;
}

/** The tab of `from` becomes `tab`, where it stood, and is active; without such a tab, `tab` opens. */
export function renameTab(state: TabsState, from: string, tab: PageTab): TabsState {
  if (from === tab.key || !state.tabs.some((t) => t.key === from)) return openTab(state, tab);
  const tabs = state.tabs.filter((t) => t.key !== tab.key).map((t) => (t.key === from ? tab : t));
  return { tabs, activeKey: tab.key };
}
