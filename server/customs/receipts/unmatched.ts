/**
 * Receipts without a bill (customs_receipts.bill_id null): a receipt for a bill the console does
 * not know, a CEB792/816/818 before its bill types exist, a CEB900 for an unknown message. They are
 * kept and listed here, newest first, so nothing customs sent is dropped. The partial index
 * customs_receipts_unmatched (migration 003) keeps this cheap however many matched receipts pile up.
 *
 * A company's list is its own receipts (company_id) and the ones whose codes name it among several
 * companies (company_id null, a customs_receipt_companies row of it, migration 049): those each
 * company named sees, with the reason, and none of them owns (issue 28).
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readableBy } from './readable.ts';

/** Not listed for any company: no company of its own and none named among several. */
const ownerless = (eb: ExpressionBuilder<Database, 'customs_receipts'>) => eb.and([
  eb('customs_receipts.company_id', 'is', null),
  eb.not(eb.exists(eb.selectFrom('customs_receipt_companies as s').select(sql`1`.as('one')).whereRef('s.receipt_id', '=', 'customs_receipts.id'))),
]);

export interface UnmatchedQuery {
  /** the company's receipts; null = the ones no channel or envelope assigned to a company */
  companyId: number | null;
  /** CEB304 …; all types when omitted */
  messageType?: string;
  /** 0-based */
  pageIndex: number;
  pageSize: number;
}

export interface UnmatchedReceipt {
  id: number;
  guid: string;
  messageType: string;
  returnStatus: string;
  /** yyyyMMddHHmmssSSS */
  returnTime: string;
  returnInfo: string;
  keys: Record<string, unknown>;
  receivedAt: Date;
  /** its codes name several companies (this one among them): applied to none, listed for each */
  severalCompanies: boolean;
}

export async function listUnmatchedReceipts(db: Kysely<Database>, query: UnmatchedQuery): Promise<{ total: number; datas: UnmatchedReceipt[] }> {
  let q = db.selectFrom('customs_receipts').where('bill_id', 'is', null);
  q = query.companyId === null ? q.where(ownerless) : q.where(readableBy(query.companyId));
  if (query.messageType) q = q.where('message_type', '=', query.messageType);
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    q.select(['id', 'guid', 'company_id', 'message_type', 'return_status', 'return_time', 'return_info', 'keys', 'received_at'])
      .orderBy('received_at', 'desc').orderBy('id', 'desc')
      .limit(query.pageSize).offset(query.pageIndex * query.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    datas: rows.map((r) => ({
      id: r.id, guid: r.guid, messageType: r.message_type, returnStatus: r.return_status, returnTime: r.return_time,
      returnInfo: r.return_info, keys: r.keys, receivedAt: r.received_at,
      // a company's list holds a receipt of no company only through its codes naming several
      severalCompanies: query.companyId !== null && r.company_id === null,
    })),
  };
}
