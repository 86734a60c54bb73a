/** The `in` filter of an Excel query import, in view while it narrows the list; × removes it. */
import { Badge, CloseButton, Group } from '@mantine/core';
import { billListText } from '../../../../../domain/texts/bills.ts';

export interface ImportedFilterProps {
  /** how many values were imported, and the label of their column */
  count: number;
  label: string;
  onClear: () => void;
}

export function ImportedFilter({ count, label, onClear }: ImportedFilterProps) {
  return (
    <Group gap={4}>
      <Badge
        variant="light"
        size="lg"
        radius="sm"
        tt="none"
        fw={400}
        rightSection={<CloseButton size="xs" aria-label={billListText.clearImport} onClick={onClear} />}
      >
        {billListText.imported(count, label)}
      </Badge>
    </Group>
  );
}
