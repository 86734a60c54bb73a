/**
 * What a page may tell the tab it lives in: its title (a bill detail: its bill's number), whether it
 * holds unsaved work (asked about before the tab closes), and "close me and show that page" (返回).
 * The layout provides the control; KeepAliveOutlet tells each kept page its own tab key (a hidden page
 * still knows which tab is its own). Outside the layout (unit tests) titles and marks go nowhere and
 * closing just navigates.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export interface TabControl {
  retitle: (key: string, title: string) => void;
  /** the page's own answer to "does closing lose work?", asked when its tab is about to close (null: none) */
  setUnsaved: (key: string, unsaved: (() => boolean) | null) => void;
  /** closes the tab (asking first when it holds unsaved work) and shows `to` */
  closeAndGo: (key: string, to: string) => void;
}

const ControlContext = createContext<TabControl | null>(null);
const OwnKeyContext = createContext<string | null>(null);

export function TabControlProvider({ control, children }: { control: TabControl; children: ReactNode }) {
  return <ControlContext.Provider value={control}>{children}</ControlContext.Provider>;
}

export function OwnTabKey({ value, children }: { value: string; children: ReactNode }) {
  return <OwnKeyContext.Provider value={value}>{children}</OwnKeyContext.Provider>;
}

export interface OwnTab {
  /** closes this page's tab and shows `to` */
  closeTo: (to: string) => void;
}

/**
 * The page's own tab: `title` ('' or null: the address's title) and `unsaved` (asked at closing
 * time, so it may read form state that renders nothing) are reported while the page is mounted, and
 * again when its address changes (a new bill's first save renames its tab).
 */
export function useOwnTab(title: string | null, unsaved: () => boolean): OwnTab {
  const control = useContext(ControlContext);
  const own = useContext(OwnKeyContext);
  const { pathname, search } = useLocation();
  const key = own ?? pathname + search;
  const navigate = useNavigate();
  useEffect(() => {
    control?.retitle(key, title ?? '');
  }, [control, key, title]);
  const ask = useRef(unsaved);
  ask.current = unsaved;
  useEffect(() => {
    control?.setUnsaved(key, () => ask.current());
    return () => control?.setUnsaved(key, null);
  }, [control, key]);
  const closeTo = useCallback((to: string) => (control ? control.closeAndGo(key, to) : void navigate(to)), [control, key, navigate]);
  return useMemo(() => ({ closeTo }), [closeTo]);
}
