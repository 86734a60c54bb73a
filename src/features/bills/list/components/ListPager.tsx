/**
 * Paging under the table (bills §9): page numbers, 共 N 条 and the page size (50/100/200/500), or,
 * for simple paging, previous and next only with the estimated total. Always shown, so an empty
 * page past the end can still go back.
 */
import { Button, Group, Pagination, Select, Text } from '@mantine/core';
import { memo } from 'react';
import { billListText } from '../../../../../domain/texts/bills.ts';

const controlLabels = {
  first: billListText.firstPage,
  previous: billListText.previousPage,
  next: billListText.nextPage,
  last: billListText.lastPage,
} as const;

export interface ListPagerProps {
  pageIndex: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  total: number;
  rowsOnPage: number;
  simple: boolean;
  selectedCount: number;
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
}

function ListPagerView({ pageIndex, pageSize, pageSizeOptions, total, rowsOnPage, simple, selectedCount, onPage, onPageSize }: ListPagerProps) {
  const sizes = pageSizeOptions.includes(pageSize) ? pageSizeOptions : [...pageSizeOptions, pageSize].sort((a, b) => a - b);
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {selectedCount > 0 ? billListText.selected(selectedCount) : ''}
      </Text>
      <Group gap="sm" wrap="nowrap">
        {simple ? (
          <>
            <Text size="sm" c="dimmed">
              {billListText.page(pageIndex + 1)} · {billListText.estimatedTotal(total)}
            </Text>
            <Button size="compact-sm" variant="default" disabled={pageIndex === 0} onClick={() => onPage(pageIndex - 1)}>
              {billListText.previousPage}
            </Button>
            <Button size="compact-sm" variant="default" disabled={rowsOnPage < pageSize} onClick={() => onPage(pageIndex + 1)}>
              {billListText.nextPage}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">{billListText.total(total)}</Text>
            <Pagination
              size="sm"
              withEdges
              total={Math.max(1, Math.ceil(total / pageSize))}
              value={pageIndex + 1}
              onChange={(page) => onPage(page - 1)}
              getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
            />
          </>
        )}
        <Select
          size="xs"
          w={104}
          aria-label={billListText.pageSize}
          allowDeselect={false}
          data={sizes.map((n) => ({ value: String(n), label: billListText.pageSizeOption(n) }))}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
        />
      </Group>
    </Group>
  );
}

export const ListPager = memo(ListPagerView);
