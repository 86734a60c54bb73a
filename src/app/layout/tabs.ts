/**
 * The strip of opened pages: the home page always first and never closable; opening an open page
 * only activates it; closing the active tab activates its left neighbour (or the right one). Home is
 * /home, or a platform operator's first page (homePathOf; issue 20: the operator has no 首页).
 */
import { OPERATOR_HOME_URI } from '../../../domain/home-pages.ts';

export const HOME_PATH = '/home';

/** The session's home page: /home, or /review/filing for a platform operator (who holds no /home). */
export function homePathOf(modules: readonly { uri: string }[]): string {
  const has = (uri: string) => modules.some((m) => m.uri === uri);
  return !has(HOME_PATH) && has(OPERATOR_HOME_URI) ? OPERATOR_HOME_URI : HOME_PATH;
}

export interface PageTab {
  /** pathname + search: the same page with other parameters is another tab */
  key: string;
  title: string;
  /** its bill changed since the tab was last looked at (./tab-marks.ts) */
  changed?: boolean;
  /** the page named its tab itself (a bill detail: its bill's number); the address's title no longer applies */
  named?: boolean;
  /** kept by the limit and by 关闭其他/全部; only its × closes it (issue 31) */
  pinned?: boolean;
}

export interface TabsState {
  tabs: PageTab[];
  activeKey: string;
  /** the tab keys from the least to the most recently shown: the oldest is closed first at the cap */
  recent?: string[];
}

/**
 * How many pages stay open (home included) until the user chooses otherwise (./tab-limit.ts). Each
 * kept page holds its list or form in memory and the strip ~10 tabs at 1440 px; opening one more
 * closes the page shown least recently (tabsOverCap).
 */
export const MAX_TABS = 12;

export function initialTabs(homeTitle: string, home: string = HOME_PATH): TabsState {
  return { tabs: [{ key: home, title: homeTitle }], activeKey: home, recent: [home] };
}

/** Every tab but home (`home`: the strip's first tab) may be closed. */
export const isClosable = (key: string, home: string = HOME_PATH): boolean => key !== home;

/** The strip's home tab: always its first. */
const homeOf = (state: TabsState): string => state.tabs[0]?.key ?? HOME_PATH;

const shown = (state: TabsState, key: string): string[] => [...(state.recent ?? []).filter((k) => k !== key), key];

export function openTab(state: TabsState, tab: PageTab): TabsState {
  const existing = state.tabs.find((t) => t.key === tab.key);
  if (existing) {
    const title = existing.named ? existing.title : tab.title;
    if (existing.title === title && state.activeKey === tab.key) return state;
    return { tabs: state.tabs.map((t) => (t.key === tab.key ? { ...t, title } : t)), activeKey: tab.key, recent: shown(state, tab.key) };
  }
  return { tabs: [...state.tabs, tab], activeKey: tab.key, recent: shown(state, tab.key) };
}

/** The page at `key` names its own tab (its bill's number); '' gives the address's title back. */
export function retitleTab(state: TabsState, key: string, title: string, fallback: string): TabsState {
  const tab = state.tabs.find((t) => t.key === key);
  const next = title === '' ? { title: fallback, named: false } : { title, named: true };
  if (!tab || (tab.title === next.title && Boolean(tab.named) === next.named)) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.key === key ? { ...t, ...next } : t)) };
}

export function closeTab(state: TabsState, key: string): TabsState {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (!isClosable(key, homeOf(state)) || index < 0) return state;
  const tabs = state.tabs.filter((t) => t.key !== key);
  const recent = (state.recent ?? []).filter((k) => k !== key);
  if (state.activeKey !== key) return { tabs, activeKey: state.activeKey, recent };
  const next = tabs[index - 1] ?? tabs[index] ?? tabs[0];
  return { tabs, activeKey: next?.key ?? homeOf(state), recent };
}

/** Every closable tab but `keep` and the pinned ones (关闭其他), or all of them (关闭全部: keep = home). */
export const othersThan = (state: TabsState, keep: string): string[] =>
  state.tabs.filter((t) => !t.pinned && t.key !== keep && isClosable(t.key, homeOf(state))).map((t) => t.key);

/**
 * Pins or unpins a tab. Pinned tabs stand together right after home, in the order they were pinned,
 * as browsers keep theirs: an unpinned tab goes to the first place after them.
 */
export function pinTab(state: TabsState, key: string, pinned: boolean): TabsState {
  const tab = state.tabs.find((t) => t.key === key);
  if (!tab || !isClosable(key, homeOf(state)) || Boolean(tab.pinned) === pinned) return state;
  const rest = state.tabs.filter((t) => t.key !== key);
  const at = rest.findIndex((t, i) => i > 0 && !t.pinned);
  const { pinned: _was, ...unpinned } = tab;
  const moved: PageTab = pinned ? { ...tab, pinned } : unpinned;
  const index = at < 0 ? rest.length : at;
  return { ...state, tabs: [...rest.slice(0, index), moved, ...rest.slice(index)] };
}

/** Closes several tabs; the active one stays when kept, else home is shown. */
export function closeTabs(state: TabsState, keys: readonly string[]): TabsState {
  return keys.reduce(closeTab, state);
}

/**
 * The tabs to close so that at most `cap` stay open (null: no limit): the least recently shown
 * first, never home, the active tab, a pinned tab or a page with unsaved work (`unsaved`). When
 * those are all that is left, `short` says how many stay open over the cap: nothing is lost
 * without the user's word, and the note tells them so.
 */
export function tabsOverCap(state: TabsState, cap: number | null, unsaved: (key: string) => boolean): { close: string[]; short: number } {
  const excess = cap === null ? 0 : state.tabs.length - cap;
  if (excess <= 0) return { close: [], short: 0 };
  const order = [...state.recent ?? [], ...state.tabs.map((t) => t.key)];
  const closable = new Set(state.tabs.filter((t) => !t.pinned && isClosable(t.key, homeOf(state)) && t.key !== state.activeKey).map((t) => t.key));
  const close = [...new Set(order)].filter((k) => closable.has(k) && !unsaved(k)).slice(0, excess);
  return { close, short: excess - close.length };
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
  return { tabs, activeKey: tab.key, recent: shown({ ...state, recent: (state.recent ?? []).filter((k) => k !== from) }, tab.key) };
}
