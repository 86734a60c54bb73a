/**
 * What a failed delivery does, in one place for the two that learn of one: the outbox worker (the
 * transport threw) and the receipt pipeline (the exchange's transfer receipt DxpRep reports a
 * failure after the file left). Not final: the message is due again after the backoff (doubled per
 * attempt, CUSTOMS_RETRY_BASE_MS … 10 min) with the reason kept as its last error; final (the
 * other side refused it for good, or CUSTOMS_MAX_ATTEMPTS deliveries were made): it becomes
 * 'failed' and its bill gets transport.failed → 发送失败 with the reason. Runs inside the caller's
 * transaction; only a message in one of `from` statuses is touched, so a late report never undoes
 * what happened since (a message another report failed already, or one being resent).
 */
import { sql, type Kysely } from 'kysely';
import { customsText } from '../../domain/texts/customs.ts';
import type { Database } from '../db/schema.ts';
import { applyBillEvent, lockBill } from './bill-events.ts';

export interface RetryPolicy {
  /** deliveries of one message before it fails for good (CUSTOMS_MAX_ATTEMPTS) */
  maxAttempts: number;
  /** first retry delay, doubled per attempt (CUSTOMS_RETRY_BASE_MS) */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, retryBaseMs: 2000, retryMaxMs: 10 * 60 * 1000 };

export interface FailedDelivery {
  id: number;
  companyId: number;
  billId: number | null;
  /** deliveries made so far, this one included */
  attempt: number;
}

const msInterval = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000}::double precision)`;

export const retryDelayMs = (policy: RetryPolicy, attempt: number): number =>
  Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** (attempt - 1));

/**
 * Records the failure; answers 'retry', 'failed', or undefined when the message was no longer in
 * a `from` status (nothing written). `refused`: the other side refused it for good.
 */
export async function recordDeliveryFailure(
  trx: Kysely<Database>, m: FailedDelivery, reason: string,
  options: { refused: boolean; policy: RetryPolicy; from: readonly string[] },
): Promise<'retry' | 'failed' | undefined> {
  const final = options.refused || m.attempt >= options.policy.maxAttempts;
  if (!final) {
    const r = await trx.updateTable('customs_messages')
      .set({ status: 'pending', last_error: reason, next_attempt_at: msInterval(retryDelayMs(options.policy, m.attempt)), claimed_by: null })
      .where('company_id', '=', m.companyId).where('id', '=', m.id).where('status', 'in', [...options.from])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0 ? 'retry' : undefined;
  }
  const r = await trx.updateTable('customs_messages')
    .set({ status: 'failed', last_error: reason })
    .where('company_id', '=', m.companyId).where('id', '=', m.id).where('status', 'in', [...options.from])
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return undefined;
  if (m.billId !== null) {
    const bill = await lockBill(trx, m.companyId, m.billId);
    const info = options.refused ? customsText.sendRefused(reason) : customsText.sendFailed(m.attempt, reason);
    if (bill) await applyBillEvent(trx, bill, { type: 'transport.failed' }, info);
  }
  return 'failed';
}
