/**
 * A bill's receipt timeline (回执记录): what we sent (the outbox rows of customs_messages) and what
 * customs answered (customs_receipts matched to the bill), merged oldest first, each receipt with
 * its explanation (domain/customs/return-codes.ts). And the raw XML of one of them, re-indented.
 *
 * Ordering: a message stands at its created_at (the declaration), a receipt at its returnTime
 * (customs' clock); both are compared as China-time yyyyMMddHHmmssSSS, a message before a receipt
 * of the same millisecond (it caused it). Unlike messageFindByBill there is no 3-day window: the
 * timeline is the bill's whole history (capped, a bill has a handful of rows).
 *
 * Scope: the bill, message or receipt must be the caller's company's; anything else is answered
 * as not found, so ids of other companies cannot be probed.
 */
import type { Kysely } from 'kysely';
import { billStateRefs, isDocumentedStatus, statesFor } from '../../domain/bill-states.ts';
import { explainReceipt } from '../../domain/customs/return-codes.ts';
import type { BillTimeline, MessageEvent, ReceiptEvent, TimelineEvent } from '../../domain/customs/timeline.ts';
import { receiptText } from '../../domain/texts/receipts.ts';
import { messageStatusNames } from '../../domain/texts/timeline.ts';
import { isEarlierStage, receiptStage } from '../../machines/bill-lifecycle.ts';
import type { Database } from '../db/schema.ts';
import { rootOfMessageType } from './message-defs.ts';
import { customsMessageLabel, findReceiptType } from './receipts/catalogue.ts';
import { readableBy } from './receipts/readable.ts';
import { signTypeName } from './sign/message-types.ts';
import { displayReturnTime, returnTimeOf } from './xml/format.ts';

/** more rows than any bill gets; keeps a runaway resend loop from answering megabytes */
const MAX_ROWS = 500;

export type { BillTimeline, MessageEvent, ReceiptEvent, TimelineEvent } from '../../domain/customs/timeline.ts';

/** How a receipt's status code reads (routes.ts statusNameOf: tax bills and CEB792 differ). */
export type StatusNamer = (messageType: string, code: string) => string;

const chinaTime = (date: Date): string => displayReturnTime(returnTimeOf(date));
/** customs sometimes sends seconds only (14 digits): sorted as the start of that second */
const sortKeyOf = (returnTime: string): string => (/^\d{14}$/.test(returnTime) ? `${returnTime}000` : returnTime);

function stateNameOf(mode: string, billKey: string, state: string): string | undefined {
  const ref = (billStateRefs as Record<string, Record<string, { mode: string; billType: string } | null> | undefined>)[mode]?.[billKey];
  return ref ? statesFor(ref.mode, ref.billType)?.find((s) => s.state === state)?.stateName : undefined;
}

/**
 * The bill's receipts that were kept without moving it, and why (receiptText.held), from what the
 * ingest decided on (ingest.ts, the lifecycle's earlierStage guard), recomputed here rather than
 * stored: one of a draft, or received before any message of the bill was on its way to customs, and
 * one — in customs time order — of an earlier stage than a receipt before it had reached.
 */
function heldReceipts(
  draft: boolean,
  messages: readonly { status: string; created_at: Date; sent_at: Date | null }[],
  receipts: readonly { id: number | string; message_type: string; return_status: string; received_at: Date }[],
): Map<number, string> {
  const out = new Map<number, string>();
  const sent = messages.filter((m) => m.sent_at !== null || m.status === 'sending' || m.status === 'sent').map((m) => m.created_at.getTime());
  const firstSent = sent.length > 0 ? Math.min(...sent) : undefined;
  let reached = '';
  for (const r of receipts) {
    if (!findReceiptType(r.message_type)) continue; // customs-issued documents move no bill
    if (draft || (firstSent !== undefined && r.received_at.getTime() < firstSent)) out.set(Number(r.id), receiptText.held.notSent);
    else if (isEarlierStage(reached, r.return_status)) out.set(Number(r.id), receiptText.held.late);
    else if (receiptStage(r.return_status) !== undefined) reached = r.return_status;
  }
  return out;
}

