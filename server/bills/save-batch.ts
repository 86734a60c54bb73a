/**
 * saveBatch (issue 17 §3): up to 1,000 bills of one type in one call, as an ERP pushes them. Each
 * bill is its head fields plus `lines` (the line fields, as the detail saves them as `details`).
 * Idempotent on the bill's business key (definition.uniqueBy): a bill whose key is already stored
 * updates that draft, never a second bill; one already declared is refused for that bill with the
 * lifecycle's message. Each bill is answered on its own (its id, or its field errors with the
 * detail save's messages); one refused bill does not stop the others.
 *
 * Fast by batching, not by cutting corners: every bill is defaulted and validated like the detail's
 * save (outside any transaction), then each chunk is written in one transaction — the chunk's keys
 * locked in one statement, its stored bills found and locked in one, its new bills and their lines
 * inserted in one statement each.
 */
import { validateBill } from '../../domain/bills/validation.ts';
import type { FieldError } from '../../domain/envelope.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import { sql } from 'kysely';
import { BizError } from '../http/errors.ts';
import { noteRecords } from '../oplog/context.ts';
import { claimUnmatchedReceipts } from '../customs/receipts/claim.ts';
import { fieldErrors, type BillCall } from './call.ts';
import { withDefaults } from './defaults.ts';
import { decide, initialState } from './lifecycle.ts';
import { deleteLinesOfHeads, findHeadsByKeys, insertHeadsWithIds, insertLinesOfHeads, newHeadIds, updateHeadsBatch, type Executor } from './repository.ts';
import { toStorage, type HeadRow, type Values } from './values.ts';

/** The most bills one saveBatch call may carry (issue 17). */
export const MAX_SAVE_BATCH = 1000;
/** Bills per transaction: a chunk's statements stay few and its locks short. */
const CHUNK = 250;

export interface BatchBillAnswer {
  /** the bill's place in the request (0-based) */
  index: number;
  /** its number (definition.titleField) */
  billNo: string;
  id?: number;
  /** true: a new bill; false: the stored draft with its key was updated */
  created?: boolean;
  message?: string;
  errors?: FieldError[];
}

export interface SaveBatchAnswer {
  total: number;
  succeeded: number;
  failed: number;
  bills: BatchBillAnswer[];
}

