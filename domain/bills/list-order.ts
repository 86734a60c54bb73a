/**
 * The order a bill list shows its columns in — the one rule of the list table and the Excel export
 * (issue 31: the export followed the definition's order while the screen moved 状态 and 回执信息
 * forward). The pinned ones (the navigating number, 状态) first, then the lead ones (回执信息),
 * then the rest in the definition's order; the user's hidden ones (列设置) left out, except a pinned
 * column, which cannot be hidden.
 */
import type { ListColumn } from './types.ts';

export const isPinnedColumn = (c: ListColumn): boolean => c.navigate === true || c.place === 'pinned';

export function orderedColumns(columns: readonly ListColumn[], hidden: readonly string[] = []): ListColumn[] {
  const pinned = columns.filter(isPinnedColumn);
  const lead = columns.filter((c) => !isPinnedColumn(c) && c.place === 'lead');
  const rest = columns.filter((c) => !isPinnedColumn(c) && c.place !== 'lead');
  return [...pinned, ...lead.concat(rest).filter((c) => !hidden.includes(c.field))];
}

/**
 * The hidden columns an export request names (`hiddenColumns`, the 列设置 the screen sends), read
 * leniently: anything that is not a list of field names counts as nothing hidden, so a stale or
 * hand-made request still gets the whole list rather than an error.
 */
export function hiddenColumnsOf(request: unknown): string[] {
  const value = typeof request === 'object' && request !== null ? (request as { hiddenColumns?: unknown }).hiddenColumns : undefined;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
