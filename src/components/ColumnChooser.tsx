/**
 * 列设置: which of a list's columns are shown (the pinned ones — the bill's number and 状态 — always
 * are), and 恢复默认 (shown again, widths as the definition says). Widths are dragged at the
 * headers' right edges (DefinitionTableCells.tsx).
 */
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import type { ListColumn } from '../../domain/bills/types.ts';
import { billListText } from '../../domain/texts/bills.ts';
import type { ColumnSettings } from './column-settings.ts';

export interface ColumnChooserProps {
  columns: readonly { column: ListColumn; label: string }[];
  settings: ColumnSettings;
  onToggle: (field: string, shown: boolean) => void;
  onReset: () => void;
}

export const isPinnedColumn = (c: ListColumn): boolean => c.navigate === true || c.place === 'pinned';

export function ColumnChooser({ columns, settings, onToggle, onReset }: ColumnChooserProps) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button size="xs" variant="default">{billListText.columns}</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label={billListText.columns}>
          <Text size="xs" c="dimmed">{billListText.columnsHint}</Text>
          {columns.map(({ column, label }) => (
            <Checkbox key={column.field} size="xs" label={label} disabled={isPinnedColumn(column)}
              checked={!settings.hidden.includes(column.field)} onChange={(e) => onToggle(column.field, e.currentTarget.checked)} />
          ))}
          <Button size="xs" variant="subtle" onClick={onReset}>{billListText.columnsReset}</Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
