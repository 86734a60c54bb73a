/**
 * The tab strip's mark of a bill that changed (issue 16): a detail tab of a bill the live stream
 * says changed, while the user looks at another tab, is marked until it is visited. Kept apart from
 * tabs.ts: a mark is one optional flag on a tab (PageTab.changed), set and cleared here.
 */
import type { BillChangedEvent } from '../../../domain/events.ts';
import type { PageTab, TabsState } from './tabs.ts';

/** Whether the tab (pathname + search) is the detail page of the event's bill. */
export function tabShowsBill(tabKey: string, event: Pick<BillChangedEvent, 'mode' | 'key' | 'id'>): boolean {
  const [path = '', query = ''] = tabKey.split('?', 2);
  return path === `/details/${event.mode}/${event.key}` && new URLSearchParams(query).get('id') === String(event.id);
}

/** Marks the tabs of the event's bill, except the one being looked at. */
export function markChanged(state: TabsState, event: Pick<BillChangedEvent, 'mode' | 'key' | 'id'>): TabsState {
  const marks = (t: PageTab) => !t.changed && t.key !== state.activeKey && tabShowsBill(t.key, event);
  if (!state.tabs.some(marks)) return state;
  return { ...state, tabs: state.tabs.map((t) => (marks(t) ? { ...t, changed: true } : t)) };
}

/** The active tab is being looked at: its mark goes. */
export function visited(state: TabsState): TabsState {
  if (!state.tabs.some((t) => t.changed && t.key === state.activeKey)) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.key === state.activeKey ? { ...t, changed: false } : t)) };
}
