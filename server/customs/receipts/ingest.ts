/**
 * The receipt pipeline: every element of a file customs sends (the returns of a receipt, the
 * SummaryResults of a CEB792, the Tax bills of a CEB816/818, the MessageReturn of a CEB900) is
 * stored once in customs_receipts and, for receipts and CEB900, applied to its bill through the
 * lifecycle machine — set-based, one transaction per file (at most 100 elements): the file is read
 * once, its bills found with one query per bill definition and locked together, its new elements
 * stored with one insert, and every bill written once (match.ts, decide.ts, store.ts).
 *
 * - Once: customs_receipts is unique on (guid, message_type, business_key). The business key is the
 *   receipt's bill keys plus its returnStatus and returnTime, because the e-port may repeat one guid
 *   on every receipt of a declaration (the official samples carry the declaration's guid): guid and
 *   bill keys alone would swallow the 120 that follows a 2. A repeated element (same status, same
 *   time) is a no-op. A receipt lacking one of its keys (CEB712's copNo is optional) is keyed by all
 *   the fields it has instead. Customs-issued messages use their catalogue identity (sumNo …).
 * - Attribution before matching: an element belongs to one company before any bill is looked for
 *   — the caller's (the channel that delivered it), else the company its own codes name
 *   (attribute.ts), which the DXP envelope's receiver (companies.dxp_id), when there is one, must
 *   be — and only that company's bills can take it (ownersOf). An element whose codes name nobody,
 *   several companies, or another company than its receiver is kept without a bill, listed for
 *   the company or companies concerned: never "the newest bill with this key" of whichever company.
 *   One naming several is stored with no company and listed for each (shared.ts, migration 049).
 * - The bill: the newest bill of that company, of a definition answered by this receipt type, whose
 *   head fields equal the receipt keys (order: ebpCode + orderNo), a sent one before a draft.
 *   Only a sent bill moves: a draft (暂存, never declared) keeps the receipt on its timeline
 *   (单据尚未申报, timeline.ts) unchanged. Stages never go backwards (the lifecycle's earlierStage
 *   guard). CEB792/816/818 attach to bills of the declaration they belong to (summary application by
 *   sumNo, import inventory by invtNo) when such definitions exist, and never move them. A CEB900
 *   is the outbox message's (oriCopMsgId = customs_messages.guid): the message becomes 'failed' and
 *   its bill gets the negative-receipt event (申报异常) with the CEB900's returnInfo.
 * - No bill → the row is still stored (bill_id null) and listed by unmatched.ts, never dropped. When
 *   a later element issues a bill the number it is matched by (the 统一编号 of a DEC_DATA read
 *   before its import response), it is attached to that bill and applied then (adopt.ts).
 * - The company stored: the matched bill's, else the one attribution gave, so a receipt of no known
 *   bill is listed among that company's 未匹配回执 and applied when its bill is saved or imported
 *   (claim.ts).
 * - The exchange's transfer receipt (DxpRep) and other DXP documents: transfer.ts.
 * - Order: a bill's new elements are applied in customs time order (returnTime; the file's order
 *   among equal times), so a file carrying a bill's 120 before its 2 ends at 120 with both applied.
 * - Order of locks: outbox rows before bills (as the outbox worker does), each by id, the bills
 *   before the receipt insert, so concurrent files touching one bill queue on the bill and two
 *   files touching the same bills in different orders never deadlock.
 *
 * ingestReceiptXml throws XmlReadError for a file that cannot be read; ingestCustomsFile never
 * throws and answers an error result instead, for transports that must keep going.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { billDefinitions, findBill } from '../../../domain/bills/index.ts';
import { messageReceiptOf } from '../../../domain/bills/message-receipts.ts';
import { receiptMatchKeys } from '../../../domain/bills/receipt-keys.ts';
import type { BillDefinition } from '../../../domain/bills/types.ts';
import { receiptText } from '../../../domain/texts/receipts.ts';
import type { LifecycleEvent } from '../../../machines/bill-lifecycle.ts';
import type { Database } from '../../db/schema.ts';
import { withdrawSources, type LockedBill } from '../bill-events.ts';
import type { TransInfo } from '../dxp/unwrap.ts';
import { XmlReadError } from '../xml/read.ts';
import type { RetryPolicy } from '../delivery-failure.ts';
import { adoptWaitingReceipts } from './adopt.ts';
import { COMPANY_CODE_FIELDS, companiesNamedBy } from './attribute.ts';
import { buildReceiptXml, buildSingleElementXml } from './build.ts';
import type { IssuedType, ReceiptType } from './catalogue.ts';
import { decideBills, type StoredElement } from './decide.ts';
import { readCustomsXml, type CustomsFile } from './file.ts';
import { formatFailureOf, type IssuedItem } from './issued.ts';
import { fillIssuedBills } from '../../bills/issued.ts';
import { companiesOfSentBills, lockBills, lockBillsByKeys, lockMessages, messageGuidOf } from './match.ts';
import { foldSplitParts } from './parts.ts';
import type { ReceiptRecord } from './read.ts';
import { listForCompanies } from './shared.ts';
import { failMessages, insertReceipts, onceKeyOf, updateBills, type ReceiptInsert } from './store.ts';
import { storeOtherDxpDocument, storeTransferReceipt } from './transfer.ts';
import { productCounters } from '../../ops/counters.ts';

export interface IngestOptions {
  /** the company whose channel delivered the file (DXP receiver), when the transport knows it */
  companyId?: number | null;
  /** how a delivery the exchange's transfer receipt (DxpRep) reports failed is retried (CUSTOMS_MAX_ATTEMPTS …) */
  retry?: RetryPolicy;
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

