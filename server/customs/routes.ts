/**
 * The receipt routes (no /api/enterprise prefix, bills §7).
 *
 * POST /api/receipter/messageFindByBill: the receipt timeline of one bill, found by its business
 * keys, for the detail page's 回执 tab.
 *   data: {messageType: 'CEB304Message' … 'CEB712Message', or a customs-issued 'CEB792Message',
 *     'CEB816Message', 'CEB818Message', 'CEB900Message' (or 'CEB304' …), or a receipt a definition
 *     describes ('DEC_DATA': the 报关单's receipts, its import response included), ...keys}
 *     keys: the type's bill keys are required (order ebpCode + orderNo; inventory copNo; tax bill
 *     invtNo; CEB900 oriCopMsgId …, receipts/catalogue.ts); its other fields narrow the search.
 *   answer: [{returnTime 'YYYY-MM-DD HH:mm:ss.SSS' (customs' China time), returnStatus,
 *     returnStatusName, returnInfo, explain: {meaning, cause?, fix?}, unrecognised?: true (a status
 *     customs documents for no edition of the receipt: stored, applied to nothing)}], the caller's company's
 *     receipts received in the last 3 days, newest customs time first (at most 200).
 *
 * POST /api/receipter/unmatched: the caller's company's receipts that match no bill (kept, never
 *   dropped), newest first. data: {pageIndex?, pageSize?, messageType?}; answer {total, datas:
 *   [{id, messageType, messageTypeName, guid, keys, returnTime, returnStatus, returnStatusName,
 *   returnInfo, receivedAt, explain, unrecognised?, reason?}]}. Besides receipts: the exchange's transfer
 *   receipts (DxpRep) for no message of ours and DXP documents nothing here reads (DXP), kept as
 *   they came. A receipt of no bill and no channel is the company's whose codes it carries; one
 *   whose codes name several companies is listed for each, with reason 回执的企业代码指向多家企业… .
 *
 * POST /api/receipter/timeline {billId}: the bill's 回执记录, every outbox message and receipt of
 *   the bill, oldest first (timeline.ts); answer {state, stateName?, events}. Another company's
 *   bill: code -1 单据不存在或无权访问, as the bill calls answer.
 * POST /api/receipter/raw {kind: 'message' | 'receipt', id}: {xml} of one of them, re-indented for
 *   reading (company-scoped, -1 otherwise); a message also {signature: SignatureReport} (its
 *   algorithm and whether it verifies, domain/customs/signature.ts).
 */
import { anyBillPage } from '../bills/permissions.ts';
import { billPageUri, receiptTypePages, recordPageOf, billPageOf, UNMATCHED_URI } from '../bills/bill-grant.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { isDocumentedStatus, returnStatusNames } from '../../domain/bill-states.ts';
import { billDefinitions } from '../../domain/bills/index.ts';
import { partFieldsOf } from '../../domain/bills/receipt-keys.ts';
import { DXP_OTHER, DXP_REP, transferStatusName } from '../../domain/customs/dxp-codes.ts';
import { explainReceipt, issuedStatusCodes } from '../../domain/customs/return-codes.ts';
import { BILL_PAGE_SIZE, MAX_PAGE_SIZE } from '../../domain/query.ts';
import { customsText } from '../../domain/texts/customs.ts';
import { receiptText } from '../../domain/texts/receipts.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { timelineText } from '../../domain/texts/timeline.ts';
import { BizError, defineRoute } from '../http/route.ts';
import {
  customsMessageLabel, findIssuedType, findReceiptType, formatReceiptTypes, issuedTypes, messageCodeOf, receiptTypes, siblingReceiptTypes, type ReceiptField,
} from './receipts/catalogue.ts';
import { listUnmatchedReceipts } from './receipts/unmatched.ts';
import { initCustomsSchemas } from './schemas.ts';
import { reportSignature } from './sign/verify.ts';
import { billTimeline, prettyXml, rawRecordXml } from './timeline.ts';
import { displayReturnTime } from './xml/format.ts';

const WINDOW = sql`interval '3 days'`;
const LIMIT = 200;

export function returnStatusName(code: string): string {
  return returnStatusNames[code] ?? (/^-\d+$/.test(code) ? customsText.negativeStatusName : customsText.unknownStatusName(code));
}

/** The status name for a stored row: tax bills have their own list, CEB792's decState is shown as received. */
export function statusNameOf(messageType: string, code: string): string {
  if (messageType === DXP_REP) return transferStatusName(code);
  if (messageType === DXP_OTHER) return receiptText.otherDxpStatus;
  const issued = issuedStatusCodes[messageType];
  if (issued) return issued[code]?.name ?? customsText.unknownStatusName(code);
  if (messageType === 'CEB792') return code;
  return returnStatusName(code);
}

/** What a type can be looked up by: its fields, and the ones that must be given. */
interface Lookup { type: string; fields: readonly ReceiptField[]; keys: readonly string[] }

