/**
 * The signed-in frame: header, side menu, tab strip and the kept-alive page area.
 * Every navigation opens (or activates) the tab of the page it lands on; a page that replaced its own
 * address (tabRename) keeps its tab, renamed.
 */
import '../../lib/styles/full.ts';
import { AppShell } from '@mantine/core';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { OwnPasswordDialog } from '../../features/auth/components/OwnPasswordDialog.tsx';
import type { BillChangedEvent } from '../../../domain/events.ts';
import { useModules } from '../../lib/auth-context.tsx';
import { liveEvents } from '../../lib/live-events.ts';
import type { CustomsAnswer } from './customs-answers.ts';
import { CustomsAnswerToasts } from './CustomsAnswerToasts.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { pageTitle } from './page-title.ts';
import { SideMenu } from './SideMenu.tsx';
import { markChanged, tabShowsBill, visited } from './tab-marks.ts';
import { TabStrip } from './TabStrip.tsx';
import { closeTab, HOME_PATH, initialTabs, openTab, renamedFrom, renameTab, type PageTab, type TabsState } from './tabs.ts';

type TabAction = { type: 'open'; tab: PageTab } | { type: 'rename'; from: string; tab: PageTab } | { type: 'close'; key: string }
  | { type: 'billChanged'; bill: BillChangedEvent };
function reduce(state: TabsState, action: TabAction): TabsState {
  if (action.type === 'billChanged') return markChanged(state, action.bill);
  if (action.type === 'open') return visited(openTab(state, action.tab));
  if (action.type === 'rename') return visited(renameTab(state, action.from, action.tab));
  return visited(closeTab(state, action.key));
}

export default function Layout() {
  const modules = useModules();
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  const key = pathname + search;
  const from = renamedFrom(state);
  const [tabs, dispatch] = useReducer(reduce, pageTitle(modules, HOME_PATH), initialTabs);
  const [passwordOpen, setPasswordOpen] = useState(false);

  useEffect(() => {
    const tab = { key, title: pageTitle(modules, pathname, search) };
    dispatch(from ? { type: 'rename', from, tab } : { type: 'open', tab });
  }, [key, pathname, search, from, modules]);

  // a bill changed elsewhere (customs answered, a colleague saved): its tabs not looked at get a mark
  useEffect(() => liveEvents.subscribe((event) => {
    if (event.type === 'bill') dispatch({ type: 'billChanged', bill: event });
  }), []);
  // a toast's bill: its open tab if there is one (one tab a bill), else its address. Stable, so the
  // toasts' subscription (and an answer being read) outlives navigations
  const latest = useRef({ tabs: tabs.tabs, navigate });
  latest.current = { tabs: tabs.tabs, navigate };
  const openBill = useCallback((answer: CustomsAnswer) => {
    const { tabs: open, navigate: go } = latest.current;
    go(open.find((t) => tabShowsBill(t.key, answer.bill))?.key ?? answer.path);
  }, []);

  const close = (tabKey: string) => {
    const next = closeTab(tabs, tabKey);
    dispatch({ type: 'close', key: tabKey });
    if (tabKey === tabs.activeKey) navigate(next.activeKey);
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
        <TabStrip tabs={tabs.tabs} activeKey={key} onSelect={(k) => navigate(k)} onClose={close} />
        <div style={{ padding: 'var(--mantine-spacing-md)' }}>
          <KeepAliveOutlet openKeys={tabs.tabs.map((t) => t.key)} />
        </div>
      </AppShell.Main>
      <OwnPasswordDialog opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <CustomsAnswerToasts onOpen={openBill} />
    </AppShell>
  );
}
