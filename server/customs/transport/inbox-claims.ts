/**
 * Which app server reads a receipt file of the folder transport's inbox, when several watch the same
 * folder on one PostgreSQL: the one whose claim row (migration 023, keyed by the file's name and size)
 * went in. One statement decides — insert, or take over a claim that is this server's own (a retry)
 * or stale — so two servers scanning at once never both read a file. The claim goes once the file
 * has moved to done or error (a file of the same name arriving later is a new file).
 *
 * A claim whose server died before moving the file is taken over once older than STALE_CLAIM_MS
 * (reading and storing a file takes well under a second; a takeover of a claim whose server was only
 * slow stores nothing twice: receipts are stored once by their key). With the embedded database
 * (one process) every claim not made by this process was left by a dead one and is taken at once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export const STALE_CLAIM_MS = 2 * 60 * 1000;

export interface InboxClaims {
  /** true: this server reads the file now; false: another server has it. Throws when the database is away. */
  take(name: string, size: number): Promise<boolean>;
  /** The file has left the inbox (or changed): its claim goes. */
  release(name: string, size: number): Promise<void>;
}

const keyOf = (name: string, size: number) => `${size}:${name}`;

export function createInboxClaims(db: Db, options: { soleOwner: boolean; staleMs?: number }): InboxClaims {
  const me = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const staleMs = options.staleMs ?? STALE_CLAIM_MS;
  return {
    async take(name, size) {
      const takeOver = options.soleOwner
        ? sql<boolean>`true`
        : sql<boolean>`inbox_claims.claimed_by = excluded.claimed_by or inbox_claims.claimed_at < now() - make_interval(secs => ${staleMs / 1000}::double precision)`;
      const { rows } = await sql<{ file_key: string }>`insert into inbox_claims (file_key, claimed_by) values (${keyOf(name, size)}, ${me})
        on conflict (file_key) do update set claimed_by = excluded.claimed_by, claimed_at = now() where ${takeOver}
        returning file_key`.execute(db);
      return rows.length > 0;
    },
    async release(name, size) {
      await db.deleteFrom('inbox_claims').where('file_key', '=', keyOf(name, size)).where('claimed_by', '=', me).execute();
    },
  };
}
