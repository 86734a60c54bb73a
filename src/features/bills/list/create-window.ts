/**
 * The list's default creation window (bills §9): the generic one-year window, or the last 7 days;
 * none when the list has noCreateTime. `today` is the caller's clock.
 */
import type { ListConfig } from '../../../../domain/bills/types.ts';
import { defaultCreateTimeWindow, lastDaysWindow, type TimeWindow } from '../../../../domain/query.ts';

export function defaultWindow(list: ListConfig, today: Date): TimeWindow | null {
  if (list.noCreateTime) return null;
  return list.createWindow === 'week' ? lastDaysWindow(today) : defaultCreateTimeWindow(today);
}
