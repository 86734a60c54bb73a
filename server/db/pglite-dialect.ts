import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely dialect over one PGlite instance. PGlite has a single session, so the driver hands it
 * to one holder at a time: a transaction keeps it from BEGIN to COMMIT/ROLLBACK and every other
 * query waits. (kysely-pglite 0.6.1 shares the session between concurrent transactions, which
 * lets one transaction's rollback swallow or keep another's writes; see TOOLCHAIN.md §6.)
 *
 * A query made through the outer `db` inside a transaction therefore waits for ever (PostgreSQL
 * would give it a second connection), and so does the whole server after it. Such a stall is
 * named, not silent: a query that has waited `stallMs` reports where it was made.
 */
export interface PGliteDialectOptions {
  /** how long a query may wait for the session before the stall is reported (default 10 s) */
  stallMs?: number;
  onStall?: (message: string) => void;
}

const STALL_MS = 10_000;

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite, private readonly options: PGliteDialectOptions = {}) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.options.stallMs ?? STALL_MS, this.options.onStall ?? ((message) => console.warn(message)));
  }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<any>) { return new PostgresIntrospector(db); }
}

/** Where the session was asked for: Kysely's own frames fill the default 10, the caller's come after them. */
function callSite(label: string): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 16;
  const site = new Error(label);
  Error.stackTraceLimit = limit;
  return site;
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;
  private heldSince: number | undefined;

  constructor(pglite: PGlite, private readonly stallMs: number, private readonly onStall: (message: string) => void) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let free!: () => void;
    this.queue = new Promise<void>((resolve) => { free = resolve; });
    // only a query that has to wait pays for its call site (taken before the await, where the
    // stack still leads back to the caller: inside a transaction, to the line that used the outer db)
    const watch = this.heldSince !== undefined ? this.watch(callSite('asked for here')) : undefined;
    await previous;
    clearTimeout(watch);
    this.heldSince = Date.now();
    this.release = free;
    return this.connection;
  }

  async releaseConnection() {
    const free = this.release;
    this.release = undefined;
    this.heldSince = undefined;
    free?.();
  }

  private watch(waiter: Error): NodeJS.Timeout {
    const timer = setTimeout(() => {
      const held = this.heldSince === undefined ? 'a moment' : `${((Date.now() - this.heldSince) / 1000).toFixed(1)} s`;
      this.onStall([
        `PGlite: a query has waited ${this.stallMs / 1000} s for the database session, held for ${held}.`,
        'A query through the outer db inside a transaction waits for ever: use the transaction\'s trx.',
        `The waiting query ${waiter.stack ?? ''}`,
      ].join('\n'));
    }, this.stallMs);
    timer.unref();
    return timer;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }
  async commitTransaction(conn: DatabaseConnection) { await conn.executeQuery(CompiledQuery.raw('commit')); }
  async rollbackTransaction(conn: DatabaseConnection) { await conn.executeQuery(CompiledQuery.raw('rollback')); }
  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[], { rowMode: 'object' });
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && compiled.query.kind !== 'SelectQueryNode' ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite 不支持流式查询');
  }
}
