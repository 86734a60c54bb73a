/**
 * POST /api/receipter/messageFindByBill (no /api/enterprise prefix, bills §7): the receipt timeline
 * of one bill, found by its business keys, for the detail page's 回执 tab.
 *
 * data: {messageType: 'CEB304Message' | 'CEB404Message' | 'CEB506Message' (or 'CEB304' …), ...keys}
 *   keys: the receipt type's bill keys are required (order ebpCode + orderNo; receipt of payment
 *   ebcCode + orderNo; waybill logisticsCode + logisticsNo); its other fields (ebcCode, payNo)
 *   narrow the search when given.
 * answer: [{returnTime 'YYYY-MM-DD HH:mm:ss.SSS' (customs' China time), returnStatus,
 *   returnStatusName, returnInfo}], the caller's company's receipts received in the last 3 days,
 *   newest customs time first (at most 200).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { returnStatusNames } from '../../domain/bill-states.ts';
import { customsText } from '../../domain/texts/customs.ts';
import { BizError, defineRoute } from '../http/route.ts';
import { findReceiptType, receiptTypes } from './receipts/catalogue.ts';
import { displayReturnTime } from './xml/format.ts';

const WINDOW = sql`interval '3 days'`;
const LIMIT = 200;

export function returnStatusName(code: string): string {
  return returnStatusNames[code] ?? (/^-\d+$/.test(code) ? customsText.negativeStatusName : customsText.unknownStatusName(code));
}

const keyProperties = Object.fromEntries(
  receiptTypes.flatMap((t) => t.fields).map((f) => [f.name, { type: 'string', title: f.label, maxLength: 100 }]),
);

export default async function customsRoutes(app: FastifyInstance) {
  defineRoute<Record<string, unknown> & { messageType: string }>(app, {
    path: '/api/receipter/messageFindByBill',
    summary: '单据回执记录（近3天）',
    tags: ['海关回执'],
    access: 'company',
    data: {
      type: 'object',
      required: ['messageType'],
      properties: { messageType: { type: 'string', title: '回执报文类型', minLength: 1, maxLength: 40 }, ...keyProperties },
    },
    handler: async ({ data, user }) => {
      const type = findReceiptType(data.messageType);
      if (!type) throw new BizError(customsText.unknownMessageType(data.messageType));
      const filter: Record<string, string> = {};
      for (const field of type.fields) {
        const raw = data[field.name];
        const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
        if (value) filter[field.name] = value;
        else if (type.keys.includes(field.name)) throw new BizError(customsText.keyRequired(field.label));
      }
      const rows = await app.db.selectFrom('customs_receipts')
        .select(['return_time', 'return_status', 'return_info'])
        .where('company_id', '=', user.companyId)
        .where('message_type', '=', type.type)
        .where('received_at', '>=', sql<Date>`now() - ${WINDOW}`)
        .where(sql<boolean>`keys @> ${JSON.stringify(filter)}::jsonb`)
        .orderBy('return_time', 'desc').orderBy('id', 'desc')
        .limit(LIMIT)
        .execute();
      return rows.map((r) => ({
        returnTime: displayReturnTime(r.return_time),
        returnStatus: r.return_status,
        returnStatusName: returnStatusName(r.return_status),
        returnInfo: r.return_info,
      }));
    },
  });
}
