/** The company's 审批记录 (its declarations and the decisions taken), newest first. */
import { Badge, Card, Table, Title } from '@mantine/core';
import { APPROVE_STATE } from '../../../../domain/enterprise/approval.ts';
import { reviewFilingText as t } from '../../../../domain/texts/review-filing.ts';
import type { ApprovalVo } from '../api.ts';

const color = (state: number) => (state === APPROVE_STATE.approved ? 'green' : state === APPROVE_STATE.rejected ? 'red' : 'blue');

export function ApprovalHistory({ records }: { records: ApprovalVo[] }) {
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="sm">{t.companyHistory}</Title>
      <Table striped withTableBorder aria-label={t.companyHistory}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.operationTime}</Table.Th><Table.Th>{t.reviewer}</Table.Th><Table.Th>{t.decision}</Table.Th>
            <Table.Th>{t.opinion}</Table.Th><Table.Th>{t.note}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.operationTime}</Table.Td><Table.Td>{r.userName}</Table.Td>
              <Table.Td><Badge variant="light" color={color(r.state)}>{r.stateName}</Badge></Table.Td>
              <Table.Td>{r.opinion}</Table.Td><Table.Td>{r.note}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
