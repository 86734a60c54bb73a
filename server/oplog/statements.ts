/**
 * The statements that write a log row, compiled by hand: the driver runs them on the connection of
 * the transaction they belong to (never through the outer db: PGlite has one session).
 */
import { CompiledQuery } from 'kysely';
import type { LogEntry } from './context.ts';

/** Stored lengths (migration 026): a longer value is cut, never refused, so the log never fails a call. */
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
/** Bill numbers kept per row: a batch of 1,000 names each. */
const MAX_BILL_NOS = 2000;

export function insertRow(entry: LogEntry, outcome: string, message: string): CompiledQuery<{ id: number }> {
  const a = entry.actor;
  return CompiledQuery.raw(
    `insert into operation_logs (company_id, user_id, account, actor_name, ip, module, action, bill_type, record_ids, bill_nos, outcome, message, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::bigint[], $10::text[], $11, $12, $13) returning id`,
    [
      a.companyId, a.userId, cut(a.account, 100), cut(a.name, 100), cut(a.ip, 64), cut(entry.module, 60), cut(entry.action, 60),
      entry.billType === null ? null : cut(entry.billType, 60), [...entry.recordIds], [...entry.billNos].slice(0, MAX_BILL_NOS),
      outcome, message, entry.createdAt,
    ],
  ) as CompiledQuery<{ id: number }>;
}

/** The records (and the words) noted after the row was written. */
export function updateRecords(id: number, entry: LogEntry): CompiledQuery {
  return CompiledQuery.raw('update operation_logs set record_ids = $2::bigint[], bill_nos = $3::text[], message = $4 where id = $1',
    [id, [...entry.recordIds], [...entry.billNos].slice(0, MAX_BILL_NOS), entry.detail]);
}

/** A call refused after part of it was committed: its row says so. */
export function markRefused(id: number, outcome: string, message: string): CompiledQuery {
  return CompiledQuery.raw('update operation_logs set outcome = $2, message = $3 where id = $1', [id, outcome, message]);
}
