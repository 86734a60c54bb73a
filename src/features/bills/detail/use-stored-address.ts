/**
 * An add page whose bill got stored (its first save, or save-and-declare) takes the bill's own
 * address /details/{mode}/{key}?id=…&startTime=…&endTime=…, replacing the add page's in the
 * history: a reload then opens the bill instead of a new empty one. The same page goes on (no
 * remount: BillDetailPage's key has no address, the layout moves the kept page with tabRename and
 * renames its tab 添加 → 详情). A page hidden behind another tab does it once it is shown again, so
 * it never replaces another page's address.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import type { TimeWindow } from '../../../../domain/query.ts';
import type { BillRef } from '../../../../machines/bill-detail.ts';
import { tabRename } from '../../../app/layout/tabs.ts';
import { billDetailPath } from '../shared/detail-link.ts';

/** `opened`: the bill the page was opened with; `current`: the machine's (an id once stored). */
export function useStoredAddress(definition: BillDefinition, opened: BillRef, current: BillRef): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [address] = useState(here);
  const done = useRef(opened.id !== null);
  useEffect(() => {
    if (done.current || current.id === null || here !== address) return;
    done.current = true;
    const window: TimeWindow | null = current.startTime && current.endTime ? [current.startTime, current.endTime] : null;
    void navigate(billDetailPath(definition.mode, definition.key, current.id, window), { replace: true, state: tabRename(address) });
  }, [current, here, address, definition, navigate]);
}
