/**
 * The list's bulk job (machines/bill-job.ts, the list machine's `job` child) as the view needs it:
 * the job, whether it runs, is finished, and whether its dialog is shown; and the user's events.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BillJobMachine, JobView } from '../../../../machines/bill-job.ts';
import type { BillListMachine } from '../../../../machines/bill-list.ts';

export interface BillJobView {
  job: JobView | null;
  /** starting or running: no second job may start */
  running: boolean;
  finished: boolean;
  /** the progress dialog is open (else the top bar's indicator stands for it while watched) */
  shown: boolean;
  watched: boolean;
  /** the last progress calls failed (retrying) */
  pollFailing: boolean;
  open(): void;
  close(): void;
  retryFailed(): void;
}

export function useBillJob(list: ActorRefFrom<BillListMachine>): BillJobView {
  const actor = useSelector(list, (s) => s.children.job as ActorRefFrom<BillJobMachine> | undefined);
  const job = useSelector(actor, (s) => s?.context.job ?? null);
  const running = useSelector(actor, (s) => s?.hasTag('jobRunning') ?? false);
  const finished = useSelector(actor, (s) => s?.hasTag('jobFinished') ?? false);
  const shown = useSelector(actor, (s) => s?.hasTag('jobShown') ?? false);
  const watched = useSelector(actor, (s) => s?.matches('active') ?? false);
  const pollFailing = useSelector(actor, (s) => (s?.context.pollFailures ?? 0) > 0);
  const events = useMemo(
    () => ({
      open: () => actor?.send({ type: 'user.openJob' }),
      close: () => actor?.send({ type: 'user.closeJob' }),
      retryFailed: () => actor?.send({ type: 'user.retryFailed' }),
    }),
    [actor],
  );
  return { job, running, finished, shown, watched, pollFailing, ...events };
}
