/**
 * What each principal holds (server/accounts/grants.ts), kept per server so the permission check of
 * a call is a map look-up. Kept answers are dropped when they may be wrong, as the session cache
 * does (session-guard.ts): by whoever changed grants here once committed (forget), by the NOTIFY of
 * migrations 024/025 on `cbec_grants` for changes made elsewhere, and all of them while the LISTEN
 * connection is lost. A read that started before a drop does not store its answer.
 */
import type { ListenHandlers } from '../db/listener.ts';
import { holderKey, type GrantHolder, type Holdings } from '../accounts/grants.ts';

/** The channel of migrations 024 and 025. Payloads: 'u<user id>', 'k<api key id>'. */
export const GRANTS_CHANNEL = 'cbec_grants';

/** Principals remembered per server. */
export const GRANTS_MAX = 20_000;

export class GrantCache implements ListenHandlers {
  private readonly known = new Map<string, Promise<Holdings>>();
  private generation = 0;
  private hearing = false;
  private readonly dropped = new Set<(key: string | undefined) => void>();
  private readonly resumed = new Set<() => void>();
  /** LISTEN was lost after it had been in place: changes made meanwhile were not heard. */
  private missed = false;

  constructor(
    private readonly read: (holder: GrantHolder) => Promise<Holdings>,
    private readonly max: number = GRANTS_MAX,
  ) {}

  holdings(holder: GrantHolder): Promise<Holdings> {
    const key = holderKey(holder);
    const known = this.known.get(key);
    if (known) return known;
    const generation = this.generation;
    const reading = this.read(holder);
    if (this.hearing) {
      if (this.known.size >= this.max) this.known.delete(this.known.keys().next().value!);
      this.known.set(key, reading);
      reading.then(() => {
        // dropped while reading: the answer may be older than the change
        if (this.generation !== generation && this.known.get(key) === reading) this.known.delete(key);
      }, () => { if (this.known.get(key) === reading) this.known.delete(key); });
    }
    return reading;
  }

  /** Told with the key dropped ('u12', 'k3'), or undefined when everything was dropped. */
  onDrop(listener: (key: string | undefined) => void): () => void {
    this.dropped.add(listener);
    return () => { this.dropped.delete(listener); };
  }

  /**
   * Told when LISTEN is back after a loss: whose grants changed in between is unknown, so every
   * session should read its own again (the stream's 'resync').
   */
  onResumed(listener: () => void): () => void {
    this.resumed.add(listener);
    return () => { this.resumed.delete(listener); };
  }

  /** A holder's grants changed here: call after the change is committed. */
  forget(holder: GrantHolder): void {
    this.drop(holderKey(holder));
  }

  private drop(key: string): void {
    this.generation++;
    this.known.delete(key);
    for (const l of this.dropped) l(key);
  }

  forgetAll(): void {
    this.generation++;
    this.known.clear();
    for (const l of this.dropped) l(undefined);
  }

  message(payload: string): void {
    if (/^[uk]\d+$/.test(payload)) this.drop(payload);
    else this.forgetAll();
  }

  ready(): void {
    this.forgetAll();
    this.hearing = true;
    if (this.missed) for (const l of this.resumed) l();
    this.missed = false;
  }

  lost(): void {
    if (this.hearing) this.missed = true;
    this.hearing = false;
    this.forgetAll();
  }

  get size(): number { return this.known.size; }
}
