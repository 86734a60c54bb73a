/**
 * What an app server keeps of database tables (the bill state names of state_dictionary, the button
 * codes of modules and module_buttons) is dropped on every app server at once when such a table
 * changes: statement triggers (migration 023) NOTIFY `cbec_caches` with the table's name in the
 * changing transaction, every server LISTENs. Triggers, not code paths, so a change by any path —
 * another app server's start-up seed, an administrator's SQL — is announced.
 *
 * A kept answer is the promise of the load, stored the moment the load starts: a change that commits
 * while the load runs drops it with the rest, so an answer read before a change is never kept after
 * it. While the LISTEN connection is lost nothing is kept (every call reads), and whatever was kept
 * is dropped when it is lost and again when it is back (changes in between were not heard).
 */
import type { ListenHandlers } from './listener.ts';

export const CACHES_CHANNEL = 'cbec_caches';

export class TableCaches implements ListenHandlers {
  private readonly byTable = new Map<string, Set<() => void>>();
  private readonly all = new Set<() => void>();
  private hearing = false;

  /**
   * A loader keeping its answers by key until one of `tables` changes. A failed load is not kept.
   * Answers the loader; `size()` says how many answers it keeps (tests).
   */
  keep<V>(tables: readonly string[], load: (key: string) => Promise<V>): { get: (key: string) => Promise<V>; size: () => number } {
    const kept = new Map<string, Promise<V>>();
    const drop = () => kept.clear();
    this.all.add(drop);
    for (const table of tables) {
      let set = this.byTable.get(table);
      if (!set) this.byTable.set(table, (set = new Set()));
      set.add(drop);
    }
    const get = (key: string): Promise<V> => {
      const hit = kept.get(key);
      if (hit) return hit;
      const loading = load(key);
      if (this.hearing) {
        kept.set(key, loading);
        loading.catch(() => { if (kept.get(key) === loading) kept.delete(key); });
      }
      return loading;
    };
    return { get, size: () => kept.size };
  }

  /**
   * Calls `drop` whenever one of `tables` changes, or nothing can be heard: for a cache kept
   * elsewhere (the grants of server/auth/grant-cache.ts, derived from modules and module_buttons).
   */
  watch(tables: readonly string[], drop: () => void): void {
    this.all.add(drop);
    for (const table of tables) {
      let set = this.byTable.get(table);
      if (!set) this.byTable.set(table, (set = new Set()));
      set.add(drop);
    }
  }

  /** A table changed (this server's change or another's; hearing it twice is harmless). */
  message(table: string): void {
    const drops = this.byTable.get(table);
    if (drops) for (const drop of drops) drop();
    else if (!/^[a-z_][a-z0-9_]*$/.test(table)) this.dropAll();
  }

  ready(): void {
    this.dropAll();
    this.hearing = true;
  }

  lost(): void {
    this.hearing = false;
    this.dropAll();
  }

  private dropAll(): void {
    for (const drop of this.all) drop();
  }
}
