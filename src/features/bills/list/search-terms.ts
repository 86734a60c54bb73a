/**
 * The 条件查询 dialog's values → list terms (bills §7): text fields as like/eq/in, selects as eq,
 * date ranges as btw from 00:00:00 to 23:59:59 (bills §5, §9). Empty fields add nothing.
 */
import { snake } from '../../../../domain/bills/columns.ts';
import type { SearchField } from '../../../../domain/bills/types.ts';
import { rangeEnd, rangeStart, type Term, type TimeWindow } from '../../../../domain/query.ts';

/** A date range as Mantine dates gives it: 'YYYY-MM-DD' strings or null. */
export type DateRange = [string | null, string | null];
export type SearchValue = string | DateRange | null;
export type SearchValues = Readonly<Record<string, SearchValue>>;

export const isRange = (field: SearchField) => field.termType === 'btw';

export function searchTerms(fields: readonly SearchField[], values: SearchValues): Term[] {
  const terms: Term[] = [];
  for (const field of fields) {
    const value = values[field.field];
    if (value === null || value === undefined) continue;
    const column = snake(field.field);
    if (Array.isArray(value)) {
      const [from, to] = value;
      if (!from && !to) continue;
      terms.push({ column, termType: 'btw', value: [from ? rangeStart(from) : null, to ? rangeEnd(to) : null] });
      continue;
    }
    const text = (value as string).trim();
    if (text !== '') terms.push({ column, termType: field.termType, value: text });
  }
  return terms;
}

/** How many conditions are set (shown beside 高级搜索). */
export function countConditions(fields: readonly SearchField[], values: SearchValues): number {
  return searchTerms(fields, values).length;
}

/** A create window as the range picker shows it, and back. */
export const windowDays = (window: TimeWindow): DateRange => [window[0].slice(0, 10), window[1].slice(0, 10)];
export const daysWindow = (range: DateRange): TimeWindow | null =>
  range[0] && range[1] ? [rangeStart(range[0]), rangeEnd(range[1])] : null;
