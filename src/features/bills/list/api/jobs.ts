/**
 * Bulk jobs of a bill list (批量申报 with a progress bar; server/bills/job-routes.ts):
 *   jobs/start  {mode, key, ids} → {jobId}   the server runs the job in the background
 *   jobs/detail {id}             → the job's progress and per-bill failures
 *   jobs/list   {mode, key}      → the company's latest jobs of the bill, newest first
 * These fulfil the bill-job machine's actors.
 */
import type { BillDefinition } from '../../../../../domain/bills/types.ts';
import type { JobView } from '../../../../../machines/bill-job.ts';
import type { Http } from '../../../../lib/http.ts';
import { ENTERPRISE } from './list.ts';

export const jobPaths = {
  start: `${ENTERPRISE}/bills/jobs/start`,
  detail: `${ENTERPRISE}/bills/jobs/detail`,
  list: `${ENTERPRISE}/bills/jobs/list`,
} as const;

export function startJob(client: Http, definition: BillDefinition, ids: readonly (string | number)[]): Promise<{ jobId: number }> {
  return client.post<{ jobId: number }>(jobPaths.start, { mode: definition.mode, key: definition.key, ids }, { long: true });
}

export function fetchJob(client: Http, id: number, signal?: AbortSignal): Promise<JobView> {
  return client.post<JobView>(jobPaths.detail, { id }, { signal });
}

export async function fetchRecentJobs(client: Http, definition: BillDefinition, signal?: AbortSignal): Promise<JobView[]> {
  return (await client.post<JobView[] | null>(jobPaths.list, { mode: definition.mode, key: definition.key }, { signal })) ?? [];
}
