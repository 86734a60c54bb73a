/**
 * POST /api/receipter/unmatched {pageIndex, pageSize}: the company's stored receipts that match
 * none of its bills (receipts, the exchange's transfer receipts, DXP documents nothing reads),
 * newest first.
 */
import type { ReceiptExplanation } from '../../../../domain/customs/return-codes.ts';
import type { Http } from '../../../lib/http.ts';

export interface UnmatchedReceipt {
  id: number;
  messageType: string;
  messageTypeName: string;
  guid: string;
  keys: Record<string, unknown>;
  returnTime: string;
  returnStatus: string;
  returnStatusName: string;
  returnInfo: string;
  receivedAt: string;
  explain: ReceiptExplanation;
  unrecognised?: boolean;
  /** why it is matched to no bill, when the server can tell (its codes name several companies) */
  reason?: string;
}

export interface UnmatchedPage { total: number; datas: UnmatchedReceipt[] }

export async function fetchUnmatched(client: Http, pageIndex: number, pageSize: number, signal?: AbortSignal): Promise<UnmatchedPage> {
  const answer = await client.post<UnmatchedPage | null>('/api/receipter/unmatched', { pageIndex, pageSize }, { signal });
  return answer ?? { total: 0, datas: [] };
}
