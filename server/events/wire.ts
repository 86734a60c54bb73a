/**
 * The payloads the triggers of migration 021 NOTIFY on `cbec_events`, read back into a company and
 * a live event. Kept tiny (one-letter keys) because every change of a bill raises one.
 */
import { PLATFORM_AUDIENCE, type BillChange, type LiveEvent, type ReviewQueue, type SettlementKind } from '../../domain/events.ts';

export const EVENTS_CHANNEL = 'cbec_events';

/**
 * A fact as heard: `companyId` null = everybody's (a notice), 'platform' = the operators' (a review
 * queue moved; migration 033). A bill's stateName is looked up later.
 */
export interface HeardFact {
  companyId: number | null | typeof PLATFORM_AUDIENCE;
  event: LiveEvent;
}

const kinds = new Set<SettlementKind>(['settlement', 'verification', 'subsidy']);
const queues = new Set<ReviewQueue>(['filing', 'ticket', ...kinds]);

const changes = new Set<BillChange>(['state', 'receipt', 'data']);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** undefined for anything not understood (a foreign NOTIFY on the channel is ignored, not trusted). */
export function readFact(payload: string): HeardFact | undefined {
  let p: Record<string, unknown>;
  try { p = JSON.parse(payload) as Record<string, unknown>; } catch { return undefined; }
  if (!p || typeof p !== 'object') return undefined;
  const companyId = num(p.c);
  switch (p.t) {
    case 'b': {
      const id = num(p.i); const mode = str(p.m); const key = str(p.k); const state = str(p.s); const change = str(p.w) as BillChange;
      if (companyId === undefined || id === undefined || !mode || !key || state === undefined || !changes.has(change)) return undefined;
      return { companyId, event: { type: 'bill', mode, key, id, state, stateName: state, change } };
    }
    case 'j': {
      const jobId = num(p.i); const done = num(p.d); const total = num(p.n); const state = str(p.s);
      if (companyId === undefined || jobId === undefined || done === undefined || total === undefined || !state) return undefined;
      return { companyId, event: { type: 'job', jobId, done, total, state } };
    }
    case 'f': {
      const approveState = num(p.a);
      if (companyId === undefined || approveState === undefined) return undefined;
      return { companyId, event: { type: 'filing', approveState } };
    }
    case 't': {
      const id = num(p.i); const state = str(p.s);
      if (companyId === undefined || id === undefined || state === undefined) return undefined;
      return { companyId, event: { type: 'ticket', id, state } };
    }
    case 's': {
      const id = num(p.i); const state = str(p.s); const kind = str(p.k) as SettlementKind;
      if (companyId === undefined || id === undefined || state === undefined || !kinds.has(kind)) return undefined;
      return { companyId, event: { type: 'settlement', kind, id, state } };
    }
    case 'u':
      if (companyId === undefined) return undefined;
      return { companyId, event: { type: 'unmatched' } };
    case 'q': {
      const queue = str(p.q) as ReviewQueue;
      if (!queues.has(queue)) return undefined;
      return { companyId: PLATFORM_AUDIENCE, event: { type: 'review', queue } };
    }
    case 'n': {
      const id = num(p.i);
      if (id === undefined) return undefined;
      return { companyId: null, event: { type: 'notice', id } };
    }
    default:
      return undefined;
  }
}
