/**
 * 列设置: which of a list's columns are shown (the pinned ones — the bill's number and 状态 — always
 * are), and 恢复默认 (shown again, widths as the definition says). Widths are dragged at the
 * headers' right edges (DefinitionTableCells.tsx). Esc closes it wherever the focus is (issue 31:
 * Mantine's popover hears Esc only inside its dropdown, and the focus stays on the 列设置 button).
 */
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import type { ListColumn } from '../../domain/bills/types.ts';
import { billListText } from '../../domain/texts/bills.ts';
import { isPinnedColumn } from '../../domain/bills/list-order.ts';
import type { ColumnSettings } from './column-settings.ts';

export interface ColumnChooserProps {
  columns: readonly { column: ListColumn; label: string }[];
  settings: ColumnSettings;
  onToggle: (field: string, shown: boolean) => void;
  onReset: () => void;
}

export function ColumnChooser({ columns, settings, onToggle, onReset }: ColumnChooserProps) {
  const [opened, setOpened] = useState(false);
  useWindowEvent('keydown', (event) => { if (opened && event.key === 'Escape') setOpened(false); });
  return (
    <Popover position="bottom-end" shadow="md" withinPortal opened={opened} onChange={setOpened} returnFocus>
      <Popover.Target>
        <Button size="xs" variant="default" onClick={() => setOpened((o) => !o)}>{billListText.columns}</Button>
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
