/**
 * The operation log's place in the database driver: a dialect that wraps another (PGlite's or
 * PostgreSQL's) and, while a logged call is in progress (context.ts), writes the call's row in the
 * very transaction that changes something — just before its COMMIT, on its own connection. A
 * rolled-back change therefore leaves no 成功 row, and no route, service or bill type has to
 * remember to log. A write made outside a transaction (one statement, autocommit) is run as
 * BEGIN; statement; row; COMMIT for the same reason.
 *
 * Only statements that change rows count (insert, update, delete, merge); a transaction that only
 * read writes nothing. Calls of no logged route, work with no call (workers, migrations, jobs
 * resumed at start) and the statements of the log itself pass through untouched.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { OPERATION_OUTCOMES } from '../../domain/operation-log.ts';
import { currentCall, type LoggedCall } from './context.ts';
import { insertRow, updateRecords } from './statements.ts';

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /^\s*(?:insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(?:insert|update|delete)\b/i;

/** Whether a statement changes rows. */
export function isWrite(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (WRITE_KINDS.has(kind)) return true;
  return kind === 'RawNode' && RAW_WRITE.test(query.sql);
}

/** Writes (or brings up to date) the call's row on `conn`; answers what to record once committed. */
async function writeRow(conn: DatabaseConnection, call: LoggedCall): Promise<(() => void) | undefined> {
  if (call.rowId === undefined) {
    // a second transaction of the same call committing at once leaves the row to the first
    if (call.writing) return undefined;
    call.writing = true;
    try {
      const { rows } = await conn.executeQuery(insertRow(call.entry, OPERATION_OUTCOMES.ok, call.entry.detail));
      const id = Number((rows[0] as { id: number }).id);
      return () => { call.rowId = id; call.dirty = false; };
    } finally {
      call.writing = false;
    }
  }
  if (!call.dirty) return undefined;
  await conn.executeQuery(updateRecords(call.rowId, call.entry));
  return () => { call.dirty = false; };
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

class LoggedConnection implements DatabaseConnection {
  inTransaction = false;
  /** the transaction in progress changed rows while a logged call was current */
  wrote: LoggedCall | undefined;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const call = currentCall();
    if (!call || !isWrite(query)) return this.inner.executeQuery<R>(query);
    if (this.inTransaction) {
      this.wrote = call;
      return this.inner.executeQuery<R>(query);
    }
    await this.inner.executeQuery(BEGIN);
    try {
      const result = await this.inner.executeQuery<R>(query);
      const done = await writeRow(this.inner, call);
      await this.inner.executeQuery(COMMIT);
      done?.();
      return result;
    } catch (error) {
      await this.inner.executeQuery(ROLLBACK).catch(() => undefined);
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class LoggedDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, LoggedConnection>();

  constructor(private readonly inner: Driver) {}

  init() { return this.inner.init(); }

  async acquireConnection(): Promise<DatabaseConnection> {
    const conn = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(conn);
    if (!wrapper) this.wrappers.set(conn, (wrapper = new LoggedConnection(conn)));
    return wrapper;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const c = conn as LoggedConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.wrote = undefined;
  }

  async commitTransaction(conn: DatabaseConnection) {
    const c = conn as LoggedConnection;
    const call = c.wrote?.open ? c.wrote : undefined;
    const done = call ? await writeRow(c.inner, call) : undefined;
    c.inTransaction = false;
    c.wrote = undefined;
    await this.inner.commitTransaction(c.inner);
    done?.();
  }

  async rollbackTransaction(conn: DatabaseConnection) {
    const c = conn as LoggedConnection;
    c.inTransaction = false;
    c.wrote = undefined;
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.((conn as LoggedConnection).inner, name, compile);
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.rollbackToSavepoint?.((conn as LoggedConnection).inner, name, compile);
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.releaseSavepoint?.((conn as LoggedConnection).inner, name, compile);
  }

  releaseConnection(conn: DatabaseConnection) { return this.inner.releaseConnection((conn as LoggedConnection).inner); }
  destroy() { return this.inner.destroy(); }
}

/** `inner` with the operation log written into the transactions of logged calls. */
export class OperationLogDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createAdapter(): DialectAdapter { return this.inner.createAdapter(); }
  createDriver(): Driver { return new LoggedDriver(this.inner.createDriver()); }
  createQueryCompiler(): QueryCompiler { return this.inner.createQueryCompiler(); }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector { return this.inner.createIntrospector(db); }
}
