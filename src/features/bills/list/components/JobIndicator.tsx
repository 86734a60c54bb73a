/**
 * The top bar's sign of a bulk job whose dialog is closed: 批量申报进行中 120/500 while it runs,
 * 批量申报已完成 once done; a click reopens the progress dialog.
 */
import { Button, Loader } from '@mantine/core';
import { billJobText } from '../../../../../domain/texts/bills.ts';
import type { JobView } from '../../../../../machines/bill-job.ts';

export interface JobIndicatorProps {
  label: string;
  job: JobView;
  finished: boolean;
  onOpen: () => void;
}

export function JobIndicator({ label, job, finished, onOpen }: JobIndicatorProps) {
  const failedAny = job.failed.length > 0;
  return (
    <Button
      size="xs"
      variant="light"
      color={finished ? (failedAny ? 'orange' : 'teal') : 'blue'}
      leftSection={finished ? undefined : <Loader size={12} />}
      onClick={onOpen}
    >
      {finished ? billJobText.finished(label) : billJobText.running(label, job.done, job.total)}
    </Button>
  );
}
