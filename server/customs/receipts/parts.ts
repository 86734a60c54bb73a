/**
 * Receipts of split bills (message.split: 运抵单, 离境单, 清单总分单, 汇总申请 over 1,000 lines go out as
 * k messages, msgSeqNo 1..k). Customs answers each part; the bill speaks for all of them:
 *   - a part refused (海关退单 100, 发送海关失败 4, a negative code) refuses the bill, and a later
 *     positive answer of another part does not lift it;
 *   - otherwise the bill waits until every part has answered, then shows the least advanced part
 *     (customs codes rise along the flow: 1 < 2 < 3 < 120 < 300 < 399 < 5xx < 700 < 800 < 899), so a
 *     bill is 放行 only when every part is.
 * Only receipts since the bill's latest declaration count (a refusal of an earlier one is history).
 */
import { sql, type Kysely } from 'kysely';
import type { BillDefinition, MessageSplit } from '../../../domain/bills/types.ts';
import type { Database } from '../../db/schema.ts';
import type { StoredElement } from './decide.ts';

export interface PartAnswer {
  seq: number;
  returnStatus: string;
  returnTime: string;
  returnInfo: string;
}

const refuses = (status: string) => status === '100' || status === '4' || Number(status) < 0;

/** The answer that speaks for the whole bill, from each part's latest answer; undefined = wait. */
export function wholeBillAnswer(answers: readonly PartAnswer[], parts: number): PartAnswer | undefined {
  const latest = new Map<number, PartAnswer>();
  for (const a of answers) {
    const seen = latest.get(a.seq);
    if (!seen || a.returnTime > seen.returnTime) latest.set(a.seq, a);
  }
  const newestFirst = [...latest.values()].sort((a, b) => (a.returnTime < b.returnTime ? 1 : a.returnTime > b.returnTime ? -1 : 0));
  const refusal = newestFirst.find((a) => refuses(a.returnStatus));
  if (refusal) return refusal;
  for (let seq = 1; seq <= parts; seq++) if (!latest.has(seq)) return undefined;
  const least = Math.min(...newestFirst.map((a) => Number(a.returnStatus)));
  // the newest of the least advanced parts: its time is never older than an answer applied before
  return newestFirst.find((a) => Number(a.returnStatus) === least);
}

type SplitDef = BillDefinition & { message: NonNullable<BillDefinition['message']> & { split: MessageSplit } };

/**
 * Replaces the elements of split bills by one element per bill carrying the whole bill's answer
 * (their issued numbers kept); elements of other bills pass unchanged. Inside the ingest's
 * transaction, after the file's receipts were stored.
 */
export async function foldSplitParts(trx: Kysely<Database>, elements: readonly StoredElement[], defOf: (bill: StoredElement['bill']) => BillDefinition | undefined): Promise<StoredElement[]> {
  const splitBills = new Map<number, SplitDef>();
  const companyOf = new Map<number, number>();
  for (const e of elements) {
    const def = defOf(e.bill);
    if (def?.message?.split) {
      splitBills.set(e.bill.id, def as SplitDef);
      companyOf.set(e.bill.id, e.bill.company_id);
    }
  }
  if (splitBills.size === 0) return [...elements];
  // every statement names the bills' company (docs/scaling.md): one look-up per company in the file
  const idsByCompany = new Map<number, number[]>();
  for (const [billId, companyId] of companyOf) idsByCompany.set(companyId, [...(idsByCompany.get(companyId) ?? []), billId]);
  const declared = (await Promise.all([...idsByCompany].map(([companyId, ids]) => trx.selectFrom('customs_messages')
    .select(['bill_id', 'message_type', sql<Date>`max(created_at)`.as('at')])
    .where('company_id', '=', companyId).where('bill_id', 'in', ids).groupBy(['bill_id', 'message_type']).execute()))).flat();
  const out: StoredElement[] = elements.filter((e) => !splitBills.has(e.bill.id));
  for (const [billId, def] of splitBills) {
    const companyId = companyOf.get(billId)!;
    const mine = elements.filter((e) => e.bill.id === billId);
    const last = declared.find((d) => d.bill_id === billId && d.message_type === def.message.type);
    const seqField = def.message.split.seqField;
    // no outbox message of ours (a bill declared elsewhere, or before this console): one message
    const parts = last
      ? Number((await trx.selectFrom('customs_messages').select(sql<number>`count(*)::int`.as('n'))
        .where('company_id', '=', companyId).where('bill_id', '=', billId).where('message_type', '=', def.message.type).where('created_at', '=', last.at)
        .executeTakeFirstOrThrow()).n)
      : 1;
    let receipts = trx.selectFrom('customs_receipts').select(['keys', 'return_status', 'return_time', 'return_info'])
      .where('company_id', '=', companyId).where('bill_id', '=', billId).where('message_type', '=', def.message.receipt.type);
    if (last) receipts = receipts.where('received_at', '>=', last.at);
    const answer = wholeBillAnswer((await receipts.execute()).map((r) => {
      const keys = (typeof r.keys === 'string' ? JSON.parse(r.keys) : r.keys) as Record<string, string>;
      return { seq: Number(keys[seqField] ?? 1), returnStatus: r.return_status, returnTime: r.return_time, returnInfo: r.return_info };
    }), parts);
    // every element still brings its issued numbers; only the whole bill's answer moves the bill
    for (const e of mine) {
      const { event: _event, ...numbersOnly } = e;
      out.push(numbersOnly);
    }
    const carrier = mine[mine.length - 1]!;
    if (answer) {
      out.push({
        ...carrier, returnStatus: answer.returnStatus, returnTime: answer.returnTime, returnInfo: answer.returnInfo,
        event: { type: 'customs.receipt', returnStatus: answer.returnStatus, returnTime: answer.returnTime },
      });
    }
  }
  return out;
}
