/**
 * The receipt pipeline: every element of a file customs sends (the returns of a receipt, the
 * SummaryResults of a CEB792, the Tax bills of a CEB816/818, the MessageReturn of a CEB900) is
 * stored once in customs_receipts and, for receipts and CEB900, applied to its bill through the
 * lifecycle machine, one transaction per element.
 *
 * - Once: customs_receipts is unique on (guid, message_type, business_key). The business key is the
 *   receipt's bill keys plus its returnStatus and returnTime, because the e-port may repeat one guid
 *   on every receipt of a declaration (the official samples carry the declaration's guid): guid and
 *   bill keys alone would swallow the 120 that follows a 2. A repeated element (same status, same
 *   time) is a no-op. A receipt lacking one of its keys (CEB712's copNo is optional) is keyed by all
 *   the fields it has instead. Customs-issued messages use their catalogue identity (sumNo …).
 * - The bill: the newest bill of a definition answered by this receipt type whose head fields
 *   equal the receipt keys (order: ebpCode + orderNo), within the company when the transport knows
 *   it. CEB792/816/818 attach to bills of the declaration they belong to (summary application by
 *   sumNo, import inventory by invtNo) when such definitions exist, and never move them. A CEB900
 *   is the outbox message's (oriCopMsgId = customs_messages.guid): the message becomes 'failed' and
 *   its bill gets the negative-receipt event (申报异常) with the CEB900's returnInfo.
 * - No bill → the row is still stored (bill_id null) and listed by unmatched.ts, never dropped.
 * - The company: the caller's (the channel), else the DXP envelope's receiver (companies.dxp_id),
 *   else the matched bill's.
 * - Order of locks: an outbox row before its bill (as the outbox worker does), the bill row
 *   (FOR UPDATE) before the receipt insert, so concurrent receipts of one bill queue on the bill.
 *
 * ingestReceiptXml throws XmlReadError for a file that cannot be read; ingestCustomsFile never
 * throws and answers an error result instead, for transports that must keep going.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { billDefinitions } from '../../../domain/bills/index.ts';
import type { BillDefinition } from '../../../domain/bills/types.ts';
import { receiptText } from '../../../domain/texts/receipts.ts';
import type { LifecycleEvent } from '../../../machines/bill-lifecycle.ts';
import type { Database } from '../../db/schema.ts';
import { applyBillEvent, lockBill, markHeldByCustoms, recordIssuedNumbers, type LockedBill } from '../bill-events.ts';
import type { TransInfo } from '../dxp/unwrap.ts';
import { elementOf } from '../xml/build.ts';
import { XmlReadError } from '../xml/read.ts';
import { buildReceiptXml, buildSingleElementXml } from './build.ts';
import type { IssuedType, ReceiptType } from './catalogue.ts';
import { readCustomsXml, type CustomsFile } from './file.ts';
import { formatFailureOf, type IssuedItem } from './issued.ts';
import type { ReceiptRecord } from './read.ts';

export interface IngestOptions {
  /** the company whose channel delivered the file (DXP receiver), when the transport knows it */
  companyId?: number | null;
}

export interface IngestResult {
  /** CEB304 … CEB900 */
  messageType: string;
  /** elements in the file */
  total: number;
  stored: number;
  duplicates: number;
  /** stored elements that moved their bill */
  applied: number;
  /** stored elements without a bill */
  unmatched: number;
  /** the DXP envelope's TransInfo, when the file came wrapped */
  transInfo?: TransInfo;
}

/**
 * What a transport gets back from ingestCustomsFile. `retry`: false = the file itself is unusable
 * (keep it aside, show the error); true = storing failed (database), the same file can be offered
 * again and nothing is doubled.
 */
export type IngestOutcome = ({ ok: true } & IngestResult) | { ok: false; retry: boolean; error: string };

const KEY_LENGTH = 200;
const hashed = (key: string) => (key.length <= KEY_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`);

/** business_key of a receipt: bill keys (all fields when a key is missing) + status + time. */
export function businessKeyOf(type: ReceiptType, r: ReceiptRecord): string {
  const names = type.keys.every((k) => r.fields[k]) ? type.keys : type.fields.map((f) => f.name);
  return hashed(`${names.map((k) => r.fields[k] ?? '').join('|')}#${r.returnStatus}@${r.returnTime}`);
}

/** business_key of a customs-issued element: its identity fields + status + time. */
export function issuedKeyOf(type: IssuedType, item: IssuedItem): string {
  return hashed(`${type.identity.map((k) => item.fields[k] ?? '').join('|')}#${item.status}@${item.time}`);
}

