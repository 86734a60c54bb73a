/**
 * The list's reads (bill-engine.md "API contract"): pageList and queryStateCount, both POST {data}
 * under /api/enterprise + the definition's path. These fulfil the bill-list machine's actors.
 */
import type { BillDefinition } from '../../../../../domain/bills/types.ts';
import type { ListAnswer, ListRequest } from '../../../../../domain/query.ts';
import type { BillRow, ListPage, StateCountItem } from '../../../../../machines/bill-list.ts';
import type { Http } from '../../../../lib/http.ts';

export const ENTERPRISE = '/api/enterprise';

/** A simple-paging list answers a bare array (no total): the machine estimates it. */
export function toListPage(answer: ListAnswer<BillRow>): ListPage {
  if (Array.isArray(answer)) return { rows: answer };
  return { rows: answer.datas ?? [], total: Number(answer.total ?? 0) };
}

export async function fetchPage(client: Http, definition: BillDefinition, request: ListRequest, signal?: AbortSignal): Promise<ListPage> {
  const answer = await client.post<ListAnswer<BillRow>>(`${ENTERPRISE}${definition.api.pageList}`, request, { signal });
  return toListPage(answer);
}

/** A bill without a count path shows no counts (the state filter still offers 全部). */
export async function fetchStateCounts(client: Http, definition: BillDefinition, request: ListRequest, signal?: AbortSignal): Promise<StateCountItem[]> {
  if (!definition.api.queryStateCount) return [];
  const answer = await client.post<StateCountItem[] | null>(`${ENTERPRISE}${definition.api.queryStateCount}`, request, { signal });
  return answer ?? [];
}
