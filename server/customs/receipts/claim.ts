/**
 * Receipts that came before their bill. A receipt no bill matched is kept for its company
 * (ingest.ts, attribute.ts) and listed among its 未匹配回执; when a bill it names is saved or
 * imported later — its business keys equal the receipt's (receiptMatchKeys: order ebpCode +
 * orderNo, waybill logisticsCode + logisticsNo …) within the same company — the receipt is
 * attached to the bill. A draft (暂存, never sent) keeps it on its timeline and does not move
 * (issue 28: only sent bills move); a bill already past 暂存 applies it exactly as if it had arrived now: the same fold through the
 * lifecycle in customs time order, split parts, issued numbers, one write per bill (decide.ts,
 * parts.ts, store.ts). Inside the saving transaction, after the bill row is written (and so
 * locked): the receipts are locked after their bills, as every ingest locks them, and only rows
 * still without a bill are taken, so a second save finds nothing left to apply.
 */
import { sql, type Kysely } from 'kysely';
import { billDefinitions, findBill } from '../../../domain/bills/index.ts';
import { messageReceiptsOf } from '../../../domain/bills/message-receipts.ts';
import { receiptMatchKeys } from '../../../domain/bills/receipt-keys.ts';
import type { MessageReceiptDef } from '../../../domain/bills/types.ts';
import type { Database } from '../../db/schema.ts';
import type { LockedBill } from '../bill-events.ts';
import { adoptWaitingReceipts } from './adopt.ts';
import { decideBills, type StoredElement } from './decide.ts';
import { formatMoves } from './format.ts';
import { keyFieldsOf } from './match.ts';
import { foldSplitParts } from './parts.ts';
import { updateBills } from './store.ts';

/** bill_heads.state of a bill never declared (暂存) */
const NOT_SENT = 'DRAFT';

interface WaitingRow {
  id: number;
  company_id: number;
  message_type: string;
  return_status: string;
  return_time: string;
  return_info: string;
  keys: Record<string, string> | string;
}

/** One receipt type a bill waits for: its company, type and key values. */
interface Wanted {
  bill: LockedBill;
  receipt: MessageReceiptDef;
  values: Record<string, string>;
}

/** Every bill_heads column some definition keeps a receipt match key in (read with the locked bills). */
let keyColumns: readonly string[] | undefined;
function allKeyColumns(): readonly string[] {
  keyColumns ??= [...new Set(billDefinitions.flatMap((def) => messageReceiptsOf(def.message).flatMap((receipt) =>
    (keyFieldsOf(def, receiptMatchKeys(def, receipt.type)) ?? []).flatMap((f) => (f.column ? [f.column] : [])))))].sort();
  return keyColumns;
}

type HeadRow = LockedBill & { data: Record<string, unknown> | string | null } & Record<string, unknown>;

/**
 * Locks the bills (id order) and reads their match-key values in the same statement; answers the
 * receipt types each bill answers with those values (a bill lacking one is skipped for that type).
 */
async function lockWanted(trx: Kysely<Database>, billIds: readonly number[]): Promise<{ bills: LockedBill[]; wanted: Wanted[] }> {
  const columns = allKeyColumns();
  const { rows } = await sql<HeadRow>`
    select id, company_id, bill_key, mode, state, return_status, return_time, data${sql.join(columns.map((c) => sql`, ${sql.ref(c)}::text as ${sql.ref(`k_${c}`)}`), sql``)}
    from bill_heads where id in (${sql.join([...new Set(billIds)])}) order by id for update`.execute(trx);
  const bills: LockedBill[] = [];
  const wanted: Wanted[] = [];
  for (const row of rows) {
    const { id, company_id, bill_key, mode, state, return_status, return_time } = row;
    const bill: LockedBill = { id: Number(id), company_id, bill_key, mode, state, return_status, return_time };
    bills.push(bill);
    const def = findBill(mode, bill_key);
    if (!def) continue;
    const data = typeof row.data === 'string' ? JSON.parse(row.data) as Record<string, unknown> : row.data ?? {};
    for (const receipt of messageReceiptsOf(def.message)) {
      const fields = keyFieldsOf(def, receiptMatchKeys(def, receipt.type));
      if (!fields) continue;
      const values: Record<string, string> = {};
      for (const f of fields) {
        const v = f.column ? row[`k_${f.column}`] : data[f.name];
        if (v !== null && v !== undefined && v !== '') values[f.element] = String(v);
      }
      if (Object.keys(values).length === fields.length) wanted.push({ bill, receipt, values });
    }
  }
  return { bills, wanted };
}

const matches = (w: Wanted, row: WaitingRow, keys: Record<string, string>) =>
  w.receipt.type === row.message_type && w.bill.company_id === row.company_id && Object.entries(w.values).every(([k, v]) => keys[k] === v);

