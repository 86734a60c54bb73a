/**
 * Tabs of one browser share the stored login (localStorage), but each keeps its refresh token in
 * memory, and a refresh token may be used once: a second use revokes the whole login
 * (server/auth/tokens.ts). Two tabs refreshing at once — both told of a filing decision, or both
 * meeting an expired token — would end the login in both. So refreshes take turns across the tabs
 * (Web Locks, where the browser has them) and each uses the newest refresh token of the same
 * account stored by whichever tab refreshed last; the new tokens are stored before the turn ends.
 * localStorage may show a tab the token another tab has just replaced (it is synchronised between
 * renderer processes asynchronously), so the replacements are also recorded in IndexedDB
 * (token-chain.ts) and followed to the newest before the token is used.
 */
import type { Refreshed } from '../../machines/auth.ts';
import { indexedDbTokenChain, newestOf, type TokenChain } from './token-chain.ts';

export interface StoredTokens {
  /** The stored refresh token, if the stored login is this account's (else null). */
  read(): string | null;
  /** stores a refresh's answer: its tokens, and its user when it answered one */
  write(answer: Refreshed): void;
  /**
   * The pair stored with this refresh token, if another tab stored it since `since` (while this tab
   * waited for its turn), with the user stored beside it: a tab whose turn comes after that refresh
   * takes it instead of refreshing again, and so learns what that refresh learned (a company code). A pair stored before this tab asked is not taken: the refresh may be asked for fresh claims
   * (a filing just approved), which an earlier pair lacks; the newest token is refreshed instead.
   */
  recent?(refreshToken: string, since: number): Refreshed | null;
}

type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

export const REFRESH_LOCK = 'cbec.refresh';

export async function refreshInTurn(
  held: string,
  stored: StoredTokens,
  refresh: (refreshToken: string) => Promise<Refreshed>,
  locks: Locks | undefined = (globalThis.navigator as { locks?: Locks } | undefined)?.locks,
  chain: TokenChain | null = browserChain(),
): Promise<Refreshed> {
  const asked = Date.now();
  const turn = async () => {
    const known = stored.read() ?? held;
    const token = chain ? await newestOf(known, chain) : known;
    // another tab refreshed the login since this tab got its token: one refresh serves every tab
    const taken = token !== held ? stored.recent?.(token, asked) : null;
    if (taken) return taken;
    const answer = await refresh(token);
    // recorded before the turn ends, so the next tab finds it; a failed record only loses the help
    if (chain) await chain.link(token, answer.refreshToken).catch(() => undefined);
    stored.write(answer);
    return answer;
  };
  return locks ? locks.request(REFRESH_LOCK, turn) : turn();
}

let shared: TokenChain | null | undefined;
function browserChain(): TokenChain | null {
  shared ??= indexedDbTokenChain();
  return shared;
}
