/**
 * A bill's customs receipts of the last three days (bills §2, §7): returnTime, returnStatusName,
 * returnInfo, newest as the server orders them, each with its explanation beside it (what the code
 * means; cause and fix when the user has to act). Receipts whose status customs documents for no
 * edition of the message (stored, applied to nothing) are marked and counted on a 未识别状态 line
 * above the table, so none passes unnoticed.
 */
import { Alert, Badge, Center, Group, Loader, Modal, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { BillDefinition } from '../../../../../domain/bills/types.ts';
import { billListText } from '../../../../../domain/texts/bills.ts';
import { receiptText } from '../../../../../domain/texts/receipts.ts';
import { timelineText } from '../../../../../domain/texts/timeline.ts';
import type { BillRow } from '../../../../../machines/bill-list.ts';
import type { Http } from '../../../../lib/http.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { fetchReceipts, type ReceiptItem } from '../api/receipts.ts';
import { ReceiptExplanationNote } from './ReceiptExplanation.tsx';

export interface ReceiptDialogProps {
  definition: BillDefinition;
  client: Http;
  /** the bill whose receipts are shown; null = closed */
  row: BillRow | null;
  title: string;
  onClose: () => void;
}

export function ReceiptDialog({ definition, client, row, title, onClose }: ReceiptDialogProps) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={billListText.receiptTitle} size="xl">
      {row && <Receipts definition={definition} client={client} row={row} title={title} />}
    </Modal>
  );
}

function Receipts({ definition, client, row, title }: Omit<ReceiptDialogProps, 'onClose' | 'row'> & { row: BillRow }) {
  const [items, setItems] = useState<ReceiptItem[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchReceipts(client, definition, row, abort.signal).then(setItems, (error: unknown) => {
      notifyError(error);
      setItems([]);
    });
    return () => abort.abort();
  }, [client, definition, row]);

  const { returnTime, returnStatusName, returnInfo } = billListText.receiptColumns;
  const unrecognised = items?.filter((r) => r.unrecognised) ?? [];
  return (
    <>
      <Text size="sm" mb="xs" fw={500}>{title}</Text>
      {unrecognised.length > 0 && (
        <Alert color="orange" variant="light" p="xs" mb="xs" title={receiptText.unrecognisedStatus} aria-label={receiptText.unrecognisedStatus}>
          {receiptText.unrecognisedCount(unrecognised.length, [...new Set(unrecognised.map((r) => r.returnStatus ?? ''))].join('、'))}
        </Alert>
      )}
      {items === null ? (
        <Center p="md"><Loader size="sm" /></Center>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" p="md">{billListText.noReceipts}</Text>
      ) : (
        <Table striped withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={170}>{returnTime}</Table.Th>
              <Table.Th w={140}>{returnStatusName}</Table.Th>
              <Table.Th>{returnInfo}</Table.Th>
              <Table.Th w={300}>{timelineText.meaning}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r, i) => (
              <Table.Tr key={`${r.returnTime}-${i}`}>
                <Table.Td>{r.returnTime}</Table.Td>
                <Table.Td>
                  {r.unrecognised ? (
                    <Group gap={4} wrap="wrap">{r.returnStatusName}<Badge size="xs" color="orange" variant="light">{receiptText.unrecognisedStatus}</Badge></Group>
                  ) : r.returnStatusName}
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{r.returnInfo}</Table.Td>
                <Table.Td><ReceiptExplanationNote explain={r.explain} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
