/**
 * Renders the current page; pages whose path contains bill or statistics stay mounted (hidden with
 * display:none) while their tab is open, so their filters, results and edits survive tab switches.
 * Each kept element was captured with its own route context, so useParams inside it stays its own.
 */
import { useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { isKeptAlive } from './menu.ts';

export function KeepAliveOutlet({ openKeys }: { openKeys: readonly string[] }) {
  const outlet = useOutlet();
  const { pathname, search } = useLocation();
  const key = pathname + search;
  const kept = useRef(new Map<string, ReactNode>());

  // Render-time bookkeeping is idempotent: the same key always maps to the latest element.
  const open = new Set(openKeys);
  for (const k of kept.current.keys()) if (!open.has(k) && k !== key) kept.current.delete(k);
  const keepCurrent = isKeptAlive(pathname);
  if (keepCurrent) kept.current.set(key, outlet);

  return (
    <>
      {[...kept.current.entries()].map(([k, element]) => (
        <div key={k} style={k === key ? undefined : { display: 'none' }} data-page={k}>
          {element}
        </div>
      ))}
      {!keepCurrent && (
        <div key={`live:${key}`} data-page={key}>
          {outlet}
        </div>
      )}
    </>
  );
}
