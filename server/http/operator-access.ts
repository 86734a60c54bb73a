/**
 * Who may make an 'operator' call (issue 20): a logged-in platform operator (a PLATFORM user's
 * access token), or a script presenting REVIEW_TOKEN in X-Review-Token (as the review API always
 * allowed; the call then acts as REVIEW_TOKEN_OPERATOR). Enterprise users and API keys never.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { serverText } from '../../domain/texts/server.ts';
import { isOperator, REVIEW_TOKEN_OPERATOR, type OperatorUser } from '../auth/auth-user.ts';
import { bearerOf } from '../plugins/auth.ts';
import { BizError, HttpError } from './errors.ts';

export const REVIEW_TOKEN_HEADER = 'x-review-token';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The operator of this call, set as request.user; refuses anybody else. */
export async function admitOperator(app: FastifyInstance, request: FastifyRequest): Promise<OperatorUser> {
  const header = request.headers[REVIEW_TOKEN_HEADER];
  const presented = Array.isArray(header) ? header[0] : header;
  if (presented !== undefined) {
    if (!app.config.reviewToken) throw new BizError(enterpriseText.reviewDisabled);
    if (!timingSafeEqual(digest(presented), digest(app.config.reviewToken))) throw new HttpError(403, enterpriseText.reviewForbidden);
    request.user = { ...REVIEW_TOKEN_OPERATOR };
    return request.user as OperatorUser;
  }
  // nobody at all: the review API's own refusal (it is no enterprise page to log in to)
  if (!bearerOf(request) && request.headers['x-api-key'] === undefined) throw new HttpError(403, serverText.operatorOnly);
  const caller = await app.authenticate(request);
  if (!isOperator(caller)) throw new HttpError(403, serverText.operatorOnly);
  return caller;
}
