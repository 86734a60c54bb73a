/**
 * Bills customs issues (definitions with `issuedBy: 'customs'`: 税单, 汇总结果单, 清单总分单明细),
 * filled from the customs-issued messages the receipt pipeline stores (CEB792, CEB816, CEB818).
 *
 * - fillIssuedBills is the pipeline's hook: called in the ingest transaction with the customs_receipts
 *   rows it has just stored (message type, the element's one-element document, company, the bill
 *   the element belongs to). Receipt types no definition fills cost nothing (no parse).
 * - Each mapping (domain/bills/issued.ts) gives the bills' values; a bill is found by its identity
 *   within the company (under the engine's unique-key lock) and updated, or made when the mapping
 *   creates. A message older than what the bill holds changes nothing (customs time, like the
 *   lifecycle's stale receipts), so a late or repeated element never moves a bill back.
 * - refillIssuedBills is 重新发送回执 for these bills: the stored messages of the bill's identity are
 *   applied again in customs-time order; a bill that is current stays as it is.
 */
import { sql, type Kysely } from 'kysely';
import { billDefinitions, findBill } from '../../domain/bills/index.ts';
import { fillsOf, issuedBillsOf, type IssuedBill, type IssuedElement, type RelatedBill } from '../../domain/bills/issued.ts';
import type { BillDefinition, FieldDef } from '../../domain/bills/types.ts';
import type { IssuedFill, IssuedSource } from '../../domain/bills/words.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import type { Database } from '../db/schema.ts';
import { BizError } from '../http/errors.ts';
import { readCustomsXml } from '../customs/receipts/file.ts';
import type { BatchAnswer } from './batch.ts';
import { idOf, type BillCall } from './call.ts';
import { billModel, type BillModel } from './model.ts';
import { findDuplicate, findHead, findLines, lineOut, replaceLines, uniqueLock, type Scope } from './repository.ts';
import { headValues, titleOf, type HeadRow, type Value, type Values } from './values.ts';

type Trx = Kysely<Database>;

/**
 * A customs-issued element as the pipeline stored it: the customs_receipts row's columns (the
 * element as a document of its own, its company, and the bill it belongs to — a CEB816's 进口清单).
 */
export interface StoredIssued {
  message_type: string;
  xml: string;
  company_id: number | null;
  bill_id: number | null;
}

const models = new Map<BillDefinition, BillModel>();
const modelOf = (def: BillDefinition) => {
  let m = models.get(def);
  if (!m) models.set(def, (m = billModel(def)));
  return m;
};

/** Message types some definition fills: the pipeline's cheap test. */
const filled = new Set(billDefinitions.flatMap((d) => (d.issuedBy === 'customs' ? (d.issued ?? []).map((f) => f.message) : [])));
export const fillsMessage = (messageType: string): boolean => (filled as Set<string>).has(messageType);

/** yyyyMMddHHmmss[SSS] in China time → the instant. */
function instantOf(time: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{0,3})/.exec(time);
  if (!m) return new Date();
  const [, y, mo, d, h, mi, s, ms] = m;
  return new Date(Date.UTC(+y!, +mo! - 1, +d!, +h! - 8, +mi!, +s!, Number((ms ?? '').padEnd(3, '0') || 0)));
}

const usesRelated = (source: IssuedSource): boolean =>
  typeof source === 'string' ? false : Array.isArray(source) ? (source as readonly IssuedSource[]).some(usesRelated) : 'related' in (source as object) || 'relatedLine' in (source as object);
const needsRelated = (fill: IssuedFill) => [...Object.values(fill.head), ...Object.values(fill.lines ?? {})].some(usesRelated);

async function relatedBill(trx: Trx, companyId: number, id: number | null): Promise<RelatedBill | undefined> {
  if (id === null) return undefined;
  const row = await trx.selectFrom('bill_heads').select(['id', 'company_id', 'bill_key', 'mode'])
    .where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  const def = row ? findBill(row.mode, row.bill_key) : undefined;
  if (!row || !def) return undefined;
  const model = modelOf(def);
  const head = await findHead(trx, { companyId: row.company_id, model }, Number(row.id));
  if (!head) return undefined;
  const lines = new Map<number, Values>();
  for (const l of await findLines(trx, row.company_id, Number(row.id))) lines.set(Number(l.gnum), lineOut(model, l) as Values);
  return { head: headValues(model, head), lines };
}

/** A value cut to what its field (and column) holds: customs' text is read tolerantly. */
function fit(field: FieldDef, value: Value): Value {
  if (typeof value !== 'string' || field.maxLength === undefined) return value;
  return [...value].slice(0, field.maxLength).join('');
}

function storageOf(model: BillModel, values: Values) {
  const columns: Record<string, string | null> = {};
  const data: Record<string, Value> = {};
  for (const f of model.stored) {
    const v = values[f.name] ?? null;
    const value = v === null ? null : fit(f, v);
    if (f.column) columns[f.column] = value === null ? null : String(value);
    else if (value !== null) data[f.name] = value;
  }
  return { columns, data };
}

