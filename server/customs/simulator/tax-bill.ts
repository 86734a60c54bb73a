/**
 * The simulated customs' electronic tax bill (CEB816, ceb-messages §4, §10): when an import
 * inventory is released (800 放行), customs issues its tax — duty 0 %, VAT and consumption tax at
 * 70 % — computed by the very estimate the console shows before declaring
 * (domain/bills/import-tax.ts), so a declared inventory's tax bill never surprises its declarant.
 * Status 1 已生成; the tax number is the inventory number with a two-digit serial.
 */
import type { Kysely } from 'kysely';
import { estimateImportTax } from '../../../domain/bills/import-tax.ts';
import type { Database } from '../../db/schema.ts';
import { newGuid } from '../declaration.ts';
import { buildIssuedXml } from '../issued-build.ts';
import type { ReceiptSink } from '../transport/types.ts';

const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The CEB816 of a released inventory as customs holds it (head with its issued numbers, lines). */
export function taxBillXml(head: Readonly<Record<string, string>>, lines: readonly Readonly<Record<string, string>>[], returnTime: string): string | undefined {
  const invtNo = head.invtNo;
  if (!invtNo) return undefined;
  const e = estimateImportTax(head, lines);
  const optional = (name: string) => (head[name] ? { [name]: head[name] } : {});
  return buildIssuedXml('CEB816', newGuid(), [{
    head: {
      guid: newGuid(), returnTime, invtNo, taxNo: `${invtNo}01`,
      customsTax: e.customsTax, valueAddedTax: e.valueAddedTax, consumptionTax: e.consumptionTax, status: '1',
      ...optional('assureCode'), ...optional('ebcCode'), ...optional('logisticsCode'), ...optional('agentCode'), ...optional('customsCode'),
    },
    lines: e.lines.map((l) => ({
      gnum: String(l.gnum), gcode: l.gcode, taxPrice: l.taxPrice, customsTax: l.customsTax, valueAddedTax: l.valueAddedTax, consumptionTax: l.consumptionTax,
    })),
  }]);
}

/**
 * After a reply was sent: a CEB621 released (800) gets its CEB816, through the same sink as the
 * receipts (so the console's receipt pipeline fills its 税单).
 */
export async function issueTaxBillAfter(
  db: Kysely<Database>, reply: { message_type: string; return_status: string; doc_id: number | null; company_id: number | null },
  returnTime: () => string, sink: ReceiptSink,
): Promise<void> {
  if (reply.message_type !== 'CEB621' || reply.return_status !== '800' || reply.doc_id === null) return;
  const doc = await db.selectFrom('customs_sim_documents').select(['head', 'lines', 'numbers']).where('id', '=', reply.doc_id).executeTakeFirst();
  if (!doc) return;
  const head = { ...parsed<Record<string, string>>(doc.head), ...parsed<Record<string, string>>(doc.numbers) };
  const xml = taxBillXml(head, parsed<Record<string, string>[]>(doc.lines), returnTime());
  if (xml) await sink(xml, { companyId: reply.company_id });
}
