/**
 * The signed-in frame: header, side menu, tab strip and the kept-alive page area.
 * Every navigation opens (or activates) the tab of the page it lands on; a page that replaced its own
 * address (tabRename) keeps its tab, renamed. Pages name their tabs and report unsaved work through
 * own-tab.tsx; closing such a page (×, 关闭其他/全部, 返回, the cap of MAX_TABS) asks first.
 */
import '../../lib/styles/full.ts';
import { AppShell, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BillChangedEvent } from '../../../domain/events.ts';
import { commonText, layoutText } from '../../../domain/texts/web.ts';
import { OwnPasswordDialog } from '../../features/auth/components/OwnPasswordDialog.tsx';
import { useModules } from '../../lib/auth-context.tsx';
import { notifyWarning } from '../../lib/notify.ts';
import { liveEvents } from '../../lib/live-events.ts';
import type { CustomsAnswer } from './customs-answers.ts';
import { CustomsAnswerToasts } from './CustomsAnswerToasts.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { TabControlProvider, type TabControl } from './own-tab.tsx';
import { pageTitle } from './page-title.ts';
import { revokedTabs } from './revoked-tabs.ts';
import { SideMenu } from './SideMenu.tsx';
import { markChanged, tabShowsBill, visited } from './tab-marks.ts';
import { TabStrip } from './TabStrip.tsx';
import {
  closeTabs, homePathOf, initialTabs, MAX_TABS, openTab, othersThan, renamedFrom, renameTab, retitleTab, tabsOverCap,
  type PageTab, type TabsState,
} from './tabs.ts';

type TabAction =
  | { type: 'open'; tab: PageTab }
  | { type: 'rename'; from: string; tab: PageTab }
  | { type: 'close'; keys: readonly string[] }
  | { type: 'retitle'; key: string; title: string; fallback: string }
  | { type: 'billChanged'; bill: BillChangedEvent };
function reduce(state: TabsState, action: TabAction): TabsState {
  if (action.type === 'billChanged') return markChanged(state, action.bill);
  if (action.type === 'open') return visited(openTab(state, action.tab));
  if (action.type === 'rename') return visited(renameTab(state, action.from, action.tab));
  if (action.type === 'retitle') return retitleTab(state, action.key, action.title, action.fallback);
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
  const [tabs, dispatch] = useReducer(reduce, null, () => initialTabs(pageTitle(modules, home), home));
  const [passwordOpen, setPasswordOpen] = useState(false);
  const unsaved = useRef(new Map<string, () => boolean>());
  // titles pages gave their tabs, kept by key: a page may name its tab before the tab exists (a kept
  // page's effects run before the layout's, e.g. right after a new bill took its own address)
  const named = useRef(new Map<string, string>());
  const latest = useRef(tabs);
  latest.current = tabs;
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

  // The cap: one page more than MAX_TABS closes the page shown least recently (asked when unsaved).
  useEffect(() => {
    const { close, ask } = tabsOverCap(tabs, MAX_TABS, hasUnsaved);
    if (close.length > 0) dispatch({ type: 'close', keys: close });
    if (ask === null || asking.current) return;
    asking.current = true;
    const title = tabs.tabs.find((t) => t.key === ask)?.title ?? ask;
    confirmClose([title], layoutText.tabCap(MAX_TABS, title), () => {
      asking.current = false;
      unsaved.current.delete(ask);
      dispatch({ type: 'close', keys: [ask] });
    }, () => {
      asking.current = false;
    });
  }, [tabs.tabs.length]); // only an opened tab can pass the cap

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