/** Up to this many (bill, receipt type) pairs are looked up one containment test each; more read the candidates at once. */
const INDEXED_LOOKUPS = 16;

const columnsOfWaiting = sql`id, company_id, message_type, return_status, return_time, return_info, keys`;
const keysOf = (row: WaitingRow) => (typeof row.keys === 'string' ? JSON.parse(row.keys) as Record<string, string> : row.keys);

/**
 * The waiting receipts the bills name, locked (id order). A save (a pair or two): one containment
 * test per pair, which the partial GIN index over waiting keys answers (migration 018). An import
 * of hundreds of bills: hundreds of such tests cost more than reading the companies' waiting rows
 * of those types once (the partial index customs_receipts_unmatched) and matching them here; only
 * the matching rows are then locked, and rows another transaction attached meanwhile drop out.
 */
async function lockWaiting(trx: Kysely<Database>, wanted: readonly Wanted[]): Promise<WaitingRow[]> {
  if (wanted.length <= INDEXED_LOOKUPS) {
    const tests = wanted.map((w) => sql`(company_id = ${w.bill.company_id} and message_type = ${w.receipt.type} and keys @> ${JSON.stringify(w.values)}::jsonb)`);
    const { rows } = await sql<WaitingRow>`select ${columnsOfWaiting} from customs_receipts
      where bill_id is null and (${sql.join(tests, sql` or `)}) order by id for update`.execute(trx);
    return rows;
  }
  const companies = [...new Set(wanted.map((w) => w.bill.company_id))];
  const types = [...new Set(wanted.map((w) => w.receipt.type))];
  const { rows: candidates } = await sql<WaitingRow>`select ${columnsOfWaiting} from customs_receipts
    where bill_id is null and company_id in (${sql.join(companies)}) and message_type in (${sql.join(types)})`.execute(trx);
  // by company, type and key values: one lookup per candidate
  const tuple = (company: number, type: string, names: readonly string[], values: Record<string, string | undefined>) =>
    JSON.stringify([company, type, ...names.map((k) => values[k] ?? null)]);
  const namesOf = new Map(wanted.map((w) => [w.receipt.type, Object.keys(w.values)]));
  const sought = new Set(wanted.map((w) => tuple(w.bill.company_id, w.receipt.type, namesOf.get(w.receipt.type)!, w.values)));
  const ids = candidates
    .filter((row) => sought.has(tuple(row.company_id, row.message_type, namesOf.get(row.message_type) ?? [], keysOf(row))))
    .map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const { rows } = await sql<WaitingRow>`select ${columnsOfWaiting} from customs_receipts
    where id in (${sql.join(ids)}) and bill_id is null order by id for update`.execute(trx);
  return rows;
}

/** The stored unmatched receipts of these bills' companies that name them, applied; answers how many moved a bill. */
export async function claimUnmatchedReceipts(trx: Kysely<Database>, billIds: readonly number[]): Promise<number> {
  if (billIds.length === 0) return 0;
  const { wanted } = await lockWanted(trx, billIds);
  if (wanted.length === 0) return 0;
  const rows = await lockWaiting(trx, wanted);
  if (rows.length === 0) return 0;

  const elements: StoredElement[] = [];
  const attach = new Map<number, number[]>();
  for (const row of rows) {
    const keys = keysOf(row);
    // the newest bill among those it names (a bill and its resubmission saved together)
    const w = wanted.filter((x) => matches(x, row, keys)).sort((a, b) => b.bill.id - a.bill.id)[0];
    if (!w) continue;
    attach.set(w.bill.id, [...(attach.get(w.bill.id) ?? []), Number(row.id)]);
    // issue 28: only a bill that went to customs moves on a receipt; a draft keeps it on its
    // timeline (单据尚未申报, server/customs/timeline.ts) and stays 暂存
    if (w.bill.state === NOT_SENT) continue;
    const moves = formatMoves(w.receipt.format, row.return_status);
    elements.push({
      bill: w.bill, returnStatus: row.return_status, returnTime: row.return_time, returnInfo: row.return_info, keys,
      ...(moves ? { event: { type: 'customs.receipt', returnStatus: row.return_status, returnTime: row.return_time } as const } : {}),
    });
  }
  for (const [billId, ids] of attach) await trx.updateTable('customs_receipts').set({ bill_id: billId }).where('id', 'in', ids).execute();
  elements.push(...await adoptWaitingReceipts(trx, elements));
  const { changes, applied } = decideBills(await foldSplitParts(trx, elements, (bill) => findBill(bill.mode, bill.bill_key)));
  await updateBills(trx, changes);
  return applied;
}
