/**
 * A message delivered (or failed) whose outcome the database would not take — PGlite with its files
 * on a full disk, a dropped connection — stays 'sending' under this worker's claim. Its lease would
 * bring it back only minutes later (issue 27: 11 minutes mid-send); this worker knows at once that
 * the claim is dead, so it hands it back at its next pass (the delivery is redone: at least once).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function unrecordedClaims(db: Kysely<Database>, workerId: string) {
  const ids = new Set<number>();
  return {
    add(id: number) { ids.add(id); },
    /** Hands the claims back (due now); kept for the next pass while the database still refuses. */
    async release() {
      if (ids.size === 0) return;
      const batch = [...ids];
      await db.updateTable('customs_messages').set({ status: 'pending', next_attempt_at: sql<Date>`now()`, claimed_by: null })
        .where('id', 'in', batch).where('status', '=', 'sending').where('claimed_by', '=', workerId).execute();
      for (const id of batch) ids.delete(id);
    },
  };
}
