/** The authorization records of either page: state checkbox filter, table, paging (50 a page; 50, 100, 200, 500). */
import { Checkbox, Group, Pagination, Select, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BILL_PAGE_SIZE, BILL_PAGE_SIZE_OPTIONS } from '../../../domain/query.ts';
import { AUTHORIZATION_STATES, authorizationStateNames } from '../../../domain/settlement/states.ts';
import { authorizationText as t, settlementText } from '../../../domain/texts/settlement.ts';
import type { AuthorizationRecord, Page } from './api.ts';

export function StateFilter({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  return (
    <Checkbox.Group label={t.state} value={value} onChange={onChange}>
      <Group gap="sm" mt={6}>{AUTHORIZATION_STATES.map((s) => <Checkbox key={s} value={s} label={authorizationStateNames[s]} />)}</Group>
    </Checkbox.Group>
  );
}

export function AuthorizationTable({ label, data, columns, selected, onSelect, actions, page, pageSize, onPage, onPageSize }: {
  /** the table's accessible name: the page's title */
  label: string;
  data: Page<AuthorizationRecord>;
  columns: { label: string; value: (r: AuthorizationRecord) => ReactNode }[];
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  actions?: (r: AuthorizationRecord) => ReactNode;
  page: number; pageSize: number; onPage: (p: number) => void; onPageSize: (size: number) => void;
}) {
  return (
    <>
      <Table striped highlightOnHover withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {onSelect && <Table.Th w={40}><Checkbox aria-label="全选" checked={data.datas.length > 0 && selected?.length === data.datas.length}
              onChange={(e) => onSelect(e.currentTarget.checked ? data.datas.map((r) => r.id) : [])} /></Table.Th>}
            {columns.map((c) => <Table.Th key={c.label}>{c.label}</Table.Th>)}
            {actions && <Table.Th>{settlementText.columns.operation}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.datas.map((r) => (
            <Table.Tr key={r.id}>
              {onSelect && <Table.Td><Checkbox aria-label={r.commerceName} checked={selected?.includes(r.id) ?? false}
                onChange={(e) => onSelect(e.currentTarget.checked ? [...(selected ?? []), r.id] : (selected ?? []).filter((x) => x !== r.id))} /></Table.Td>}
              {columns.map((c) => <Table.Td key={c.label}>{c.value(r)}</Table.Td>)}
              {actions && <Table.Td><Group gap={4} wrap="nowrap">{actions(r)}</Group></Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Text size="sm">{settlementText.total(data.total)}</Text>
        <Select w={100} size="xs" aria-label={t.pageSize} data={BILL_PAGE_SIZE_OPTIONS.map(String)} value={String(pageSize)}
          onChange={(v) => onPageSize(Number(v ?? BILL_PAGE_SIZE))} />
        <Pagination total={Math.max(1, Math.ceil(data.total / pageSize))} value={page + 1} onChange={(p) => onPage(p - 1)} />
      </Group>
    </>
  );
}
