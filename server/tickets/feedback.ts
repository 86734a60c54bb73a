/** 意见反馈 (accounts-and-enterprise.md §2, §3, §5, §7 /feedback/save): content, optional phone, source PC. */
import { FEEDBACK_SOURCE, feedbackProblems } from '../../domain/content/feedback.ts';
import { feedbackText as t } from '../../domain/texts/tickets.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Db } from '../db/database.ts';
import { BizError } from '../http/errors.ts';

export interface FeedbackInput { content?: unknown; phone?: unknown; source?: unknown }

export async function saveFeedback(db: Db, user: AuthUser, input: FeedbackInput) {
  const errors = feedbackProblems(input);
  if (errors.length > 0) throw BizError.fields(errors[0]!.message, errors);
  const source = input.source === undefined || input.source === null || input.source === '' ? FEEDBACK_SOURCE : input.source;
  if (source !== FEEDBACK_SOURCE) throw BizError.fields(t.badSource, [{ field: 'source', message: t.badSource }]);
  const phone = input.phone === undefined || input.phone === null ? '' : String(input.phone).trim();
  const row = await db.insertInto('feedback').values({
    company_id: user.companyId, user_id: user.userId, content: String(input.content).trim(), phone: phone || null, source,
  }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id };
}
