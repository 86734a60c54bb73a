/**
 * Reads a receipt that is not a CEB receipt, by the words of the definition describing it
 * (MessageReceiptDef.format; 报关单: the 单一窗口's DecImportResponse and DEC_DATA › DEC_RESULT), pure
 * but for the clock of a receipt without a time. Each answer becomes a ReceiptRecord like a CEB
 * return, so storing, matching and the lifecycle treat both alike:
 *
 * - fields are kept under the bill's field names (ClientSeqNo → copNo, CUS_CIQ_NO or SEQ_NO → seqNo);
 * - returnStatus is the lifecycle's customs code the status maps to (CHANNEL L → 120; any
 *   ResponseCode but 0 → -1); a code the map lacks is kept as it came and moves nothing;
 * - returnTime is customs' time (NOTICE_DATE) as 17 digits. Customs writes it to the second (or
 *   the hundredth): the missing milliseconds become the mapped code (放行 800 → .800), so two
 *   answers of one second apply in the flow's order rather than the second being taken as stale;
 * - a receipt without a time (the import response) is stamped when read, and moves the bill only
 *   when it refuses (`moves`): a success stamped late could overtake the timed answers after it.
 */
import type { ReceiptFormat } from '../../../domain/bills/types.ts';
import { customsText } from '../../../domain/texts/customs.ts';
import { returnTimeOf } from '../xml/format.ts';
import { childList, fieldsOf, XmlReadError, type XmlNodeData } from '../xml/read.ts';
import type { ReceiptType } from './catalogue.ts';
import { MAX_RETURNS, type ReceiptRecord } from './read.ts';

/** The lifecycle code a receipt status stands for; undefined when the format does not know it. */
export function formatStatusCode(format: ReceiptFormat, status: string): string | undefined {
  return format.statusMap[status] ?? format.otherwise;
}

/** A customs code that refuses the declaration: 海关退单 (100) or negative (申报异常). */
const refuses = (code: string | undefined) => code === '100' || (code !== undefined && /^-\d+$/.test(code));

/**
 * Whether a receipt of this format with this lifecycle code moves its bill: a receipt without a
 * time of customs' own (stamped when read) only when it refuses; every other one.
 */
export function formatMoves(format: ReceiptFormat | undefined, code: string | undefined): boolean {
  return !format || format.time !== undefined || refuses(code);
}

/**
 * A notice time as yyyyMMddHHmmssSSS: separators dropped (2018-12-12T14:40:43, 20180208T15032200,
 * 2026-03-20T10:24:36.123), hundredths padded, seconds completed with the mapped code. Undefined
 * when it is no time.
 */
export function noticeTime(value: string, code: string | undefined): string | undefined {
  const digits = value.replace(/[\s\-:./T_]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.length === 17) return digits;
  if (digits.length === 16) return `${digits}0`;
  if (digits.length !== 14) return undefined;
  const rank = code !== undefined && /^\d+$/.test(code) ? Math.min(999, Number(code)) : 0;
  return `${digits}${String(rank).padStart(3, '0')}`;
}

export function formatReturnsOf(type: ReceiptType & { format: ReceiptFormat }, rootName: string, root: XmlNodeData, receivedAt: Date): ReceiptRecord[] {
  const { format } = type;
  // the answer is the root itself (DecImportResponse, a bare DEC_RESULT) or repeated under it
  const elements = rootName === type.element ? [root] : childList(root, type.element);
  if (elements.length === 0) throw new XmlReadError(customsText.receiptNoReturns(type.element));
  if (elements.length > MAX_RETURNS) throw new XmlReadError(customsText.receiptTooMany(elements.length, MAX_RETURNS));
  return elements.map((el, i): ReceiptRecord => {
    const n = i + 1;
    const all = fieldsOf(typeof el === 'object' && !Array.isArray(el) ? (el as XmlNodeData) : undefined);
    const status = all[format.status];
    if (status === undefined) throw new XmlReadError(customsText.receiptMissing(n, format.status));
    const code = formatStatusCode(format, status);
    let returnTime: string;
    if (format.time) {
      const written = all[format.time];
      if (written === undefined) throw new XmlReadError(customsText.receiptMissing(n, format.time));
      const time = noticeTime(written, code);
      if (time === undefined) throw new XmlReadError(customsText.receiptBadTime(n, written));
      returnTime = time;
    } else {
      returnTime = returnTimeOf(receivedAt);
    }
    const fields: Record<string, string> = {};
    for (const f of format.fields) {
      const value = [f.element, ...(f.also ?? [])].map((e) => all[e]).find((v) => v !== undefined);
      if (value !== undefined) fields[f.name] = value;
    }
    const record: ReceiptRecord = { guid: '', fields, returnStatus: code ?? status, returnTime, returnInfo: all[format.info] ?? '' };
    if (!formatMoves(format, code)) record.moves = false;
    return record;
  });
}
