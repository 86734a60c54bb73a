/**
 * The exchange's own documents in the receipt pipeline.
 *
 * - DxpRep (传输回执): each Response is stored once in customs_receipts (message_type DxpRep, its
 *   ResponseCode as the status, its texts as the info) against the outbox message its OriHead
 *   names (CopMsgId = customs_messages.guid): the message's bill and company, so the bill's 回执记录
 *   shows it. A failure reported for a message that left (sending/sent) is a failed delivery like
 *   any other (delivery-failure.ts): resent after the backoff until CUSTOMS_MAX_ATTEMPTS, then —
 *   or at once for a failure a resend cannot cure (format, security, routing) — 发送失败 with the
 *   exchange's text. A DxpRep for no message of ours is kept without a bill, for the company its
 *   DXP ids name, among the 未匹配回执.
 * - Any other document of the DXP namespace is kept as it came (message_type DXP) without a bill,
 *   for the company one of its DXP ids or codes names, and listed with the 未匹配回执: nothing the
 *   exchange sends is refused for being new.
 *
 * Once: the business key is the response's content (code, texts, receivers, time) or the document's
 * hash, so the same file read twice stores nothing new and fails nothing twice.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { receiptText } from '../../../domain/texts/receipts.ts';
import type { Database } from '../../db/schema.ts';
import { DEFAULT_RETRY, recordDeliveryFailure, type RetryPolicy } from '../delivery-failure.ts';
import { dxpFailureIsFinal } from '../../../domain/customs/dxp-codes.ts';
import { dxpFailureCode, dxpResponseOk, dxpResponseText, shortTextsOf, type DxpResponse } from '../dxp/rep.ts';
import { returnTimeOf } from '../xml/format.ts';
import { companyOfAnyCode, companyOfDxpIds } from './attribute.ts';
import { DXP_OTHER, DXP_REP, type CustomsFile } from './file.ts';
import { messageGuidOf } from './match.ts';
import { normaliseReturnTime } from './read.ts';
import { insertReceipts, onceKeyOf, type ReceiptInsert } from './store.ts';

type TransferFile = Extract<CustomsFile, { kind: 'transfer' }>;
type OtherDxpFile = Extract<CustomsFile, { kind: 'dxpOther' }>;

export interface TransferCounts {
  total: number;
  stored: number;
  duplicates: number;
  /** failures that failed or rescheduled their message */
  applied: number;
  unmatched: number;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** NoticeTime is an xs:date: a date alone places the receipt when it was read (it follows the message it answers). */
const timeOf = (noticeTime: string, now: Date) => normaliseReturnTime(noticeTime) ?? returnTimeOf(now);

interface MessageRow {
  id: number;
  guid: string;
  company_id: number;
  bill_id: number | null;
  attempts: number;
}

export async function storeTransferReceipt(
  db: Kysely<Database>, file: TransferFile, companyId: number | null | undefined, policy: RetryPolicy = DEFAULT_RETRY,
): Promise<TransferCounts> {
  const now = new Date();
  const { rep } = file;
  return db.transaction().execute(async (trx) => {
    const guids = [...new Set(rep.responses.flatMap((r) => messageGuidOf(r.copMsgId) ?? []))];
    // outbox rows first, as the worker and every ingest lock them
    const messages = guids.length === 0 ? new Map<string, MessageRow>() : new Map(
      (await trx.selectFrom('customs_messages').select(['id', 'guid', 'company_id', 'bill_id', 'attempts'])
        .where('guid', 'in', guids).orderBy('id').forUpdate().execute()).map((m) => [m.guid, m]),
    );
    // a response for no message of ours goes to the channel's company, else the one its DXP ids name
    const orphaned = rep.responses.some((r) => !messages.has(messageGuidOf(r.copMsgId) ?? ''));
    const fallback = companyId ?? (orphaned ? await companyOfDxpIds(trx, [rep.receiverId, ...rep.responses.map((r) => r.senderId)]) : undefined) ?? null;
    const rows = rep.responses.map((r) => {
      const message = messages.get(messageGuidOf(r.copMsgId) ?? '');
      const insert: ReceiptInsert = {
        guid: (messageGuidOf(r.copMsgId) ?? sha(r.copMsgId)).slice(0, 36),
        message_type: DXP_REP,
        business_key: `sha256:${sha(JSON.stringify([r.copMsgId, r.nodeId, r.code, r.info, r.results, r.noticeTime, r.note, rep.receiverId]))}`,
        company_id: message?.company_id ?? fallback,
        bill_id: message?.bill_id ?? null,
        return_status: r.code.slice(0, 12),
        return_time: timeOf(r.noticeTime, now),
        return_info: dxpResponseText(r),
        keys: JSON.stringify({ copMsgId: r.copMsgId, msgType: r.msgType, receiverId: rep.receiverId, ...(r.nodeId ? { nodeId: r.nodeId } : {}) }),
        xml: file.text,
      };
      return { response: r, message, insert };
    });
    const firsts = new Map<string, (typeof rows)[number]>();
    for (const row of rows) if (!firsts.has(onceKeyOf(row.insert))) firsts.set(onceKeyOf(row.insert), row);
    const stored = await insertReceipts(trx, [...firsts.values()].map((r) => r.insert));

    let applied = 0;
    let unmatched = 0;
    const failed = new Set<number>();
    for (const [key, { response, message }] of firsts) {
      if (!stored.has(key)) continue;
      if (!message) {
        unmatched++;
        continue;
      }
      if (dxpResponseOk(response) || failed.has(message.id)) continue;
      failed.add(message.id);
      if (await failDelivery(trx, message, response, policy)) applied++;
    }
    return { total: rows.length, stored: stored.size, duplicates: rows.length - stored.size, applied, unmatched };
  });
}

async function failDelivery(trx: Kysely<Database>, message: MessageRow, response: DxpResponse, policy: RetryPolicy): Promise<boolean> {
  const code = dxpFailureCode(response);
  const reason = receiptText.dxpFailed(code, dxpResponseText(response));
  const outcome = await recordDeliveryFailure(trx, { id: message.id, companyId: message.company_id, billId: message.bill_id, attempt: Math.max(1, message.attempts) }, reason, {
    refused: dxpFailureIsFinal(code), policy, from: ['sending', 'sent'],
  });
  return outcome !== undefined;
}

export async function storeOtherDxpDocument(db: Kysely<Database>, file: OtherDxpFile, companyId: number | null | undefined): Promise<TransferCounts> {
  return db.transaction().execute(async (trx) => {
    const texts = shortTextsOf(file.root);
    const owner = companyId ?? await companyOfDxpIds(trx, texts) ?? await companyOfAnyCode(trx, texts);
    const hash = sha(file.text);
    const insert: ReceiptInsert = {
      guid: hash.slice(0, 36),
      message_type: DXP_OTHER,
      business_key: `${file.rootName.slice(0, 100)}#${hash}`,
      company_id: owner ?? null,
      bill_id: null,
      return_status: '',
      return_time: returnTimeOf(new Date()),
      return_info: receiptText.dxpOtherInfo(file.rootName),
      keys: JSON.stringify({ root: file.rootName }),
      xml: file.text,
    };
    const stored = await insertReceipts(trx, [insert]);
    return { total: 1, stored: stored.size, duplicates: 1 - stored.size, applied: 0, unmatched: stored.size };
  });
}
