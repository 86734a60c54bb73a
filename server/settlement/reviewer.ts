/**
 * The bank's / customs' reviewer of the review API: not an enterprise user, so a shared secret
 * (REVIEW_TOKEN in the X-Review-Token header, as the filing review API) instead of a login; without
 * REVIEW_TOKEN the API is off. A company user's token is no reviewer's.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { enterpriseText } from '../../domain/texts/enterprise.ts';
import { BizError, HttpError } from '../http/errors.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function requireReviewer(request: FastifyRequest, reviewToken: string | undefined): void {
  if (!reviewToken) throw new BizError(enterpriseText.reviewDisabled);
  const header = request.headers['x-review-token'];
  const presented = Array.isArray(header) ? header[0] : header;
  if (!presented || !timingSafeEqual(digest(presented), digest(reviewToken))) throw new HttpError(403, enterpriseText.reviewForbidden);
}
