/**
 * Body rows of DefinitionTable as plain DOM carrying mantine-datatable's and Mantine Table's
 * classes (the same look): the library's own cells are a Mantine component plus a media-query
 * effect each, several times slower at 6,000 cells. Memoized, so (de)selecting a row re-renders
 * that row only.
 */
import { Table } from '@mantine/core';
import { memo } from 'react';
import type { BodyCell } from './DefinitionTableCells.tsx';
const rowClass = `${Table.classes.tr} mantine-Table-tr mantine-datatable-row`;
const selectorClass = `${Table.classes.td} mantine-Table-td mantine-datatable-row-selector-cell`;
// positioned: a selected row's cell paints the selection colour in a ::before that covers the cell
const checkboxStyle = { position: 'relative', width: 16, height: 16, margin: 0, cursor: 'pointer', accentColor: 'var(--mantine-primary-color-filled)', verticalAlign: 'middle' } as const;
// the library pads its selector cells by 10 px all round: rows would be 42 px instead of 31
const selectorCellStyle = { paddingTop: 0, paddingBottom: 0, lineHeight: 0 } as const;
const noop = () => {};
/** a selected row's pinned cell paints the selection colour in a ::before over the cell */
const aboveSelection = { position: 'relative' } as const;
/** what the library puts on a pinned cell: its CSS gives it the row's background and the shadow */
const pinnedRight = { 'data-pinned': 'right', 'data-pinned-shadow': 'right', style: { position: 'sticky', right: 0, overflow: 'visible' } } as const;
/** the same on the left (the navigating number, 状态), at the offsets the header cells have */
const pinnedLeftProps = ({ offset, boundary }: { offset: number; boundary: boolean }) =>
  ({ 'data-pinned': 'left', 'data-pinned-shadow': boundary ? 'left' : undefined, style: { position: 'sticky', left: offset } }) as const;

export interface BodyRowProps<R> {
  record: R;
  index: number;
  cells: readonly BodyCell<R>[];
  selectable: boolean;
  selected: boolean;
  selectLabel: (record: R) => string;
  /** range: shift was held (select from the last clicked row to this one) */
  onToggle: (index: number, range: boolean) => void;
}

function BodyRowView<R>({ record, index, cells, selectable, selected, selectLabel, onToggle }: BodyRowProps<R>) {
  return (
    <tr className={rowClass} data-with-row-border="true" data-selected={selected || undefined} data-row={index}>
      {selectable && (
        <td className={selectorClass} style={selectorCellStyle} data-with-column-border="true" data-shadow-visible="true">
          <input
            type="checkbox"
            style={checkboxStyle}
            checked={selected}
            aria-label={selectLabel(record)}
            onChange={noop}
            onClick={(e) => onToggle(index, e.shiftKey)}
          />
        </td>
      )}
      {cells.map((cell) => (
        <td
          key={cell.key}
          className={cell.className}
          data-with-column-border="true"
          title={cell.title?.(record)}
          {...(cell.pinnedRight ? pinnedRight : cell.pinnedLeft ? pinnedLeftProps(cell.pinnedLeft) : undefined)}
        >
          {cell.pinnedRight || cell.pinnedLeft ? <span style={aboveSelection}>{cell.render(record, index)}</span> : cell.render(record, index)}
        </td>
      ))}
    </tr>
  );
}

export const BodyRow = memo(BodyRowView) as typeof BodyRowView;