/** The timeline of the company's bill; undefined when there is no such bill of that company. */
export async function billTimeline(db: Kysely<Database>, companyId: number, billId: number, statusNameOf: StatusNamer): Promise<BillTimeline | undefined> {
  const bill = await db.selectFrom('bill_heads').select(['mode', 'bill_key', 'state'])
    .where('id', '=', billId).where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!bill) return undefined;
  const [messages, receipts] = await Promise.all([
    db.selectFrom('customs_messages')
      .select(['id', 'guid', 'message_type', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
      .where('bill_id', '=', billId).where('company_id', '=', companyId)
      .orderBy('created_at').orderBy('id').limit(MAX_ROWS)
      .execute(),
    db.selectFrom('customs_receipts')
      .select(['id', 'message_type', 'return_status', 'return_time', 'return_info', 'received_at'])
      .where('bill_id', '=', billId).where('company_id', '=', companyId)
      .orderBy('return_time').orderBy('id').limit(MAX_ROWS)
      .execute(),
  ]);

  const keyed: { key: string; order: number; event: TimelineEvent }[] = [];
  for (const m of messages) {
    const created = m.created_at;
    keyed.push({
      key: returnTimeOf(created), order: 0,
      event: {
        kind: 'message', id: Number(m.id), time: chinaTime(created), guid: m.guid,
        messageType: m.message_type, messageTypeName: signTypeName(rootOfMessageType(m.message_type)),
        status: m.status, statusName: messageStatusNames[m.status] ?? m.status,
        attempts: m.attempts, lastError: m.last_error,
        createdAt: chinaTime(created), sentAt: m.sent_at ? chinaTime(m.sent_at) : null,
      },
    });
  }
  const held = heldReceipts(bill.state === 'DRAFT', messages, receipts);
  for (const r of receipts) {
    const returnTime = displayReturnTime(r.return_time);
    keyed.push({
      key: sortKeyOf(r.return_time), order: 1,
      event: {
        kind: 'receipt', id: Number(r.id), time: returnTime,
        messageType: r.message_type, messageTypeName: customsMessageLabel(r.message_type) ?? r.message_type,
        returnStatus: r.return_status, returnStatusName: statusNameOf(r.message_type, r.return_status),
        returnTime, returnInfo: r.return_info,
        explain: explainReceipt(r.return_status, r.return_info, r.message_type),
        ...(isDocumentedStatus(r.message_type, r.return_status) ? {} : { unrecognised: true as const }),
        ...(held.has(r.id) ? { held: held.get(r.id)! } : {}),
      },
    });
  }
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.order - b.order || a.event.id - b.event.id));

  const stateName = stateNameOf(bill.mode, bill.bill_key, bill.state);
  return { state: bill.state, ...(stateName ? { stateName } : {}), events: keyed.map((k) => k.event) };
}

/** The stored XML of the company's message or receipt (readable.ts); undefined when it is not the company's. */
export async function rawRecordXml(db: Kysely<Database>, companyId: number, kind: 'message' | 'receipt', id: number): Promise<string | undefined> {
  const row = kind === 'message'
    ? await db.selectFrom('customs_messages').select('xml').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst()
    : await db.selectFrom('customs_receipts').select('xml').where('id', '=', id).where(readableBy(companyId)).executeTakeFirst();
  return row?.xml;
}

const TOKEN = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\/[^>]*>|<[^>]*>|[^<]+/g;

/**
 * XML re-indented for reading, two spaces a level: an element holding only text stays on one line,
 * whitespace-only text between elements is dropped, any other text, comment or CDATA is kept as
 * it is (a text line trimmed). Display only — the stored (signed) document is never changed, and a signature covers the
 * whitespace this removes. Not a parser: a malformed document comes out indented as well as it goes.
 */
export function prettyXml(xml: string): string {
  const tokens = (xml.replace(/^\uFEFF/, '').match(TOKEN) ?? []).filter((t) => t.trim() !== '');
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const pad = '  '.repeat(depth);
    const isOpen = token.startsWith('<') && !/^<[/?!]/.test(token) && !token.endsWith('/>');
    if (token.startsWith('</')) {
      depth = Math.max(0, depth - 1);
      lines.push('  '.repeat(depth) + token);
    } else if (isOpen) {
      const text = tokens[i + 1];
      const close = tokens[i + 2];
      if (text !== undefined && (!text.startsWith('<') || text.startsWith('<![CDATA[')) && close?.startsWith('</')) {
        // <a>text</a> on one line, its text exactly as stored
        lines.push(pad + token + text + close);
        i += 2;
      } else if (text?.startsWith('</')) {
        lines.push(pad + token + text); // <a></a>
        i += 1;
      } else {
        lines.push(pad + token);
        depth += 1;
      }
    } else {
      lines.push(pad + (token.startsWith('<') ? token : token.trim()));
    }
  }
  return lines.join('\n');
}
