/**
 * The progress of a bulk job (批量申报 as a job): a progress bar (handled/total, percentage), the
 * counts so far, and once it is done the bills that failed with their reasons, 仅重试失败 (a new
 * job of the failed ids) and 关闭. Closing it while the job runs only hides it: the job goes on
 * on the server and the list's indicator reopens this dialog.
 */
import { Alert, Button, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { billJobText } from '../../../../../domain/texts/bills.ts';
import { jobPercent, type JobView } from '../../../../../machines/bill-job.ts';

export interface JobDialogProps {
  opened: boolean;
  /** the action's label (批量申报) */
  label: string;
  job: JobView | null;
  finished: boolean;
  pollFailing: boolean;
  onClose: () => void;
  onRetryFailed: () => void;
}

export function JobDialog({ opened, label, job, finished, pollFailing, onClose, onRetryFailed }: JobDialogProps) {
  const percent = job ? jobPercent(job) : 0;
  const failed = job?.failed ?? [];
  return (
    <Modal opened={opened && job !== null} onClose={onClose} title={billJobText.title(label)} size="lg">
      {job && (
        <Stack gap="sm">
          <Progress value={percent} size="lg" striped={!finished} animated={!finished} color={failed.length > 0 ? 'orange' : undefined} aria-label={billJobText.progressLabel} />
          <Group justify="space-between" gap="xs">
            <Text size="sm">{billJobText.progress(job.done, job.total, percent)}</Text>
            <Group gap="md">
              <Text size="sm" c="teal">{billJobText.succeeded(job.succeeded)}</Text>
              <Text size="sm" c={failed.length > 0 ? 'red' : 'dimmed'}>{billJobText.failed(failed.length)}</Text>
            </Group>
          </Group>
          {pollFailing && !finished && <Alert color="orange" p="xs">{billJobText.pollFailing}</Alert>}
          {finished ? <Text size="sm" fw={500}>{billJobText.done}</Text> : <Text size="xs" c="dimmed">{billJobText.background}</Text>}
          {finished && failed.length > 0 && (
            <ScrollArea.Autosize mah={320}>
              <Table withTableBorder striped fz="sm" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={200}>{billJobText.failedBill}</Table.Th>
                    <Table.Th>{billJobText.failedReason}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {failed.map((f) => (
                    <Table.Tr key={String(f.id)}>
                      <Table.Td>{f.title}</Table.Td>
                      <Table.Td>{f.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end" gap="xs">
            {finished && failed.length > 0 && <Button variant="light" onClick={onRetryFailed}>{billJobText.retryFailed}</Button>}
            <Button variant={finished ? 'filled' : 'default'} onClick={onClose}>{billJobText.close}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