/** bill_heads.state of a bill never declared (暂存): no message of it ever reached customs */
const NOT_SENT = 'DRAFT';

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

/** One element to store, and what it belongs to. */
interface Row {
  guid: string;
  messageType: string;
  businessKey: string;
  returnStatus: string;
  returnTime: string;
  returnInfo: string;
  keys: Record<string, string>;
  /** the one-element document to keep */
  xml: string;
  /** a bill found by its head fields (the definitions tried in order) */
  byKeys?: { values: Record<string, string> };
  /** CEB900: the outbox message it refuses (normalised guid) and why */
  byMessage?: { guid: string | undefined; reason: string };
  /** the lifecycle event for the bill, when the element moves it */
  event?: LifecycleEvent;
}

/** The rows of a file and how its keyed rows find their bills. */
interface FileRows {
  rows: Row[];
  defs: readonly BillDefinition[];
  keysOf: (def: BillDefinition) => readonly string[];
}

function receiptRows(file: Extract<CustomsFile, { kind: 'receipt' }>): FileRows {
  const { type, returns, guid: rootGuid } = file.receipt;
  // the definitions whose messages this receipt type answers (message.receipt or one of message.answers)
  const defs = billDefinitions.filter((d) => messageReceiptOf(d, type.type) !== undefined);
  const rows = returns.map((r): Row => ({
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
    byKeys: { values: r.fields },
    // a receipt stamped when read (the 报关单 import response) records its numbers, moving nothing unless it refuses
    ...(r.moves === false ? {} : { event: { type: 'customs.receipt', returnStatus: r.returnStatus, returnTime: r.returnTime } as const }),
  }));
  return { rows, defs, keysOf: (def) => receiptMatchKeys(def, type.type) };
}

/** Fields kept as the row's keys: the business data, not the columns or the echoed original message. */
const keysOfIssued = (type: IssuedType, item: IssuedItem) =>
  Object.fromEntries(Object.entries(item.fields).filter(([k]) => k !== type.status && k !== type.time && k !== type.info && k !== 'oriBizMessage'));

