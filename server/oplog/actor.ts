/**
 * Who made a call, as the operation log names them. The one place that knows: today the logged-in
 * user (request.user of the access token); an API key's caller (X-Api-Key, issue 17 §3) adds its
 * key's name here, so every row of the log follows.
 */
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user.ts';

export interface Actor {
  companyId: number;
  /** the user (for an API key: the main account it acts for); a USER's log is its own rows */
  userId: number | null;
  /** login name, or the key's name */
  account: string;
  /** the person's name */
  name: string;
  ip: string;
}

export function actorOf(request: FastifyRequest, user: AuthUser): Actor {
  return { companyId: user.companyId, userId: user.userId, account: user.loginName, name: user.userName, ip: request.ip ?? '' };
}