function lookupOf(messageType: string): Lookup | undefined {
  const receipt = findReceiptType(messageType);
  if (receipt) return { type: receipt.type, fields: receipt.fields, keys: receipt.keys };
  return issuedLookupOf(messageType);
}

/**
 * The receipts one lookup shows: the type asked for and, for a receipt a definition describes
 * (报关单 DEC_DATA), the other receipts answering the same message (its import response), each
 * found by its own keys — so the 回执 dialog lists every answer of the declaration, a refused
 * import among them.
 */
function lookupsOf(messageType: string): Lookup[] {
  const receipt = findReceiptType(messageType);
  if (!receipt?.format) {
    const one = lookupOf(messageType);
    return one ? [one] : [];
  }
  return siblingReceiptTypes(receipt).filter((t) => t.format).map((t) => ({ type: t.type, fields: t.fields, keys: t.keys }));
}

/** The pages of the bill types a receipt type (as asked: 'CEB622Message', 'DEC_DATA' …) answers. */
function receiptPagesOf(messageType: string) {
  const receipt = findReceiptType(messageType);
  if (receipt) return receiptTypePages(receipt.type);
  const issued = findIssuedType(messageType);
  return issued?.belongsTo ? receiptTypePages(issued.type, issued.belongsTo.message) : [];
}

function issuedLookupOf(messageType: string): Lookup | undefined {
  const issued = findIssuedType(messageType);
  if (!issued) return undefined;
  // the columns (status, time, text) and the echoed original message are not lookup keys
  const skip = new Set([issued.status, issued.time, issued.info, 'oriBizMessage']);
  return { type: issued.type, fields: issued.fields.filter((f) => !skip.has(f.name)), keys: issued.belongsTo?.keys ?? issued.identity };
}

const keyProperties = Object.fromEntries(
  [...receiptTypes.flatMap((t) => t.fields), ...formatReceiptTypes.flatMap((t) => t.fields), ...issuedTypes.flatMap((t) => lookupOf(t.type)!.fields)]
    .map((f) => [f.name, { type: 'string', title: f.label, maxLength: 255 }]),
);

