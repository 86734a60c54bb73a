/**
 * A table whose columns come from a bill definition (ListColumn + FieldDef): labels, coded values
 * shown by name, numbers right-aligned, sortable headers (sorts name the snake_case column), an
 * optional 序号 column, row selection and the navigating field as a link. Dense rows and a sticky
 * header; the height is the caller's (fill the page).
 *
 * Speed: a 500-row page is 6,000+ cells. mantine-datatable draws the header, scrolling, sorting,
 * select-all, loader and empty state; the body rows are ours (rowFactory, DefinitionTableRow.tsx):
 * plain DOM with its classes, a cell is a string or one plain <a>/<button>, memoized per record;
 * only the rows near the viewport get cells, the others are placeholders of the same height
 * (DefinitionTableWindow.tsx); the table layout is
 * fixed; cell functions are built once per column set and coded values looked up in Maps
 * (DefinitionTableCells.tsx).
 */
import 'mantine-datatable/styles.layer.css';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { snake } from '../../domain/bills/columns.ts';
import type { FieldDef, ListColumn } from '../../domain/bills/types.ts';
import type { Sort } from '../../domain/query.ts';
import type { ColumnSettings } from './column-settings.ts';
import { buildColumns, type CodeNames, type TableRecord } from './DefinitionTableCells.tsx';
import { BodyRow } from './DefinitionTableRow.tsx';
import { PlaceholderRow, useRowWindow } from './DefinitionTableWindow.tsx';

export type { CodeNames, TableRecord };

export interface DefinitionTableProps<R extends TableRecord> {
  columns: readonly ListColumn[];
  /** field name → field (labels, kinds, code tables) */
  fields: ReadonlyMap<string, FieldDef>;
  records: R[];
  codeNames: CodeNames;
  fetching?: boolean;
  /** the sort in force (the first one is shown) */
  sorts?: readonly Sort[];
  onSort?: (sorts: Sort[]) => void;
  /** the number of the first row, 1-based: shows the index column */
  firstIndex?: number;
  indexTitle?: string;
  selection?: { selected: R[]; onChange: (rows: R[]) => void };
  /** accessible names of a row's checkbox and of the select-all one */
  selectTitle?: (record: R) => string;
  selectAllTitle?: string;
  /** href of the navigating column's link */
  linkOf?: (record: R) => string;
  /** a plain click on the link (new-tab clicks keep the browser's behaviour) */
  onNavigate?: (href: string) => void;
  /** a last column (row actions), pinned to the right edge */
  trailing?: { title: ReactNode; width: number; render: (record: R) => ReactNode };
  height?: string | number;
  noRecordsText?: string;
  /** the user's hidden columns and widths (column-settings.ts), and where a dragged width goes */
  settings?: ColumnSettings;
  onResize?: (field: string, width: number) => void;
}

/**
 * Fixed layout: column widths come from the header, so the browser never measures 6,000 cells
 * (auto layout doubled the time of a 500-row page); cells need no width of their own.
 */
const tableStyles = { table: { tableLayout: 'fixed' as const } };
const idTitle = (record: TableRecord) => String(record.id);

/** The scroll viewport's width (0 until measured, and where nothing is laid out: jsdom), followed as the window resizes. */
function useViewportWidth(viewport: RefObject<HTMLDivElement | null>, wanted: boolean): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!wanted || !el) return undefined;
    const read = () => setWidth(el.clientWidth);
    read();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [viewport, wanted]);
  return width;
}

