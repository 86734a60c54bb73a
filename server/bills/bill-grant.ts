/**
 * The grant a record keyed by a bill needs (issue 29 item 3): the page of the bill's own type, as the
 * bill's detail asks — never "any bill page". A receipt, a timeline, a sent message's XML and a sign
 * record carry the buyer's data of one bill type; a caller granted 出口订单 only must not read an
 * import inventory's through them. Each answers undefined when the record is not the company's, so
 * the route answers not found as before (other companies' ids cannot be probed).
 */
import type { Db } from '../db/database.ts';
import type { Requirement } from '../http/permission.ts';
import { billDefinitions } from '../../domain/bills/index.ts';
import { readableBy } from '../customs/receipts/readable.ts';

/** The 未匹配回执 page: where a receipt of no bill is read. */
export const UNMATCHED_URI = '/receipts/unmatched';

/** The module uri of a bill type (model.ts derives the same for its routes). */
export const billPageUri = (mode: string, billKey: string): string => `/bill/${mode}/${billKey}`;

/** The bill's page, or undefined when the bill is not the company's. */
export async function billPageOf(db: Db, companyId: number, billId: number): Promise<Requirement | undefined> {
  const bill = await db.selectFrom('bill_heads').select(['mode', 'bill_key'])
    .where('id', '=', billId).where('company_id', '=', companyId).executeTakeFirst();
  return bill ? { uri: billPageUri(bill.mode, bill.bill_key) } : undefined;
}

/**
 * What reading a stored message or receipt needs: its bill's page; a receipt of no bill (kept for
 * the 未匹配回执 page) that page. Undefined when the record is not the company's.
 */
export async function recordPageOf(db: Db, companyId: number, kind: 'message' | 'receipt', id: number): Promise<Requirement | undefined> {
  // both tables carry id, company_id and bill_id: one query for either, under one alias
  const from = (kind === 'message' ? 'customs_messages as r' : 'customs_receipts as r') as 'customs_messages as r';
  const row = await db.selectFrom(from)
    .leftJoin('bill_heads as b', (j) => j.onRef('b.id', '=', 'r.bill_id').onRef('b.company_id', '=', 'r.company_id'))
    .select(['r.bill_id', 'b.mode', 'b.bill_key'])
    .where('r.id', '=', id).where('r.company_id', '=', companyId).executeTakeFirst();
  if (!row) return kind === 'receipt' ? sharedReceiptPage(db, companyId, id) : undefined;
  if (row.mode && row.bill_key) return { uri: billPageUri(row.mode, row.bill_key) };
  return row.bill_id === null ? { uri: UNMATCHED_URI } : undefined;
}

/** A receipt whose codes name several companies (no company of its own, no bill): the 未匹配回执 page of each company named. */
async function sharedReceiptPage(db: Db, companyId: number, id: number): Promise<Requirement | undefined> {
  const row = await db.selectFrom('customs_receipts').select('id').where('id', '=', id).where('company_id', 'is', null).where('bill_id', 'is', null)
    .where(readableBy(companyId)).executeTakeFirst();
  return row ? { uri: UNMATCHED_URI } : undefined;
}

/** What a sign record's detail needs: the page of the bill its message declares, when it has one. */
export async function signRecordPageOf(db: Db, companyId: number, id: number): Promise<Requirement | undefined> {
  const row = await db.selectFrom('sign_records as s')
    .leftJoin('customs_messages as m', (j) => j.onRef('m.id', '=', 's.message_id').onRef('m.company_id', '=', 's.company_id'))
    .leftJoin('bill_heads as b', (j) => j.onRef('b.id', '=', 'm.bill_id').onRef('b.company_id', '=', 'm.company_id'))
    .select(['b.mode', 'b.bill_key'])
    .where('s.id', '=', id).where('s.company_id', '=', companyId).executeTakeFirst();
  return row?.mode && row.bill_key ? { uri: billPageUri(row.mode, row.bill_key) } : undefined;
}

/**
 * The pages of the bill types a receipt type answers (messageFindByBill asks by type and keys, not
 * by bill): the definitions whose message customs answers with it, or (customs-issued CEB792, 816,
 * 818) whose message it belongs to. Empty when no definition names it (CEB900: any message's).
 */
export function receiptTypePages(receiptType: string, issuedFor?: string): Requirement[] {
  return billDefinitions
    .filter((d) => d.message && (
      d.message.receipt.type === receiptType
      || (d.message.answers ?? []).some((a) => a.type === receiptType)
      || (issuedFor !== undefined && d.message.type === issuedFor)))
    .map((d) => ({ uri: billPageUri(d.mode, d.key) }));
}
