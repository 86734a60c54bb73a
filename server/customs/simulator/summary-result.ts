/**
 * The simulated customs' summary result (CEB792 汇总结果单, ceb-messages §4, §5.4 "CEB701 summary →
 * CEB702 (…399) → CEB792 result(s)"): when customs concludes (399 审结) a summary application, it
 * consolidates the summarised export inventories into one customs declaration and tells the
 * applicant so — the unified number declSeqNo, the applicant's codes and names as the CEB701 gave
 * them, the inventories' summed weights, and one list row per goods line of each inventory.
 *
 * - The inventories are those customs holds released (800 放行 or 899 结关) for the application's
 *   agent and e-commerce company: the CEB701's listed invtNo, or — when it carries the time pair,
 *   which makes customs ignore the list — those declared (appTime) at its customs office within it.
 *   Customs summarises only what it released: an unknown or unreleased invtNo is left out, and an
 *   application left with none gets no result.
 * - gseqno is the declaration item a goods line merges into: lines with the same HS code and name
 *   (the enterprise's item name when itemNameFlag is 1, else the declared name gname) are one item;
 *   summaryFlag 2 (per consignor and producer) also keeps producers (ownerCode) apart.
 * - decState is 'A', the official CEB792 sample's value: the list of states is customs' own
 *   (XSD: 具体返回值由海关确定), unconfirmed. The declaration's numbers (decTmpNo, decPreNo, entryId)
 *   come later in the real flow; the simulator files no 报关单 and sends none.
 * - Past ROWS_PER_RESULT rows the result goes out as several SummaryResult elements (msgCount /
 *   msgSeqNo, each repeating the head), at most 100 per file (the XSD's and the reader's limit).
 * - declSeqNo follows the sample's shape, S + yyyyMMdd + a 9-digit serial (the application's
 *   document id at customs), and is kept with the application, so a repeated 399 (a changed
 *   application concluded again) answers the same declaration.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newGuid } from '../declaration.ts';
import { buildIssuedXml } from '../issued-build.ts';
import { MAX_RETURNS } from '../receipts/read.ts';
import type { ReceiptSink } from '../transport/types.ts';
import { decimalUnits, unitsText } from './checks.ts';
import { createCustomsMemory } from './memory.ts';
import { findCustomsDocType } from './doc-types.ts';
import { siblingKeys } from './split-parts.ts';

/** Rows per SummaryResult element (ours, as the 1,000 lines of a split declaration: no source names one). */
export const ROWS_PER_RESULT = 1000;
/** The most inventories a time window takes (ours: the console's 汇总 by condition takes as many). */
export const MAX_BY_WINDOW = 5000;
/** The official sample's decState (values defined by customs, unconfirmed). */
export const SUMMARY_DEC_STATE = 'A';
const SUMMARISED = ['800', '899'] as const;

type Fields = Readonly<Record<string, string>>;

/** An export inventory (CEB603) as customs holds it: head with its issued numbers, goods lines. */
export interface SummarisedInventory {
  head: Fields;
  lines: readonly Fields[];
}

/** One SummaryResultList row (a type, not an interface: it is written as a plain field record). */
export type SummaryResultRow = { invtNo: string; logisticsNo: string; gseqno: string; gnum: string; gcode: string };

/** The list rows of a result: every goods line of each inventory, in order, with the item it merges into. */
export function summaryRows(apply: Fields, inventories: readonly SummarisedInventory[]): SummaryResultRow[] {
  const items = new Map<string, number>();
  const rows: SummaryResultRow[] = [];
  for (const inv of inventories) {
    const lines = [...inv.lines].sort((a, b) => Number(a.gnum) - Number(b.gnum));
    for (const line of lines) {
      const name = apply.itemNameFlag === '1' ? line.itemName ?? line.gname : line.gname;
      const key = JSON.stringify([line.gcode ?? '', name ?? '', apply.summaryFlag === '2' ? inv.head.ownerCode ?? '' : '']);
      if (!items.has(key)) items.set(key, items.size + 1);
      rows.push({
        invtNo: inv.head.invtNo ?? '', logisticsNo: inv.head.logisticsNo ?? '', gseqno: String(items.get(key)),
        gnum: line.gnum ?? '', gcode: line.gcode ?? '',
      });
    }
  }
  return rows;
}