function issuedRows(file: Extract<CustomsFile, { kind: 'issued' }>): FileRows {
  const { type, items, guid: rootGuid } = file.issued;
  const belongs = type.belongsTo;
  const defs = belongs ? billDefinitions.filter((d) => d.message?.type === belongs.message) : [];
  const rows = items.map((item): Row => {
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
        byMessage: { guid: messageGuidOf(failure.oriCopMsgId), reason: failure.returnInfo },
        event: { type: 'customs.receipt', returnStatus: status, returnTime: item.time },
      };
    }
    return { ...row, byKeys: { values: item.fields } };
  });
  return { rows, defs, keysOf: () => belongs?.keys ?? [] };
}

/** The company whose DXP id the envelope names as receiver, when exactly one does. */
async function companyOfReceivers(db: Kysely<Database>, transInfo: TransInfo | undefined): Promise<number | undefined> {
  const ids = transInfo?.receiverIds.filter((id) => id.length <= 30) ?? [];
  if (ids.length === 0) return undefined;
  const rows = await db.selectFrom('companies').select('id').where('dxp_id', 'in', ids).limit(2).execute();
  return rows.length === 1 ? rows[0]!.id : undefined;
}

/**
 * One transaction for the whole file: lock the refused messages, find and lock the bills in id
 * order (one statement), store every new element with one insert, then fold each bill's new
 * elements through the lifecycle and write all bills with one update.
 */
type Counts = Pick<IngestResult, 'stored' | 'duplicates' | 'applied' | 'unmatched'>;

/** Who a file is for: the channel that delivered it (the transport knows), else its envelope's receiver. */
interface Addressee {
  channel?: number | null | undefined;
  receiver?: number | undefined;
}

/**
 * The company each keyed element belongs to (`owner`: its bills may take it) and the one that lists
 * it when no bill does (`listedBy`), or the companies that each list it (`shared`: its codes name
 * several). The channel decides alone; otherwise the company the element's own codes name, and an
 * envelope receiver must agree with it: codes naming another company than the receiver, or naming
 * several, match nothing — the element is listed for the companies its codes name (else the
 * receiver) and never applied by guess. Codes naming none (the 报关单's
 * answers carry only our ClientSeqNo or customs' 统一编号): the one company whose declared bill holds
 * the element's keys, checked in storeRows (match.ts companiesOfSentBills).
 */
async function ownersOf(trx: Kysely<Database>, entries: readonly Readonly<Record<string, string>>[], to: Addressee) {
  if (to.channel != null) return entries.map((): Owners => ({ owner: to.channel!, listedBy: to.channel!, named: true }));
  const named = await companiesNamedBy(trx, entries);
  return named.map((found): Owners => {
    if (found.length > 1) return { owner: undefined, listedBy: undefined, shared: found, named: true };
    const code = found[0];
    return {
      owner: code !== undefined && (to.receiver === undefined || to.receiver === code) ? code : undefined,
      listedBy: code ?? to.receiver,
      named: code !== undefined,
    };
  });
}

interface Owners {
  owner: number | undefined;
  listedBy: number | undefined;
  /** the companies its codes name, when several: stored with no company, listed for each */
  shared?: readonly number[];
  named: boolean;
}

