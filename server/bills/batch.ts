/**
 * Batch actions on selected bills (apply, delete, sendReceipt): one refused bill does not stop the
 * others, while the state change and the outbox write of one bill are always together. Answers
 * {total, succeeded, failed: [{id, title, message}]}, failures in the order the ids came.
 */
import { enqueueDeclarations, type Declaration } from '../customs/declaration.ts';
import { redeliverLatestReceipt } from '../customs/bill-events.ts';
import { customsRuleErrors } from '../../domain/bills/customs-rule-errors.ts';
import { validateBill } from '../../domain/bills/validation.ts';
import type { FieldError } from '../../domain/envelope.ts';
import { billServerText, billText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { fieldErrors, idOf, type BillCall } from './call.ts';
import { declarationOf, declarationsReady } from './declare.ts';
import { declareCheckRefusals } from './declare-checks.ts';
import { batchDecider, decide } from './lifecycle.ts';
import { deleteHead, findHead, findHeads, findLinesOfHeads, lineOut, moveStates, type Executor, type LineRow, type StateMove } from './repository.ts';
import { headValues, titleOf, type HeadRow } from './values.ts';

/** The most bills one batch call may name. */
export const MAX_BATCH = 500;

/** One refused bill: its message, and the fields customs' rules refused it on (domain/customs/rules). */
export interface BillAnswerFailure { id: number; title: string; message: string; errors?: FieldError[] }

export interface BatchAnswer {
  total: number;
  succeeded: number;
  failed: BillAnswerFailure[];
}

/** The distinct ids of a batch request, refused when empty, malformed or over MAX_BATCH. */
export function batchIds(value: unknown, max = MAX_BATCH): number[] {
  if (!Array.isArray(value) || value.length === 0) throw new BizError(billText.selectRows);
  if (value.length > max) throw new BizError(billServerText.tooManyIds(max));
  return [...new Set(value.map(idOf))];
}

type Step = (trx: Executor, row: HeadRow) => Promise<void>;

/** Each bill in its own transaction, decided on its locked row (delete, sendReceipt). */
async function runBatch(call: BillCall, ids: readonly number[], step: Step): Promise<BatchAnswer> {
  const answer: BatchAnswer = { total: ids.length, succeeded: 0, failed: [] };
  for (const id of ids) {
    let title = '';
    try {
      await call.db.transaction().execute(async (trx) => {
        const row = await findHead(trx, call.scope, id, { lock: true });
        if (!row) throw new BizError(billServerText.notFound);
        title = titleOf(call.model, row);
        await step(trx, row);
      });
      answer.succeeded += 1;
    } catch (error) {
      // A refusal is this bill's answer; anything else is a fault of the server and surfaces.
      if (!(error instanceof BizError)) throw error;
      answer.failed.push({ id, title, message: error.message });
    }
  }
  return answer;
}

/** Bills declared per transaction: each write is two statements whatever the count; smaller chunks hold fewer row locks. */
const DECLARE_CHUNK = 100;

/** A bill ready to declare: its decided move and its built, XSD-checked message. */
export interface ReadyDeclaration {
  row: HeadRow;
  move: StateMove;
  declaration: Declaration;
}

export type Refusals = Map<number, { title: string; message: string; errors?: FieldError[] }>;

/**
 * Everything of 申报 that needs no lock, outside any transaction: the bills and their lines read in
 * two queries, each bill decided, checked for declaring and its message built and XSD-checked
 * (pure). Refusals are each bill's answer; anything else is a fault of the server and surfaces.
 */
export async function prepareDeclarations(call: BillCall, ids: readonly number[]): Promise<{ ready: ReadyDeclaration[]; refusals: Refusals }> {
  const { model } = call;
  await declarationsReady();
  const rows = new Map((await findHeads(call.db, call.scope, ids)).map((r) => [Number(r.id), r]));
  const lines: Map<number, LineRow[]> = model.def.lines ? await findLinesOfHeads(call.db, call.scope.companyId, [...rows.keys()]) : new Map();
  const decideDeclare = batchDecider(model, 'declare', call.states);
  // definition.declareChecks (三单比对 …): the batch's companions read at once
  const checked = await declareCheckRefusals(call.db, call, [...rows.values()].map((r) => ({
    id: Number(r.id), head: headValues(model, r), lines: (lines.get(Number(r.id)) ?? []).map((l) => lineOut(model, l)),
  })));
  const refusals: Refusals = new Map();
  const ready: ReadyDeclaration[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    try {
      if (!row) throw new BizError(billServerText.notFound);
      const next = decideDeclare(row);
      if (checked.has(id)) throw new BizError(checked.get(id)!);
      const head = headValues(model, row);
      const valid = validateBill(model.def, head, (lines.get(id) ?? []).map((l) => lineOut(model, l)), 'declare');
      if (valid.errors.length > 0) throw fieldErrors(valid.errors);
      // customs' rules (domain/customs/rules): the bill's answer carries the fields they name
      const ruleErrors = customsRuleErrors(model.def, { ...head, ...valid.head }, valid.lines, call.now);
      if (ruleErrors.length > 0) {
        refusals.set(id, { title: titleOf(model, row), message: fieldErrors(ruleErrors).message, errors: ruleErrors });
        continue;
      }
      const declaration = declarationOf(call, { ...head, ...valid.head }, valid.lines, call.now);
      ready.push({ row, move: { id, version: row.version, state: row.state, next }, declaration });
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      refusals.set(id, { title: row ? titleOf(model, row) : '', message: error.message });
    }
  }
  return { ready, refusals };
}

/**
 * In the caller's transaction: the state moves in one statement for the bills still at the version
 * and state they were decided on, and their messages are queued in another; a bill changed
 * meanwhile is refused as stale (added to `refusals`), never overwritten. Answers the moved ids.
 */
export async function commitDeclarations(trx: Executor, call: BillCall, ready: readonly ReadyDeclaration[], refusals: Refusals): Promise<Set<number>> {
  const done = await moveStates(trx, call.scope, ready.map((r) => r.move), call.now);
  await enqueueDeclarations(trx, ready.filter((r) => done.has(r.move.id))
    .map((r) => ({ companyId: call.scope.companyId, billId: r.move.id, declaration: r.declaration })));
  for (const r of ready) if (!done.has(r.move.id)) refusals.set(r.move.id, { title: titleOf(call.model, r.row), message: billServerText.stale });
  return done;
}

/** The failures of `ids`, in the order they came. */
export function failuresOf(ids: readonly number[], refusals: Refusals): BatchAnswer['failed'] {
  return ids.flatMap((id) => {
    const refusal = refusals.get(id);
    return refusal ? [{ id, ...refusal }] : [];
  });
}

/**
 * 申报 / 批量申报 in one call: prepared without locks, then written per chunk (one transaction each).
 * Bulk declarations from the list run as jobs (jobs.ts), which use the same two steps.
 */
export async function applyBills(call: BillCall, ids: readonly number[]): Promise<BatchAnswer> {
  const { ready, refusals } = await prepareDeclarations(call, ids);
  let succeeded = 0;
  for (let i = 0; i < ready.length; i += DECLARE_CHUNK) {
    const chunk = ready.slice(i, i + DECLARE_CHUNK);
    const moved = await call.db.transaction().execute((trx) => commitDeclarations(trx, call, chunk, refusals));
    succeeded += moved.size;
  }
  if (succeeded > 0) call.declared();
  return { total: ids.length, succeeded, failed: failuresOf(ids, refusals) };
}

export function deleteBills(call: BillCall, ids: readonly number[]): Promise<BatchAnswer> {
  return runBatch(call, ids, async (trx, row) => {
    decide(call.model, row, 'delete', call.states);
    await deleteHead(trx, call.scope, row.id);
  });
}

/**
 * 重新发送回执: allowed once customs has answered (the lifecycle decides); the bill's latest stored
 * receipt is delivered to it again through the lifecycle, so a bill that fell behind its receipts
 * catches up, and one that is current stays as it is. A bill with no receipt is refused.
 */
export function resendReceipts(call: BillCall, ids: readonly number[]): Promise<BatchAnswer> {
  return runBatch(call, ids, async (trx, row) => {
    decide(call.model, row, 'resendReceipt', call.states);
    if (!(await redeliverLatestReceipt(trx, call.scope.companyId, row.id))) throw new BizError(billServerText.noReceipt);
  });
}
