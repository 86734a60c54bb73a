import { describe, expect, it } from 'vitest';
import { refreshInTurn, type StoredTokens } from './refresh-in-turn.ts';
import type { TokenChain } from './token-chain.ts';

/** The server's rule: a refresh token is used once; a second use ends the login. */
function server() {
  const used = new Set<string>();
  let n = 0;
  let revoked = false;
  return {
    get revoked() { return revoked; },
    async refresh(token: string) {
      await new Promise((r) => setTimeout(r, 5));
      if (used.has(token)) { revoked = true; throw new Error('reused'); }
      used.add(token);
      n += 1;
      return { token: `a${n}`, refreshToken: `r${n}` };
    },
  };
}

/** One browser's localStorage, seen by every tab. */
function storage(initial: string): StoredTokens & { value: string } {
  const box = { value: initial, read: () => box.value, write: (t: { refreshToken: string }) => { box.value = t.refreshToken; } };
  return box;
}

/** Web Locks in one process: callbacks of one name run one after the other. */
function locks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(callback, callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

describe('refreshInTurn', () => {
  it('two tabs refreshing at once take turns, each with the newest stored token: the login survives', async () => {
    const s = server();
    const store = storage('r0');
    const shared = locks();
    const [a, b] = await Promise.all([refreshInTurn('r0', store, s.refresh, shared), refreshInTurn('r0', store, s.refresh, shared)]);
    expect(s.revoked).toBe(false);
    expect([a.refreshToken, b.refreshToken]).toEqual(['r1', 'r2']);
    expect(store.value).toBe('r2');
    // a tab still holding an old token later uses the stored one
    expect((await refreshInTurn('r1', store, s.refresh, shared)).refreshToken).toBe('r3');
  });

  it("a tab whose turn comes after another tab's refresh takes that tab's tokens: one refresh for both", async () => {
    const s = server();
    let pair = { token: 'a0', refreshToken: 'r0' };
    const store: StoredTokens = {
      read: () => pair.refreshToken,
      write: (t) => { pair = t; },
      recent: (refreshToken) => (refreshToken === pair.refreshToken ? pair : null),
    };
    const shared = locks();
    let calls = 0;
    const counted = (token: string) => { calls += 1; return s.refresh(token); };
    const [a, b] = await Promise.all([refreshInTurn('r0', store, counted, shared), refreshInTurn('r0', store, counted, shared)]);
    expect(calls).toBe(1);
    expect(a).toEqual({ token: 'a1', refreshToken: 'r1' });
    expect(b).toEqual({ token: 'a1', refreshToken: 'r1' });
    // the tab holding the newest token refreshes as usual
    expect((await refreshInTurn('r1', store, counted, shared)).refreshToken).toBe('r2');
    expect(s.revoked).toBe(false);
  });

  it("a pair another tab stored before this tab asked is not taken: the refresh may be for fresh claims (a filing approved since)", async () => {
    const s = server();
    let pair = { token: 'a0', refreshToken: 'r0' };
    let storedAt = 0;
    const store: StoredTokens = {
      read: () => pair.refreshToken,
      write: (t) => { pair = t; storedAt = Date.now(); },
      recent: (refreshToken, since) => (refreshToken === pair.refreshToken && storedAt >= since ? pair : null),
    };
    const shared = locks();
    // the other tab refreshed a moment before this tab asks (its pair predates the decision)
    await refreshInTurn('r0', store, s.refresh, shared);
    await new Promise((r) => setTimeout(r, 5));
    const mine = await refreshInTurn('r0', store, s.refresh, shared);
    expect(mine.refreshToken).toBe('r2');
    expect(s.revoked).toBe(false);
  });

  it('without locks it still prefers the stored token, and uses its own when the stored login is another account', async () => {
    const s = server();
    const other: StoredTokens = { read: () => null, write: () => undefined };
    expect((await refreshInTurn('r0', other, s.refresh, undefined)).refreshToken).toBe('r1');
    const store = storage('r1');
    expect((await refreshInTurn('r0', store, s.refresh, undefined)).refreshToken).toBe('r2');
    expect(s.revoked).toBe(false);
  });

  it("a tab whose localStorage still shows the token another tab has just used follows the recorded replacement: the login survives", async () => {
    const s = server();
    const shared = locks();
    const links = new Map<string, string>();
    const chain: TokenChain = { next: async (t) => links.get(t) ?? null, link: async (used, next) => { links.set(used, next); } };
    // tab A's storage is its own, up to date; tab B's copy lags behind (another renderer process)
    const a = storage('r0');
    const bLagging: StoredTokens = { read: () => 'r0', write: () => undefined };
    expect((await refreshInTurn('r0', a, s.refresh, shared, chain)).refreshToken).toBe('r1');
    expect((await refreshInTurn('r0', bLagging, s.refresh, shared, chain)).refreshToken).toBe('r2');
    expect((await refreshInTurn('r0', bLagging, s.refresh, shared, chain)).refreshToken).toBe('r3');
    expect(s.revoked).toBe(false);
    // without the chain the lagging copy is a second use: the server ends the login
    await expect(refreshInTurn('r0', bLagging, s.refresh, shared, null)).rejects.toThrow('reused');
    expect(s.revoked).toBe(true);
  });

  it('a chain that cannot be read or written only loses its help', async () => {
    const s = server();
    const broken: TokenChain = { next: () => Promise.reject(new Error('blocked')), link: () => Promise.reject(new Error('blocked')) };
    expect((await refreshInTurn('r0', storage('r0'), s.refresh, locks(), broken)).refreshToken).toBe('r1');
  });
});
