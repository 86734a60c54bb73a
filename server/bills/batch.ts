/**
 * Batch actions on selected bills (apply, delete, sendReceipt): each bill in its own transaction,
 * so one refused bill does not stop the others, while the state change and the outbox write of one
 * bill are always together. Answers {total, succeeded, failed: [{id, title, message}]}.
 */
import { validateBill } from '../../domain/bills/validation.ts';
import { billServerText, billText } from '../../domain/texts/bills.ts';
import { BizError } from '../http/errors.ts';
import { fieldErrors, idOf, type BillCall } from './call.ts';
import { queueDeclaration } from './declare.ts';
import { decide } from './lifecycle.ts';
import { deleteHead, findHead, findLines, lineOut, updateHead, type Executor } from './repository.ts';
import { headValues, titleOf, type HeadRow } from './values.ts';

/** The most bills one batch call may name. */
export const MAX_BATCH = 500;

export interface BatchAnswer {
  total: number;
  succeeded: number;
  failed: { id: number; title: string; message: string }[];
}

/** The distinct ids of a batch request, refused when empty, malformed or over MAX_BATCH. */
export function batchIds(value: unknown): number[] {
  if (!Array.isArray(value) || value.length === 0) throw new BizError(billText.selectRows);
  if (value.length > MAX_BATCH) throw new BizError(billServerText.tooManyIds(MAX_BATCH));
  return [...new Set(value.map(idOf))];
}

type Step = (trx: Executor, row: HeadRow) => Promise<void>;

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

/** 申报 / 批量申报: stored values checked for declaring, state DECLARING and the message queued together. */
export async function applyBills(call: BillCall, ids: readonly number[]): Promise<BatchAnswer> {
  const { model } = call;
  const answer = await runBatch(call, ids, async (trx, row) => {
    const next = decide(model, row, 'declare', call.states);
    const lines = model.def.lines ? (await findLines(trx, row.id)).map((l) => lineOut(model, l)) : [];
    const valid = validateBill(model.def, headValues(model, row), lines, 'declare');
    if (valid.errors.length > 0) throw fieldErrors(valid.errors);
    const appTime = call.now;
    if ((await updateHead(trx, call.scope, row.id, row.version, { state: next, appTime })) === undefined) throw new BizError(billServerText.stale);
    await queueDeclaration(trx, call, row.id, { ...headValues(model, row), ...valid.head }, valid.lines, appTime);
  });
  if (answer.succeeded > 0) call.declared();
  return answer;
}

export function deleteBills(call: BillCall, ids: readonly number[]): Promise<BatchAnswer> {
  return runBatch(call, ids, async (trx, row) => {
    decide(call.model, row, 'delete', call.states);
    await deleteHead(trx, call.scope, row.id);
  });
}

/**
 * 重新发送回执: allowed once customs has answered (the lifecycle decides). Re-delivery itself is
 * the customs module's (receipts are stored there); this records nothing of its own.
 */
export function resendReceipts(call: BillCall, ids: readonly number[]): Promise<BatchAnswer> {
  return runBatch(call, ids, async (_trx, row) => {
    decide(call.model, row, 'resendReceipt', call.states);
  });
}
