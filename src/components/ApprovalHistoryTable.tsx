/** A company's 审批记录 (its filings and the decisions taken), newest first: the enterprise's and the operator's. */
import type { ReactNode } from 'react';
import { Card, Table, Title } from '@mantine/core';

export interface ApprovalVo { id: number; operationTime: string | null; userName: string; state: number; stateName: string; opinion: string | null; note: string | null }

export interface ApprovalHistoryLabels { title: string; operationTime: string; userName: string; state: string; opinion: string; note: string }

export function ApprovalHistoryTable({ records, labels, stateCell = (r) => r.stateName }: {
  records: ApprovalVo[];
  labels: ApprovalHistoryLabels;
  /** how a record's decision is shown (the operator's page colours it) */
  stateCell?: (record: ApprovalVo) => ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="sm">{labels.title}</Title>
      <Table striped withTableBorder aria-label={labels.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{labels.operationTime}</Table.Th><Table.Th>{labels.userName}</Table.Th><Table.Th>{labels.state}</Table.Th>
            <Table.Th>{labels.opinion}</Table.Th><Table.Th>{labels.note}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.operationTime}</Table.Td><Table.Td>{r.userName}</Table.Td><Table.Td>{stateCell(r)}</Table.Td>
              <Table.Td>{r.opinion}</Table.Td><Table.Td>{r.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
