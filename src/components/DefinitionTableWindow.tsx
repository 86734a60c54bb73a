/**
 * Row windowing for DefinitionTable: only the rows in (and near) the scroll viewport get their
 * cells; every other record is a one-cell placeholder row of the same height. A 500-row page then
 * costs about what ~60 full rows cost, however many columns it has, while the table still has a
 * row per record (row count, scrollbar and striping stay natural). Rows are one line (nowrap +
 * ellipsis), so every row has the height of the first one measured.
 */
import { Table } from '@mantine/core';
import { memo, useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface RowWindow { first: number; last: number }

/** a row of dense text (sm font, 4 px padding, 1 px border), until one is measured */
export const ROW_ESTIMATE = 31;
/** viewport height to assume while there is no layout (a hidden tab, tests) */
const FALLBACK_VIEWPORT = 1080;
/** rows rendered beyond each edge of the viewport */
const OVERSCAN = 20;
/** the window moves in steps of this many rows, so scrolling re-renders rarely */
const STEP = 10;

export function windowFor(top: number, height: number, rowHeight: number, count: number): RowWindow {
  const firstVisible = Math.floor(top / rowHeight);
  const lastVisible = Math.ceil((top + height) / rowHeight);
  const first = Math.max(0, Math.floor((firstVisible - OVERSCAN) / STEP) * STEP);
  const last = Math.min(count, Math.ceil((lastVisible + OVERSCAN) / STEP) * STEP);
  return { first: Math.min(first, last), last };
}

export function useRowWindow(count: number, viewport: RefObject<HTMLDivElement | null>, body: RefObject<HTMLTableSectionElement | null>, resetKey: unknown) {
  const heightRef = useRef(ROW_ESTIMATE);
  const [range, setRange] = useState<RowWindow>(() => windowFor(0, FALLBACK_VIEWPORT, ROW_ESTIMATE, count));

  const update = useCallback(() => {
    const el = viewport.current;
    const next = windowFor(el?.scrollTop ?? 0, el?.clientHeight || FALLBACK_VIEWPORT, heightRef.current, count);
    setRange((r) => (r.first === next.first && r.last === next.last ? r : next));
  }, [viewport, count]);

  // new records (another page, a reload): back to the top
  useLayoutEffect(() => {
    viewport.current?.scrollTo?.({ top: 0 });
    update();
  }, [resetKey, update, viewport]);

  // the real row height, once per set of records that has a laid-out row (reading it forces a
  // layout, so not on every render)
  const measuredFor = useRef<unknown>(undefined);
  useLayoutEffect(() => {
    if (measuredFor.current === resetKey) return;
    const measured = body.current?.querySelector('tr[data-row]')?.getBoundingClientRect().height ?? 0;
    if (measured <= 0) return;
    measuredFor.current = resetKey;
    if (Math.abs(measured - heightRef.current) > 0.5) {
      heightRef.current = measured;
      update();
    }
  });

  // the viewport grows or shrinks (window resize; a hidden tab shown again)
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => update());
    observer.observe(el);
    return () => observer.disconnect();
  }, [viewport, update]);

  return { range, onScroll: update };
}

const rowClass = `${Table.classes.tr} mantine-Table-tr mantine-datatable-row`;
// a cell of the same class and one line of text: the placeholder is exactly as tall as a row
const cellClass = `${Table.classes.td} mantine-Table-td`;

/** Stands in for a record outside the window: one empty cell across the row. */
function PlaceholderRowView({ columns }: { columns: number }) {
  return (
    <tr className={rowClass} data-with-row-border="true" data-placeholder="true" aria-hidden="true">
      <td className={cellClass} colSpan={columns}>
        {'\u00a0'}
      </td>
    </tr>
  );
}

export const PlaceholderRow = memo(PlaceholderRowView);
