/**
 * A wide table with a pinned last column (the bill lists' 回执) shows, before any sideways scroll,
 * no column half under that column (issue 31 item 7: 商品金额's amounts, right-aligned, sat wholly
 * under 回执 at 1440 px). The column that straddles the pinned column's edge is pulled into view by
 * narrowing the text columns in view a little (their cut text has its hover title), or, when that
 * would take too much, pushed out of view by widening them; scrolled, every column comes clear.
 * A width the user dragged (列设置) is kept as dragged: the other columns give or take.
 * Pure: the table gives the widths and the viewport's width.
 */
export interface FitColumn {
  width: number;
  /** pinned to the left, or sized by the user (列设置): never resized here */
  fixed: boolean;
  /** text cut by an ellipsis with the whole text on hover: may narrow (numbers may not) */
  text: boolean;
}

/** a text column gives at most this share of its width to pull the straddling column into view */
export const MAX_SHRINK = 0.2;

/**
 * @param start where the first column starts (the checkbox column's width)
 * @param edge where the pinned last column starts: the viewport's width less its own
 * @returns the widths to use, whole pixels; the same widths when nothing straddles the edge
 */
export function fitColumns(columns: readonly FitColumn[], start: number, edge: number): number[] {
  const widths = columns.map((c) => c.width);
  let left = start;
  const straddling = columns.findIndex((c) => {
    const right = left + c.width;
    const hit = left < edge && right > edge;
    left = right;
    return hit;
  });
  if (straddling < 0) return widths;
  const before = columns.slice(0, straddling).reduce((sum, c) => sum + c.width, start);
  const over = before + columns[straddling]!.width - edge;
  const under = edge - before;
  const text = (upTo: number) => columns.map((c, i) => i <= upTo && !c.fixed && c.text);
  const shrinking = text(straddling);
  const room = columns.reduce((sum, c, i) => sum + (shrinking[i] ? c.width * MAX_SHRINK : 0), 0);
  if (over <= room) return spread(widths, shrinking, -over);
  // widen the text columns before it (or, with none, any unpinned one before it)
  const widening = text(straddling - 1).some(Boolean) ? text(straddling - 1) : columns.map((c, i) => i < straddling && !c.fixed);
  return widening.some(Boolean) ? spread(widths, widening, under) : widths;
}

/** Adds `delta` px over the chosen columns in proportion to their widths, in whole pixels summing to delta. */
function spread(widths: readonly number[], chosen: readonly boolean[], delta: number): number[] {
  const total = widths.reduce((sum, w, i) => sum + (chosen[i] ? w : 0), 0);
  const out = [...widths];
  let given = 0;
  const last = chosen.lastIndexOf(true);
  widths.forEach((w, i) => {
    if (!chosen[i]) return;
    const share = i === last ? delta - given : Math.trunc((delta * w) / total);
    out[i] = w + share;
    given += share;
  });
  return out;
}
