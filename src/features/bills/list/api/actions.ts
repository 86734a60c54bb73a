/**
 * The list's writes and downloads: batch actions ({ids, startTime, endTime} + a prompt's answer →
 * {total, succeeded, failed}), export (a list request → {downloadUri}) and the query template.
 * Long calls (bills §9: 120 s for product API requests).
 */
import type { BillDefinition } from '../../../../../domain/bills/types.ts';
import type { ListRequest } from '../../../../../domain/query.ts';
import type { BatchInput, BatchResult } from '../../../../../machines/bill-list.ts';
import type { Http } from '../../../../lib/http.ts';
import { ENTERPRISE } from './list.ts';

export interface Download { downloadUri: string }

function pathOf(definition: BillDefinition, api: keyof BillDefinition['api']): string {
  const path = definition.api[api];
  if (!path) throw new Error(`${definition.label}: no api.${api}`);
  return `${ENTERPRISE}${path}`;
}

export async function runBatch(client: Http, definition: BillDefinition, { action, ids, window, values }: BatchInput): Promise<BatchResult> {
  // the ids go under the action's own key when it names one (declarationByInvrntory: inventoryIds)
  const body = { ...values, [action.idsKey ?? 'ids']: ids, ...(window ? { startTime: window[0], endTime: window[1] } : {}) };
  const answer = await client.post<Partial<BatchResult> | null>(pathOf(definition, action.api), body, { long: true });
  // a server that answers only success (null) succeeded for every id
  return { total: answer?.total ?? ids.length, succeeded: answer?.succeeded ?? ids.length, failed: answer?.failed ?? [] };
}

/** `hiddenColumns`: the user's 列设置, so the sheet has the screen's columns (the server orders them as the screen does). */
export function exportBills(client: Http, definition: BillDefinition, request: ListRequest, hiddenColumns: readonly string[] = []): Promise<Download> {
  return client.post<Download>(pathOf(definition, 'export'), hiddenColumns.length > 0 ? { ...request, hiddenColumns } : request, { long: true });
}

export function downloadQueryTemplate(client: Http, definition: BillDefinition): Promise<Download> {
  return client.post<Download>(pathOf(definition, 'downloadQueryTemplate'), {}, { long: true });
}
