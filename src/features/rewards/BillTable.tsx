/** The imported bill numbers (subsidy bill rows, §3). */
import { Button, Table } from '@mantine/core';
import { rewardText as t } from '../../../domain/texts/rewards.ts';
import type { Page, SubsidyBill } from './api.ts';

export function BillTable({ bills, onDelete, deleteLabel }: { bills: Page<SubsidyBill>; onDelete?: (b: SubsidyBill) => void; deleteLabel?: string }) {
  const c = t.billColumns;
  return (
    <Table striped withTableBorder aria-label={t.billCard}>
      <Table.Thead>
        <Table.Tr>
          {[c.rowNo, c.billNo, c.payCompanyName, c.recCompanyName, c.takeTime, c.flightNo, c.flightDate, c.grossWeight].map((h) => <Table.Th key={h}>{h}</Table.Th>)}
          {onDelete && <Table.Th>{t.operation}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {bills.datas.map((b) => (
          <Table.Tr key={b.id}>
            <Table.Td>{b.rowNo}</Table.Td><Table.Td>{b.billNo}</Table.Td><Table.Td>{b.payCompanyName}</Table.Td><Table.Td>{b.recCompanyName}</Table.Td>
            <Table.Td>{b.takeTime}</Table.Td><Table.Td>{b.flightNo}</Table.Td><Table.Td>{b.flightDate}</Table.Td><Table.Td ta="right">{b.grossWeight}</Table.Td>
            {onDelete && <Table.Td><Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(b)}>{deleteLabel}</Button></Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
