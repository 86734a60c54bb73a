/**
 * Tabs of one browser share the stored login (localStorage), but each keeps its refresh token in
 * memory, and a refresh token may be used once: a second use revokes the whole login
 * (server/auth/tokens.ts). Two tabs refreshing at once — both told of a filing decision, or both
 * meeting an expired token — would end the login in both. So refreshes take turns across the tabs
 * (Web Locks, where the browser has them) and each uses the newest refresh token of the same
 * account stored by whichever tab refreshed last; the new tokens are stored before the turn ends.
 */
import type { Refreshed } from '../../machines/auth.ts';

export interface StoredTokens {
  /** The stored refresh token, if the stored login is this account's (else null). */
  read(): string | null;
  write(tokens: { token: string; refreshToken: string }): void;
}

type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

export const REFRESH_LOCK = 'cbec.refresh';

export async function refreshInTurn(
  held: string,
  stored: StoredTokens,
  refresh: (refreshToken: string) => Promise<Refreshed>,
  locks: Locks | undefined = (globalThis.navigator as { locks?: Locks } | undefined)?.locks,
): Promise<Refreshed> {
  const turn = async () => {
    const answer = await refresh(stored.read() ?? held);
    stored.write(answer);
    return answer;
  };
  return locks ? locks.request(REFRESH_LOCK, turn) : turn();
}
