/**
 * One-use, short-lived tickets for GET /api/events?ticket= (EventSource cannot send headers).
 * Stored by SHA-256 in the database, so whichever app server the stream lands on redeems it, and
 * redeemed by DELETE … RETURNING, so it is used once even when two servers race for it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Principal } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';

export const TICKET_TTL_MS = 30_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface Redeemed { user: Principal; familyId: string }

export async function issueTicket(db: Db, user: Principal, familyId: string, now: number): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  // expired tickets of anybody go with the next issue (bounded by the index on expires_at)
  await db.deleteFrom('event_tickets').where('expires_at', '<', new Date(now - TICKET_TTL_MS)).execute();
  await db.insertInto('event_tickets').values({
    ticket_hash: sha256(ticket), user_id: user.userId, family_id: familyId,
    claims: JSON.stringify(user), expires_at: new Date(now + TICKET_TTL_MS),
  }).execute();
  return ticket;
}

/** The ticket's user and session; undefined when unknown, used or expired (used up either way). */
export async function redeemTicket(db: Db, ticket: string, now: number): Promise<Redeemed | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(ticket)) return undefined;
  const row = await db.deleteFrom('event_tickets').where('ticket_hash', '=', sha256(ticket))
    .returning(['claims', 'family_id', 'expires_at']).executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= now) return undefined;
  const claims = (typeof row.claims === 'string' ? JSON.parse(row.claims) : row.claims) as Principal;
  return { user: claims, familyId: row.family_id };
}
