/**
 * Whether the session an access token belongs to still stands, asked on every authenticated call.
 *
 * An access token carries its refresh-token family (`fam`, one per login). The session stands while
 * that family has an unrevoked refresh token and its user exists and is EFFECTIVE: logout and reuse
 * detection revoke the family; freeze, password change and reset revoke all of the user's families
 * (and change its state); delete removes user and families. The answer is read from the database once
 * and then kept here, so a call costs a map look-up.
 *
 * Kept answers are dropped when they may be wrong:
 * - in this process, synchronously, by whoever made the change, once it is committed
 *   (forgetFamily / forgetUser), so the very next call reads the database again;
 * - for changes made elsewhere (another app server sharing the PostgreSQL, an administrator's SQL),
 *   by the NOTIFY the database's triggers raise (migration 014), heard through LISTEN (message());
 * - all of them, when the LISTEN connection was lost (lost(): nothing is kept until ready(), every
 *   call reads the database) and when it is back (ready(): whatever was missed in between is gone).
 *
 * A read that started before a change and ends after it must not store the old answer: every drop
 * moves `generation`, and a read stores its answer only if the generation it started in still holds.
 */
import type { ListenHandlers } from '../db/listener.ts';

/** The channel the triggers of migration 014 notify on. Payloads: 'f<family id>', 'u<user id>'. */
export const SESSIONS_CHANNEL = 'cbec_sessions';

/** Sessions remembered per server (logins of the last access-token lifetime, with room to spare). */
export const SESSIONS_MAX = 20_000;

interface Known { userId: number; alive: boolean }

export class SessionGuard implements ListenHandlers {
  private readonly known = new Map<string, Known>();
  private readonly reading = new Map<string, Promise<boolean>>();
  private generation = 0;
  /** Whether notifications are heard: only then may answers be kept. */
  private hearing = false;
  private readonly changed = new Set<() => void>();

  constructor(
    private readonly read: (familyId: string, userId: number) => Promise<boolean>,
    private readonly max: number = SESSIONS_MAX,
  ) {}

  /** true or false at once when known (the common case), else a promise of the database's answer. */
  check(familyId: string, userId: number): boolean | Promise<boolean> {
    const known = this.known.get(familyId);
    if (known) return known.userId === userId && known.alive;
    // calls arriving together share one read
    const key = `${familyId}:${userId}`;
    return this.reading.get(key) ?? this.readNow(familyId, userId, key);
  }

  private readNow(familyId: string, userId: number, key: string): Promise<boolean> {
    const generation = this.generation;
    const reading = this.read(familyId, userId).then((alive) => {
      if (this.hearing && this.generation === generation) this.remember(familyId, { userId, alive });
      return alive;
    }).finally(() => {
      if (this.reading.get(key) === reading) this.reading.delete(key);
    });
    this.reading.set(key, reading);
    return reading;
  }

  private remember(familyId: string, known: Known): void {
    if (this.known.size >= this.max) this.known.delete(this.known.keys().next().value!);
    this.known.set(familyId, known);
  }

  /**
   * Called after anything kept was dropped (a session may have ended): holders of long-lived
   * connections (the event streams) check their sessions again. Answers the unsubscribe.
   */
  onChange(listener: () => void): () => void {
    this.changed.add(listener);
    return () => { this.changed.delete(listener); };
  }

  private announce(): void {
    for (const listener of this.changed) listener();
  }

  /** A family was revoked here (logout, reuse): call after the change is committed. */
  forgetFamily(familyId: string): void {
    this.generation++;
    this.known.delete(familyId);
    this.reading.clear();
    this.announce();
  }

  /** A user's sessions changed here (freeze, delete, password change or reset): call after commit. */
  forgetUser(userId: number): void {
    this.forgetUsers([userId]);
  }

  forgetUsers(userIds: Iterable<number>): void {
    const users = new Set(userIds);
    this.generation++;
    for (const [familyId, known] of this.known) if (users.has(known.userId)) this.known.delete(familyId);
    this.reading.clear();
    this.announce();
  }

  /** Everything kept is dropped. */
  forgetAll(): void {
    this.generation++;
    this.known.clear();
    this.reading.clear();
    this.announce();
  }

  /** A notification from the database (this server's own changes come back too; dropping twice is harmless). */
  message(payload: string): void {
    const id = payload.slice(1);
    if (payload.startsWith('f') && id) this.forgetFamily(id);
    else if (payload.startsWith('u') && /^\d+$/.test(id)) this.forgetUser(Number(id));
    else this.forgetAll();
  }

  ready(): void {
    this.forgetAll();
    this.hearing = true;
  }

  lost(): void {
    this.hearing = false;
    this.forgetAll();
  }

  /** How many sessions are kept (tests, benchmarks). */
  get size(): number { return this.known.size; }
}
