/** A plain table of rows by column (the detail drawers' inventories, bills, results, applications). */
import { Table } from '@mantine/core';

export function RowsTable<R>({ label, columns, rows, keyOf }: {
  label: string; columns: [string, (r: R) => string | number | null | undefined][]; rows: R[]; keyOf: (r: R, i: number) => string | number;
}) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead><Table.Tr>{columns.map(([h]) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => <Table.Tr key={keyOf(r, i)}>{columns.map(([h, cell]) => <Table.Td key={h}>{cell(r) ?? ''}</Table.Td>)}</Table.Tr>)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
