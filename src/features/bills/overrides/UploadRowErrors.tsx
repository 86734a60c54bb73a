/**
 * The rows an upload was refused for (data.rows of the refusal: row as Excel numbers it, column
 * header, problem), shown in the upload dialog so the person can mend the file: nothing of it
 * was saved. At most MAX_SHOWN rows are listed; the rest are counted.
 */
import { Alert, ScrollArea, Table, Text } from '@mantine/core';
import type { UploadRowError } from '../../../../domain/bills/action-words.ts';
import { billActionText } from '../../../../domain/texts/bills.ts';
import { isApiError } from '../../../lib/api-error.ts';

const MAX_SHOWN = 200;

/** The refused rows an upload's error carries, or none (any other error). */
export function uploadRowErrors(error: unknown): UploadRowError[] {
  if (!isApiError(error)) return [];
  const data = (error.body as { data?: { rows?: unknown } } | undefined)?.data;
  const rows = Array.isArray(data?.rows) ? data.rows : [];
  return rows.filter((r): r is UploadRowError =>
    typeof r === 'object' && r !== null && typeof (r as UploadRowError).row === 'number' && typeof (r as UploadRowError).message === 'string');
}

export function UploadRowErrors({ rows }: { rows: readonly UploadRowError[] }) {
  const head = billActionText.uploadRowHeader;
  return (
    <Alert color="red" title={billActionText.uploadRowsRefused(rows.length)}>
      <ScrollArea.Autosize mah={260}>
        <Table withRowBorders striped fz="xs" aria-label={billActionText.uploadRowsRefused(rows.length)}>
          <Table.Thead>
            <Table.Tr><Table.Th>{head.row}</Table.Th><Table.Th>{head.column}</Table.Th><Table.Th>{head.message}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, MAX_SHOWN).map((r, i) => (
              <Table.Tr key={i}><Table.Td>{r.row}</Table.Td><Table.Td>{r.column}</Table.Td><Table.Td>{r.message}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rows.length > MAX_SHOWN && <Text size="xs" mt={4}>{billActionText.uploadRowsMore(rows.length - MAX_SHOWN)}</Text>}
    </Alert>
  );
}
