/**
 * Per stream: the first event after a quiet spell leaves at once (the next turn of the event loop,
 * which groups one transaction's notifications), later ones wait until `delayMs` after the last
 * batch and are sent as one, merged so a burst (a 500-bill batch declare, the receipts answering it)
 * is a few dozen messages, not hundreds:
 * - a bill's events in one window become one (its latest state; 'state' outranks 'receipt' outranks 'data');
 * - a list whose bills changed state gets one 'counts' (its rows and state counts need refetching);
 * - more than `maxBills` distinct bills in a window: no bill events at all, only each touched list's
 *   'counts' (the list refetches; an open detail of that list refetches too);
 *   a burst is counted across windows: once more than `maxBills` distinct bills were named since the
 *   last quiet spell of `quietMs` (5 s), later windows name none either. A batch whose receipts come in
 *   bunches (the simulator answers each delivered group 3 s later; a loaded server declares slowly)
 *   would otherwise be a bill and a counts message per receipt, hundreds per stream; an isolated
 *   change, or one bill changing again and again, is still named at once (and leaves at once);
 * - a window that names no bills for that reason makes the next one twice as long (up to `maxDelayMs`);
 * - a job's progress: its latest; notices, filing and a user's grants: once; a 'resync' replaces everything else;
 * - a ticket or a settlement record (结汇/核销/补贴): its latest state, once per record; a review queue: once;
 * - the company's 未匹配回执 changed: once (an inbox of a thousand receipts of no bill is one message).
 */
import type { BillChangedEvent, LiveEvent } from '../../domain/events.ts';

export interface Sequenced { seq: number; event: LiveEvent }

export interface CoalescerOptions {
  delayMs: number;
  maxDelayMs: number;
  maxBills: number;
  /** a spell this long without a window ends a burst (its count of named bills starts again) */
  quietMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  now?: () => number;
}

export const coalescerDefaults: CoalescerOptions = { delayMs: 150, maxDelayMs: 2000, maxBills: 10, quietMs: 5000 };

const rank = { data: 0, receipt: 1, state: 2 } as const;

/**
 * The merge itself (pure): what one window's events become. `named`: the bills already named in this
 * burst; the window names its bills only while the burst's distinct bills stay within `maxBills`.
 */
export function mergeWindow(events: readonly LiveEvent[], maxBills: number, named: ReadonlySet<number> = new Set()): { out: LiveEvent[]; truncated: boolean } {
  if (events.some((e) => e.type === 'resync')) return { out: [{ type: 'resync' }], truncated: false };
  const bills = new Map<number, BillChangedEvent>();
  const counts = new Map<string, { mode: string; key: string }>();
  const jobs = new Map<number, LiveEvent>();
  const notices = new Map<number, LiveEvent>();
  let filing: LiveEvent | undefined;
  const grants = new Map<number, LiveEvent>();
  const records = new Map<string, LiveEvent>();
  const queues = new Map<string, LiveEvent>();
  let unmatched: LiveEvent | undefined;
  for (const e of events) {
    switch (e.type) {
      case 'bill': {
        const before = bills.get(e.id);
        const change = before && rank[before.change] > rank[e.change] ? before.change : e.change;
        bills.delete(e.id); // re-inserted: the map keeps the order of each bill's latest event
        bills.set(e.id, { ...e, change });
        break;
      }
      case 'counts': counts.set(`${e.mode}/${e.key}`, e); break;
      case 'job': jobs.delete(e.jobId); jobs.set(e.jobId, e); break;
      case 'notice': notices.set(e.id, e); break;
      case 'filing': filing = e; break;
      case 'grants': grants.set(e.userId, e); break;
      case 'ticket': records.delete(`ticket/${e.id}`); records.set(`ticket/${e.id}`, e); break;
      case 'settlement': records.delete(`${e.kind}/${e.id}`); records.set(`${e.kind}/${e.id}`, e); break;
      case 'review': queues.set(e.queue, e); break;
      case 'unmatched': unmatched = e; break;
    }
  }
  let distinct = named.size;
  for (const id of bills.keys()) if (!named.has(id)) distinct++;
  const truncated = distinct > maxBills;
  for (const b of bills.values()) if (truncated || b.change === 'state') counts.set(`${b.mode}/${b.key}`, { mode: b.mode, key: b.key });
  const out: LiveEvent[] = [...counts.values()].map((c) => ({ type: 'counts', mode: c.mode, key: c.key }));
  if (!truncated) out.push(...bills.values());
  out.push(...jobs.values(), ...notices.values());
  if (filing) out.push(filing);
  out.push(...grants.values(), ...records.values(), ...queues.values());
  if (unmatched) out.push(unmatched);
  return { out, truncated };
}

export class Coalescer {
  private pending: Sequenced[] = [];
  private timer: unknown;
  private delay: number;
  private lastFlush = -Infinity;
  /** the bills named since the last quiet spell (at most maxBills + 1 are kept: enough to know) */
  private readonly burst = new Set<number>();
  private readonly o: Required<CoalescerOptions>;

  constructor(private readonly send: (events: LiveEvent[], lastSeq: number) => void, options: Partial<CoalescerOptions> = {}) {
    const o = { ...coalescerDefaults, ...options };
    this.o = {
      ...o,
      quietMs: o.quietMs ?? 5000,
      setTimer: o.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: o.clearTimer ?? ((t) => clearTimeout(t as NodeJS.Timeout)),
      now: o.now ?? (() => performance.now()),
    };
    this.delay = this.o.delayMs;
  }

  push(item: Sequenced): void {
    this.pending.push(item);
    if (this.timer === undefined) {
      const now = this.o.now();
      if (now - this.lastFlush >= this.o.quietMs) this.burst.clear();
      const wait = Math.max(0, this.lastFlush + this.delay - now);
      this.timer = this.o.setTimer(() => this.flush(), wait);
    }
  }

  flush(): void {
    if (this.timer !== undefined) this.o.clearTimer(this.timer);
    this.timer = undefined;
    const items = this.pending;
    if (items.length === 0) return;
    this.pending = [];
    this.lastFlush = this.o.now();
    const events = items.map((i) => i.event);
    const { out, truncated } = mergeWindow(events, this.o.maxBills, this.burst);
    for (const e of events) {
      if (this.burst.size > this.o.maxBills) break;
      if (e.type === 'bill') this.burst.add(e.id);
    }
    this.delay = truncated ? Math.min(this.delay * 2, this.o.maxDelayMs) : this.o.delayMs;
    this.send(out, items[items.length - 1]!.seq);
  }

  stop(): void {
    if (this.timer !== undefined) this.o.clearTimer(this.timer);
    this.timer = undefined;
    this.pending = [];
  }
}