/** One element to store, and how to find and move its bill. */
interface Row {
  guid: string;
  messageType: string;
  businessKey: string;
  returnStatus: string;
  returnTime: string;
  returnInfo: string;
  keys: Record<string, string>;
  xml: string;
  /** finds (and locks) the bill and the company the element belongs to */
  locate(trx: Kysely<Database>): Promise<{ bill?: LockedBill; companyId?: number | null; onStored?: () => Promise<void> }>;
  /** the lifecycle event for the bill, when the element moves it */
  event?: LifecycleEvent;
}

/**
 * The newest bill of one of the definitions whose head fields (by element name) equal the values,
 * locked. Definitions lacking one of the key fields, or values lacking a key, are skipped.
 */
async function findBillByKeys(
  trx: Kysely<Database>, defs: readonly BillDefinition[], keysOf: (def: BillDefinition) => readonly string[],
  values: Record<string, string>, companyId: number | null | undefined,
): Promise<LockedBill | undefined> {
  for (const def of defs) {
    const keys = keysOf(def);
    const fields = keys.map((k) => def.head.find((f) => elementOf(f) === k));
    if (keys.length === 0 || fields.some((f) => f === undefined) || keys.some((k) => !values[k])) continue;
    let q = trx.selectFrom('bill_heads')
      .select(['id', 'company_id', 'bill_key', 'mode', 'state', 'return_status', 'return_time'])
      .where('bill_key', '=', def.key)
      .where('mode', '=', def.mode);
    keys.forEach((k, i) => {
      const f = fields[i]!;
      const value = values[k]!;
      // indexed columns where the definition has one, the jsonb otherwise
      q = f.column ? q.where(f.column, '=', value) : q.where(sql<string>`data->>${f.name}`, '=', value);
    });
    if (companyId != null) q = q.where('company_id', '=', companyId);
    const bill = await q.orderBy('id', 'desc').limit(1).forUpdate().executeTakeFirst();
    if (bill) return bill;
  }
  return undefined;
}

function receiptRows(file: Extract<CustomsFile, { kind: 'receipt' }>, companyId: number | null | undefined): Row[] {
  const { type, returns, guid: rootGuid } = file.receipt;
  // the definitions whose messages this receipt type answers
  const defs = billDefinitions.filter((d) => d.message?.receipt.type === type.type);
  return returns.map((r) => ({
    guid: r.guid,
    messageType: type.type,
    businessKey: businessKeyOf(type, r),
    returnStatus: r.returnStatus,
    returnTime: r.returnTime,
    returnInfo: r.returnInfo,
    keys: r.fields,
    // One return per stored row: a many-return file is kept as one-return documents rather than
    // the whole file a hundred times.
    xml: returns.length === 1 ? file.text : buildReceiptXml(type, rootGuid || r.guid, [r]),
    locate: async (trx) => ({ bill: await findBillByKeys(trx, defs, (d) => d.message!.receipt.keys, r.fields, companyId) }),
    event: { type: 'customs.receipt', returnStatus: r.returnStatus, returnTime: r.returnTime },
  }));
}

/** CEB900: the outbox message it refuses, locked, then its bill. */
async function locateRefusedMessage(trx: Kysely<Database>, oriCopMsgId: string, reason: string) {
  const guid = oriCopMsgId.trim().toUpperCase();
  if (!guid || guid.length > 36) return {};
  const message = await trx.selectFrom('customs_messages').select(['id', 'company_id', 'bill_id', 'status'])
    .where('guid', '=', guid).forUpdate().executeTakeFirst();
  if (!message) return {};
  const bill = message.bill_id === null ? undefined : await lockBill(trx, message.bill_id);
  const onStored = async () => {
    // refused for good: the worker must not send it again (it only touches pending/sending rows)
    await trx.updateTable('customs_messages').set({ status: 'failed', last_error: reason })
      .where('id', '=', message.id).where('status', '<>', 'failed').execute();
  };
  return bill ? { bill, companyId: message.company_id, onStored } : { companyId: message.company_id, onStored };
}

/** Fields kept as the row's keys: the business data, not the columns or the echoed original message. */
const keysOfIssued = (type: IssuedType, item: IssuedItem) =>
  Object.fromEntries(Object.entries(item.fields).filter(([k]) => k !== type.status && k !== type.time && k !== type.info && k !== 'oriBizMessage'));