/** Σ of a decimal head field (kg, up to 5 decimals); a blank or unreadable value counts 0. */
function total(inventories: readonly SummarisedInventory[], field: string): string {
  let units = 0n;
  for (const inv of inventories) units += decimalUnits(inv.head[field] ?? '') ?? 0n;
  return unitsText(units);
}

/** S + yyyyMMdd + 9-digit serial: the shape of the official sample's declSeqNo (18). */
export function declSeqNoOf(serial: number, date: string): string {
  return `S${date}${String(serial % 1e9).padStart(9, '0')}`;
}

export interface SummaryResultInput {
  /** the CEB701 head as customs holds it (sumNo issued) */
  apply: Fields;
  inventories: readonly SummarisedInventory[];
  declSeqNo: string;
  /** customs' time, yyyyMMddHHmmssSSS */
  opDate: string;
}

/** The CEB792 files of one result: ≤ ROWS_PER_RESULT rows per element, ≤ 100 elements per file. */
export function summaryResultFiles(
  { apply, inventories, declSeqNo, opDate }: SummaryResultInput,
  limits: { rowsPerResult: number; elementsPerFile: number } = { rowsPerResult: ROWS_PER_RESULT, elementsPerFile: MAX_RETURNS },
): string[] {
  const { rowsPerResult, elementsPerFile } = limits;
  const rows = summaryRows(apply, inventories);
  const first = (field: string) => apply[field] || inventories.find((i) => i.head[field])?.head[field] || '';
  const head = {
    customsCode: apply.customsCode ?? '', sumNo: apply.sumNo ?? '', opDate, declSeqNo, decState: SUMMARY_DEC_STATE,
    agentCode: first('agentCode'), agentName: first('agentName'), ebcCode: first('ebcCode'), ebcName: first('ebcName'),
    // the broker filing the declaration; the console makes it the agent when the application names none
    declAgentCode: apply.declAgentCode || first('agentCode'), declAgentName: apply.declAgentName || first('agentName'),
    grossWeight: total(inventories, 'grossWeight'), netWeight: total(inventories, 'netWeight'),
  };
  const parts = Math.max(1, Math.ceil(rows.length / rowsPerResult));
  const elements = Array.from({ length: parts }, (_, i) => ({
    head: { guid: newGuid(), ...head, msgCount: String(parts), msgSeqNo: String(i + 1) },
    lines: rows.slice(i * rowsPerResult, (i + 1) * rowsPerResult),
  }));
  const files: string[] = [];
  for (let i = 0; i < elements.length; i += elementsPerFile) files.push(buildIssuedXml('CEB792', newGuid(), elements.slice(i, i + elementsPerFile)));
  return files;
}

const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const field = (name: string) => sql<string>`head->>${name}`;
/** head @> {…}: answered by the GIN index on head (customs may hold millions of inventories) */
const holds = (fields: Record<string, string>) => sql<boolean>`head @> ${JSON.stringify(fields)}::jsonb`;
/**
 * invtNos per lookup: one rare key per containment, ORed in small groups, keeps the planner on the
 * index (measured on PostgreSQL 15, 200,000 held inventories: 50 per query ≈ 3 ms, 500 ≈ 365 ms).
 */
const CHUNK = 50;

