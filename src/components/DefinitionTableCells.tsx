/**
 * What DefinitionTable's columns show, built once per column set: the header (for
 * mantine-datatable) and the body cell (for BodyRow) of every column; the text of a cell (coded
 * values by name through one Map per code table, fixed options by label); the classes that give
 * plain cells mantine-datatable's look.
 */
import { Table } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { MouseEvent, PointerEvent, ReactNode } from 'react';
import { billListText } from '../../domain/texts/bills.ts';
import { isPinnedColumn, orderedColumns } from '../../domain/bills/list-order.ts';
import type { ColumnSettings } from './column-settings.ts';
import { fitColumns } from './fit-columns.ts';
import { isNumericField, listCellText } from '../../domain/bills/cell-text.ts';
import type { FieldDef, ListColumn } from '../../domain/bills/types.ts';

/** code table → value → name (one Map per table: O(1) per cell) */
export type CodeNames = ReadonlyMap<string, ReadonlyMap<string, string>>;

export interface TableRecord {
  id: string | number;
  [field: string]: unknown;
}

export interface BodyCell<R> {
  key: string;
  className: string;
  render: (record: R, index: number) => ReactNode;
  /** the cell's hover text (long texts are cut by the ellipsis) */
  title?: (record: R) => string;
  /** stays in view at the right edge while the table scrolls sideways (the row actions) */
  pinnedRight?: boolean;
  /** stays in view at the left, `offset` px from the edge; `boundary`: the last such, with the shadow */
  pinnedLeft?: { offset: number; boundary: boolean };
}

export interface ColumnOptions<R> {
  columns: readonly ListColumn[];
  fields: ReadonlyMap<string, FieldDef>;
  codeNames: CodeNames;
  sortable: boolean;
  /** the number of the first row, 1-based: adds the index column */
  firstIndex?: number;
  indexTitle: string;
  linkOf?: (record: R) => string;
  onNavigate?: (href: string) => void;
  trailing?: { title: ReactNode; width: number; render: (record: R) => ReactNode };
  /** the row checkbox column is shown (the pinned columns start after it) */
  selectable?: boolean;
  /** the user's hidden columns and dragged widths (column-settings.ts) */
  settings?: ColumnSettings;
  /** a header's right edge dragged: the column's new width */
  onResize?: (field: string, width: number) => void;
  /** the scroll viewport's width, once measured: no column is left half under the pinned last one (fit-columns.ts) */
  viewportWidth?: number;
}

/** the library's row checkbox column (mantine-datatable's CSS: 44 px) */
const SELECTOR_WIDTH = 44;

/** A header's title with a handle at its right edge that drags the column's width. */
function ResizableTitle({ label, width, onResize }: { label: string; width: number; onResize: (width: number) => void }) {
  const start = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation(); // not a click on a sortable header
    const x0 = event.clientX;
    const move = (e: globalThis.PointerEvent) => onResize(width + e.clientX - x0);
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return (
    <span style={titleWrap}>
      {label}
      <span role="separator" aria-orientation="vertical" aria-label={billListText.resizeColumn(label)} data-resize-handle=""
        style={handleStyle} onPointerDown={start} onClick={stopClick} />
    </span>
  );
}
const stopClick = (e: MouseEvent) => e.stopPropagation();
const titleWrap = { display: 'block' } as const;
/**
 * The grip is placed against the header cell itself (resizableHeader: the th is its containing
 * block), not the title: the library wraps the title in an ellipsis box (overflow: hidden), which
 * would clip a grip that reaches past the text into the cell's padding, leaving nothing to drag.
 * A 10 px grip over the header's right padding (8 px) up to its border.
 */
const handleStyle = { position: 'absolute', top: 0, bottom: 0, right: 0, width: 10, cursor: 'col-resize', zIndex: 2 } as const;
/** a resizable header is the grip's containing block (a pinned one is already: sticky wins over this) */
const resizableHeader = { position: 'relative' } as const;

const INDEX = '__index';
const INDEX_WIDTH = 56;
const TRAILING = '__trailing';
/** fixed table layout needs a width for every column */
const DEFAULT_WIDTH = 120;
const cellClass = `${Table.classes.td} mantine-Table-td mantine-datatable-nowrap mantine-datatable-ellipsis`;
const alignClass = { left: '', right: ' mantine-datatable-text-align-right', center: ' mantine-datatable-text-align-center' } as const;
const linkStyle = { color: 'var(--mantine-color-anchor)', textDecoration: 'none', cursor: 'pointer' } as const;

const isNumeric = isNumericField;

/** The text a cell shows (cell-text.ts, the export's rule too): coded values by name, numbers as lists read them. */
export function cellText(field: FieldDef | undefined, value: unknown, codeNames: CodeNames): string {
  return listCellText(field, value, (table) => codeNames.get(table));
}

