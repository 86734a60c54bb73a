/**
 * The bill-list machine with this app's effects: API calls of ./api for its actors, toasts and
 * window.open for its actions; the same for its bulk-job child (./api/jobs.ts). One actor per
 * mounted list; kept-alive tabs keep it (and its data), so switching tabs never refetches.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { BillDefinition } from '../../../../domain/bills/types.ts';
import { listJobMachine } from '../../../../machines/bill-list-job.ts';
import { billListMachine, type BillListInput } from '../../../../machines/bill-list.ts';
import type { Http } from '../../../lib/http.ts';
import { liveEvents, touchesList } from '../../../lib/live-events.ts';
import { errorMessage, notifyError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { exportBills, runBatch } from './api/actions.ts';
import { fetchJob, fetchRecentJobs, startJob } from './api/jobs.ts';
import { fetchPage, fetchStateCounts } from './api/list.ts';
import { importQueryFiles } from './api/query-import.ts';
import { defaultWindow } from './create-window.ts';
import { openDownload } from './open-download.ts';

const noneHidden = (): readonly string[] => [];

/** `hiddenColumns`: the columns the user's 列设置 hides now (read when an export starts). */
export function useBillListActor(definition: BillDefinition, client: Http, hiddenColumns: () => readonly string[] = noneHidden) {
  const hasJobs = definition.actions.some((a) => a.place === 'list' && a.kind === 'job');
  const [machine] = useState(() =>
    billListMachine.provide({
      actors: {
        pageList: fromPromise(({ input, signal }) => fetchPage(client, definition, input, signal)),
        stateCount: fromPromise(({ input, signal }) => fetchStateCounts(client, definition, input, signal)),
        batch: fromPromise(({ input }) => runBatch(client, definition, input)),
        export: fromPromise(({ input }) => exportBills(client, definition, input, hiddenColumns())),
        // the files of user.import are the browser's File objects chosen in the import dialog
        importQuery: fromPromise(({ input }) => importQueryFiles(client, definition, input.files as readonly File[])),
        billJob: listJobMachine.provide({
          actors: {
            // a list without a job action has no jobs to look for
            recentJobs: fromPromise(async ({ signal }) => (hasJobs ? fetchRecentJobs(client, definition, signal) : [])),
            startJob: fromPromise(({ input }) => startJob(client, definition, input.ids)),
            jobDetail: fromPromise(({ input, signal }) => fetchJob(client, input.id, signal)),
          },
          actions: { notifyError: (_, { error }) => notifyError(error) },
        }),
      },
      actions: {
        warn: (_, { message }) => notifyWarning(message),
        notifyError: (_, { error, message }) => {
          // a fixed message (导出失败) replaces the server's, but a cancelled call stays silent
          if (message === undefined) notifyError(error);
          else if (errorMessage(error) !== null) notifyWarning(message);
        },
        notifySuccess: (_, { message }) => notifySuccess(message),
        openDownload: (_, { uri }) => openDownload(uri, client),
      },
    }),
  );
  const [input] = useState<BillListInput>(() => ({
    pageSize: definition.list.pageSize,
    sorts: definition.list.defaultSort,
    window: defaultWindow(definition.list, new Date()),
  }));
  const actor = useActorRef(machine, { input });
  // the list's rows or counts changed elsewhere (customs answered, a colleague saved): the machine
  // decides what to do (a debounced quiet refresh); a kept-alive list hidden behind another tab
  // follows too, so a list returned to already shows current data
  useEffect(() => liveEvents.subscribe((event) => {
    // resync (the stream was interrupted): the list and its job look again; the job child decides
    // what a job's progress means (a job of another list is not its own)
    if (event.type === 'resync') actor.send({ type: 'live.resync' });
    else if (touchesList(event, definition.mode, definition.key)) actor.send({ type: 'live.changed' });
    else if (event.type === 'job') actor.send({ type: 'live.job', jobId: event.jobId, done: event.done, total: event.total, state: event.state });
  }), [actor, definition.mode, definition.key]);
  return actor;
}
