/**
 * The bill a detail URL points at: /details/{type}/{key}?id=..&startTime=..&endTime=.. (bills §2).
 * Without an id the page adds a bill; its time window then covers today, so the detail call that
 * follows the first save finds the new bill (the window is the list's create_time window, §9).
 */
import { defaultCreateTimeWindow } from '../../../../domain/query.ts';
import type { BillRef } from '../../../../machines/bill-detail.ts';

export function billRefOf(search: URLSearchParams, today: Date = new Date()): BillRef {
  const id = search.get('id') || null;
  const startTime = search.get('startTime') || null;
  const endTime = search.get('endTime') || null;
  if (id !== null) return { id, startTime, endTime };
  const [start, end] = defaultCreateTimeWindow(today);
  return { id, startTime: startTime ?? start, endTime: endTime ?? end };
}

export const listPathOf = (mode: string, key: string): string => `/bill/${mode}/${key}`;
