/**
 * Customs receipts of one bill (bills §7 Shared): POST /api/receipter/messageFindByBill
 * {messageType: the receipt's root (CEB304Message), ...the receipt key fields of the row} → the last
 * three days' receipts.
 */
import { receiptMatchKeys } from '../../../../../domain/bills/receipt-keys.ts';
import type { BillDefinition } from '../../../../../domain/bills/types.ts';
import type { BillRow } from '../../../../../machines/bill-list.ts';
import type { Http } from '../../../../lib/http.ts';

export interface ReceiptItem {
  returnTime: string;
  returnStatus?: string;
  returnStatusName: string;
  returnInfo: string;
  /** what the code means; cause and fix when the user has to act (return-codes.ts) */
  explain?: { meaning: string; cause?: string; fix?: string };
  /** a status customs documents for no edition of the receipt: stored, applied to nothing */
  unrecognised?: boolean;
}

export async function fetchReceipts(client: Http, definition: BillDefinition, row: BillRow, signal?: AbortSignal): Promise<ReceiptItem[]> {
  const receipt = definition.message?.receipt;
  if (!receipt) return [];
  // a split bill's parts all answer: its part number is left out, so every part's receipt shows
  const keys = Object.fromEntries(receiptMatchKeys(definition).map((k) => [k, row[k] ?? '']));
  const answer = await client.post<ReceiptItem[] | null>('/api/receipter/messageFindByBill', { messageType: receipt.root, ...keys }, { signal });
  return answer ?? [];
}
