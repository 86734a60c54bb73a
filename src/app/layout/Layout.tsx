/**
 * The signed-in frame: header, side menu, tab strip and the kept-alive page area.
 * Every navigation opens (or activates) the tab of the page it lands on; a page that replaced its own
 * address (tabRename) keeps its tab, renamed. Pages name their tabs and report unsaved work through
 * own-tab.tsx; closing such a page (×, 关闭其他/全部, 返回) asks first. The strip keeps at most the
 * user's limit of pages (./tab-limit.ts), closing the one shown longest ago that is neither pinned nor
 * unsaved, with a note; it comes back after a reload (./saved-tabs.ts).
 */
import '../../lib/styles/full.ts';
import { AppShell, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BillChangedEvent } from '../../../domain/events.ts';
import { commonText, layoutText } from '../../../domain/texts/web.ts';
import { OwnPasswordDialog } from '../../features/auth/components/OwnPasswordDialog.tsx';
import { useModules, useUserInfo } from '../../lib/auth-context.tsx';
import { notifyWarning } from '../../lib/notify.ts';
import { liveEvents } from '../../lib/live-events.ts';
import type { CustomsAnswer } from './customs-answers.ts';
import { CustomsAnswerToasts } from './CustomsAnswerToasts.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { TabControlProvider, type TabControl } from './own-tab.tsx';
import { pageTitle } from './page-title.ts';
import { revokedTabs } from './revoked-tabs.ts';
import { restoreTabs, saveTabs } from './saved-tabs.ts';
import { SideMenu } from './SideMenu.tsx';
import { markChanged, tabShowsBill, visited } from './tab-marks.ts';
import { readTabLimit, TAB_LIMITS, writeTabLimit, type TabLimit } from './tab-limit.ts';
import { TabStrip } from './TabStrip.tsx';
import {
  closeTabs, homePathOf, initialTabs, openTab, othersThan, pinTab, renamedFrom, renameTab, retitleTab, tabsOverCap,
  type PageTab, type TabsState,
} from './tabs.ts';

type TabAction =
  | { type: 'open'; tab: PageTab }
  | { type: 'rename'; from: string; tab: PageTab }
  | { type: 'close'; keys: readonly string[] }
  | { type: 'retitle'; key: string; title: string; fallback: string }
  | { type: 'pin'; key: string }
  | { type: 'billChanged'; bill: BillChangedEvent };
function reduce(state: TabsState, action: TabAction): TabsState {
  if (action.type === 'billChanged') return markChanged(state, action.bill);
  if (action.type === 'open') return visited(openTab(state, action.tab));
  if (action.type === 'rename') return visited(renameTab(state, action.from, action.tab));
  if (action.type === 'retitle') return retitleTab(state, action.key, action.title, action.fallback);
  if (action.type === 'pin') return pinTab(state, action.key, !state.tabs.find((t) => t.key === action.key)?.pinned);
  return visited(closeTabs(state, action.keys));
}

/** Asks before closing pages with unsaved work, naming them; closes at once otherwise. */
function confirmClose(titles: readonly string[], message: string, onConfirm: () => void, onCancel?: () => void): void {
  if (titles.length === 0) {
    onConfirm();
    return;
  }
  modals.openConfirmModal({
    title: commonText.prompt,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: commonText.confirm, cancel: commonText.cancel },
    onConfirm,
    onCancel,
  });
}

