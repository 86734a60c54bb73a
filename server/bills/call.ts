/**
 * What one bill request works with: the bill's model, the caller's scope, the state names (loaded
 * before any transaction: PGlite has one session, and a query outside a running transaction would
 * wait for it), the company reader and the request's clock.
 */
import type { FieldError } from '../../domain/envelope.ts';
import { billServerText } from '../../domain/texts/bills.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';
import type { CompanyReader } from './defaults.ts';
import type { BillModel } from './model.ts';
import type { Scope } from './repository.ts';
import type { StateNames } from './states.ts';

export interface BillCall {
  db: Db;
  /** PostgreSQL: the connection string of `db` (the export worker reads on a connection of its own) */
  databaseUrl?: string | undefined;
  model: BillModel;
  scope: Scope;
  states: StateNames;
  company: CompanyReader;
  now: Date;
  /** the caller (absent for work the server does on its own, e.g. a resumed job) */
  userId?: number;
  /** after a declaration is committed: lets the outbox deliver now rather than at its next poll */
  declared(): void;
}

/** A positive integer id from a number or a numeric string; anything else is no bill of ours. */
export function idOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new BizError(billServerText.notFound);
  return n;
}

/** Field errors as one refusal: the messages joined for the toast, each on its field for the form. */
export function fieldErrors(errors: FieldError[]): BizError {
  return BizError.fields(errors.map((e) => e.message).join('；'), errors);
}