interface Prepared {
  index: number;
  billNo: string;
  head: Values;
  lines: Values[];
  key: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The request's bills, refused as a whole when missing or over the limit. */
export function batchBills(data: Record<string, unknown>): unknown[] {
  const bills = data.bills;
  if (!Array.isArray(bills) || bills.length === 0) throw new BizError(billServerText.noBatchBills);
  if (bills.length > MAX_SAVE_BATCH) throw new BizError(billServerText.tooManyBatchBills(MAX_SAVE_BATCH));
  return bills;
}

const refusal = (e: BizError): Pick<BatchBillAnswer, 'message' | 'errors'> => {
  const errors = (e.data as { errors?: FieldError[] } | null)?.errors;
  return { message: e.message, ...(errors ? { errors } : {}) };
};

export async function saveBatch(call: BillCall, bills: readonly unknown[]): Promise<SaveBatchAnswer> {
  const { model, now } = call;
  const { def } = model;
  const fields = def.uniqueBy!;
  const answers: BatchBillAnswer[] = bills.map((_, index) => ({ index, billNo: '' }));
  const ready: Prepared[] = [];
  const seen = new Map<string, number>();

  // everything that needs no lock, bill by bill, with the detail save's defaults and checks
  for (const [index, raw] of bills.entries()) {
    const answer = answers[index]!;
    if (!isRecord(raw)) { answer.message = billServerText.badBatchBill; continue; }
    const { lines: rawLines, ...headInput } = raw;
    answer.billNo = String(headInput[def.titleField] ?? '').trim();
    const head = await withDefaults(def.head, headInput, call.company, now);
    const lineInput = def.lines && Array.isArray(rawLines)
      ? await Promise.all(rawLines.map((l) => withDefaults(def.lines!.fields, isRecord(l) ? l : {}, call.company, now)))
      : [];
    const valid = validateBill(def, head, lineInput, 'save');
    if (valid.errors.length > 0) { Object.assign(answer, refusal(fieldErrors(valid.errors))); continue; }
    const key = fields.map((f) => String(valid.head[f] ?? ''));
    const keyText = JSON.stringify(key);
    if (seen.has(keyText)) {
      const what = fields.map((f, i) => `${model.label(f)} ${key[i]}`).join('、');
      const message = billServerText.duplicateInBatch(what);
      Object.assign(answer, { message, errors: fields.map((field) => ({ field, message })) });
      continue;
    }
    seen.set(keyText, index);
    ready.push({ index, billNo: answer.billNo, head: valid.head, lines: valid.lines, key });
  }

  for (let from = 0; from < ready.length; from += CHUNK) {
    const chunk = ready.slice(from, from + CHUNK);
    await call.db.transaction().execute((trx) => writeChunk(trx, call, chunk, answers));
  }
  const succeeded = answers.filter((a) => a.id !== undefined).length;
  return { total: bills.length, succeeded, failed: bills.length - succeeded, bills: answers };
}

async function writeChunk(trx: Executor, call: BillCall, chunk: readonly Prepared[], answers: BatchBillAnswer[]): Promise<void> {
  const { model } = call;
  const fields = model.def.uniqueBy!;
  // the same per-key lock as the detail's save takes (uniqueLock), all of the chunk's at once, in one order
  const lockKeys = chunk.map((b) => `${call.scope.companyId}/${model.def.mode}/${model.def.key}/${JSON.stringify(fields.map((f) => b.head[f]))}`).sort();
  await sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${lockKeys}::text[]) as k order by k`.execute(trx);
  const stored = await findHeadsByKeys(trx, call.scope, fields, chunk.map((b) => b.key));
  const byKey = new Map<string, HeadRow>();
  for (const row of stored) {
    const key = fields.map((f) => {
      const field = model.field(f)!;
      return String((field.column ? row[field.column] : row.data[f]) ?? '');
    });
    byKey.set(JSON.stringify(key), row);
  }

  // stored drafts (and returned bills) the lifecycle lets change are updated, all in one statement
  const updates: { bill: Prepared; row: HeadRow; state: string }[] = [];
  const fresh: Prepared[] = [];
  for (const bill of chunk) {
    const existing = byKey.get(JSON.stringify(bill.key));
    if (!existing) { fresh.push(bill); continue; }
    try {
      updates.push({ bill, row: existing, state: decide(model, existing, 'save', call.states) });
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      Object.assign(answers[bill.index]!, refusal(e));
    }
  }
  const written = await updateHeadsBatch(trx, call.scope, updates.map((u) => ({ id: u.row.id, version: u.row.version, storage: toStorage(model, u.bill.head, u.row), state: u.state })));
  const updated = updates.filter((u) => written.has(u.row.id));
  for (const u of updates) {
    if (written.has(u.row.id)) Object.assign(answers[u.bill.index]!, { id: u.row.id, created: false });
    else answers[u.bill.index]!.message = billServerText.stale;
  }

  // new bills: ids first (so each line knows its bill), then heads and every line in one statement each
  const ids = await newHeadIds(trx, fresh.length);
  const state = initialState();
  await insertHeadsWithIds(trx, call.scope, fresh.map((b, i) => ({ id: ids[i]!, storage: toStorage(model, b.head), state })));
  fresh.forEach((b, i) => { Object.assign(answers[b.index]!, { id: ids[i]!, created: true }); });
  if (model.def.lines) {
    await deleteLinesOfHeads(trx, call.scope.companyId, updated.map((u) => u.row.id));
    const lines = [...updated.map((u) => ({ bill: u.bill, id: u.row.id })), ...fresh.map((b, i) => ({ bill: b, id: ids[i]! }))]
      .flatMap(({ bill, id }) => bill.lines.map((values) => ({ headId: id, values })));
    await insertLinesOfHeads(trx, call.scope.companyId, lines);
  }
  const saved = [...updated.map((u) => u.row.id), ...ids];

  // receipts customs sent before a bill existed here apply now, as on the detail's save
  await claimUnmatchedReceipts(trx as never, saved);
  noteRecords(saved, chunk.filter((b) => answers[b.index]!.id !== undefined).map((b) => b.billNo));
}
