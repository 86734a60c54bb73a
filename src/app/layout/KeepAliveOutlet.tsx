/**
 * Renders the current page; pages whose path contains bill or statistics stay mounted (hidden with
 * display:none) while their tab is open, so their filters, results and edits survive tab switches.
 * Each kept element was captured with its own route context, so useParams inside it stays its own.
 * A page that replaced its own address (tabRename in the navigation state) moves with it: its slot
 * (the React key) stays, so it is not mounted again. Each page learns its own tab key (OwnTabKey),
 * which a hidden page cannot read from the address bar.
 */
import { useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { isKeptAlive } from './menu.ts';
import { OwnTabKey } from './own-tab.tsx';
import { renamedFrom } from './tabs.ts';

interface Kept { slot: string; element: ReactNode }

export function KeepAliveOutlet({ openKeys }: { openKeys: readonly string[] }) {
  const outlet = useOutlet();
  const { pathname, search, state } = useLocation();
  const key = pathname + search;
  const kept = useRef(new Map<string, Kept>());
  const slots = useRef(0); // a renamed page keeps its slot, so a new page at its old address needs another

  // Render-time bookkeeping is idempotent: the same key always maps to the latest element.
  const from = renamedFrom(state);
  const moving = from !== null ? kept.current.get(from) : undefined;
  if (from !== null && moving && !kept.current.has(key)) {
    kept.current.delete(from);
    kept.current.set(key, moving);
  }
  const open = new Set(openKeys);
  for (const k of kept.current.keys()) if (!open.has(k) && k !== key) kept.current.delete(k);
  const keepCurrent = isKeptAlive(pathname);
  if (keepCurrent) kept.current.set(key, { slot: kept.current.get(key)?.slot ?? `slot${(slots.current += 1)}`, element: outlet });

  return (
    <>
      {[...kept.current.entries()].map(([k, { slot, element }]) => (
        <div key={slot} style={k === key ? undefined : { display: 'none' }} data-page={k}>
          <OwnTabKey value={k}>{element}</OwnTabKey>
        </div>
      ))}
      {!keepCurrent && (
        <div key={`live:${key}`} data-page={key}>
          <OwnTabKey value={key}>{outlet}</OwnTabKey>
        </div>
      )}
    </>
  );
}