export function DefinitionTable<R extends TableRecord>({
  columns,
  fields,
  records,
  codeNames,
  fetching,
  sorts,
  onSort,
  firstIndex,
  indexTitle = '#',
  selection,
  selectTitle = idTitle,
  selectAllTitle,
  linkOf,
  onNavigate,
  trailing,
  height = '100%',
  noRecordsText,
  settings,
  onResize,
}: DefinitionTableProps<R>) {
  const selectable = selection !== undefined;
  const viewportRef = useRef<HTMLDivElement>(null);
  // with a pinned last column, its edge (the viewport's width less its own) decides the widths
  const viewportWidth = useViewportWidth(viewportRef, trailing !== undefined);
  // what each column shows: the headers go to mantine-datatable, the body cells to BodyRow
  const { headers, cells } = useMemo(
    () => buildColumns<R>({ columns, fields, codeNames, sortable: onSort !== undefined, firstIndex, indexTitle, linkOf, onNavigate, trailing, selectable, settings, onResize, viewportWidth }),
    [columns, fields, codeNames, onSort, firstIndex, indexTitle, linkOf, onNavigate, trailing, selectable, settings, onResize, viewportWidth],
  );

  const sortStatus = useMemo<DataTableSortStatus<R> | undefined>(() => {
    const first = sorts?.[0];
    const column = first && columns.find((c) => snake(c.field) === first.name);
    return column && first ? { columnAccessor: column.field, direction: first.order } : undefined;
  }, [sorts, columns]);

  const selectedIds = useMemo(() => new Set(selection?.selected.map((r) => r.id)), [selection?.selected]);
  // one toggle for every row (rows stay memoized); it reads the latest records and selection
  const latest = useRef({ records, selection, last: null as number | null });
  useLayoutEffect(() => {
    latest.current = { ...latest.current, records, selection };
  }, [records, selection]);
  const toggle = useCallback((index: number, range: boolean) => {
    const { records: rows, selection: sel, last } = latest.current;
    const record = rows[index];
    if (!sel || !record) return;
    const ids = new Set(sel.selected.map((r) => r.id));
    const on = !ids.has(record.id);
    // shift-click: the rows from the last clicked one to this one, like a file list
    const span = range && last !== null && last < rows.length ? rows.slice(Math.min(last, index), Math.max(last, index) + 1) : [record];
    for (const r of span) (on ? ids.add(r.id) : ids.delete(r.id));
    latest.current.last = index;
    sel.onChange(rows.filter((r) => ids.has(r.id)).concat(sel.selected.filter((r) => ids.has(r.id) && !rows.includes(r))));
  }, []);

  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const setBody = useCallback((el: HTMLTableSectionElement | null) => {
    bodyRef.current = el;
  }, []);
  const { range, onScroll } = useRowWindow(records.length, viewportRef, bodyRef, records);
  const columnCount = cells.length + (selection ? 1 : 0);
  const rowFactory = ({ record, index }: { record: R; index: number }) =>
    index < range.first || index >= range.last ? (
      <PlaceholderRow columns={columnCount} />
    ) : (
      <BodyRow<R>
        record={record}
        index={index}
        cells={cells}
        selectable={selection !== undefined}
        selected={selectedIds.has(record.id)}
        selectLabel={selectTitle}
        onToggle={toggle}
      />
    );

  const sortProps = onSort
    ? {
        // the default sort's column may not be shown: then no header is highlighted
        sortStatus: sortStatus ?? { columnAccessor: '', direction: 'desc' as const },
        onSortStatusChange: (s: DataTableSortStatus<R>) => onSort([{ name: snake(String(s.columnAccessor)), order: s.direction }]),
      }
    : {};
  const selectionProps = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onChange,
        allRecordsSelectionCheckboxProps: { size: 'xs' as const, 'aria-label': selectAllTitle },
      }
    : {};

  return (
    <DataTable<R>
      height={height}
      minHeight={160}
      records={records}
      columns={headers}
      rowFactory={rowFactory}
      pinLastColumn={trailing !== undefined}
      scrollViewportRef={viewportRef}
      bodyRef={setBody}
      onScroll={onScroll}
      fetching={fetching}
      withTableBorder
      withColumnBorders
      striped
      highlightOnHover
      verticalSpacing={4}
      horizontalSpacing={8}
      fz="sm"
      noRecordsText={noRecordsText}
      styles={tableStyles}
      {...sortProps}
      {...selectionProps}
    />
  );
}

