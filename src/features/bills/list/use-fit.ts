/**
 * Measures a row for fitItems: the width the row may take (its box, which must not grow with its
 * content: flex 1 1 0, min-width 0) and the width of every item, read from an invisible copy of all
 * of them (the hidden ones too) whose last child is the 更多 button. Measured again when either box
 * changes size (a window resized, a count going from 9 to 10). Where nothing can be measured (jsdom:
 * widths 0, no ResizeObserver) the fit is null and the caller shows its plain layout.
 */
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { fitItems, type FitResult } from './fit-items.ts';

interface Measured {
  available: number;
  widths: number[];
  moreWidth: number;
  gap: number;
}

const same = (a: Measured | null, b: Measured | null) =>
  a === b || (a !== null && b !== null && a.available === b.available && a.moreWidth === b.moreWidth && a.gap === b.gap &&
    a.widths.length === b.widths.length && a.widths.every((w, i) => w === b.widths[i]));

/**
 * The invisible copy: in the row's box, anchored at its right edge so it overflows to the left,
 * where overflow never makes a scrollbar; never seen, clicked or read (aria-hidden, inert).
 */
export const ghostStyle: CSSProperties = {
  position: 'absolute', top: 0, right: 0, width: 'max-content', display: 'flex', flexWrap: 'nowrap',
  visibility: 'hidden', pointerEvents: 'none', height: 0, overflow: 'hidden',
};
/** the row's box: takes the width its parent gives, whatever its content */
export const rowBoxStyle: CSSProperties = { position: 'relative', flex: '1 1 0', minWidth: 0 };

/**
 * @param count the number of items (the copy's children but its last)
 * @param keep the item that must stay in the row, or -1
 * @param outerGap space between the row's last item and 更多 beyond the items' own gap
 */
export function useFit(count: number, keep: number, outerGap = 0) {
  const row = useRef<HTMLDivElement>(null);
  const ghost = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<Measured | null>(null);
  const read = useRef(() => {});
  // every render: the items' texts may have changed (a count, a label) without a box changing size
  useLayoutEffect(() => {
    read.current = () => {
      const box = row.current;
      const copy = ghost.current;
      const items = copy ? ([...copy.children] as HTMLElement[]) : [];
      const more = items.pop();
      // a fractional pixel of rounding must not push the last item onto a second line
      const available = box ? box.getBoundingClientRect().width - 1 : 0;
      const next = box && copy && more && available > 0 && items.length === count
        ? {
            available,
            widths: items.map((el) => el.getBoundingClientRect().width),
            moreWidth: more.getBoundingClientRect().width + outerGap,
            gap: Number.parseFloat(getComputedStyle(copy).columnGap) || 0,
          }
        : null;
      setMeasured((prev) => (same(prev, next) ? prev : next));
    };
    read.current();
  });
  useLayoutEffect(() => {
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => read.current());
    if (row.current) observer.observe(row.current);
    if (ghost.current) observer.observe(ghost.current);
    return () => observer.disconnect();
  }, []);
  const fit: FitResult | null = measured && measured.widths.every((w) => w > 0) ? fitItems({ ...measured, keep }) : null;
  return { row, ghost, fit };
}