/** The released inventories a summary application covers, in the order it lists them. */
export async function summarisedInventories(db: Kysely<Database>, apply: Fields, listed: readonly Fields[]): Promise<SummarisedInventory[]> {
  const base = () => db.selectFrom('customs_sim_documents').select(['id', 'head', 'lines', 'numbers'])
    .where('message_type', '=', 'CEB603').where('status', 'in', [...SUMMARISED])
    .where(field('agentCode'), '=', apply.agentCode ?? '').where(field('ebcCode'), '=', apply.ebcCode ?? '');
  const byWindow = Boolean(apply.startTime && apply.endTime);
  const invtNos = [...new Set(listed.map((l) => l.invtNo ?? '').filter(Boolean))];
  const rows: { head: unknown; lines: unknown; numbers: unknown }[] = [];
  if (byWindow) {
    rows.push(...await base().where(holds({ agentCode: apply.agentCode ?? '', ebcCode: apply.ebcCode ?? '', customsCode: apply.customsCode ?? '' }))
      .where(field('appTime'), '>=', apply.startTime!).where(field('appTime'), '<=', apply.endTime!)
      .orderBy(field('appTime')).orderBy('id').limit(MAX_BY_WINDOW).execute());
  } else {
    for (let i = 0; i < invtNos.length; i += CHUNK) {
      rows.push(...await base().where((eb) => eb.or(invtNos.slice(i, i + CHUNK).map((invtNo) => holds({ invtNo })))).orderBy('id').execute());
    }
  }
  const found = new Map<string, SummarisedInventory>();
  for (const row of rows) {
    const head = { ...parsed<Record<string, string>>(row.head), ...parsed<Record<string, string>>(row.numbers) };
    // the newest document under an invtNo speaks for it
    if (head.invtNo) found.set(head.invtNo, { head, lines: parsed<Record<string, string>[]>(row.lines) ?? [] });
  }
  if (byWindow) return [...found.values()];
  return invtNos.flatMap((no) => (found.has(no) ? [found.get(no)!] : []));
}

/**
 * After a reply was sent: a CEB701 concluded (399) gets its CEB792, through the same sink as the
 * receipts, so the console's receipt pipeline fills the 汇总结果单 and its 清单总分单明细 rows.
 * A deletion (appType 3) concluded leaves the application 'deleted' at customs: nothing to summarise.
 */
export async function issueSummaryResultAfter(
  db: Kysely<Database>, reply: { message_type: string; return_status: string; doc_id: number | null; company_id: number | null },
  returnTime: () => string, sink: ReceiptSink,
): Promise<void> {
  if (reply.message_type !== 'CEB701' || reply.return_status !== '399' || reply.doc_id === null) return;
  const doc = await db.selectFrom('customs_sim_documents').select(['id', 'status', 'head', 'lines', 'numbers']).where('id', '=', reply.doc_id).executeTakeFirst();
  if (!doc || doc.status !== '399') return;
  // A split application (msgCount > 1) is one summary: its result waits for the last part's 399
  // and covers the lines of every part, under the first part's declSeqNo.
  const siblings = siblingKeys(findCustomsDocType('CEB701')?.key ?? [], parsed<Record<string, string>>(doc.head));
  const parts = siblings.length === 0 ? [doc] : await db.selectFrom('customs_sim_documents').select(['id', 'status', 'head', 'lines', 'numbers'])
    .where('message_type', '=', 'CEB701').where('business_key', 'in', siblings).orderBy('id').execute();
  if (parts.length < siblings.length || parts.some((p) => p.status !== '399')) return;
  const first = parts[0]!;
  const numbers = parsed<Record<string, string>>(first.numbers);
  const apply = { ...parsed<Record<string, string>>(first.head), ...numbers };
  if (!apply.sumNo) return;
  const lines = parts.flatMap((p) => parsed<Record<string, string>[]>(p.lines) ?? []);
  const inventories = await summarisedInventories(db, apply, lines);
  if (inventories.length === 0) return;
  const opDate = returnTime();
  const declSeqNo = numbers.declSeqNo ?? declSeqNoOf(Number(first.id), opDate.slice(0, 8));
  if (!numbers.declSeqNo) await createCustomsMemory(db).setStatus(Number(first.id), first.status, { declSeqNo });
  for (const xml of summaryResultFiles({ apply, inventories, declSeqNo, opDate })) await sink(xml, { companyId: reply.company_id });
}
