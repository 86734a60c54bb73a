/**
 * The operation-log row of the call in progress, carried with the call's async context: the route
 * layer opens it (route-log.ts), the database driver writes it in the transaction that changes
 * something (dialect.ts), and a handler may add the records it made (noteRecords: a new bill's id
 * exists only once inserted).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Actor } from './actor.ts';

export interface LogEntry {
  actor: Actor;
  module: string;
  action: string;
  billType: string | null;
  recordIds: Set<number>;
  billNos: Set<string>;
  /** what the call changed, in words, when its records alone do not say it (stored as the row's message) */
  detail: string;
  createdAt: Date;
}

export interface LoggedCall {
  entry: LogEntry;
  /** the row once committed */
  rowId?: number;
  /** a transaction is committing the row (another one of the same call leaves it to that one) */
  writing: boolean;
  /** records noted since the row was written (the next commit brings the row up to date) */
  dirty: boolean;
  /** false once the route has answered: work the call left running (a job) writes no row for it */
  open: boolean;
}

const storage = new AsyncLocalStorage<LoggedCall>();

export function runLogged<T>(call: LoggedCall, fn: () => Promise<T>): Promise<T> {
  return storage.run(call, fn);
}

/** The call whose row a write now belongs to, if any. */
export function currentCall(): LoggedCall | undefined {
  const call = storage.getStore();
  return call?.open ? call : undefined;
}

/** A handler names the records (and bill numbers) it touched beyond those of the request. */
export function noteRecords(ids: readonly number[], billNos: readonly string[] = []): void {
  const call = currentCall();
  if (!call) return;
  for (const id of ids) if (!call.entry.recordIds.has(id)) { call.entry.recordIds.add(id); call.dirty = true; }
  for (const no of billNos) if (no && !call.entry.billNos.has(no)) { call.entry.billNos.add(no); call.dirty = true; }
}

/** A handler says in words what it changed (设置子账号权限: whose grants, which): the 成功 row's 说明. */
export function noteDetail(text: string): void {
  const call = currentCall();
  if (!call || call.entry.detail === text) return;
  call.entry.detail = text;
  call.dirty = true;
}