function issuedRows(file: Extract<CustomsFile, { kind: 'issued' }>, companyId: number | null | undefined): Row[] {
  const { type, items, guid: rootGuid } = file.issued;
  const belongs = type.belongsTo;
  const defs = belongs ? billDefinitions.filter((d) => d.message?.type === belongs.message) : [];
  return items.map((item): Row => {
    const row = {
      guid: item.guid,
      messageType: type.type,
      businessKey: issuedKeyOf(type, item),
      returnStatus: item.status,
      returnTime: item.time,
      returnInfo: item.info,
      keys: keysOfIssued(type, item),
      xml: items.length === 1 ? file.text : buildSingleElementXml(type.root, rootGuid || item.guid, type.element, item.node),
    };
    if (type.type === 'CEB900') {
      const failure = formatFailureOf(item);
      // a CEB900 always refuses the message; its status is negative (a non-negative one is not expected and counts as -1)
      const status = /^-\d+$/.test(failure.returnStatus) ? failure.returnStatus : '-1';
      return {
        ...row,
        locate: (trx) => locateRefusedMessage(trx, failure.oriCopMsgId, failure.returnInfo),
        event: { type: 'customs.receipt', returnStatus: status, returnTime: item.time },
      };
    }
    return { ...row, locate: async (trx) => ({ bill: await findBillByKeys(trx, defs, () => belongs?.keys ?? [], item.fields, companyId) }) };
  });
}

/** The company whose DXP id the envelope names as receiver, when exactly one does. */
async function companyOfReceivers(db: Kysely<Database>, transInfo: TransInfo | undefined): Promise<number | undefined> {
  const ids = transInfo?.receiverIds.filter((id) => id.length <= 30) ?? [];
  if (ids.length === 0) return undefined;
  const rows = await db.selectFrom('companies').select('id').where('dxp_id', 'in', ids).limit(2).execute();
  return rows.length === 1 ? rows[0]!.id : undefined;
}

async function storeRows(db: Kysely<Database>, rows: readonly Row[], companyId: number | null | undefined, result: IngestResult): Promise<void> {
  for (const row of rows) {
    await db.transaction().execute(async (trx) => {
      const found = await row.locate(trx);
      const bill = found.bill;
      const inserted = await trx.insertInto('customs_receipts')
        .values({
          guid: row.guid.slice(0, 36),
          message_type: row.messageType,
          business_key: row.businessKey,
          company_id: bill?.company_id ?? found.companyId ?? companyId ?? null,
          bill_id: bill?.id ?? null,
          return_status: row.returnStatus.slice(0, 12),
          return_time: row.returnTime,
          return_info: row.returnInfo,
          keys: JSON.stringify(row.keys),
          xml: row.xml,
        })
        .onConflict((oc) => oc.constraint('customs_receipts_once').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        result.duplicates++;
        return;
      }
      result.stored++;
      await found.onStored?.();
      if (!bill) {
        result.unmatched++;
        return;
      }
      await recordIssuedNumbers(trx, bill, row.keys);
      if (row.event?.type === 'customs.receipt') await markHeldByCustoms(trx, bill, row.returnStatus);
      if (row.event && await applyBillEvent(trx, bill, row.event, row.returnInfo)) result.applied++;
    });
  }
}

async function ingestFile(db: Kysely<Database>, file: CustomsFile, options: IngestOptions): Promise<IngestResult> {
  const companyId = options.companyId ?? await companyOfReceivers(db, file.transInfo);
  const rows = file.kind === 'receipt' ? receiptRows(file, companyId) : issuedRows(file, companyId);
  const result: IngestResult = { messageType: file.messageType, total: rows.length, stored: 0, duplicates: 0, applied: 0, unmatched: 0 };
  if (file.transInfo) result.transInfo = file.transInfo;
  await storeRows(db, rows, companyId, result);
  return result;
}

/** Reads, stores and applies a file from customs. Throws XmlReadError for a file that cannot be read. */
export async function ingestReceiptXml(db: Kysely<Database>, xml: string | Uint8Array, options: IngestOptions = {}): Promise<IngestResult> {
  return ingestFile(db, readCustomsXml(xml), options);
}

/**
 * The same, for transports: never throws. An unreadable or hostile file answers {ok: false,
 * retry: false, error} with the reader's Chinese reason; a storage failure {ok: false, retry: true}.
 */
export async function ingestCustomsFile(db: Kysely<Database>, xml: string | Uint8Array, options: IngestOptions = {}): Promise<IngestOutcome> {
  let file: CustomsFile;
  try {
    file = readCustomsXml(xml);
  } catch (e) {
    const error = e instanceof XmlReadError ? e.message : receiptText.unreadable(e instanceof Error ? e.message : String(e));
    return { ok: false, retry: false, error };
  }
  try {
    return { ok: true, ...await ingestFile(db, file, options) };
  } catch (e) {
    return { ok: false, retry: true, error: receiptText.ingestFailed(e instanceof Error ? e.message : String(e)) };
  }
}
