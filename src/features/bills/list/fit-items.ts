/**
 * Which items of a row (state tabs, toolbar buttons) fit a width, the rest going to a 更多 menu
 * (issue 31 item 7: "every badge, tab and button fits or says what it hides"). Pure: the widths are
 * measured by the caller (an invisible copy of every item, so hidden ones are measured too).
 */
export interface FitInput {
  /** each item's width, in order */
  widths: readonly number[];
  /** the width the row may take */
  available: number;
  /** the 更多 button's width (only taken when something is hidden) */
  moreWidth: number;
  /** the space between two items (and between the last item and 更多) */
  gap: number;
  /** an item that must stay in the row (the chosen state tab), or -1 */
  keep?: number;
}

export interface FitResult {
  /** indexes of the items in the row, in order */
  shown: number[];
  /** indexes of the items in the menu, in order */
  hidden: number[];
}

const span = (widths: readonly number[], indexes: readonly number[], gap: number) =>
  indexes.reduce((sum, i) => sum + (widths[i] ?? 0), 0) + gap * Math.max(0, indexes.length - 1);

/**
 * All items when they fit; else the leading items that fit beside 更多, with `keep` among them in its
 * place (the items before it give way, from the last). Nothing is ever wider than `available`
 * unless `keep` alone is.
 */
export function fitItems({ widths, available, moreWidth, gap, keep = -1 }: FitInput): FitResult {
  const all = widths.map((_, i) => i);
  if (span(widths, all, gap) <= available) return { shown: all, hidden: [] };
  const budget = available - moreWidth - gap;
  const shown: number[] = [];
  for (const i of all) {
    if (span(widths, [...shown, i], gap) > budget) break;
    shown.push(i);
  }
  if (keep >= 0 && keep < widths.length && !shown.includes(keep)) {
    while (shown.length > 0 && span(widths, [...shown, keep], gap) > budget) shown.pop();
    shown.push(keep);
  }
  return { shown, hidden: all.filter((i) => !shown.includes(i)) };
}
