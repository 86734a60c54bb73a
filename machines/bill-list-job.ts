/**
 * The bulk job as the list runs it (./bill-job.ts invoked by ./bill-list.ts as `job`): when the job
 * is done it tells the list, which reloads its rows and state counts. The view supplies the job's
 * calls and toasts on top of this with provide().
 */
import { sendParent } from 'xstate';
import { billJobMachine } from './bill-job.ts';

export const listJobMachine = billJobMachine.provide({ actions: { finished: sendParent({ type: 'job.finished' }) } });