/** A column's cell text function: a code table's Map is looked up once per column, not per cell. */
function cellTextOf<R extends TableRecord>(field: FieldDef | undefined, name: string, codeNames: CodeNames): (r: R) => string {
  const names = field?.codeTable ? codeNames.get(field.codeTable) : undefined;
  if (names) return (r) => { const v = r[name]; return v == null ? '' : (names.get(String(v)) ?? String(v)); };
  return (r) => cellText(field, r[name], codeNames);
}

function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function buildColumns<R extends TableRecord>(o: ColumnOptions<R>): { headers: DataTableColumn<R>[]; cells: BodyCell<R>[] } {
  const headers: DataTableColumn<R>[] = [];
  const cells: BodyCell<R>[] = [];
  const add = (header: DataTableColumn<R>, cell: Omit<BodyCell<R>, 'key' | 'className'>) => {
    headers.push(header);
    cells.push({ key: String(header.accessor), className: cellClass + alignClass[header.textAlign ?? 'left'], ...cell });
  };
  const widths = o.settings?.widths ?? {};
  const shown = orderedColumns(o.columns, o.settings?.hidden);
  const pinnedCount = (o.firstIndex !== undefined ? 1 : 0) + shown.filter(isPinnedColumn).length;
  // the pinned columns' left offsets: after the checkbox column, each after the ones before it
  let offset = o.selectable ? SELECTOR_WIDTH : 0;
  let pinnedSoFar = 0;
  const pin = (width: number) => {
    pinnedSoFar += 1;
    const at = { offset, boundary: pinnedSoFar === pinnedCount };
    offset += width;
    return at;
  };
  const { firstIndex } = o;
  if (firstIndex !== undefined) {
    add({ accessor: INDEX, title: o.indexTitle, width: INDEX_WIDTH, textAlign: 'right', pinned: 'left' }, { render: (_r, i) => firstIndex + i, pinnedLeft: pin(INDEX_WIDTH) });
  }
  // the widths first: the column straddling the trailing column's edge is pulled in or pushed out
  const planned = shown.map((column) => {
    const field = o.fields.get(column.field);
    const sized = widths[column.field];
    return { width: sized ?? column.width ?? DEFAULT_WIDTH, fixed: isPinnedColumn(column) || sized !== undefined, text: !isNumeric(field) };
  });
  const start = (o.selectable ? SELECTOR_WIDTH : 0) + (firstIndex !== undefined ? INDEX_WIDTH : 0);
  const fitted = o.trailing && o.viewportWidth
    ? fitColumns(planned, start, o.viewportWidth - o.trailing.width)
    : planned.map((p) => p.width);
  for (const [at, column] of shown.entries()) {
    const field = o.fields.get(column.field);
    const numeric = isNumeric(field);
    const text = cellTextOf<R>(field, column.field, o.codeNames);
    const { linkOf, onNavigate, onResize } = o;
    const render = column.navigate && linkOf
      ? (r: R) => {
          const href = linkOf(r);
          const click = (e: MouseEvent) => {
            // a new-tab click (ctrl, cmd, shift, middle) keeps the browser's behaviour
            if (!onNavigate || !plainClick(e)) return;
            e.preventDefault();
            onNavigate(href);
          };
          return <a href={href} style={linkStyle} onClick={click}>{text(r)}</a>;
        }
      : text;
    const label = column.label ?? field?.label ?? column.field;
    const width = fitted[at]!;
    const pinned = isPinnedColumn(column);
    add(
      {
        accessor: column.field,
        title: onResize ? <ResizableTitle label={label} width={width} onResize={(w) => onResize(column.field, w)} /> : label,
        // the width again as the header's style: mantine-datatable keeps the `width` it first saw
        // per column (its own resizing state) and would ignore a dragged width or 恢复默认 until a
        // reload, while the body rows (ours) follow at once
        titleStyle: { ...(onResize ? resizableHeader : {}), width, minWidth: width, maxWidth: width },
        sortable: Boolean(column.sortable && o.sortable),
        width,
        textAlign: numeric ? 'right' : 'left',
        ellipsis: true,
        ...(pinned ? { pinned: 'left' as const } : {}),
      },
      // long texts (回执信息) are cut by the ellipsis: the whole text on hover
      { render, title: numeric ? undefined : text, ...(pinned ? { pinnedLeft: pin(width) } : {}) },
    );
  }
  if (o.trailing) {
    add({ accessor: TRAILING, title: o.trailing.title, width: o.trailing.width, textAlign: 'center' }, { render: o.trailing.render, pinnedRight: true });
  }
  return { headers, cells };
}