export default function Layout() {
  const modules = useModules();
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  const key = pathname + search;
  const from = renamedFrom(state);
  const home = homePathOf(modules);
  const userInfo = useUserInfo();
  const user = userInfo ? String(userInfo.account ?? userInfo.username) : undefined;
  const [tabs, dispatch] = useReducer(reduce, null, () => {
    const homeTitle = pageTitle(modules, home);
    const titleOf = (tabKey: string) => {
      const [path = '', query = ''] = tabKey.split(/(?=\?)/);
      return pageTitle(modules, path, query);
    };
    return (user !== undefined ? restoreTabs(user, modules, home, homeTitle, titleOf) : null) ?? initialTabs(homeTitle, home);
  });
  const [limit, setLimit] = useState<TabLimit>(() => readTabLimit(user));
  const [passwordOpen, setPasswordOpen] = useState(false);
  const unsaved = useRef(new Map<string, () => boolean>());
  // titles pages gave their tabs, kept by key: a page may name its tab before the tab exists (a kept
  // page's effects run before the layout's, e.g. right after a new bill took its own address)
  const named = useRef(new Map<string, string>());
  const latest = useRef(tabs);
  latest.current = tabs;
  // the strip as it is now is what a reload brings back
  useEffect(() => {
    if (user !== undefined) saveTabs(user, tabs, modules);
  }, [user, tabs, modules]);
  // a bill changed elsewhere (customs answered, a colleague saved): its tabs not looked at get a mark
  useEffect(() => liveEvents.subscribe((event) => {
    if (event.type === 'bill') dispatch({ type: 'billChanged', bill: event });
  }), []);
  // a toast's bill: its open tab if there is one (one tab a bill), else its address. Stable, so the
  // toasts' subscription (and an answer being read) outlives navigations
  const navigateLatest = useRef(navigate);
  navigateLatest.current = navigate;
  const openBill = useCallback((answer: CustomsAnswer) => {
    void navigateLatest.current(latest.current.tabs.find((t) => tabShowsBill(t.key, answer.bill))?.key ?? answer.path);
  }, []);
  const asking = useRef(false);
  const hasUnsaved = (tabKey: string): boolean => unsaved.current.get(tabKey)?.() === true;

  useEffect(() => {
    const own = named.current.get(key);
    const tab = own ? { key, title: own, named: true } : { key, title: pageTitle(modules, pathname, search) };
    dispatch(from ? { type: 'rename', from, tab } : { type: 'open', tab });
  }, [key, pathname, search, from, modules]);

  // the menu lost modules (grants taken away): their open pages close at once, unsaved work or not —
  // the server refuses them anyway — and the user is told which (issue 29)
  const shownModules = useRef(modules);
  useEffect(() => {
    const gone = revokedTabs(latest.current.tabs, shownModules.current, modules);
    shownModules.current = modules;
    if (gone.length === 0) return;
    const keys = gone.map((t) => t.key);
    const next = closeTabs(latest.current, keys);
    for (const k of keys) {
      unsaved.current.delete(k);
      named.current.delete(k);
    }
    if (next.activeKey !== latest.current.activeKey) void navigate(next.activeKey);
    dispatch({ type: 'close', keys });
    notifyWarning(layoutText.revokedClosed(gone.map((t) => t.title)));
  }, [modules, navigate]);

  /** Closes `keys` (asking about unsaved work), then shows `to`, or the active tab's successor. */
  const closeMany = (keys: readonly string[], to?: string) => {
    const current = latest.current;
    const titles = current.tabs.filter((t) => keys.includes(t.key) && hasUnsaved(t.key)).map((t) => t.title);
    confirmClose(titles, layoutText.unsavedClose(titles), () => {
      const next = closeTabs(latest.current, keys);
      for (const k of keys) {
        unsaved.current.delete(k);
        named.current.delete(k);
      }
      if (to !== undefined) void navigate(to);
      else if (next.activeKey !== latest.current.activeKey) void navigate(next.activeKey);
      dispatch({ type: 'close', keys });
    });
  };

  const control = useMemo<TabControl>(() => ({
    retitle: (tabKey, title) => {
      if (title) named.current.set(tabKey, title);
      else named.current.delete(tabKey);
      const [path = '', query = ''] = tabKey.split(/(?=\?)/);
      dispatch({ type: 'retitle', key: tabKey, title, fallback: pageTitle(modules, path, query) });
    },
    setUnsaved: (tabKey, ask) => {
      if (ask) unsaved.current.set(tabKey, ask);
      else unsaved.current.delete(tabKey);
    },
    closeAndGo: (tabKey, to) => closeMany([tabKey], to),
  }), [modules]); // closeMany reads the tabs and marks through refs: the control changes with the modules only

  // The limit: a page opened past it (or a lower limit chosen) closes the pages shown longest ago that
  // are neither pinned nor unsaved, and says which; when none may close, it says so and keeps them all.
  // A tab closed by hand while over the limit closes nothing more.
  const checked = useRef({ count: 0, limit });
  useEffect(() => {
    const before = checked.current;
    const count = latest.current.tabs.length;
    checked.current = { count, limit };
    if (limit === null || (count <= before.count && limit === before.limit)) return;
    const { close, short } = tabsOverCap(latest.current, limit, hasUnsaved);
    if (close.length > 0) {
      const titles = latest.current.tabs.filter((t) => close.includes(t.key)).map((t) => t.title);
      for (const k of close) {
        unsaved.current.delete(k);
        named.current.delete(k);
      }
      dispatch({ type: 'close', keys: close });
      notifyWarning(layoutText.tabLimitClosed(limit, titles));
    }
    if (short > 0) notifyWarning(layoutText.tabLimitKept(limit));
  }, [tabs.tabs.length, limit]); // only an opened tab or a lower limit can pass it

  const chooseLimit = (next: TabLimit) => {
    setLimit(next);
    writeTabLimit(user, next);
  };

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 0 }} padding={0}>
      <AppShell.Header>
        <HeaderBar onChangePassword={() => setPasswordOpen(true)} />
      </AppShell.Header>
      <AppShell.Navbar p={4}>
        <SideMenu />
      </AppShell.Navbar>
      <AppShell.Main>
        <TabControlProvider control={control}>
          <TabStrip
            tabs={tabs.tabs}
            activeKey={key}
            onSelect={(k) => void navigate(k)}
            onClose={(k) => closeMany([k])}
            onCloseOthers={() => closeMany(othersThan(tabs, key))}
            onCloseAll={() => closeMany(othersThan(tabs, home), home)}
            onTogglePin={(k) => dispatch({ type: 'pin', key: k })}
            limit={{ value: limit, choices: TAB_LIMITS, onChange: chooseLimit }}
          />
          <div style={{ padding: 'var(--mantine-spacing-md)' }}>
            <KeepAliveOutlet openKeys={tabs.tabs.map((t) => t.key)} />
          </div>
        </TabControlProvider>
      </AppShell.Main>
      <OwnPasswordDialog opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <CustomsAnswerToasts onOpen={openBill} />
    </AppShell>
  );
}
