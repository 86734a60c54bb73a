/** Feedback rules (accounts-and-enterprise.md §3, §5): content required, at most 255; phone optional, 11 digits from 1; source PC. */
import type { FieldError } from '../envelope.ts';
import { charLength } from '../bills/validation.ts';
import { feedbackText as t } from '../texts/tickets.ts';

export const FEEDBACK_CONTENT_MAX = 255;
export const FEEDBACK_SOURCE = 'PC';
export const MOBILE_PHONE = /^1\d{10}$/;

export function feedbackProblems(values: { content?: unknown; phone?: unknown }): FieldError[] {
  const errors: FieldError[] = [];
  const content = typeof values.content === 'string' ? values.content.trim() : '';
  if (!content) errors.push({ field: 'content', message: t.contentRequired });
  else if (charLength(content) > FEEDBACK_CONTENT_MAX) errors.push({ field: 'content', message: t.contentTooLong });
  const phone = typeof values.phone === 'string' ? values.phone.trim() : values.phone === undefined || values.phone === null ? '' : String(values.phone);
  if (phone && !MOBILE_PHONE.test(phone)) errors.push({ field: 'phone', message: t.phoneBad });
  return errors;
}