async function storeRows(db: Kysely<Database>, file: FileRows, to: Addressee): Promise<Counts> {
  const companyId = to.channel;
  const { rows } = file;
  return db.transaction().execute(async (trx) => {
    // a file is keyed receipts or CEB900s, never both: one locking statement for its bills either way
    const messages = await lockMessages(trx, rows.flatMap((r) => (r.byMessage?.guid ? [r.byMessage.guid] : [])));
    const keyed = rows.flatMap((r, i) => (r.byKeys ? [i] : []));
    // attribution before matching: each keyed element belongs to one company — the channel's, the
    // envelope receiver's, else the one its own codes name — and is matched among that company's
    // bills only; an element no company claims is kept unmatched, never given to a bill by its keys alone
    const owners = new Map<number, Owners>();
    if (keyed.length > 0) {
      const found = await ownersOf(trx, keyed.map((i) => rows[i]!.keys), to);
      keyed.forEach((i, k) => owners.set(i, found[k]!));
      // elements that carry no company code at all (the 报关单's answers: our ClientSeqNo, customs'
      // 统一编号): the one company whose declared bill holds their keys (the receiver, where the envelope
      // names one, must be that company). A code that names nobody is no such element: it stays unmatched.
      const codeless = (i: number) => COMPANY_CODE_FIELDS.every((f) => !rows[i]!.keys[f]?.trim());
      const nameless = keyed.filter((i) => owners.get(i)!.owner === undefined && !owners.get(i)!.named && codeless(i));
      if (nameless.length > 0 && to.channel == null) {
        const sent = await companiesOfSentBills(trx, file.defs, file.keysOf, nameless.map((i) => rows[i]!.byKeys!.values));
        nameless.forEach((i, k) => {
          const company = sent[k];
          if (company !== undefined && (to.receiver === undefined || to.receiver === company)) owners.set(i, { owner: company, listedBy: company, named: false });
        });
      }
    }
    // elements whose codes name several companies (an agent declaring for an e-commerce company, both
    // users here): the one of them whose declared bill holds the keys sent the message answered — its
    // own message, not a guess; none or several of them: listed for each
    const several = keyed.filter((i) => owners.get(i)!.shared !== undefined);
    if (several.length > 0) {
      const sent = await companiesOfSentBills(trx, file.defs, file.keysOf, several.map((i) => rows[i]!.byKeys!.values), several.map((i) => owners.get(i)!.shared!));
      several.forEach((i, k) => {
        const company = sent[k];
        if (company !== undefined && (to.receiver === undefined || to.receiver === company)) owners.set(i, { owner: company, listedBy: company, named: true });
      });
    }
    const billOfRow = new Map<number, LockedBill | undefined>();
    if (keyed.length > 0) {
      const found = await lockBillsByKeys(trx, file.defs, file.keysOf, keyed.map((i) => rows[i]!.byKeys!.values), keyed.map((i) => owners.get(i)!.owner));
      keyed.forEach((i, k) => billOfRow.set(i, found[k]));
    }
    const refusing = rows.flatMap((r, i) => {
      const message = r.byMessage?.guid ? messages.get(r.byMessage.guid) : undefined;
      return typeof message?.bill_id === 'number' ? [[i, { companyId: message.company_id, id: message.bill_id }] as const] : [];
    });
    if (refusing.length > 0) {
      const bills = await lockBills(trx, refusing.map(([, bill]) => bill));
      for (const [i, bill] of refusing) billOfRow.set(i, bills.get(bill.id));
    }
    const billOf = (i: number) => billOfRow.get(i);
    const messageOf = (r: Row) => (r.byMessage?.guid ? messages.get(r.byMessage.guid) : undefined);
    // one insert row per once key: a repeat inside the file is a duplicate like any other
    const firsts = new Map<string, { i: number; insert: ReceiptInsert }>();
    rows.forEach((r, i) => {
      const insert: ReceiptInsert = {
        guid: r.guid.slice(0, 36),
        message_type: r.messageType,
        business_key: r.businessKey,
        company_id: billOf(i)?.company_id ?? messageOf(r)?.company_id ?? (owners.get(i)?.shared ? null : owners.get(i)?.listedBy ?? companyId ?? to.receiver ?? null),
        bill_id: billOf(i)?.id ?? null,
        return_status: r.returnStatus.slice(0, 12),
        return_time: r.returnTime,
        return_info: r.returnInfo,
        keys: JSON.stringify(r.keys),
        xml: r.xml,
      };
      if (!firsts.has(onceKeyOf(insert))) firsts.set(onceKeyOf(insert), { i, insert });
    });
    const stored = await insertReceipts(trx, [...firsts.values()].map((f) => f.insert));
    // an element naming several companies: listed for each of them (none of them owns it)
    await listForCompanies(trx, [...firsts].flatMap(([key, { i, insert }]) => {
      const shared = owners.get(i)?.shared;
      return stored.has(key) && shared && insert.bill_id === null ? [{ insert, companies: shared }] : [];
    }));
    // hook (issue 5): the read-only bills customs issues (税单, 汇总结果单: issuedBy 'customs'), filled from the elements just stored
    await fillIssuedBills(trx, [...firsts].filter(([key]) => stored.has(key)).map(([, f]) => f.insert));

    const applying: StoredElement[] = [];
    const refused = new Map<number, string>();
    let unmatched = 0;
    for (const [key, { i }] of firsts) {
      if (!stored.has(key)) continue;
      const r = rows[i]!;
      const message = messageOf(r);
      if (message && !refused.has(message.id)) refused.set(message.id, r.byMessage!.reason);
      const bill = billOf(i);
      if (!bill) {
        unmatched++;
        continue;
      }
      // only a bill sent to customs moves: a draft (暂存, never declared) keeps the receipt on its
      // timeline (单据尚未申报) and stays as it is
      if (bill.state === NOT_SENT) continue;
      applying.push({ bill, returnStatus: r.returnStatus, returnTime: r.returnTime, returnInfo: r.returnInfo, keys: r.keys, ...(r.event ? { event: r.event } : {}) });
    }
    // receipts that came before the number they are matched by (DEC_DATA before its 统一编号)
    applying.push(...await adoptWaitingReceipts(trx, applying));
    await failMessages(trx, refused);
    const { changes, applied } = decideBills(await foldSplitParts(trx, applying, (bill) => findBill(bill.mode, bill.bill_key)));
    await updateBills(trx, changes);
    // a concluded 撤销申请 withdraws its inventory (BillDefinition.withdraws)
    const billsById = new Map(applying.map((e) => [e.bill.id, e.bill]));
    for (const c of changes) if (c.moved && billsById.has(c.id)) await withdrawSources(trx, billsById.get(c.id)!, c.moved.state);
    return { stored: stored.size, duplicates: rows.length - stored.size, applied, unmatched };
  });
}

