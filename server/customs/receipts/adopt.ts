/**
 * Receipts that arrive before the number they are matched by. The 单一窗口 client may hand over a
 * 报关单回执 (DEC_DATA, matched by 统一编号) before the import response that gives the bill its
 * 统一编号; that receipt is stored without a bill (unmatched.ts). When an element issues a bill a
 * number that one of its definition's receipt types is matched by, the receipts waiting with that
 * number (of no company, or the bill's; never one whose codes name several companies) are attached
 * to the bill and returned, to be applied with the file's own elements in customs time order — as
 * if they had come after it.
 */
import { sql, type Kysely } from 'kysely';
import { findBill } from '../../../domain/bills/index.ts';
import { messageReceiptsOf } from '../../../domain/bills/message-receipts.ts';
import { receiptMatchKeys } from '../../../domain/bills/receipt-keys.ts';
import type { MessageReceiptDef } from '../../../domain/bills/types.ts';
import type { Database } from '../../db/schema.ts';
import { issuedByName, type LockedBill } from '../bill-events.ts';
import type { StoredElement } from './decide.ts';
import { formatMoves } from './format.ts';

interface Waiting {
  receipt: MessageReceiptDef;
  values: Record<string, string>;
  bill: LockedBill;
}

/** The receipt types of a bill an element's issued numbers complete the match keys of, with those values. */
function waitingFor(element: StoredElement): Waiting[] {
  const def = findBill(element.bill.mode, element.bill.bill_key);
  if (!def) return [];
  const issued = issuedByName(def);
  if (issued.size === 0) return [];
  return messageReceiptsOf(def.message).flatMap((receipt) => {
    const keys = receiptMatchKeys(def, receipt.type);
    if (keys.length === 0 || !keys.every((k) => issued.has(k) && element.keys[k])) return [];
    return [{ receipt, values: Object.fromEntries(keys.map((k) => [k, element.keys[k]!])), bill: element.bill }];
  });
}

interface WaitingRow {
  id: number;
  message_type: string;
  company_id: number | null;
  return_status: string;
  return_time: string;
  return_info: string;
  keys: Record<string, string>;
}

export async function adoptWaitingReceipts(trx: Kysely<Database>, elements: readonly StoredElement[]): Promise<StoredElement[]> {
  const wanted = elements.flatMap(waitingFor);
  if (wanted.length === 0) return [];
  // a receipt of no company whose codes name several (customs_receipt_companies) is none of theirs: never adopted
  const matches = wanted.map((w) => sql`(message_type = ${w.receipt.type} and (company_id = ${w.bill.company_id} or company_id is null
    and not exists (select 1 from customs_receipt_companies s where s.receipt_id = customs_receipts.id))
    and ${sql.join(Object.entries(w.values).map(([k, v]) => sql`keys->>${k} = ${v}`), sql` and `)})`);
  const { rows } = await sql<WaitingRow>`select id, message_type, company_id, return_status, return_time, return_info, keys
    from customs_receipts where bill_id is null and (${sql.join(matches, sql` or `)}) order by id for update`.execute(trx);
  const adopted: StoredElement[] = [];
  const attach = new Map<LockedBill, number[]>();
  for (const row of rows) {
    const keys = typeof row.keys === 'string' ? JSON.parse(row.keys) as Record<string, string> : row.keys;
    const w = wanted.find((x) => x.receipt.type === row.message_type && (row.company_id === null || row.company_id === x.bill.company_id)
      && Object.entries(x.values).every(([k, v]) => keys[k] === v));
    if (!w) continue;
    attach.set(w.bill, [...(attach.get(w.bill) ?? []), row.id]);
    const moves = formatMoves(w.receipt.format, row.return_status);
    adopted.push({
      bill: w.bill, returnStatus: row.return_status, returnTime: row.return_time, returnInfo: row.return_info, keys,
      ...(moves ? { event: { type: 'customs.receipt', returnStatus: row.return_status, returnTime: row.return_time } as const } : {}),
    });
  }
  for (const [bill, ids] of attach) {
    await trx.updateTable('customs_receipts').set({ bill_id: bill.id, company_id: bill.company_id }).where('id', 'in', ids).execute();
  }
  return adopted;
}
