/**
 * What this app server knows of its own health, shared by the pieces that change it and the ones
 * that report it: the shutdown (draining), the database's reachability (pool and LISTEN), the last
 * scheduled backup, and /readyz, which answers from it without a query of its own.
 */
import type { BackupStatus } from './backup/schedule.ts';

export class ServerState {
  /** SIGTERM/SIGINT received: not ready, new requests are answered 503 in the envelope. */
  draining = false;
  /** The database was found unreachable and has not answered since (epoch ms of the first failure). */
  databaseDownSince: number | null = null;

  get databaseUp(): boolean { return this.databaseDownSince === null; }

  databaseFailed(now = Date.now()): void { if (this.databaseDownSince === null) this.databaseDownSince = now; }

  databaseAnswered(): void { this.databaseDownSince = null; }

  /**
   * The last scheduled backup this process ran: kept here too, so the operator's page shows a failure
   * even when its status file could not be written (the backup directory missing or full).
   */
  lastBackup: BackupStatus | null = null;

  /** LISTEN channels whose connection is lost (PostgreSQL): notifications may be missed until it is back. */
  readonly listenLost = new Set<string>();
}