export default async function customsRoutes(app: FastifyInstance) {
  defineRoute<Record<string, unknown> & { messageType: string }>(app, {
    path: '/api/receipter/messageFindByBill',
    // the pages of the bill types this receipt answers, as their details ask (issue 29); a type no
    // definition names (CEB900, unknown) any page, its rows then kept to the bills the caller may open
    permission: (data) => {
      const pages = receiptPagesOf(data.messageType);
      return pages.length > 0 ? pages : anyBillPage;
    },
    summary: '单据回执记录（近3天）',
    tags: ['海关回执'],
    access: 'company',
    data: {
      type: 'object',
      required: ['messageType'],
      properties: { messageType: { type: 'string', title: '回执报文类型', minLength: 1, maxLength: 40 }, ...keyProperties },
    },
    handler: async ({ data, user }) => {
      const lookups = lookupsOf(data.messageType);
      if (lookups.length === 0) throw new BizError(customsText.unknownMessageType(data.messageType));
      const valueOf = (name: string) => {
        const raw = data[name];
        return typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
      };
      const searches: { type: string; filter: Record<string, string> }[] = [];
      let missing: string | undefined;
      for (const lookup of lookups) {
        const filter: Record<string, string> = {};
        const parts = partFieldsOf(billDefinitions, lookup.type);
        // one type: its keys required, its other fields narrow; several (报关单): each by its own keys, skipped without them
        const narrowing = lookups.length === 1 ? lookup.fields : lookup.fields.filter((f) => lookup.keys.includes(f.name));
        const absent = narrowing.find((f) => !valueOf(f.name) && lookup.keys.includes(f.name) && !parts.has(f.name));
        if (absent) {
          missing ??= absent.label;
          continue;
        }
        for (const field of narrowing) if (valueOf(field.name)) filter[field.name] = valueOf(field.name);
        searches.push({ type: lookup.type, filter });
      }
      if (searches.length === 0) throw new BizError(customsText.keyRequired(missing!));
      const held = await app.buttonCodes(user);
      const rows = (await app.db.selectFrom('customs_receipts as r')
        .leftJoin('bill_heads as b', (j) => j.onRef('b.id', '=', 'r.bill_id').onRef('b.company_id', '=', 'r.company_id'))
        .select(['r.message_type', 'r.return_time', 'r.return_status', 'r.return_info', 'b.mode', 'b.bill_key'])
        .where('r.company_id', '=', user.companyId)
        .where('r.received_at', '>=', sql<Date>`now() - ${WINDOW}`)
        .where((eb) => eb.or(searches.map((s) => eb.and([
          eb('r.message_type', '=', s.type),
          eb(sql<boolean>`r.keys @> ${JSON.stringify(s.filter)}::jsonb`, '=', true),
        ]))))
        .orderBy('r.return_time', 'desc').orderBy('r.id', 'desc')
        .limit(LIMIT)
        .execute())
        // a receipt of a bill whose type the caller may not open is not its to read
        .filter((r) => !r.mode || !r.bill_key || held.has(billPageUri(r.mode, r.bill_key)));
      return rows.map((r) => ({
        returnTime: displayReturnTime(r.return_time),
        returnStatus: r.return_status,
        returnStatusName: statusNameOf(r.message_type, r.return_status),
        returnInfo: r.return_info,
        explain: explainReceipt(r.return_status, r.return_info, r.message_type),
        ...(isDocumentedStatus(r.message_type, r.return_status) ? {} : { unrecognised: true }),
      }));
    },
  });

  defineRoute<{ pageIndex?: number; pageSize?: number; messageType?: string }>(app, {
    path: '/api/receipter/unmatched',
    permission: { uri: '/receipts/unmatched' },
    summary: receiptText.unmatchedSummary,
    tags: ['海关回执'],
    access: 'company',
    dataOptional: true,
    data: {
      type: 'object',
      properties: {
        pageIndex: { type: 'integer', title: '页码', minimum: 0, maximum: 100000 },
        pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: MAX_PAGE_SIZE },
        messageType: { type: 'string', title: '回执报文类型', maxLength: 40 },
      },
    },
    handler: async ({ data, user }) => {
      const raw = data?.messageType?.trim();
      // CEB304 … by code; a receipt a definition describes (DEC_DATA) by its type or root
      const messageType = raw ? messageCodeOf(raw) ?? findReceiptType(raw)?.type ?? [DXP_REP, DXP_OTHER].find((t) => t.toLowerCase() === raw.toLowerCase()) : undefined;
      if (raw && (!messageType || !customsMessageLabel(messageType))) throw new BizError(customsText.unknownMessageType(raw));
      const page = await listUnmatchedReceipts(app.db, {
        companyId: user.companyId,
        pageIndex: data?.pageIndex ?? 0,
        pageSize: data?.pageSize ?? BILL_PAGE_SIZE,
        ...(messageType ? { messageType } : {}),
      });
      return {
        total: page.total,
        datas: page.datas.map((r) => ({
          id: r.id,
          messageType: r.messageType,
          messageTypeName: customsMessageLabel(r.messageType) ?? r.messageType,
          guid: r.guid,
          keys: r.keys,
          returnTime: displayReturnTime(r.returnTime),
          returnStatus: r.returnStatus,
          returnStatusName: statusNameOf(r.messageType, r.returnStatus),
          returnInfo: r.returnInfo,
          receivedAt: r.receivedAt,
          explain: explainReceipt(r.returnStatus, r.returnInfo, r.messageType),
          ...(isDocumentedStatus(r.messageType, r.returnStatus) ? {} : { unrecognised: true }),
          ...(r.severalCompanies ? { reason: receiptText.unmatchedReasons.severalCompanies } : {}),
        })),
      };
    },
  });

  defineRoute<{ billId: number }>(app, {
    path: '/api/receipter/timeline',
    permission: anyBillPage,
    billGrant: (data, user) => billPageOf(app.db, user.companyId, data.billId),
    summary: timelineText.timelineSummary,
    tags: ['海关回执'],
    access: 'company',
    data: {
      type: 'object',
      required: ['billId'],
      properties: { billId: { type: 'integer', title: timelineText.billId, minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
    },
    handler: async ({ data, user }) => {
      const timeline = await billTimeline(app.db, user.companyId, data.billId, statusNameOf);
      if (!timeline) throw new BizError(billServerText.notFound);
      return timeline;
    },
  });

  defineRoute<{ kind: 'message' | 'receipt'; id: number }>(app, {
    path: '/api/receipter/raw',
    permission: [...anyBillPage, { uri: UNMATCHED_URI }],
    billGrant: (data, user) => recordPageOf(app.db, user.companyId, data.kind, data.id),
    summary: timelineText.rawSummary,
    tags: ['海关回执'],
    access: 'company',
    data: {
      type: 'object',
      required: ['kind', 'id'],
      properties: {
        kind: { type: 'string', title: timelineText.kind, enum: ['message', 'receipt'] },
        id: { type: 'integer', title: timelineText.recordId, minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      },
    },
    handler: async ({ data, user }) => {
      const xml = await rawRecordXml(app.db, user.companyId, data.kind, data.id);
      if (xml === undefined) throw new BizError(timelineText.recordNotFound);
      if (data.kind === 'receipt') return { xml: prettyXml(xml) };
      // a sent message: its 签名算法 and whether the signature verifies (the one verifier)
      await initCustomsSchemas();
      return { xml: prettyXml(xml), signature: reportSignature(xml) };
    },
  });
}
