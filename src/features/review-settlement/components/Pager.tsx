/** 共 n 条, the page size and the pages of a review list (the enterprise lists' footer). */
import { Group, Pagination, Select, Text } from '@mantine/core';
import { BILL_PAGE_SIZE_OPTIONS } from '../../../../domain/query.ts';
import { reviewSettlementText as t } from '../../../../domain/texts/review-settlement.ts';

export function Pager({ total, pageIndex, pageSize, onPage, onPageSize }: {
  total: number; pageIndex: number; pageSize: number; onPage: (pageIndex: number) => void; onPageSize?: (pageSize: number) => void;
}) {
  return (
    <Group justify="flex-end">
      <Text size="sm">{t.total(total)}</Text>
      {onPageSize && <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)}
        onChange={(v) => v && onPageSize(Number(v))} />}
      <Pagination size="sm" total={Math.max(1, Math.ceil(total / pageSize))} value={pageIndex + 1} onChange={(p) => onPage(p - 1)} />
    </Group>
  );
}
