/**
 * Which refresh token replaced which, as the tabs of one browser see it at once.
 *
 * localStorage is not enough to hand the newest refresh token from one tab to the next: Chromium
 * keeps a copy of it in each renderer process and tells the others of a change asynchronously, so a
 * tab taking its turn right after another (Web Locks) can still read the token the other has just
 * used — and a second use ends the login for every tab (server/auth/tokens.ts). That happened on a
 * loaded machine (CI, issue 17). IndexedDB is one store in the browser process with transactions:
 * a link committed before the turn ended is read by the next tab. Each tab records "r(n) → r(n+1)"
 * when it refreshes and, in its turn, follows the links from whatever token it holds to the newest.
 */

export interface TokenChain {
  /** The token that replaced `token`, if a tab of this browser recorded one. */
  next(token: string): Promise<string | null>;
  /** Records that `used` was replaced by `next`; resolves once committed. */
  link(used: string, next: string): Promise<void>;
}

/** Follows the recorded replacements from `token` to the newest (bounded: a cycle cannot hang a turn). */
export async function newestOf(token: string, chain: TokenChain, maxSteps = 100): Promise<string> {
  let current = token;
  for (let step = 0; step < maxSteps; step++) {
    const next = await chain.next(current).catch(() => null);
    if (!next || next === current) break;
    current = next;
  }
  return current;
}

const DB_NAME = 'cbec-session';
const STORE = 'refreshTokenSuccessors';
/** Links older than this are dropped (a refresh token lives at most this long anyway). */
const KEEP_MS = 7 * 24 * 3600_000;

interface Link { next: string; at: number }

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** The browser's chain in IndexedDB; null where there is none (then localStorage alone is used). */
export function indexedDbTokenChain(idb: IDBFactory | undefined = globalThis.indexedDB, now: () => number = Date.now): TokenChain | null {
  if (!idb) return null;
  let opened: Promise<IDBDatabase> | undefined;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = idb.open(DB_NAME, 1);
      r.onupgradeneeded = () => { r.result.createObjectStore(STORE); };
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    opened.catch(() => { opened = undefined; });
    return opened;
  };
  return {
    async next(token) {
      const db = await open();
      const link = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(token) as IDBRequest<Link | undefined>);
      return link?.next ?? null;
    },
    async link(used, next) {
      const db = await open();
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      store.put({ next, at: now() } satisfies Link, used);
      const cursor = store.openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return;
        if ((c.value as Link).at < now() - KEEP_MS) c.delete();
        c.continue();
      };
      await committed(tx);
    },
  };
}
