/**
 * A stored bill's 回执记录 (server/customs/timeline.ts): POST /api/receipter/timeline {billId} →
 * {state, stateName?, events} (outbox messages and customs receipts, oldest first) and
 * POST /api/receipter/raw {kind, id} → {xml, signature?} of one of them, indented for reading (a
 * message with its signature's algorithm and whether it verifies).
 */
import type { StateValue } from 'xstate';
import { lifecycleValueOf } from '../../../../machines/bill-lifecycle.ts';
import type { Http } from '../../../lib/http.ts';
import type { SignatureReport } from '../../../../domain/customs/signature.ts';

export type { ReceiptExplanation } from '../../../../domain/customs/return-codes.ts';
export type { MessageEvent, ReceiptEvent, TimelineEvent } from '../../../../domain/customs/timeline.ts';
import type { BillTimeline, MessageEvent, TimelineEvent } from '../../../../domain/customs/timeline.ts';
export type Timeline = BillTimeline;
export type RawKind = TimelineEvent['kind'];

export async function fetchTimeline(client: Http, billId: string, signal?: AbortSignal): Promise<Timeline> {
  const answer = await client.post<Timeline | null>('/api/receipter/timeline', { billId: Number(billId) }, { signal });
  return answer ?? { state: '', events: [] };
}

/** A record's XML; a sent message's also with its signature's algorithm and verdict. */
export interface RawRecord { xml: string; signature?: SignatureReport }

export async function fetchRawXml(client: Http, kind: RawKind, id: number, signal?: AbortSignal): Promise<RawRecord> {
  const answer = await client.post<RawRecord | null>('/api/receipter/raw', { kind, id }, { signal });
  return { xml: answer?.xml ?? '', ...(answer?.signature ? { signature: answer.signature } : {}) };
}

/**
 * The lifecycle state to highlight: the stored code's (lifecycleValueOf), except that a DECLARING
 * bill whose newest message has left is in `sent` (已发送，等待回执) — the code does not tell the two
 * apart, the outbox does.
 */
export function diagramState(state: string, events: readonly TimelineEvent[]): StateValue {
  const value = lifecycleValueOf(state);
  if (value !== 'declaring') return value;
  const newest = events.filter((e): e is MessageEvent => e.kind === 'message').at(-1);
  return newest?.status === 'sent' ? 'sent' : value;
}

/** A failed message, or a receipt asking the user to act (its explanation names a cause): shown in red. */
export function isFailure(event: TimelineEvent): boolean {
  return event.kind === 'message' ? event.status === 'failed' : event.explain.cause !== undefined;
}
