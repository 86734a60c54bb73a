/**
 * The enterprise caller of the request being handled, for code deep below a handler that must know
 * whose work it does without every signature passing it along: a generated download belongs to its
 * maker (server/files/store.ts, issue 29 item 6). Set once by defineRoute around every enterprise
 * handler.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthUser } from '../auth/auth-user.ts';

const storage = new AsyncLocalStorage<AuthUser>();

export const runAsCaller = <T>(user: AuthUser, fn: () => T): T => storage.run(user, fn);

/** undefined outside an enterprise route (a public call, an operator's, the server's own work) */
export const currentCaller = (): AuthUser | undefined => storage.getStore();
