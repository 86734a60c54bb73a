/**
 * The receipt pipeline: every return element of a receipt file is stored once and applied to its
 * bill through the lifecycle machine, one transaction per element.
 *
 * - Once: customs_receipts is unique on (guid, message_type, business_key). The business key is the
 *   receipt's bill keys plus its returnStatus and returnTime, because the e-port may repeat one guid
 *   on every receipt of a declaration (the official samples carry the declaration's guid): guid and
 *   bill keys alone would swallow the 120 that follows a 2. A repeated element (same status, same
 *   time) is a no-op.
 * - The bill: the newest bill of a definition answered by this receipt type whose head fields
 *   equal the receipt keys (order: ebpCode + orderNo), within the company when the transport knows
 *   it. No bill → the receipt is still stored (bill_id null), never dropped.
 * - Order of locks: the bill row first (FOR UPDATE), then the receipt insert, so concurrent
 *   receipts of one bill queue on the bill and cannot interleave.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { billDefinitions } from '../../../domain/bills/index.ts';
import type { BillDefinition } from '../../../domain/bills/types.ts';
import type { Database } from '../../db/schema.ts';
import { applyBillEvent, type LockedBill } from '../bill-events.ts';
import { elementOf } from '../xml/build.ts';
import type { ReceiptType } from './catalogue.ts';
import { buildReceiptXml } from './build.ts';
import { readReceiptXml, type ReceiptRecord } from './read.ts';

export interface IngestOptions {
  /** the company whose channel delivered the file (DXP receiver), when the transport knows it */
  companyId?: number | null;
}

export interface IngestResult {
  messageType: string;
  /** return elements in the file */
  total: number;
  stored: number;
  duplicates: number;
  /** stored receipts that moved their bill */
  applied: number;
  /** stored receipts without a bill */
  unmatched: number;
}

/** business_key: bill keys + status + time; hashed when longer than the column (200). */
export function businessKeyOf(type: ReceiptType, r: ReceiptRecord): string {
  const key = `${type.keys.map((k) => r.fields[k] ?? '').join('|')}#${r.returnStatus}@${r.returnTime}`;
  return key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** The definitions whose messages this receipt type answers. */
const definitionsFor = (type: ReceiptType): BillDefinition[] => billDefinitions.filter((d) => d.message?.receipt.type === type.type);

async function findBillForReceipt(trx: Kysely<Database>, type: ReceiptType, r: ReceiptRecord, companyId: number | null | undefined): Promise<LockedBill | undefined> {
  for (const def of definitionsFor(type)) {
    const keys = def.message!.receipt.keys;
    const fields = keys.map((k) => def.head.find((f) => elementOf(f) === k));
    if (fields.some((f) => f === undefined) || keys.some((k) => !r.fields[k])) continue;
    let q = trx.selectFrom('bill_heads')
      .select(['id', 'company_id', 'bill_key', 'mode', 'state', 'return_status', 'return_time'])
      .where('bill_key', '=', def.key)
      .where('mode', '=', def.mode);
    keys.forEach((k, i) => {
      const f = fields[i]!;
      const value = r.fields[k]!;
      // indexed columns where the definition has one, the jsonb otherwise
      q = f.column ? q.where(f.column, '=', value) : q.where(sql<string>`data->>${f.name}`, '=', value);
    });
    if (companyId != null) q = q.where('company_id', '=', companyId);
    const bill = await q.orderBy('id', 'desc').limit(1).forUpdate().executeTakeFirst();
    if (bill) return bill;
  }
  return undefined;
}

/** Reads, stores and applies a receipt file. Throws XmlReadError for a file that cannot be read. */
export async function ingestReceiptXml(db: Kysely<Database>, xml: string | Uint8Array, options: IngestOptions = {}): Promise<IngestResult> {
  const file = readReceiptXml(xml);
  const original = typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
  const result: IngestResult = { messageType: file.type.type, total: file.returns.length, stored: 0, duplicates: 0, applied: 0, unmatched: 0 };

  for (const r of file.returns) {
    // One return per stored row: a many-return file is kept as one-return documents rather than
    // the whole file a hundred times.
    const rowXml = file.returns.length === 1 ? original : buildReceiptXml(file.type, file.guid || r.guid, [r]);
    await db.transaction().execute(async (trx) => {
      const bill = await findBillForReceipt(trx, file.type, r, options.companyId);
      const inserted = await trx.insertInto('customs_receipts')
        .values({
          guid: r.guid.slice(0, 36),
          message_type: file.type.type,
          business_key: businessKeyOf(file.type, r),
          company_id: bill?.company_id ?? options.companyId ?? null,
          bill_id: bill?.id ?? null,
          return_status: r.returnStatus.slice(0, 12),
          return_time: r.returnTime,
          return_info: r.returnInfo,
          keys: JSON.stringify(r.fields),
          xml: rowXml,
        })
        .onConflict((oc) => oc.constraint('customs_receipts_once').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        result.duplicates++;
        return;
      }
      result.stored++;
      if (!bill) {
        result.unmatched++;
        return;
      }
      const moved = await applyBillEvent(trx, bill, { type: 'customs.receipt', returnStatus: r.returnStatus, returnTime: r.returnTime }, r.returnInfo);
      if (moved) result.applied++;
    });
  }
  return result;
}