/** Writes one bill the element fills: updated when its identity is known and the element is newer, made when the mapping creates. */
async function writeBill(trx: Trx, scope: Scope, fill: IssuedFill, bill: IssuedBill, element: IssuedElement & { info: string }): Promise<boolean> {
  const { model } = scope;
  await uniqueLock(trx, scope, JSON.stringify(bill.identity));
  const id = await findDuplicate(trx, scope, fill.identity, bill.head);
  const state = bill.state.slice(0, 20);
  const receipt = { return_status: state.slice(0, 12), return_time: element.time, return_info: element.info };
  let headId: number;
  if (id !== undefined) {
    const row = await findHead(trx, scope, id, { lock: true }) as HeadRow;
    if (row.return_time !== null && row.return_time >= element.time) return false;
    const storage = storageOf(model, { ...headValues(model, row), ...bill.head });
    await trx.updateTable('bill_heads')
      .set({ ...storage.columns, data: JSON.stringify(storage.data), state, ...receipt, app_time: instantOf(element.time), update_time: new Date() })
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('company_id', '=', scope.companyId).where('id', '=', id).execute();
    headId = id;
  } else {
    if (!fill.creates) return false;
    const storage = storageOf(model, bill.head);
    const row = await trx.insertInto('bill_heads').values({
      company_id: scope.companyId, bill_key: model.def.key, mode: model.def.mode, state,
      ...storage.columns, data: JSON.stringify(storage.data), app_time: instantOf(element.time), ...receipt,
    }).returning('id').executeTakeFirstOrThrow();
    headId = Number(row.id);
  }
  if (bill.lines) {
    const lineFields = model.def.lines?.fields ?? [];
    const seq = model.def.lines?.sequenceField ?? 'gnum';
    await replaceLines(trx, scope.companyId, headId, bill.lines.map((values, i) => {
      const fitted: Values = {};
      for (const f of lineFields) if (values[f.name] !== undefined) fitted[f.name] = fit(f, values[f.name]!);
      // bill_lines.gnum orders the body: the line's own number, else its place
      return { id: undefined, values: { ...fitted, gnum: Number(values[seq] ?? values.gnum ?? i + 1) || i + 1 } };
    }));
  }
  return true;
}

/**
 * The pipeline's hook: fills the bills of every stored customs-issued element. Answers how many
 * bills were written. Elements without a company (no channel, no bill) fill nothing.
 */
export async function fillIssuedBills(trx: Trx, stored: readonly StoredIssued[]): Promise<number> {
  let written = 0;
  for (const s of stored) {
    if (!fillsMessage(s.message_type) || s.company_id === null) continue;
    const fills = fillsOf(billDefinitions, s.message_type);
    const file = readCustomsXml(s.xml);
    if (file.kind !== 'issued') continue;
    const related = fills.some(({ fill }) => needsRelated(fill)) ? await relatedBill(trx, s.company_id, s.bill_id) : undefined;
    for (const item of file.issued.items) {
      const element = { fields: item.fields, lines: item.lines, time: item.time, info: item.info };
      for (const { def, fill } of fills) {
        const scope = { companyId: s.company_id, model: modelOf(def) };
        for (const bill of issuedBillsOf(def, fill, element, related)) if (await writeBill(trx, scope, fill, bill, element)) written++;
      }
    }
  }
  return written;
}

/** The message field a head field is filled from, when it is one plain field (to find the stored messages of a bill). */
const plainSource = (fill: IssuedFill, field: string) => (typeof fill.head[field] === 'string' ? (fill.head[field] as string) : undefined);

/**
 * 重新发送回执 of customs-issued bills: each bill's stored messages applied again, oldest first.
 * A bill with no stored message is refused (billServerText.noReceipt), the others go on.
 */
export async function refillIssuedBills(call: BillCall, ids: readonly number[]): Promise<BatchAnswer> {
  const { model } = call;
  const answer: BatchAnswer = { total: ids.length, succeeded: 0, failed: [] };
  for (const raw of ids) {
    const id = idOf(raw);
    let title = '';
    try {
      await call.db.transaction().execute(async (trx) => {
        const row = await findHead(trx, call.scope, id, { lock: true });
        if (!row) throw new BizError(billServerText.notFound);
        title = titleOf(model, row);
        await refillOne(trx, call, row);
      });
      answer.succeeded += 1;
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      answer.failed.push({ id, title, message: error.message });
    }
  }
  return answer;
}

async function refillOne(trx: Trx, call: BillCall, row: HeadRow): Promise<void> {
  const { model } = call;
  const values = headValues(model, row);
  const stored: { message_type: string; xml: string; company_id: number | null; bill_id: number | null; return_time: string; id: number }[] = [];
  for (const fill of model.def.issued ?? []) {
    let q = trx.selectFrom('customs_receipts').select(['id', 'message_type', 'xml', 'company_id', 'bill_id', 'return_time'])
      .where('message_type', '=', fill.message).where('company_id', '=', call.scope.companyId);
    let usable = true;
    for (const field of fill.identity) {
      const source = plainSource(fill, field);
      const value = values[field];
      if (!source || value === null || value === undefined) { usable = false; break; }
      q = q.where(sql<string>`keys->>${source}`, '=', String(value));
    }
    if (usable) stored.push(...(await q.execute()).map((r) => ({ ...r, id: Number(r.id) })));
  }
  if (stored.length === 0) throw new BizError(billServerText.noReceipt);
  stored.sort((a, b) => (a.return_time < b.return_time ? -1 : a.return_time > b.return_time ? 1 : a.id - b.id));
  // the bill's own time is set back so every stored message counts as new, applied in customs order
  await trx.updateTable('bill_heads').set({ return_time: null }).where('company_id', '=', call.scope.companyId).where('id', '=', row.id).execute();
  await fillIssuedBills(trx, stored);
}
