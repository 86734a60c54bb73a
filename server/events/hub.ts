/**
 * One per app server: hears the database's `cbec_events` (every server's changes, its own included)
 * and hands each fact to this server's open streams of that company — never another company's.
 *
 * Every fact heard gets this server's next sequence number and is kept for a short window, so a
 * stream reconnecting to the same server with Last-Event-ID `<server>-<seq>` is caught up; an id of
 * another server (its numbers mean nothing here) or older than the window gets 'resync'. When the
 * LISTEN connection was lost, facts may have been missed: every stream gets 'resync' once it is back.
 */
import { randomBytes } from 'node:crypto';
import type { Audience, LiveEvent } from '../../domain/events.ts';
import type { ListenHandlers } from '../db/listener.ts';
import { readFact, type HeardFact } from './wire.ts';
import type { Sequenced } from './coalescer.ts';

export interface HubOptions {
  /** The name of a bill state (server/bills/states.ts); a bill fact waits for it. */
  stateName?: (mode: string, key: string, state: string) => Promise<string> | string;
  /** How many facts are kept for catch-up, and for how long. */
  windowMax?: number;
  windowMs?: number;
  now?: () => number;
}

export type Subscriber = (item: Sequenced) => void;

interface Kept extends Sequenced { companyId: Audience | null; at: number }

export type CatchUp = { resync: true } | { resync: false; items: Sequenced[] };

export class EventHub implements ListenHandlers {
  readonly serverId = randomBytes(4).toString('hex');
  private seq = 0;
  /** kept[head…] are the facts kept; the ones before head are dropped and cut off in batches (prune) */
  private kept: Kept[] = [];
  private head = 0;
  /** by company id; the operators' streams under PLATFORM_AUDIENCE (issue 20) */
  private readonly byCompany = new Map<Audience, Set<Subscriber>>();
  private chain: Promise<void> = Promise.resolve();
  private wasLost = false;
  private readonly o: Required<HubOptions>;

  constructor(options: HubOptions = {}) {
    this.o = { stateName: (_m, _k, s) => s, windowMax: 2000, windowMs: 60_000, now: Date.now, ...options };
  }

  subscribe(companyId: Audience, subscriber: Subscriber): () => void {
    let set = this.byCompany.get(companyId);
    if (!set) this.byCompany.set(companyId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byCompany.get(companyId) === set) this.byCompany.delete(companyId);
    };
  }

  /** How many streams are open here (tests, benchmarks). */
  get streams(): number {
    let n = 0;
    for (const s of this.byCompany.values()) n += s.size;
    return n;
  }

  idOf(seq: number): string { return `${this.serverId}-${seq}`; }

  /** What a stream of this company missed after `lastEventId`, or that it must resync. */
  since(lastEventId: string, companyId: Audience): CatchUp {
    const match = /^([0-9a-f]+)-(\d+)$/.exec(lastEventId);
    if (!match || match[1] !== this.serverId) return { resync: true };
    const last = Number(match[2]);
    if (last > this.seq) return { resync: true };
    this.prune();
    const oldest = this.kept[this.head]?.seq ?? this.seq + 1;
    // everything after `last` must still be kept: the next one to send is `last + 1`
    if (last + 1 < oldest && last < this.seq) return { resync: true };
    const items: Sequenced[] = [];
    for (let i = this.head; i < this.kept.length; i++) {
      const k = this.kept[i]!;
      if (k.seq > last && (k.companyId === null || k.companyId === companyId)) items.push({ seq: k.seq, event: k.event });
    }
    return { resync: false, items };
  }

  get lastSeq(): number { return this.seq; }

  /** A fact for one company, or for the operators (PLATFORM_AUDIENCE); null: everybody's. */
  publish(companyId: Audience | null, event: LiveEvent): void {
    const item: Kept = { seq: ++this.seq, event, companyId, at: this.o.now() };
    this.kept.push(item);
    this.prune();
    const targets = companyId === null ? [...this.byCompany.values()] : [this.byCompany.get(companyId)].filter((s) => s !== undefined);
    for (const set of targets) for (const subscriber of set) subscriber({ seq: item.seq, event });
  }

  /**
   * Drops the facts past the window (by count and by age). Dropping moves `head` only; the dropped
   * prefix is cut off once it is as long as what is kept, so each fact is copied at most once on
   * average. Splicing the front of a full window on every fact moved the whole window per event
   * (17 % of a 100,000-row bulk insert's CPU, docs/perf.md).
   */
  private prune(): void {
    const horizon = this.o.now() - this.o.windowMs;
    while (this.head < this.kept.length && (this.kept.length - this.head > this.o.windowMax || this.kept[this.head]!.at < horizon)) this.head++;
    if (this.head > 0 && this.head >= this.kept.length - this.head) {
      this.kept = this.kept.slice(this.head);
      this.head = 0;
    }
  }

  message(payload: string): void {
    const fact = readFact(payload);
    if (!fact) return;
    // a bill's state name may need a (cached) look-up: facts still leave in the order they came
    this.chain = this.chain.then(() => this.named(fact)).then(
      (f) => this.publish(f.companyId, f.event),
      () => undefined,
    );
  }

  /**
   * A fact heard elsewhere than on `cbec_events` whose company must first be looked up (a user's
   * grants dropped by the grant cache): published in turn with the facts heard before it; a look-up
   * that fails or finds nothing publishes nothing.
   */
  later(fact: () => Promise<HeardFact | undefined>): void {
    this.chain = this.chain.then(fact).then(
      (f) => { if (f) this.publish(f.companyId, f.event); },
      () => undefined,
    );
  }

  private async named(fact: HeardFact): Promise<HeardFact> {
    const e = fact.event;
    if (e.type !== 'bill') return fact;
    const stateName = await Promise.resolve(this.o.stateName(e.mode, e.key, e.state)).catch(() => e.state);
    return { ...fact, event: { ...e, stateName } };
  }

  ready(): void {
    if (this.wasLost) this.chain = this.chain.then(() => this.publish(null, { type: 'resync' }));
    this.wasLost = false;
  }

  lost(): void {
    this.wasLost = true;
  }
}
