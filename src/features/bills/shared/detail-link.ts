/**
 * Addresses of a bill's pages (bills §2): the list /bill/{mode}/{key} (also the module uri its
 * buttons hang on) and the detail /details/{mode}/{key}?id=..&startTime=..&endTime=.., where the
 * time window is the list's create window, so the detail call finds the bill in the same range.
 */
import type { TimeWindow } from '../../../../domain/query.ts';

export const billListPath = (mode: string, key: string) => `/bill/${mode}/${key}`;

/** Without an id: the add page. */
export function billDetailPath(mode: string, key: string, id?: string | number, window?: TimeWindow | null): string {
  const base = `/details/${mode}/${key}`;
  if (id === undefined) return base;
  const query = new URLSearchParams({ id: String(id) });
  if (window) {
    query.set('startTime', window[0]);
    query.set('endTime', window[1]);
  }
  return `${base}?${query.toString()}`;
}
