/**
 * Who made a call, as the operation log names them. The one place that knows: today the logged-in
 * user (request.user of the access token), or an API key (X-Api-Key, issue 17 §3) under its own
 * name (account 接口密钥「<name>」, issue 31: the name its maker gave it, not its row id), acting
 * for the main account that made it.
 */
import type { FastifyRequest } from 'fastify';
import { operationLogText } from '../../domain/texts/operation-log.ts';
import { actorOf as principalOf, type Principal } from '../auth/auth-user.ts';

export interface Actor {
  /** null: a platform operator (issue 20), whose rows are the platform's own */
  companyId: number | null;
  /** the user (for an API key: the main account it acts for); a USER's log is its own rows */
  userId: number | null;
  /** login name, or the key's name */
  account: string;
  /** the person's name */
  name: string;
  ip: string;
}

export function actorOf(request: FastifyRequest, user: Principal): Actor {
  const principal = principalOf(user);
  // the X-Review-Token operator has no user row
  const account = principal.kind === 'apiKey' ? operationLogText.apiKeyActor(principal.name) : principal.account;
  return { companyId: user.companyId, userId: user.userId || null, account, name: principal.name, ip: request.ip ?? '' };
}
