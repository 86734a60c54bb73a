/**
 * Receipts that came before their bill. A receipt no bill matched is kept for its company
 * (ingest.ts, attribute.ts) and listed among its 未匹配回执; when a bill it names is saved or
 * imported later — its business keys equal the receipt's (receiptMatchKeys: order ebpCode +
 * orderNo, waybill logisticsCode + logisticsNo …) within the same company — the receipt is
 * attached to the bill and applied exactly as if it had arrived now: the same fold through the
 * lifecycle in customs time order, split parts, issued numbers, one write per bill (decide.ts,
 * parts.ts, store.ts). Inside the saving transaction, after the bill row is written (and so
 * locked): the receipts are locked after their bills, as every ingest locks them, and only rows
 * still without a bill are taken, so a second save finds nothing left to apply.
 */
import { sql, type Kysely } from 'kysely';
import { findBill } from '../../../domain/bills/index.ts';
import { messageReceiptsOf } from '../../../domain/bills/message-receipts.ts';
import { receiptMatchKeys } from '../../../domain/bills/receipt-keys.ts';
import type { Database } from '../../db/schema.ts';
import type { LockedBill } from '../bill-events.ts';
import { adoptWaitingReceipts } from './adopt.ts';
import { decideBills, type StoredElement } from './decide.ts';
import { formatMoves } from './format.ts';
import { keyFieldsOf, lockBills } from './match.ts';
import { foldSplitParts } from './parts.ts';
import { updateBills } from './store.ts';

interface ClaimedRow {
  id: number;
  bill: number;
  message_type: string;
  return_status: string;
  return_time: string;
  return_info: string;
  keys: Record<string, string> | string;
}

/** The stored unmatched receipts of these bills' companies that name them, applied; answers how many moved a bill. */
export async function claimUnmatchedReceipts(trx: Kysely<Database>, billIds: readonly number[]): Promise<number> {
  if (billIds.length === 0) return 0;
  const bills = await lockBills(trx, billIds);
  const matches = [...bills.values()].flatMap((bill) => {
    const def = findBill(bill.mode, bill.bill_key);
    return messageReceiptsOf(def?.message).flatMap((receipt) => {
      const fields = def ? keyFieldsOf(def, receiptMatchKeys(def, receipt.type)) : undefined;
      if (!fields) return [];
      const equal = fields.map((f) => sql`r.keys->>${f.element} = ${f.column ? sql`${sql.ref(`b.${f.column}`)}::text` : sql`b.data->>${f.name}`}`);
      return [sql`(b.id = ${bill.id} and r.message_type = ${receipt.type} and ${sql.join(equal, sql` and `)})`];
    });
  });
  if (matches.length === 0) return 0;
  const { rows } = await sql<ClaimedRow>`
    select r.id, b.id as bill, r.message_type, r.return_status, r.return_time, r.return_info, r.keys
    from customs_receipts r join bill_heads b on b.company_id = r.company_id
    where r.bill_id is null and b.id in (${sql.join([...bills.keys()])}) and (${sql.join(matches, sql` or `)})
    order by r.id
    for update of r`.execute(trx);
  if (rows.length === 0) return 0;

  const elements: StoredElement[] = [];
  const attach = new Map<number, number[]>();
  for (const row of rows) {
    const bill = bills.get(Number(row.bill)) as LockedBill;
    const keys = typeof row.keys === 'string' ? JSON.parse(row.keys) as Record<string, string> : row.keys;
    const receipt = messageReceiptsOf(findBill(bill.mode, bill.bill_key)?.message).find((r) => r.type === row.message_type);
    attach.set(bill.id, [...(attach.get(bill.id) ?? []), Number(row.id)]);
    const moves = formatMoves(receipt?.format, row.return_status);
    elements.push({
      bill, returnStatus: row.return_status, returnTime: row.return_time, returnInfo: row.return_info, keys,
      ...(moves ? { event: { type: 'customs.receipt', returnStatus: row.return_status, returnTime: row.return_time } as const } : {}),
    });
  }
  for (const [billId, ids] of attach) await trx.updateTable('customs_receipts').set({ bill_id: billId }).where('id', 'in', ids).execute();
  elements.push(...await adoptWaitingReceipts(trx, elements));
  const { changes, applied } = decideBills(await foldSplitParts(trx, elements, (bill) => findBill(bill.mode, bill.bill_key)));
  await updateBills(trx, changes);
  return applied;
}
