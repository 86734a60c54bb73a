/**
 * What DefinitionTable's columns show, built once per column set: the header (for
 * mantine-datatable) and the body cell (for BodyRow) of every column; the text of a cell (coded
 * values by name through one Map per code table, fixed options by label); the classes that give
 * plain cells mantine-datatable's look.
 */
import { Table } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { MouseEvent, ReactNode } from 'react';
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
}

const INDEX = '__index';
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
  const { firstIndex } = o;
  if (firstIndex !== undefined) {
    add({ accessor: INDEX, title: o.indexTitle, width: 56, textAlign: 'right' }, { render: (_r, i) => firstIndex + i });
  }
  for (const column of o.columns) {
    const field = o.fields.get(column.field);
    const numeric = isNumeric(field);
    const text = cellTextOf<R>(field, column.field, o.codeNames);
    const { linkOf, onNavigate } = o;
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
    add(
      {
        accessor: column.field,
        title: column.label ?? field?.label ?? column.field,
        sortable: Boolean(column.sortable && o.sortable),
        width: column.width ?? DEFAULT_WIDTH,
        textAlign: numeric ? 'right' : 'left',
        ellipsis: true,
      },
      // long texts (回执信息) are cut by the ellipsis: the whole text on hover
      { render, title: numeric ? undefined : text },
    );
  }
  if (o.trailing) {
    add({ accessor: TRAILING, title: o.trailing.title, width: o.trailing.width, textAlign: 'center' }, { render: o.trailing.render, pinnedRight: true });
  }
  return { headers, cells };
}
