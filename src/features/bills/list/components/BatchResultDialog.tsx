/**
 * The per-bill result of a batch action (bill-engine.md: {total, succeeded, failed: [{id, title,
 * message}]}), shown when something did not go through: failures with their reasons, and the
 * selected bills whose state did not allow the action (not submitted).
 */
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { billListText } from '../../../../../domain/texts/bills.ts';
import type { BatchOutcome, BillRow } from '../../../../../machines/bill-list.ts';

export interface BatchResultDialogProps {
  result: BatchOutcome | null;
  titleOf: (row: BillRow) => string;
  onClose: () => void;
}

export function BatchResultDialog({ result, titleOf, onClose }: BatchResultDialogProps) {
  const rows = result
    ? [
        ...result.failed.map((f) => ({ key: `f${f.id}`, title: f.title, message: f.message })),
        ...result.excluded.map((r) => ({ key: `x${r.id}`, title: titleOf(r), message: billListText.stateRefuses(String(r.stateName ?? ''), result.action.label) })),
      ]
    : [];
  return (
    <Modal opened={result !== null} onClose={onClose} title={result ? billListText.resultTitle(result.action.label) : ''} size="lg">
      {result && (
        <Stack gap="sm">
          <Text size="sm">{billListText.resultSummary(result.total, result.succeeded, result.failed.length)}</Text>
          {result.excluded.length > 0 && <Text size="sm" c="orange">{billListText.notSubmitted(result.excluded.length)}</Text>}
          {rows.length > 0 && (
            <Table withTableBorder striped fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={200}>{billListText.failedBill}</Table.Th>
                  <Table.Th>{billListText.failedReason}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.key}>
                    <Table.Td>{r.title}</Table.Td>
                    <Table.Td>{r.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>{billListText.close}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