/** Every file read is counted for /metrics (cbec_receipts_ingested_total): moved a bill, kept unmatched, kept on its bill without moving it. */
async function ingestFile(db: Kysely<Database>, file: CustomsFile, options: IngestOptions): Promise<IngestResult> {
  const result = await ingestRead(db, file, options);
  const { receipts } = productCounters;
  if (result.applied) receipts.inc({ outcome: 'applied' }, result.applied);
  if (result.unmatched) receipts.inc({ outcome: 'unmatched' }, result.unmatched);
  const held = result.stored - result.applied - result.unmatched;
  if (held > 0) receipts.inc({ outcome: 'held' }, held);
  return result;
}

async function ingestRead(db: Kysely<Database>, file: CustomsFile, options: IngestOptions): Promise<IngestResult> {
  if (file.kind === 'transfer') return { messageType: file.messageType, ...await storeTransferReceipt(db, file, options.companyId, options.retry) };
  if (file.kind === 'dxpOther') return { messageType: file.messageType, ...await storeOtherDxpDocument(db, file, options.companyId) };
  const to: Addressee = options.companyId != null ? { channel: options.companyId } : { receiver: await companyOfReceivers(db, file.transInfo) };
  const rows = file.kind === 'receipt' ? receiptRows(file) : issuedRows(file);
  const counts = await storeRows(db, rows, to);
  return { messageType: file.messageType, total: rows.rows.length, ...counts, ...(file.transInfo ? { transInfo: file.transInfo } : {}) };
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
    productCounters.receipts.inc({ outcome: 'refused' });
    return { ok: false, retry: false, error };
  }
  try {
    return { ok: true, ...await ingestFile(db, file, options) };
  } catch (e) {
    return { ok: false, retry: true, error: receiptText.ingestFailed(e instanceof Error ? e.message : String(e)) };
  }
}
