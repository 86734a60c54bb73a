/** 审批记录 (§3 approvalRecordVos): newest first. */
import { Card, Table, Title } from '@mantine/core';
import { enterpriseText as t } from '../../../../domain/texts/enterprise.ts';

export interface ApprovalVo { id: number; operationTime: string; userName: string; state: number; stateName: string; opinion: string | null; note: string | null }

export function ApprovalHistory({ records }: { records: ApprovalVo[] }) {
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="sm">{t.historySection}</Title>
      <Table striped withTableBorder aria-label={t.historySection}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.operationTime}</Table.Th><Table.Th>{t.userName}</Table.Th><Table.Th>{t.stateName}</Table.Th>
            <Table.Th>{t.opinion}</Table.Th><Table.Th>{t.note}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.operationTime}</Table.Td><Table.Td>{r.userName}</Table.Td><Table.Td>{r.stateName}</Table.Td>
              <Table.Td>{r.opinion}</Table.Td><Table.Td>{r.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
